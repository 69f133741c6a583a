package org.adamant.dsl.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.DestinationOrderKind;
import org.adamant.dsl.adamant.DestinationOrderPolicy;
import org.adamant.dsl.adamant.DurabilityKind;
import org.adamant.dsl.adamant.DurabilityPolicy;
import org.adamant.dsl.adamant.LatencyBudgetPolicy;
import org.adamant.dsl.adamant.LivelinessKind;
import org.adamant.dsl.adamant.LivelinessPolicy;
import org.adamant.dsl.adamant.OwnershipKind;
import org.adamant.dsl.adamant.OwnershipPolicy;
import org.adamant.dsl.adamant.PresentationPolicy;
import org.adamant.dsl.adamant.PresentationScope;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.validation.IssueCodes;

/**
 * DDS request/offered (RxO) matching: what a writer offers must be at least what a reader requests,
 * policy by policy, with {@link DdsDefaults} for the policies a profile leaves out (a writer offers
 * reliable, a reader requests best effort, volatile, infinite deadline, ...).
 */
public final class QosCompatibility {

	/** One mismatch: its issue code and what differs ("offers X, requests Y"), and the fix. */
	public record Mismatch(String code, String policy, String offered, String requested, String fix) {
	}

	private QosCompatibility() {
	}

	public static List<Mismatch> check(EffectiveQos writer, EffectiveQos reader) {
		List<Mismatch> result = new ArrayList<>();
		if (reader.reliability() == ReliabilityKind.RELIABLE && writer.reliability() != ReliabilityKind.RELIABLE) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_RELIABILITY, "reliability", "best_effort", "reliable",
					"make the writer reliable or the reader best_effort"));
		}
		DurabilityKind wd = writer.get(DurabilityPolicy.class).map(DurabilityPolicy::getKind).orElse(DdsDefaults.DURABILITY);
		DurabilityKind rd = reader.get(DurabilityPolicy.class).map(DurabilityPolicy::getKind).orElse(DdsDefaults.DURABILITY);
		if (wd.getValue() < rd.getValue()) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_DURABILITY, "durability", wd.getLiteral(), rd.getLiteral(),
					"offer durability " + rd.getLiteral() + " or more at the writer, or request less at the reader"));
		}
		double wDeadline = seconds(writer.get(DeadlinePolicy.class).map(DeadlinePolicy::getPeriod), DdsDefaults.DEADLINE_SECONDS);
		double rDeadline = seconds(reader.get(DeadlinePolicy.class).map(DeadlinePolicy::getPeriod), DdsDefaults.DEADLINE_SECONDS);
		if (wDeadline > rDeadline) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_DEADLINE, "deadline", Format.duration(wDeadline),
					Format.duration(rDeadline), "the writer must offer a deadline of " + Format.duration(rDeadline)
							+ " or shorter, or the reader request a longer one"));
		}
		double wBudget = seconds(writer.get(LatencyBudgetPolicy.class).map(LatencyBudgetPolicy::getDuration), DdsDefaults.LATENCY_BUDGET_SECONDS);
		double rBudget = seconds(reader.get(LatencyBudgetPolicy.class).map(LatencyBudgetPolicy::getDuration), DdsDefaults.LATENCY_BUDGET_SECONDS);
		if (wBudget > rBudget) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_LATENCY_BUDGET, "latency_budget", Format.duration(wBudget),
					Format.duration(rBudget), "the writer's latency_budget must be " + Format.duration(rBudget)
							+ " or less, or the reader's larger"));
		}
		LivelinessKind wl = writer.get(LivelinessPolicy.class).map(LivelinessPolicy::getKind).orElse(DdsDefaults.LIVELINESS);
		LivelinessKind rl = reader.get(LivelinessPolicy.class).map(LivelinessPolicy::getKind).orElse(DdsDefaults.LIVELINESS);
		double wLease = seconds(writer.get(LivelinessPolicy.class).map(LivelinessPolicy::getLease), DdsDefaults.LIVELINESS_LEASE_SECONDS);
		double rLease = seconds(reader.get(LivelinessPolicy.class).map(LivelinessPolicy::getLease), DdsDefaults.LIVELINESS_LEASE_SECONDS);
		if (wl.getValue() < rl.getValue()) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_LIVELINESS, "liveliness", wl.getLiteral(), rl.getLiteral(),
					"the writer's liveliness kind must be " + rl.getLiteral()
							+ " or stronger (automatic < manual_by_participant < manual_by_topic)"));
		} else if (wLease > rLease) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_LIVELINESS, "liveliness lease", Format.duration(wLease),
					Format.duration(rLease), "the writer's lease must be " + Format.duration(rLease) + " or shorter"));
		}
		OwnershipKind wo = writer.get(OwnershipPolicy.class).map(OwnershipPolicy::getKind).orElse(DdsDefaults.OWNERSHIP);
		OwnershipKind ro = reader.get(OwnershipPolicy.class).map(OwnershipPolicy::getKind).orElse(DdsDefaults.OWNERSHIP);
		if (wo != ro) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_OWNERSHIP, "ownership", wo.getLiteral(), ro.getLiteral(),
					"writer and reader must use the same ownership kind"));
		}
		DestinationOrderKind wdo = writer.get(DestinationOrderPolicy.class).map(DestinationOrderPolicy::getKind)
				.orElse(DdsDefaults.DESTINATION_ORDER);
		DestinationOrderKind rdo = reader.get(DestinationOrderPolicy.class).map(DestinationOrderPolicy::getKind)
				.orElse(DdsDefaults.DESTINATION_ORDER);
		if (wdo.getValue() < rdo.getValue()) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_DESTINATION_ORDER, "destination_order", wdo.getLiteral(),
					rdo.getLiteral(), "the writer must offer destination_order " + rdo.getLiteral()));
		}
		Optional<PresentationPolicy> wp = writer.get(PresentationPolicy.class);
		Optional<PresentationPolicy> rp = reader.get(PresentationPolicy.class);
		PresentationScope ws = wp.map(PresentationPolicy::getScope).orElse(DdsDefaults.PRESENTATION_SCOPE);
		PresentationScope rs = rp.map(PresentationPolicy::getScope).orElse(DdsDefaults.PRESENTATION_SCOPE);
		boolean wc = wp.map(PresentationPolicy::isCoherent).orElse(false);
		boolean rc = rp.map(PresentationPolicy::isCoherent).orElse(false);
		boolean wOrd = wp.map(PresentationPolicy::isOrdered).orElse(false);
		boolean rOrd = rp.map(PresentationPolicy::isOrdered).orElse(false);
		if (ws.getValue() < rs.getValue() || (rc && !wc) || (rOrd && !wOrd)) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_PRESENTATION, "presentation", presentation(ws, wc, wOrd),
					presentation(rs, rc, rOrd), "the writer must offer at least scope " + rs.getLiteral()
							+ (rc ? " coherent" : "") + (rOrd ? " ordered" : "") + " (instance < topic < group)"));
		}
		return result;
	}

	private static String presentation(PresentationScope s, boolean coherent, boolean ordered) {
		return "scope " + s.getLiteral() + (coherent ? " coherent" : "") + (ordered ? " ordered" : "");
	}

	private static double seconds(Optional<Quantity> q, double fallback) {
		return q.flatMap(x -> Quantities.base(x, Dimension.DURATION)).orElse(fallback);
	}
}
