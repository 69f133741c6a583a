package org.adamant.dsl.semantics;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.DestinationOrderKind;
import org.adamant.dsl.adamant.DestinationOrderPolicy;
import org.adamant.dsl.adamant.DurabilityKind;
import org.adamant.dsl.adamant.DurabilityPolicy;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.LivelinessKind;
import org.adamant.dsl.adamant.LivelinessPolicy;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.OrderingKind;
import org.adamant.dsl.adamant.OwnershipKind;
import org.adamant.dsl.adamant.OwnershipPolicy;
import org.adamant.dsl.adamant.Policy;
import org.adamant.dsl.adamant.PresentationPolicy;
import org.adamant.dsl.adamant.PriorityRequirement;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportReliability;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EClass;

/**
 * The one table of what each QoS policy needs from a transport and what each transport kind offers;
 * the capability rules ({@link org.adamant.dsl.prediction.TransportRanking#capability}) are this
 * table applied, so a policy or kind without an entry is a test failure, not a silent model.
 *
 * <p>A runtime kind offers what the runtime contract says its engine does
 * ({@link RuntimeContract#offers}); an OpenDDS kind what {@link #OPENDDS} says, plus the DDS layer
 * (late-joiner durability, liveliness, ownership), which the runtime's native applications lack. A
 * catalog transport offers its kind's capabilities as far as it declares them: a declaration beyond
 * its kind ({@link #overclaims}) is reported, and not believed.
 */
public final class TransportCapabilities {

	/** What a transport can do for a flow's messages. The first five are the runtime contract's words. */
	public enum Capability {
		RELIABLE("reliable", "recover every lost message"),
		PROBABILISTIC("probabilistic", "recover most lost messages"),
		ORDERED("ordered", "deliver in order"),
		REPLACEMENT("replacement", "replace a queued older update with a newer one"),
		PRIORITIES("priorities", "send more urgent messages first"),
		DURABILITY("durability", "resend kept samples to readers that join late"),
		LIVELINESS("liveliness", "assert a writer's liveliness"),
		OWNERSHIP("ownership", "arbitrate exclusive ownership by strength");

		public final String word;
		public final String does;

		Capability(String word, String does) {
			this.word = word;
			this.does = does;
		}

		public static Capability of(String word) {
			for (Capability c : values()) {
				if (c.word.equals(word)) {
					return c;
				}
			}
			throw new IllegalArgumentException("no capability " + word);
		}
	}

	/** What the DDS layer of OpenDDS adds over any of its transports. */
	public static final Set<Capability> DDS_LAYER = EnumSet.of(Capability.DURABILITY, Capability.LIVELINESS,
			Capability.OWNERSHIP);

	/** What each OpenDDS transport kind offers besides {@link #DDS_LAYER} (OpenDDS Developer's Guide, ch. 7). */
	public static final Map<OpenDdsTransportKind, Set<Capability>> OPENDDS = Map.of(
			OpenDdsTransportKind.TCP, EnumSet.of(Capability.RELIABLE, Capability.ORDERED),
			OpenDdsTransportKind.UDP, EnumSet.noneOf(Capability.class),
			OpenDdsTransportKind.MULTICAST_RELIABLE, EnumSet.of(Capability.RELIABLE, Capability.ORDERED),
			OpenDdsTransportKind.MULTICAST_BEST_EFFORT, EnumSet.noneOf(Capability.class),
			OpenDdsTransportKind.RTPS_UDP, EnumSet.of(Capability.RELIABLE, Capability.ORDERED),
			OpenDdsTransportKind.SHMEM, EnumSet.of(Capability.RELIABLE, Capability.ORDERED));

	/**
	 * One thing a stated policy asks of a transport: {@code capability} present ({@code needs}) or
	 * absent (a policy that the capability contradicts); an error or a warning; what the policy asks
	 * and how to fix, in words for the message ("is reliable", "bind ...").
	 */
	public record Need(Capability capability, boolean needs, boolean error, String code, String asks, String fix) {
	}

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	private static Map.Entry<EClass, Function<Policy, List<Need>>> entry(EClass policy,
			Function<Policy, List<Need>> needs) {
		return Map.entry(policy, needs);
	}

	private static List<Need> none(Policy p) {
		return List.of();
	}

	/**
	 * Every policy of the language with what it needs from a transport when stated. Deadline, latency
	 * budget, max_latency and max_loss are numbers the predictions check; the rest needs nothing of
	 * the transport (the DDS layer or the reader applies it).
	 */
	public static final Map<EClass, Function<Policy, List<Need>>> NEEDS = Map.ofEntries(
			entry(P.getReliabilityPolicy(), p -> ((ReliabilityPolicy) p).getKind() == ReliabilityKind.RELIABLE
					? List.of(new Need(Capability.RELIABLE, true, true, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT,
							"is reliable", "bind a reliable transport such as nakcast, or "
									+ "make the profile best_effort"))
					: List.of()),
			entry(P.getPresentationPolicy(), p -> ((PresentationPolicy) p).isOrdered()
					? List.of(new Need(Capability.ORDERED, true, true, IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT,
							"needs ordered delivery", "bind an ordered transport such as "
									+ "nakcast or opendds_tcp, or drop 'ordered'"))
					: List.of()),
			entry(P.getDestinationOrderPolicy(),
					p -> ((DestinationOrderPolicy) p).getKind() == DestinationOrderKind.BY_SOURCE_TIMESTAMP
							? List.of(new Need(Capability.ORDERED, true, false, IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT,
									"orders updates by source timestamp", "an update that arrives after a newer one "
											+ "of its instance is dropped; bind an ordered transport such as nakcast, "
											+ "or order by_reception_timestamp"))
							: List.of()),
			entry(P.getReplacementRequirement(), p -> List.of(new Need(Capability.REPLACEMENT, true, true,
					IssueCodes.REPLACEMENT_UNSUPPORTED, "requires replacement", "bind a transport declared with "
							+ "'replacement' (e.g. mockets in profiles/tactical.adamant) or drop the requirement"))),
			// delivery on arrival: what every transport may do (an ordered one only delivers earlier)
			entry(P.getUnsequencedRequirement(), TransportCapabilities::none),
			entry(P.getPriorityRequirement(), p -> List.of(new Need(Capability.PRIORITIES, true, false,
					IssueCodes.PRIORITY_UNSUPPORTED, "asks for priority " + ((PriorityRequirement) p).getValue(),
					"bind a transport declared with 'priorities' or drop the requirement"))),
			entry(P.getHistoryPolicy(), TransportCapabilities::history),
			entry(P.getDurabilityPolicy(), p -> ((DurabilityPolicy) p).getKind() == DurabilityKind.VOLATILE ? List.of()
					: List.of(new Need(Capability.DURABILITY, true, false, IssueCodes.DDS_POLICY_UNSUPPORTED,
							"keeps samples for late joiners", "native applications send nothing to a late joiner; use an OpenDDS "
											+ "transport, or durability volatile"))),
			entry(P.getLivelinessPolicy(), p -> ((LivelinessPolicy) p).getKind() == LivelinessKind.AUTOMATIC ? List.of()
					: List.of(new Need(Capability.LIVELINESS, true, false, IssueCodes.DDS_POLICY_UNSUPPORTED,
							"asserts its liveliness itself", "native "
									+ "applications never assert it; use an OpenDDS transport, or liveliness automatic"))),
			entry(P.getOwnershipPolicy(), p -> ((OwnershipPolicy) p).getKind() == OwnershipKind.SHARED ? List.of()
					: List.of(new Need(Capability.OWNERSHIP, true, false, IssueCodes.DDS_POLICY_UNSUPPORTED,
							"has exclusive ownership", "native applications deliver every writer's updates; use an "
									+ "OpenDDS transport, or ownership shared"))),
			entry(P.getDeadlinePolicy(), TransportCapabilities::none),
			entry(P.getLatencyBudgetPolicy(), TransportCapabilities::none),
			entry(P.getLifespanPolicy(), TransportCapabilities::none),
			entry(P.getTransportPriorityPolicy(), TransportCapabilities::none),
			entry(P.getMaxLossRequirement(), TransportCapabilities::none),
			entry(P.getMaxLatencyRequirement(), TransportCapabilities::none),
			entry(P.getResourceLimitsPolicy(), TransportCapabilities::none),
			entry(P.getTimeBasedFilterPolicy(), TransportCapabilities::none),
			entry(P.getPartitionPolicy(), TransportCapabilities::none));

	private TransportCapabilities() {
	}

	/**
	 * keep_all keeps every sample, which replacement contradicts (a newer update supersedes a queued
	 * one); keep_last N &gt; 1 keeps N, of which replacement delivers only the newest.
	 */
	private static List<Need> history(Policy p) {
		HistoryPolicy h = (HistoryPolicy) p;
		if (h.isKeepAll()) {
			return List.of(new Need(Capability.REPLACEMENT, false, true, IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT,
					"keeps every sample", "bind a transport without replacement (e.g. "
							+ "mockets_unsequenced), or keep_last 1 if only the newest update matters"));
		}
		if (h.getDepth() > 1) {
			return List.of(new Need(Capability.REPLACEMENT, false, false, IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT,
					"keeps the last " + h.getDepth() + " samples",
					"write keep_last 1, or bind a transport without replacement"));
		}
		return List.of();
	}

	/** What a policy needs from a transport (empty: nothing). */
	public static List<Need> needs(Policy policy) {
		Function<Policy, List<Need>> f = NEEDS.get(policy.eClass());
		if (f == null) {
			throw new IllegalStateException("no capability entry for policy " + policy.eClass().getName());
		}
		return f.apply(policy);
	}

	/**
	 * What the transport's mapping kind offers, before its catalog declaration: with the capabilities a
	 * flag it turns on adds (ricochet with {@code nak_fallback = 1} is reliable).
	 */
	public static Set<Capability> kindOffers(Transport t) {
		Set<Capability> result = EnumSet.noneOf(Capability.class);
		if (t.getMapping() instanceof RuntimeMapping) {
			String kind = TransportParameters.kind(t);
			RuntimeContract.get().offers(kind).forEach(w -> result.add(Capability.of(w)));
			RuntimeContract.get().flagOffers(kind).forEach((flag, words) -> {
				if (TransportParameters.resolve(t, flag).value() != 0) {
					words.forEach(w -> result.add(Capability.of(w)));
				}
			});
		} else if (t.getMapping() instanceof OpenDdsMapping m && m.getKind() != null) {
			result.addAll(OPENDDS.get(m.getKind()));
			result.addAll(DDS_LAYER);
		}
		return result;
	}

	/** What the catalog declares of the contract's capabilities (reliability, ordering, replacement, priorities). */
	public static Set<Capability> declared(Transport t) {
		Set<Capability> result = EnumSet.noneOf(Capability.class);
		if (t.getReliability() == TransportReliability.RELIABLE) {
			result.add(Capability.RELIABLE);
		} else if (t.getReliability() == TransportReliability.PROBABILISTIC) {
			result.add(Capability.PROBABILISTIC);
		}
		if (t.getOrdering() == OrderingKind.ORDERED) {
			result.add(Capability.ORDERED);
		}
		if (t.isReplacement()) {
			result.add(Capability.REPLACEMENT);
		}
		if (t.isPriorities()) {
			result.add(Capability.PRIORITIES);
		}
		return result;
	}

	/**
	 * What the transport offers: its kind's capabilities, of the declarable ones only those it declares
	 * (a catalog may promise less than its kind does, never more); full recovery counts as probabilistic too.
	 */
	public static Set<Capability> offers(Transport t) {
		Set<Capability> kind = kindOffers(t);
		Set<Capability> declared = declared(t);
		Set<Capability> result = EnumSet.noneOf(Capability.class);
		for (Capability c : Capability.values()) {
			boolean declarable = c.ordinal() <= Capability.PRIORITIES.ordinal();
			if (kind.contains(c) && (!declarable || declared.contains(c))) {
				result.add(c);
			}
		}
		if (kind.contains(Capability.RELIABLE) && declared.contains(Capability.PROBABILISTIC)) {
			result.add(Capability.PROBABILISTIC);
		}
		return result;
	}

	/** Declared capabilities the transport's kind does not offer (probabilistic is within reliable). */
	public static Set<Capability> overclaims(Transport t) {
		if (t.getMapping() == null) {
			return Set.of();
		}
		Set<Capability> kind = kindOffers(t);
		Set<Capability> result = EnumSet.noneOf(Capability.class);
		for (Capability c : declared(t)) {
			if (!kind.contains(c) && !(c == Capability.PROBABILISTIC && kind.contains(Capability.RELIABLE))) {
				result.add(c);
			}
		}
		return result;
	}

	/** Whether the transport satisfies the need: has the capability when needed, lacks it when contradicted. */
	public static boolean satisfies(Transport t, Need need) {
		Set<Capability> offers = offers(t);
		if (need.capability() == Capability.RELIABLE) {
			// probabilistic recovery passes here; max_loss and the predictions judge how much it recovers
			return offers.contains(Capability.RELIABLE) || offers.contains(Capability.PROBABILISTIC);
		}
		return offers.contains(need.capability()) == need.needs();
	}
}
