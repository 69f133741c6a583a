package org.adamant.dsl.validation;

import java.util.HashSet;
import java.util.Set;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ExperimentStream;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.semantics.Experiments;
import org.eclipse.xtext.validation.Check;

/** An experiment's streams: each topic once, each with a rate. */
public class ExperimentValidator extends AbstractAdamantRules {

	/**
	 * Every stream of an experiment needs a rate: {@code topic T} sweeps the experiment's {@code rate}
	 * values; a stream of {@code topics} has its own, the experiment's, or its publications' rate.
	 */
	@Check
	public void checkExperimentRates(Experiment x) {
		if (x.getTopic() != null && !x.getTopic().eIsProxy() && x.getRates().isEmpty()) {
			error("Experiment '" + x.getName() + "' sweeps topic '" + x.getTopic().getName() + "' but gives no rate; "
					+ "add the rates to sweep, e.g. `rate 10 Hz, 100 Hz`", x, P.getExperiment_Topic(),
					IssueCodes.EXPERIMENT_RATE_MISSING);
			return;
		}
		for (int i = 0; i < x.getStreams().size(); i++) {
			ExperimentStream s = x.getStreams().get(i);
			if (s.getTopic() == null || s.getTopic().eIsProxy() || s.getRate() != null) {
				continue;
			}
			Experiments.Stream stream = Experiments.streams(x).stream().filter(t -> t.topic() == s.getTopic())
					.findFirst().orElse(null);
			if (stream != null && stream.ratesHz().isEmpty()) {
				error("Experiment '" + x.getName() + "': topic '" + s.getTopic().getName() + "' has no rate (none of "
						+ "its own, no experiment `rate`, and no application publishes it with a rate); write `"
						+ s.getTopic().getName() + "(rate 20 Hz)` in `topics`, or a `rate` line", x,
						P.getExperiment_Streams(), i, IssueCodes.EXPERIMENT_RATE_MISSING);
			}
		}
	}

	@Check
	public void checkExperimentTopicsDistinct(Experiment x) {
		Set<Topic> seen = new HashSet<>();
		for (int i = 0; i < x.getStreams().size(); i++) {
			Topic t = x.getStreams().get(i).getTopic();
			if (t != null && !t.eIsProxy() && !seen.add(t)) {
				error("Experiment '" + x.getName() + "' lists topic '" + t.getName() + "' twice in `topics`; a topic "
						+ "is one stream: remove the second, or give the first the combined rate", x,
						P.getExperiment_Streams(), i, IssueCodes.DUPLICATE_EXPERIMENT_TOPIC);
			}
		}
	}
}
