package org.adamant.dsl.semantics;

import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.DestinationOrderKind;
import org.adamant.dsl.adamant.DurabilityKind;
import org.adamant.dsl.adamant.LivelinessKind;
import org.adamant.dsl.adamant.OwnershipKind;
import org.adamant.dsl.adamant.PresentationScope;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.prediction.Format;
import org.eclipse.emf.ecore.EClass;

/**
 * The value of every policy a QoS profile leaves out, per entity: the DDS defaults (DDS 1.4, 2.2.3,
 * "Supported QoS") for the DDS policies, and "not required" for the language's own requirements. The
 * one table validation, predictions, hovers and {@code --explain} read; {@link EffectiveQos} answers
 * with it for a policy the profile does not state.
 */
public final class DdsDefaults {

	/** The entity a QoS applies to: defaults differ only in reliability (writer reliable, reader best effort). */
	public enum Role {
		WRITER, READER;

		public String word() {
			return this == WRITER ? "writer" : "reader";
		}
	}

	/** A DataWriter's max_blocking_time when reliability is left out (DDS: 100 ms). */
	public static final double WRITER_MAX_BLOCKING_SECONDS = 0.100;

	public static ReliabilityKind reliability(Role role) {
		return role == Role.WRITER ? ReliabilityKind.RELIABLE : ReliabilityKind.BEST_EFFORT;
	}

	public static final DurabilityKind DURABILITY = DurabilityKind.VOLATILE;
	/** history keep_last 1. */
	public static final int HISTORY_DEPTH = 1;
	public static final double DEADLINE_SECONDS = Double.POSITIVE_INFINITY;
	public static final double LATENCY_BUDGET_SECONDS = 0;
	public static final double LIFESPAN_SECONDS = Double.POSITIVE_INFINITY;
	public static final int TRANSPORT_PRIORITY = 0;
	public static final LivelinessKind LIVELINESS = LivelinessKind.AUTOMATIC;
	public static final double LIVELINESS_LEASE_SECONDS = Double.POSITIVE_INFINITY;
	public static final OwnershipKind OWNERSHIP = OwnershipKind.SHARED;
	public static final int OWNERSHIP_STRENGTH = 0;
	public static final DestinationOrderKind DESTINATION_ORDER = DestinationOrderKind.BY_RECEPTION_TIMESTAMP;
	public static final PresentationScope PRESENTATION_SCOPE = PresentationScope.INSTANCE;
	public static final double TIME_BASED_FILTER_SECONDS = 0;
	/** The default partition: the one whose name is the empty string. */
	public static final List<String> PARTITION = List.of("");

	/**
	 * One row: the policy's class in the metamodel, its keyword, and what an entity gets without it.
	 * {@code dds} is false for the language's own requirements (max_loss, replacement, ...).
	 */
	public record Entry(EClass policy, String keyword, boolean dds, String writer, String reader) {
		public String forRole(Role role) {
			return role == Role.WRITER ? writer : reader;
		}
	}

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	private static Entry same(EClass policy, String keyword, String value) {
		return new Entry(policy, keyword, true, value, value);
	}

	private static Entry requirement(EClass policy, String keyword, String value) {
		return new Entry(policy, keyword, false, value, value);
	}

	/** Every policy of the language, in the grammar's order. */
	public static final List<Entry> TABLE = List.of(
			new Entry(P.getReliabilityPolicy(), "reliability", true,
					"reliable max_blocking_time " + Format.duration(WRITER_MAX_BLOCKING_SECONDS), "best_effort"),
			same(P.getDurabilityPolicy(), "durability", DURABILITY.getLiteral()),
			same(P.getHistoryPolicy(), "history", "keep_last " + HISTORY_DEPTH),
			same(P.getDeadlinePolicy(), "deadline", "infinite"),
			same(P.getLatencyBudgetPolicy(), "latency_budget", Format.duration(LATENCY_BUDGET_SECONDS)),
			same(P.getLifespanPolicy(), "lifespan", "infinite"),
			same(P.getTransportPriorityPolicy(), "transport_priority", Integer.toString(TRANSPORT_PRIORITY)),
			requirement(P.getMaxLossRequirement(), "max_loss", "not required"),
			requirement(P.getMaxLatencyRequirement(), "max_latency", "not required"),
			requirement(P.getReplacementRequirement(), "replacement", "not required"),
			requirement(P.getUnsequencedRequirement(), "unsequenced", "not required (in order)"),
			same(P.getLivelinessPolicy(), "liveliness", LIVELINESS.getLiteral() + " lease infinite"),
			same(P.getOwnershipPolicy(), "ownership", OWNERSHIP.getLiteral()),
			same(P.getDestinationOrderPolicy(), "destination_order", DESTINATION_ORDER.getLiteral()),
			same(P.getPresentationPolicy(), "presentation", "scope " + PRESENTATION_SCOPE.getLiteral()),
			same(P.getResourceLimitsPolicy(), "resource_limits", "unlimited"),
			same(P.getTimeBasedFilterPolicy(), "time_based_filter", Format.duration(TIME_BASED_FILTER_SECONDS)),
			same(P.getPartitionPolicy(), "partition", "\"\" (the default partition)"),
			requirement(P.getPriorityRequirement(), "priority", "not required"));

	private DdsDefaults() {
	}

	/** The row of a policy class, if the table has one. */
	public static Optional<Entry> of(EClass policy) {
		return TABLE.stream().filter(e -> e.policy() == policy).findFirst();
	}
}
