package org.adamant.generator.opendds;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.semantics.DdsDefaults.Role;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.OpenDdsReliability;
import org.adamant.generator.ModelInfo;

/**
 * Where a RELIABLE writer or reader of the generated OpenDDS programs runs on a transport OpenDDS takes for
 * best-effort ({@link OpenDdsReliability}): the program applies its profile and then BEST_EFFORT reliability
 * ({@value #FUNCTION} of the model's Entities.h), stated where the transport decides it, so the runtime's
 * binding never has to change a QoS the program chose.
 */
public final class OpenDdsBestEffort {

	/** The function of opendds/<model>Entities.h that makes an EntityQos's writers and readers BEST_EFFORT. */
	public static final String FUNCTION = "best_effort";

	private OpenDdsBestEffort() {
	}

	/** Whether the endpoint's QoS (its stated reliability, else its role's DDS default) is RELIABLE on a best-effort transport. */
	public static boolean applies(Endpoint e) {
		return OpenDdsTransports.resolve(e).kind().bestEffort() && EffectiveQos.of(e).reliability() == ReliabilityKind.RELIABLE;
	}

	/**
	 * Whether the experiment's points on transport {@code r} run a RELIABLE writer: a stream's writer is RELIABLE
	 * unless its QoS says best_effort (the DDS default), and its readers take the same profile.
	 */
	public static boolean applies(Experiment x, OpenDdsTransports.Resolved r) {
		return r.kind().bestEffort() && Experiments.topics(x).stream()
				.anyMatch(t -> EffectiveQos.of(t.getQos(), Role.WRITER).reliability() == ReliabilityKind.RELIABLE);
	}

	/** Whether any program of the model needs {@value #FUNCTION}. */
	public static boolean used(ModelInfo info) {
		for (Application a : info.getApplications()) {
			if (a.getEndpoints().stream().filter(e -> e.getTopic() != null && e.getTopic().getType() != null)
					.anyMatch(OpenDdsBestEffort::applies)) {
				return true;
			}
		}
		return info.getExperiments().stream().filter(x -> OpenDdsBenchTemplate.whyNot(x) == null)
				.anyMatch(x -> OpenDdsTransports.resolve(x).stream().anyMatch(r -> applies(x, r)));
	}

	/** Why, for the comment beside the writer, reader or point. */
	public static String why(OpenDdsTransports.Kind k) {
		return "Reliability BEST_EFFORT, not the RELIABLE its QoS (or DDS's writer default) asks: OpenDDS "
				+ k.transportType + (k.reliable == null ? "" : " with reliable=0") + " is best-effort, and "
				+ OpenDdsReliability.WHY + ".";
	}
}
