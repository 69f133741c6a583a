package org.adamant.dsl.lowering;

import org.adamant.dsl.adamant.PriorityRequirement;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.adamant.TransportPriorityPolicy;
import org.adamant.dsl.adamant.UnsequencedRequirement;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Experiments;

/**
 * How a stream of a multi-stream experiment is sent, for the native and the OpenDDS benches alike:
 * whether a newer update may replace an older one, its priority, its delivery class (reliable or
 * not, sequenced or not), its replacement tags, and whether its type is keyed.
 */
public final class StreamSettings {

	private StreamSettings() {
	}

	/** Whether the topic's QoS asks for replacement (a newer update supersedes an older one of its tag). */
	public static boolean replaces(Topic t) {
		return t.getQos() != null && EffectiveQos.of(t.getQos()).get(ReplacementRequirement.class).isPresent();
	}

	/** The QoS's priority, else its transport_priority, clamped to 0..255; 0 without either. */
	public static int priority(Topic t) {
		if (t.getQos() == null) {
			return 0;
		}
		EffectiveQos qos = EffectiveQos.of(t.getQos());
		int value = qos.get(PriorityRequirement.class).map(PriorityRequirement::getValue)
				.or(() -> qos.get(TransportPriorityPolicy.class).map(TransportPriorityPolicy::getValue)).orElse(0);
		return Math.max(0, Math.min(255, value));
	}

	/**
	 * Whether the stream is delivered in order (its class is sequenced): unless its QoS says
	 * {@code unsequenced} (on arrival, out of order).
	 */
	public static boolean sequenced(Topic t) {
		return t.getQos() == null || EffectiveQos.of(t.getQos()).get(UnsequencedRequirement.class).isEmpty();
	}

	/** Whether the stream is retransmitted until acknowledged: unless its QoS says reliability best_effort. */
	public static boolean reliable(Topic t) {
		return t.getQos() == null || EffectiveQos.of(t.getQos()).get(ReliabilityPolicy.class)
				.map(r -> r.getKind() != ReliabilityKind.BEST_EFFORT).orElse(true);
	}

	/**
	 * A replaceable stream's tags, as the predictions count them ({@link Flow#replacementTags}): a keyless
	 * topic is one instance, so one tag; a keyed one has one tag per key instance, each taken to report
	 * once a second (a rate of N Hz is N instances). Any other stream has one tag.
	 */
	public static long tags(Experiments.Stream st) {
		return replaces(st.topic()) ? Flow.replacementTags(st.topic().getType(), st.ratesHz().get(0)) : 1L;
	}

	/** Whether the topic's type has a key member (else all its updates are one instance). */
	public static boolean keyed(Topic t) {
		return Flow.keyed(t.getType());
	}
}
