package org.adamant.dsl.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ExperimentStream;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.prediction.Flow;

/**
 * The streams of an experiment: {@code topic T} is one stream swept over the experiment's rates;
 * {@code topics A(...), B(...)} are streams sent side by side over the same link. A stream's rate is,
 * in this order: its own {@code rate}, the experiment's {@code rate} values, the sum of the rates of
 * the topic's publications in the model's applications (every writer's updates go into the stream).
 * Its payload: its own, the experiment's, the largest payload of those publications, the encoded
 * size of the topic's type.
 */
public final class Experiments {

	/**
	 * One stream of an experiment.
	 *
	 * @param topic        the topic (null when unresolved)
	 * @param ratesHz      the rates it is sent at, one per point of the sweep (empty: no rate anywhere)
	 * @param rateSource   where the rates come from, for messages ("its own rate", "the experiment's rate", ...)
	 * @param payloadBytes bytes of one update
	 * @param startSeconds when its first update is due after the first stream's (0: together; the stream
	 *                     still stops with the first)
	 */
	public record Stream(Topic topic, List<Double> ratesHz, String rateSource, double payloadBytes,
			double startSeconds) {
		public String topicName() {
			return topic == null || topic.getName() == null ? "?" : topic.getName();
		}
	}

	private Experiments() {
	}

	/** The experiment's topics in the model's order (unresolved ones left out). */
	public static List<Topic> topics(Experiment x) {
		List<Topic> result = new ArrayList<>();
		if (x.getTopic() != null && !x.getTopic().eIsProxy()) {
			result.add(x.getTopic());
		}
		for (ExperimentStream s : x.getStreams()) {
			if (s.getTopic() != null && !s.getTopic().eIsProxy()) {
				result.add(s.getTopic());
			}
		}
		return result;
	}

	/** Every stream of the experiment, with its rates and payload resolved (unresolved topics left out). */
	public static List<Stream> streams(Experiment x) {
		List<Stream> result = new ArrayList<>();
		if (x.getTopic() != null && !x.getTopic().eIsProxy()) {
			result.add(stream(x, x.getTopic(), null, null, null));
		}
		for (ExperimentStream s : x.getStreams()) {
			if (s.getTopic() != null && !s.getTopic().eIsProxy()) {
				result.add(stream(x, s.getTopic(), s.getRate(), s.getPayload(), s.getStart()));
			}
		}
		return result;
	}

	private static Stream stream(Experiment x, Topic topic, Quantity ownRate, Quantity ownPayload, Quantity start) {
		List<Publication> publications = Flow.publicationsOf(topic, x);
		List<Double> rates = new ArrayList<>();
		String source;
		if (ownRate != null) { // written: used as written (a wrong unit or value is the unit check's)
			positiveRate(ownRate).ifPresent(rates::add);
			source = "its own rate";
		} else if (!x.getRates().isEmpty()) {
			for (Quantity q : x.getRates()) {
				positiveRate(q).ifPresent(rates::add);
			}
			source = "the experiment's rate";
		} else {
			double sum = 0;
			int withRate = 0;
			for (Publication p : publications) {
				Optional<Double> r = positiveRate(p.getRate());
				if (r.isPresent()) {
					sum += r.get();
					withRate++;
				}
			}
			if (withRate > 0) {
				rates.add(sum);
			}
			source = withRate == 1 ? "the rate of its publication" : "the summed rate of its " + withRate + " publications";
		}
		Optional<Double> payload = Quantities.base(ownPayload, Dimension.SIZE)
				.or(() -> Quantities.base(x.getPayload(), Dimension.SIZE));
		if (payload.isEmpty()) {
			payload = publications.stream().map(p -> Quantities.base(p.getPayload(), Dimension.SIZE))
					.flatMap(Optional::stream).max(Double::compare);
		}
		double bytes = payload.orElseGet(() -> Flow.encodedSize(topic.getType()));
		double startSeconds = Quantities.base(start, Dimension.DURATION).filter(t -> t > 0).orElse(0.0);
		return new Stream(topic, rates, source, bytes, startSeconds);
	}

	/** A rate in Hz when it is written with a rate unit and positive (others are reported by the unit check). */
	private static Optional<Double> positiveRate(Quantity q) {
		return Quantities.base(q, Dimension.RATE).filter(r -> r > 0);
	}
}
