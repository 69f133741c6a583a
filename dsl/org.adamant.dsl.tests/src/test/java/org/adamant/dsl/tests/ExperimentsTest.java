package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** Experiments with several topics: where each stream's rate and payload come from, and their rules. */
class ExperimentsTest {

	private static final String TOPICS = "topic A : Scan\ntopic B : Scan\n";
	private static final String MATRIX = " transports nakcast receivers 3 loss 1 % updates 100 }";

	private static Experiment experiment(String body) throws Exception {
		Resource r = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + body);
		assertTrue(r.getErrors().isEmpty(), () -> "syntax errors: " + r.getErrors());
		return AdamantTestSupport.model(r).getElements().stream().filter(Experiment.class::isInstance)
				.map(Experiment.class::cast).findFirst().orElseThrow();
	}

	@Test
	void streamsTakeTheirOwnThenTheExperimentsThenTheApplicationsRates() throws Exception {
		Experiment x = experiment(TOPICS + "application w { publish B rate 5 Hz payload 100 B publish B rate 7 Hz }\n"
				+ "experiment x { topics A(rate 20 Hz payload 1 KB), B" + MATRIX);
		List<Experiments.Stream> streams = Experiments.streams(x);
		assertEquals(2, streams.size());
		assertEquals(List.of(20.0), streams.get(0).ratesHz());
		assertEquals(1024.0, streams.get(0).payloadBytes());
		assertEquals("its own rate", streams.get(0).rateSource());
		// B: no rate of its own, no experiment rate: the two publications' rates summed, the larger payload
		assertEquals(List.of(12.0), streams.get(1).ratesHz());
		assertEquals(100.0, streams.get(1).payloadBytes());
		assertEquals(List.of("A", "B"), Experiments.topics(x).stream().map(t -> t.getName()).toList());

		Experiment y = experiment(TOPICS + "experiment y { topics A, B(payload 8 B) rate 10 Hz, 50 Hz payload 64 B"
				+ MATRIX);
		// the experiment's rate sweep and payload apply where a stream has none; Scan encodes to 8 B
		assertEquals(List.of(10.0, 50.0), Experiments.streams(y).get(0).ratesHz());
		assertEquals(64.0, Experiments.streams(y).get(0).payloadBytes());
		assertEquals(8.0, Experiments.streams(y).get(1).payloadBytes());

		Experiment single = experiment(TOPICS + "experiment z { topic A rate 25 Hz" + MATRIX);
		assertEquals(1, Experiments.streams(single).size());
		assertEquals(List.of(25.0), Experiments.streams(single).get(0).ratesHz());
		assertEquals(8.0, Experiments.streams(single).get(0).payloadBytes(), "Scan = uint32 + float");
	}

	@Test
	void aStreamWithoutAnyRateIsAnError() throws Exception {
		List<Issue> all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 20 Hz), B" + MATRIX);
		List<Issue> hits = AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_RATE_MISSING);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("topic 'B' has no rate"), hits.get(0)::getMessage);
		assertTrue(hits.get(0).getMessage().contains("B(rate 20 Hz)"), hits.get(0)::getMessage);
		// B published with a rate: fine
		all = AdamantTestSupport.issuesOf(TOPICS + "application w { publish B rate 5 Hz }\n"
				+ "experiment x { topics A(rate 20 Hz), B" + MATRIX);
		assertTrue(AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_RATE_MISSING).isEmpty(), all::toString);
		// `topic T` sweeps the experiment's rate, which it must give
		all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topic A" + MATRIX);
		hits = AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_RATE_MISSING);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("rate 10 Hz, 100 Hz"), hits.get(0)::getMessage);
	}

	@Test
	void aTopicTwiceIsAnError() throws Exception {
		List<Issue> all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 1 Hz), A(rate 2 Hz)"
				+ MATRIX);
		List<Issue> hits = AdamantTestSupport.withCode(all, IssueCodes.DUPLICATE_EXPERIMENT_TOPIC);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("topic 'A' twice"), hits.get(0)::getMessage);
		all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 1 Hz), B(rate 2 Hz)" + MATRIX);
		assertTrue(AdamantTestSupport.withCode(all, IssueCodes.DUPLICATE_EXPERIMENT_TOPIC).isEmpty(), all::toString);
	}

	@Test
	void blueForceExperimentsTwoAndThreeSendBothStreams() {
		var model = AdamantTestSupport.model(AdamantTestSupport.load("examples/blueforce/blueforce.adamant"));
		var xs = model.getElements().stream().filter(Experiment.class::isInstance).map(Experiment.class::cast).toList();
		Experiment bf2 = xs.stream().filter(x -> x.getName().equals("bf2_two_streams")).findFirst().orElseThrow();
		assertEquals(List.of("BlueForce", "SensorData"), Experiments.topics(bf2).stream().map(t -> t.getName()).toList());
		assertTrue(Experiments.streams(bf2).stream().allMatch(s -> s.ratesHz().equals(List.of(20.0))
				&& s.payloadBytes() == 1024.0));
		Experiment bf3 = xs.stream().filter(x -> x.getName().equals("bf3_priorities")).findFirst().orElseThrow();
		var images = Experiments.streams(bf3).get(1);
		assertEquals("Images", images.topicName());
		assertEquals(List.of(0.1), images.ratesHz());
		assertEquals(5 * 1024.0, images.payloadBytes());
	}

	@Test
	void streamsOfAnExperimentShareItsLink() throws Exception {
		// two streams of 20 Hz x 100 B over opendds_tcp to 1 receiver: 20 x (100 + 78) = 3560 B/s each on the
		// writer's link (36 B of header and 42 B of the link's a datagram; the ACKs leave on the reader's), 7120 together
		String body = TOPICS + "environment link { multicast unavailable bandwidth %s }\n"
				+ "experiment x { topics A(rate 20 Hz payload 100 B), B(rate 20 Hz payload 100 B) environment link "
				+ "transports opendds_tcp receivers 1 loss 0 % updates 100 }";
		List<Issue> all = AdamantTestSupport.issuesOf(body.replace("%s", "5 KB/s"));
		List<Issue> hits = AdamantTestSupport.withCode(all, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		assertEquals(1, hits.size(), all::toString);
		String m = hits.get(0).getMessage();
		assertTrue(m.contains("offers 6.95 KB/s") && m.contains("A 20 Hz 3.48 KB/s, B 20 Hz 3.48 KB/s")
				&& m.contains("139 % of the 5 KB/s") && m.contains("queue grows by 2000 B/s"), m);
		assertEquals(org.eclipse.xtext.diagnostics.Severity.WARNING, hits.get(0).getSeverity());
		all = AdamantTestSupport.issuesOf(body.replace("%s", "11 KB/s"));
		assertTrue(AdamantTestSupport.withCode(all, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED).isEmpty(), all::toString);
	}

	@Test
	void blueForceTwoStreamsDoubleTheOverload() {
		var resource = AdamantTestSupport.load("examples/blueforce/blueforce.adamant");
		List<Issue> hits = AdamantTestSupport.withCode(AdamantTestSupport.validate(resource),
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED).stream()
				.filter(i -> i.getMessage().contains("'bf2_two_streams'")).toList();
		assertEquals(1, hits.size());
		// 2 x 20 x 1102 = 44080 B/s = 43 KB/s on the writer's link (36 B of header and 42 B of the link's a
		// datagram; the ACKs leave on the reader's), 861 % of 5 KB/s; replacement sends about 11.6 %
		assertTrue(hits.get(0).getMessage().contains("offers 43 KB/s"), hits.get(0)::getMessage);
		assertTrue(hits.get(0).getMessage().contains("861 %"), hits.get(0)::getMessage);
		assertTrue(hits.get(0).getMessage().contains("only about 11.6 %"), hits.get(0)::getMessage);
	}

	@Test
	void aStreamStatesWhenItStarts() throws Exception {
		Experiment x = experiment(TOPICS + "experiment x { topics A(rate 20 Hz), B(rate 20 Hz start 14 s)" + MATRIX);
		assertEquals(0.0, Experiments.streams(x).get(0).startSeconds());
		assertEquals(14.0, Experiments.streams(x).get(1).startSeconds());
		Experiment y = experiment(TOPICS + "experiment y { topics A(rate 20 Hz), B(start 250 ms rate 5 Hz)" + MATRIX);
		assertEquals(0.25, Experiments.streams(y).get(1).startSeconds(), 1e-12);
		List<Issue> all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 20 Hz), "
				+ "B(rate 20 Hz start 4 s)" + MATRIX);
		assertTrue(AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_START_OUT_OF_RANGE).isEmpty(), all::toString);
	}

	@Test
	void aStartOnTheFirstStreamOrAfterItsEndIsAnError() throws Exception {
		// 100 updates at 20 Hz: the first stream's last update is due before 5 s
		List<Issue> all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 20 Hz), "
				+ "B(rate 20 Hz start 5 s)" + MATRIX);
		List<Issue> hits = AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_START_OUT_OF_RANGE);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("stream 'B' starts at 5.0 s"), hits.get(0)::getMessage);
		all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 20 Hz start 1 s), B(rate 20 Hz)"
				+ MATRIX);
		hits = AdamantTestSupport.withCode(all, IssueCodes.EXPERIMENT_START_OUT_OF_RANGE);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("the first stream starts the experiment"), hits.get(0)::getMessage);
		// a start needs a duration unit
		all = AdamantTestSupport.issuesOf(TOPICS + "experiment x { topics A(rate 20 Hz), B(rate 20 Hz start 2 Hz)"
				+ MATRIX);
		assertTrue(all.stream().anyMatch(i -> i.getSeverity() == org.eclipse.xtext.diagnostics.Severity.ERROR),
				all::toString);
	}
}
