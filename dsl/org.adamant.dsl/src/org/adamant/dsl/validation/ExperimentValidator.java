package org.adamant.dsl.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ExperimentStream;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;

/** An experiment's streams: each topic once, each with a rate, each starting while the first sends. */
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

	/**
	 * A stream's {@code start} delays its first update after the first stream's, and the stream stops
	 * with the first: the first stream cannot have one, and a start must fall before the first stream's
	 * last update is due at its slowest rate ({@code updates} / rate), else the stream sends nothing.
	 */
	@Check
	public void checkExperimentStreamStarts(Experiment x) {
		List<Experiments.Stream> streams = Experiments.streams(x);
		for (int i = 0; i < x.getStreams().size(); i++) {
			ExperimentStream s = x.getStreams().get(i);
			if (s.getStart() == null) {
				continue;
			}
			Optional<Double> start = Quantities.base(s.getStart(), Dimension.DURATION);
			if (start.isEmpty()) {
				continue; // a missing or wrong unit is the unit check's
			}
			if (i == 0 && start.get() != 0) {
				error("Experiment '" + x.getName() + "': the first stream starts the experiment; give the `start` to "
						+ "the streams that begin later", s, P.getExperimentStream_Start(),
						IssueCodes.EXPERIMENT_START_OUT_OF_RANGE);
				continue;
			}
			double fastest = streams.isEmpty() ? 0
					: streams.get(0).ratesHz().stream().mapToDouble(Double::doubleValue).max().orElse(0);
			double duration = fastest > 0 ? x.getUpdates() / fastest : Double.POSITIVE_INFINITY;
			if (start.get() < 0 || start.get() >= duration) {
				error("Experiment '" + x.getName() + "': stream '" + (s.getTopic() == null ? "?" : s.getTopic().getName())
						+ "' starts at " + start.get() + " s, outside [0 s, " + duration + " s) (the first stream's "
						+ x.getUpdates() + " updates at its fastest rate), so it would send nothing", s,
						P.getExperimentStream_Start(), IssueCodes.EXPERIMENT_START_OUT_OF_RANGE);
			}
		}
	}
}
