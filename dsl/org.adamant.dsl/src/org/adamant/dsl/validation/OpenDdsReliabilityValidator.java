package org.adamant.dsl.validation;

import java.util.List;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.OpenDdsReliability;
import org.eclipse.xtext.validation.Check;

/**
 * An experiment measures its transports with the QoS of its topics, also where that QoS asks more than a
 * transport gives (the comparison is the point): over a transport OpenDDS takes for best-effort, a reliable
 * stream's writers and readers run BEST_EFFORT on the OpenDDS target ({@link OpenDdsReliability}), which
 * the generated bench states. An application flow that does this is an error (CapabilityValidator).
 */
public class OpenDdsReliabilityValidator extends AbstractAdamantRules {

	@Check
	public void checkExperimentReliability(Experiment x) {
		List<String> reliable = Experiments.topics(x).stream().filter(t -> t.getQos() != null && !t.getQos().eIsProxy())
				.filter(t -> EffectiveQos.of(t.getQos()).isReliable()).map(Topic::getName).toList();
		if (reliable.isEmpty()) {
			return;
		}
		for (int i = 0; i < x.getTransports().size(); i++) {
			Transport t = x.getTransports().get(i);
			if (OpenDdsReliability.bestEffort(t)) {
				info("Experiment '" + x.getName() + "': transport '" + t.getName() + "' is best-effort to OpenDDS, and "
						+ OpenDdsReliability.WHY + ", so on the OpenDDS target its points' writers and readers run "
						+ "BEST_EFFORT, not RELIABLE as the QoS of " + String.join(", ", reliable) + " asks (the generated "
						+ "bench sets it; a lost sample is not repaired). To measure "
						+ "reliable delivery on OpenDDS bind a reliable transport (e.g. opendds_multicast_reliable or "
						+ "nakcast); to state what runs, make the QoS best_effort", x, P.getExperiment_Transports(), i,
						IssueCodes.RELIABLE_RUNS_BEST_EFFORT);
			}
		}
	}
}
