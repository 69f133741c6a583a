package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** Each validation rule firing (with its numbers and names in the message) and not firing. */
class RulesTest {

	private static List<Issue> issues(String body) throws Exception {
		return AdamantTestSupport.issuesOf(body);
	}

	private static List<Issue> withCode(List<Issue> issues, String code) {
		return AdamantTestSupport.withCode(issues, code);
	}

	/** Exactly one issue with {@code code}, whose message contains every fragment. */
	private static Issue fires(String body, String code, String... fragments) throws Exception {
		return AdamantTestSupport.fires(1, body, code, fragments);
	}

	private static void silent(String body, String code) throws Exception {
		AdamantTestSupport.silent(body, code);
	}

	// ---------------------------------------------------------------- a. consistency

	@Test
	void historyDepthZero() throws Exception {
		fires("qos Q { history keep_last 0 }", IssueCodes.HISTORY_DEPTH_INVALID, "keep_last 0", "at least 1");
		silent("qos Q { history keep_last 1 }", IssueCodes.HISTORY_DEPTH_INVALID);
	}

	@Test
	void historyAboveResourceLimits() throws Exception {
		fires("qos Q { history keep_last 10 resource_limits max_samples_per_instance 4 }",
				IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS, "'Q'", "keep_last 10", "max_samples_per_instance 4");
		silent("qos Q { history keep_last 4 resource_limits max_samples_per_instance 4 max_samples 100 }",
				IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS);
		// inherited history counts
		fires("qos B { history keep_last 8 } qos D extends B { resource_limits max_samples_per_instance 2 }",
				IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS, "'D'", "keep_last 8");
	}

	@Test
	void perInstanceAboveMaxSamples() throws Exception {
		fires("qos Q { resource_limits max_samples 10 max_samples_per_instance 20 }",
				IssueCodes.RESOURCE_LIMITS_INCONSISTENT, "max_samples_per_instance 20", "max_samples 10");
		silent("qos Q { resource_limits max_samples 20 max_samples_per_instance 10 max_instances 2 }",
				IssueCodes.RESOURCE_LIMITS_INCONSISTENT);
	}

	@Test
	void timeFilterLongerThanDeadline() throws Exception {
		fires("qos Q { deadline 50 ms time_based_filter minimum_separation 100 ms }",
				IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE, "100 ms", "50 ms");
		silent("qos Q { deadline 50 ms time_based_filter 20 ms }", IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE);
	}

	@Test
	void extendsCycle() throws Exception {
		List<Issue> all = issues("qos A extends B { } qos B extends A { }");
		assertEquals(1, withCode(all, IssueCodes.EXTENDS_CYCLE).size(), all::toString);
		assertTrue(withCode(all, IssueCodes.EXTENDS_CYCLE).get(0).getMessage().contains("A extends B extends A"));
		silent("qos A { } qos B extends A { }", IssueCodes.EXTENDS_CYCLE);
	}

	// ---------------------------------------------------------------- b. compatibility

	private static String pair(String writerQos, String readerQos) {
		return "qos W { " + writerQos + " }\nqos R { " + readerQos + " }\ntopic T : Scan\n"
				+ "application gw { publish T qos W }\napplication fc { subscribe T qos R }\n";
	}

	@Test
	void reliabilityMismatch() throws Exception {
		Issue i = fires(pair("reliability best_effort", "reliability reliable"), IssueCodes.INCOMPATIBLE_RELIABILITY,
				"'gw'", "'fc'", "topic 'T'", "best_effort", "reliable");
		assertEquals(Severity.ERROR, i.getSeverity());
		silent(pair("reliability reliable", "reliability best_effort"), IssueCodes.INCOMPATIBLE_RELIABILITY);
	}

	@Test
	void durabilityMismatch() throws Exception {
		fires(pair("durability volatile", "durability transient_local"), IssueCodes.INCOMPATIBLE_DURABILITY,
				"volatile", "transient_local");
		silent(pair("durability persistent", "durability transient_local"), IssueCodes.INCOMPATIBLE_DURABILITY);
	}

	@Test
	void deadlineMismatch() throws Exception {
		fires(pair("deadline 100 ms", "deadline 50 ms"), IssueCodes.INCOMPATIBLE_DEADLINE, "offers 100 ms",
				"requests 50 ms");
		fires(pair("", "deadline 50 ms"), IssueCodes.INCOMPATIBLE_DEADLINE, "unbounded");
		silent(pair("deadline 20 ms", "deadline 50 ms"), IssueCodes.INCOMPATIBLE_DEADLINE);
	}

	@Test
	void latencyBudgetMismatch() throws Exception {
		fires(pair("latency_budget 10 ms", "latency_budget 5 ms"), IssueCodes.INCOMPATIBLE_LATENCY_BUDGET, "10 ms",
				"5 ms");
		silent(pair("latency_budget 5 ms", "latency_budget 10 ms"), IssueCodes.INCOMPATIBLE_LATENCY_BUDGET);
	}

	@Test
	void livelinessMismatch() throws Exception {
		fires(pair("liveliness automatic", "liveliness manual_by_topic"), IssueCodes.INCOMPATIBLE_LIVELINESS,
				"automatic", "manual_by_topic");
		fires(pair("liveliness manual_by_topic lease 2 s", "liveliness automatic lease 1 s"),
				IssueCodes.INCOMPATIBLE_LIVELINESS, "2 s", "1 s");
		silent(pair("liveliness manual_by_participant lease 1 s", "liveliness automatic lease 2 s"),
				IssueCodes.INCOMPATIBLE_LIVELINESS);
	}

	@Test
	void ownershipMismatch() throws Exception {
		fires(pair("ownership exclusive strength 5", "ownership shared"), IssueCodes.INCOMPATIBLE_OWNERSHIP,
				"exclusive", "shared");
		silent(pair("ownership exclusive strength 5", "ownership exclusive"), IssueCodes.INCOMPATIBLE_OWNERSHIP);
	}

	@Test
	void destinationOrderMismatch() throws Exception {
		fires(pair("", "destination_order by_source_timestamp"), IssueCodes.INCOMPATIBLE_DESTINATION_ORDER,
				"by_reception_timestamp", "by_source_timestamp");
		silent(pair("destination_order by_source_timestamp", ""), IssueCodes.INCOMPATIBLE_DESTINATION_ORDER);
	}

	@Test
	void presentationMismatch() throws Exception {
		fires(pair("presentation scope instance", "presentation scope topic coherent"),
				IssueCodes.INCOMPATIBLE_PRESENTATION, "scope instance", "scope topic coherent");
		silent(pair("presentation group coherent ordered", "presentation topic ordered"),
				IssueCodes.INCOMPATIBLE_PRESENTATION);
	}

	// ---------------------------------------------------------------- c. transport capability

	@Test
	void orderedOnUnorderedTransport() throws Exception {
		String body = "qos Q { presentation topic ordered }\ntopic T : Scan qos Q\n"
				+ "application gw { publish T rate 10 Hz transport %s }\n";
		fires(body.replace("%s", String.valueOf("baseline")), IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, "'gw'", "baseline", "ordered");
		silent(body.replace("%s", String.valueOf("nakcast")), IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT);
	}

	@Test
	void multicastWithoutMulticast() throws Exception {
		String body = "environment wan { multicast unavailable }\ntopic T : Scan\n"
				+ "application gw { environment wan publish T rate 10 Hz transport %s }\n";
		fires(body.replace("%s", String.valueOf("opendds_multicast")), IssueCodes.MULTICAST_UNAVAILABLE, "'wan'", "opendds_multicast");
		silent(body.replace("%s", String.valueOf("opendds_udp")), IssueCodes.MULTICAST_UNAVAILABLE);
	}

	@Test
	void replacementUnsupported() throws Exception {
		String body = "qos Q { replacement }\ntopic T : Scan qos Q\n"
				+ "transport repl { cast unicast reliability reliable replacement maps to runtime replace }\n"
				+ "application gw { publish T rate 10 Hz transport %s }\n";
		fires(body.replace("%s", String.valueOf("opendds_tcp")), IssueCodes.REPLACEMENT_UNSUPPORTED, "opendds_tcp", "replacement");
		silent(body.replace("%s", String.valueOf("repl")), IssueCodes.REPLACEMENT_UNSUPPORTED);
	}

	@Test
	void priorityUnsupportedIsAWarning() throws Exception {
		String body = "qos Q { priority 10 }\ntopic T : Scan qos Q\n"
				+ "transport prio { cast unicast reliability reliable priorities flow_control maps to runtime replace }\n"
				+ "application gw { publish T rate 10 Hz transport %s }\n";
		Issue i = fires(body.replace("%s", String.valueOf("opendds_tcp")), IssueCodes.PRIORITY_UNSUPPORTED, "priority 10", "opendds_tcp");
		assertEquals(Severity.WARNING, i.getSeverity());
		silent(body.replace("%s", String.valueOf("prio")), IssueCodes.PRIORITY_UNSUPPORTED);
	}

	@Test
	void priorityOutOfRange() throws Exception {
		fires("qos Q { priority 256 }", IssueCodes.PRIORITY_OUT_OF_RANGE, "priority 256", "0..255");
		silent("qos Q { priority 255 }", IssueCodes.PRIORITY_OUT_OF_RANGE);
	}

	@Test
	void unsequencedWithSourceTimestampOrder() throws Exception {
		fires("qos Q { reliability reliable unsequenced destination_order by_source_timestamp }",
				IssueCodes.UNSEQUENCED_ORDERED, "unsequenced", "by_source_timestamp");
		fires("qos P { destination_order by_source_timestamp }\nqos Q extends P { unsequenced }",
				IssueCodes.UNSEQUENCED_ORDERED, "'Q'");
		silent("qos Q { reliability reliable unsequenced destination_order by_reception_timestamp }",
				IssueCodes.UNSEQUENCED_ORDERED);
	}

	@Test
	void parameterRanges() throws Exception {
		fires("transport t { cast multicast reliability probabilistic maps to runtime ricochet(r = 1, c = 3) }",
				IssueCodes.PARAMETER_OUT_OF_RANGE, "r = 1", "at least 2");
		fires("transport t { cast multicast reliability probabilistic maps to runtime ricochet(r = 4, c = 0) }",
				IssueCodes.PARAMETER_OUT_OF_RANGE, "c = 0");
		fires("transport t { cast multicast reliability reliable maps to runtime nakcast(timeout = 0 ms) }",
				IssueCodes.PARAMETER_OUT_OF_RANGE, "timeout", "positive");
		fires("transport t { cast multicast reliability probabilistic maps to runtime ricochet(r = 80) "
				+ "param r default 8 range 2..64 }", IssueCodes.PARAMETER_OUT_OF_RANGE, "r = 80", "2..64");
		silent("transport t { cast multicast reliability probabilistic maps to runtime ricochet(r = 4, c = 3) "
				+ "param r default 8 range 2..64 }", IssueCodes.PARAMETER_OUT_OF_RANGE);
		// without a declared range, the runtime's own (its contract table)
		fires("transport t { cast multicast reliability probabilistic maps to runtime ricochet(r = 80) }",
				IssueCodes.PARAMETER_OUT_OF_RANGE, "r = 80", "runtime's range 1..64");
	}

	@Test
	void cMustBeBelowReceivers() throws Exception {
		String body = "topic T : Scan\napplication gw { publish T rate 10 Hz transport ricochet }\n"
				+ "application fc { instances %s subscribe T transport ricochet }\n";
		fires(body.replace("%s", String.valueOf(3)), IssueCodes.PARAMETER_OUT_OF_RANGE, "3 receiver(s)", "c = 3", "c = 2");
		silent(body.replace("%s", String.valueOf(4)), IssueCodes.PARAMETER_OUT_OF_RANGE);
	}

	@Test
	void fecRepairsPerBlockAtMostR() throws Exception {
		// FEC's c counts repairs per block (not receivers): c = 3 with 3 receivers is fine, c > r is not
		String body = "transport f { cast multicast reliability probabilistic maps to runtime fec(r = 4, c = %s) }\n"
				+ "topic T : Scan\napplication gw { publish T rate 100 Hz transport f }\n"
				+ "application fc { instances 3 subscribe T transport f }\n";
		fires(body.replace("%s", String.valueOf(6)), IssueCodes.PARAMETER_OUT_OF_RANGE, "c = 6", "r = 4", "use c = 4");
		silent(body.replace("%s", String.valueOf(3)), IssueCodes.PARAMETER_OUT_OF_RANGE);
	}

	@Test
	void unknownParameters() throws Exception {
		fires("transport t { cast multicast reliability reliable maps to runtime nakcast(window = 4) }",
				IssueCodes.UNKNOWN_PARAMETER, "'window'", "nak_timeout, timeout");
		String sweep = "topic T : Scan\nexperiment x { topic T transports nakcast receivers 3 loss 1 % rate 10 Hz "
				+ "updates 100 %s }\n";
		fires(sweep.replace("%s", String.valueOf("r 4, 8")), IssueCodes.UNKNOWN_PARAMETER, "'r'", "nak_timeout");
		silent(sweep.replace("%s", String.valueOf("nak_timeout 25 ms, 50 ms")), IssueCodes.UNKNOWN_PARAMETER);
		fires(sweep.replace("%s", String.valueOf("nak_timeout 0 ms")), IssueCodes.PARAMETER_OUT_OF_RANGE, "nak_timeout");
	}

	// ---------------------------------------------------------------- d. feasibility

	@Test
	void deadlineShorterThanSendPeriod() throws Exception {
		String body = "qos Q { deadline 50 ms }\ntopic T : Scan qos Q\napplication gw { publish T rate %s }\n";
		fires(body.replace("%s", String.valueOf("10 Hz")), IssueCodes.DEADLINE_SHORTER_THAN_PERIOD, "100 ms", "50 ms", "20 Hz");
		silent(body.replace("%s", String.valueOf("20 Hz")), IssueCodes.DEADLINE_SHORTER_THAN_PERIOD);
	}

	@Test
	void loadAboveBandwidthGrowsTheQueue() throws Exception {
		// 1 KB at 20 Hz over TCP to 1 reader: 20 * (1024 + 78) = 22040 B/s on the writer's 5 KB/s (5120 B/s; the
		// ACKs leave on the reader's link); a datagram carries 36 B of ADAMANT header and 42 B of the link's
		String body = "environment radio { bandwidth %s }\ntopic T : Scan\n"
				+ "application gw { environment radio publish T rate 20 Hz payload 1 KB transport opendds_tcp }\n"
				+ "application fc { subscribe T transport opendds_tcp }\n";
		Issue i = fires(body.replace("%s", String.valueOf("5 KB/s")), IssueCodes.UNBOUNDED_QUEUE_GROWTH, "21.5 KB/s", "430 %",
				"grows by 16920 B/s");
		assertEquals(Severity.ERROR, i.getSeverity());
		silent(body.replace("%s", String.valueOf("100 KB/s")), IssueCodes.UNBOUNDED_QUEUE_GROWTH);
	}

	@Test
	void replacementTurnsOverloadIntoAWarning() throws Exception {
		String body = "environment radio { bandwidth 5 KB/s }\nqos Q { reliability reliable replacement }\n"
				+ "topic T : Scan qos Q\n"
				+ "transport repl { cast unicast reliability reliable ordering ordered replacement maps to runtime replace }\n"
				+ "application gw { environment radio publish T rate 20 Hz payload 1 KB transport repl }\n"
				+ "application fc { subscribe T transport repl }\n";
		Issue i = fires(body, IssueCodes.BANDWIDTH_EXCEEDED, "430 %", "23.2 %");
		assertEquals(Severity.WARNING, i.getSeverity());
		silent(body, IssueCodes.UNBOUNDED_QUEUE_GROWTH);
	}

	@Test
	void scheduleLowPhaseIsAWarningWhenTheMeanSuffices() throws Exception {
		// 10 Hz of 1 KB over TCP: 10 * 1102 = 11020 B/s on the writer's link; schedule 40 KB/s for 50 s, 5 KB/s for 10 s: mean 34.2 KB/s
		String body = "environment link { bandwidth schedule { 40 KB/s for 50 s, 5 KB/s for 10 s } repeat }\n"
				+ "topic T : Scan\n"
				+ "application gw { environment link publish T rate 10 Hz payload 1 KB transport opendds_tcp }\n"
				+ "application fc { subscribe T transport opendds_tcp }\n";
		Issue i = fires(body, IssueCodes.BANDWIDTH_EXCEEDED, "low phase", "grows by 5900 B/s");
		assertEquals(Severity.WARNING, i.getSeverity());
		silent(body, IssueCodes.UNBOUNDED_QUEUE_GROWTH);
	}

	@Test
	void predictedLossAboveMaxLoss() throws Exception {
		String body = "environment lan { loss 3 % }\nqos Q { reliability best_effort max_loss %s }\n"
				+ "topic T : Scan qos Q\n"
				+ "application gw { environment lan publish T rate 50 Hz payload 12 B transport baseline }\n"
				+ "application fc { instances 3 subscribe T transport baseline }\n";
		fires(body.replace("%s", String.valueOf("2 %")), IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS, "3 %", "max_loss 2 %");
		silent(body.replace("%s", String.valueOf("5 %")), IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS);
	}

	@Test
	void predictedRecoveryLatencyAboveMaxLatency() throws Exception {
		// NAKcast at 10 Hz with a 50 ms timeout: the heartbeat (10 ms) shows the gap, then
		// D = 0.01 + 0.0525 + 0.002 = 64.5 ms
		String body = "environment lan { loss 1 % rtt 2 ms }\nqos Q { reliability reliable max_latency %s }\n"
				+ "topic T : Scan qos Q\n"
				+ "application gw { environment lan publish T rate 10 Hz payload 12 B transport nakcast_50ms }\n"
				+ "application fc { instances 3 subscribe T transport nakcast_50ms }\n";
		fires(body.replace("%s", String.valueOf("50 ms")), IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND, "64.5 ms", "50 ms");
		silent(body.replace("%s", String.valueOf("100 ms")), IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND);
	}

	@Test
	void flowsSharingAnEnvironmentExceedItsBandwidthTogether() throws Exception {
		// each flow: opendds_tcp, 1 receiver, 20 Hz of 80 B: 20 * (80 + 78) = 3160 B/s on the writer's link (a
		// datagram carries 36 B of ADAMANT header and 42 B of the link's), below 5 KB/s alone but 6320 B/s =
		// 6.17 KB/s, 123 % together
		String flows = "topic A : Scan\ntopic B : Scan\n"
				+ "application gw { environment link publish A rate 20 Hz payload 80 B transport opendds_tcp\n"
				+ "  publish B rate 20 Hz payload 80 B transport opendds_tcp }\n"
				+ "application fc { environment link subscribe A transport opendds_tcp subscribe B transport opendds_tcp }\n";
		Issue error = fires("environment link { multicast unavailable bandwidth 5 KB/s }\n" + flows,
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED, "'link'", "2 flows", "6.17 KB/s", "(publish A) 3.09 KB/s over "
						+ "opendds_tcp", "123 %", "grows by 1200 B/s", "bind transports with replacement");
		assertEquals(Severity.ERROR, error.getSeverity());
		// each flow alone would fit; beside the other it does not, and says so
		List<Issue> each = withCode(issues("environment link { multicast unavailable bandwidth 5 KB/s }\n" + flows),
				IssueCodes.UNBOUNDED_QUEUE_GROWTH);
		assertEquals(2, each.size(), each::toString);
		assertTrue(each.get(0).getMessage().contains("of the 1.91 KB/s bandwidth left of environment 'link' by its "
				+ "other flows without replacement (they need 3.09 KB/s)"), each.get(0)::getMessage);
		silent("environment link { multicast unavailable bandwidth 10 KB/s }\n" + flows,
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		// a schedule whose mean (34.2 KB/s) carries both but whose 5 KB/s phase does not: a warning per phase
		Issue phase = fires("environment link { multicast unavailable bandwidth schedule { 40 KB/s for 50 s, "
				+ "5 KB/s for 10 s } repeat }\n" + flows, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED,
				"the 5 KB/s for 10 s (123 %; 1200 B/s more than the link carries, 12000 B over the phase)",
				"queue up while a low phase lasts");
		assertEquals(Severity.WARNING, phase.getSeverity());
		// one flow alone is the per-flow rule's
		silent("environment link { multicast unavailable bandwidth 1 KB/s }\ntopic A : Scan\n"
				+ "application gw { environment link publish A rate 20 Hz payload 100 B transport opendds_tcp }\n"
				+ "application fc { environment link subscribe A transport opendds_tcp }\n",
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
	}

	@Test
	void publicationWithoutSubscriber() throws Exception {
		String lonely = "topic T : Scan\napplication gw { publish T rate 10 Hz transport nakcast }\n";
		Issue issue = fires(lonely, IssueCodes.NO_SUBSCRIBER, "'gw'", "no receivers", "subscribe T");
		assertEquals(Severity.WARNING, issue.getSeverity());
		silent(lonely + "application fc { subscribe T transport nakcast }", IssueCodes.NO_SUBSCRIBER);
		// no receivers, no prediction (rather than one for a single receiver)
		var resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + lonely);
		var gw = (org.adamant.dsl.adamant.Application) AdamantTestSupport.model(resource).getElements().stream()
				.filter(org.adamant.dsl.adamant.Application.class::isInstance).findFirst().get();
		var flow = org.adamant.dsl.prediction.Flow.of((org.adamant.dsl.adamant.Publication) gw.getEndpoints().get(0));
		assertEquals(0, flow.receivers());
		assertTrue(flow.scenario().isEmpty());
		assertEquals(10.0, flow.rateHz().get());
	}

	// ---------------------------------------------------------------- e. transport auto

	@Test
	void autoWithoutFeasibleTransport() throws Exception {
		// reliable, ordered and multicast-less with replacement: nothing in the standard catalog replaces
		String body = "environment wan { multicast unavailable }\nqos Q { reliability reliable %s }\n"
				+ "topic T : Scan qos Q\n"
				+ "application gw { environment wan publish T rate 10 Hz transport auto }\n";
		fires(body.replace("%s", String.valueOf("replacement")), IssueCodes.NO_FEASIBLE_TRANSPORT, "'gw'", "closest");
		silent(body.replace("%s", String.valueOf("")), IssueCodes.NO_FEASIBLE_TRANSPORT);
	}
}
