package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

class ValidationTest {

	private static List<Issue> issues(String body) throws Exception {
		return AdamantTestSupport.issuesOf(body);
	}

	private static List<Issue> withCode(List<Issue> issues, String code) {
		return AdamantTestSupport.withCode(issues, code);
	}

	@Test
	void reliableProfileOnUdpIsAnError() throws Exception {
		List<Issue> issues = issues("""
				qos Fused { reliability reliable }
				topic Scans : Scan qos Fused
				application gw { publish Scans rate 10 Hz transport opendds_udp }
				""");
		List<Issue> hits = withCode(issues, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT);
		assertEquals(1, hits.size(), issues::toString);
		Issue issue = hits.get(0);
		assertEquals(Severity.ERROR, issue.getSeverity());
		assertTrue(issue.getMessage().contains("Scans") && issue.getMessage().contains("opendds_udp")
				&& issue.getMessage().contains("Fused"), issue::getMessage);
		assertEquals(5, issue.getLineNumber()); // points at the transport name
	}

	/** An experiment may measure a reliable stream over udp (RT-ESP's Table 2 does): OpenDDS runs it BEST_EFFORT, which is said. */
	@Test
	void reliableExperimentOverBestEffortOpenDdsTransportsIsAnInfoPerTransport() throws Exception {
		String experiment = """
				qos Fused { reliability reliable }
				topic Scans : Scan qos Fused
				experiment table2 { topic Scans transports opendds_udp, opendds_multicast_reliable, opendds_multicast, baseline
					receivers 3 loss 0 % rate 10 Hz updates 100 }
				""";
		List<Issue> issues = issues(experiment);
		List<Issue> hits = withCode(issues, IssueCodes.RELIABLE_RUNS_BEST_EFFORT);
		assertEquals(List.of("opendds_udp", "opendds_multicast", "baseline"),
				hits.stream().map(i -> i.getMessage().replaceFirst("^[^']*'table2': transport '([^']*)'.*$", "$1")).toList(),
				issues::toString);
		Issue issue = hits.get(0);
		assertEquals(Severity.INFO, issue.getSeverity());
		assertTrue(issue.getMessage().contains("BEST_EFFORT") && issue.getMessage().contains("Scans")
				&& issue.getMessage().contains("make the QoS best_effort"), issue::getMessage);
		assertTrue(withCode(issues, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT).isEmpty(), issues::toString);
		assertTrue(withCode(issues(experiment.replace("reliability reliable", "reliability best_effort")),
				IssueCodes.RELIABLE_RUNS_BEST_EFFORT).isEmpty());
	}

	@Test
	void endpointOverrideIsWhatCounts() throws Exception {
		// The topic is reliable but the subscriber overrides with a best-effort profile: fine on UDP.
		List<Issue> issues = issues("""
				qos Fused { reliability reliable }
				qos Lossy { reliability best_effort }
				topic Scans : Scan qos Fused
				application viewer { subscribe Scans qos Lossy transport opendds_udp }
				""");
		assertTrue(withCode(issues, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT).isEmpty(), issues::toString);
	}

	@Test
	void reliableProfileOnNakcastIsFine() throws Exception {
		List<Issue> issues = issues("""
				qos Fused { reliability reliable }
				topic Scans : Scan qos Fused
				application gw { publish Scans rate 10 Hz transport nakcast }
				application fc { subscribe Scans transport nakcast }
				""");
		assertTrue(issues.isEmpty(), issues::toString);
	}

	@Test
	void inheritedReliabilityIsSeen() throws Exception {
		List<Issue> issues = issues("""
				qos Base { reliability reliable }
				qos Derived extends Base { deadline 100 ms }
				topic Scans : Scan qos Derived
				application fc { subscribe Scans transport baseline }
				""");
		assertEquals(1, withCode(issues, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT).size(), issues::toString);
	}

	@Test
	void subSecondDeadlineOnAMixedVendorReaderIsAWarningWithTheMisreadValues() throws Exception {
		List<Issue> issues = issues("""
				qos Scans50 { reliability reliable deadline 50 ms }
				topic Scans : Scan qos Scans50
				application gw { publish Scans rate 100 Hz transport opendds_rtps_udp }
				application fc {
					interop cyclonedds, fastdds
					subscribe Scans transport opendds_rtps_udp
				}
				""");
		List<Issue> hits = withCode(issues, IssueCodes.MIXED_VENDOR_DURATION);
		assertEquals(1, hits.size(), issues::toString);
		Issue issue = hits.get(0);
		assertEquals(Severity.WARNING, issue.getSeverity());
		String m = issue.getMessage();
		assertTrue(m.contains("fc subscribes to 'Scans' with deadline 50 ms") && m.contains("Scans50")
				&& m.contains("cyclonedds, fastdds"), m);
		// 50 ms = 214748364 / 2^32 s, which OpenDDS reads as 214748364 ns; OpenDDS's 50,000,000 ns
		// read as a fraction is 11.64 ms.
		assertTrue(m.contains("214.75 ms") && m.contains("11.64 ms") && m.contains("1 s"), m);
		assertEquals(8, issue.getLineNumber()); // the subscription
	}

	@Test
	void everySubSecondDiscoveryDurationOfAMixedVendorWriterIsReported() throws Exception {
		List<Issue> issues = issues("""
				qos Timed { reliability reliable latency_budget 10 ms lifespan 1500 ms liveliness automatic lease 2 s }
				topic Scans : Scan qos Timed
				application gw { interop connext publish Scans rate 10 Hz transport opendds_rtps_udp }
				application fc { subscribe Scans transport opendds_rtps_udp }
				""");
		List<Issue> hits = withCode(issues, IssueCodes.MIXED_VENDOR_DURATION);
		assertEquals(2, hits.size(), issues::toString);
		assertTrue(hits.stream().anyMatch(i -> i.getMessage().contains("latency_budget 10 ms")), hits::toString);
		assertTrue(hits.stream().anyMatch(i -> i.getMessage().contains("lifespan 1.5 s")
				&& i.getMessage().contains("gw publishes 'Scans'") && i.getMessage().contains("e.g. 2 s")), hits::toString);
	}

	@Test
	void wholeSecondsOrNoInteropAreFine() throws Exception {
		List<Issue> whole = issues("""
				qos Scans1 { reliability reliable deadline 1 s lifespan 3 s }
				topic Scans : Scan qos Scans1
				application gw { interop cyclonedds publish Scans rate 10 Hz transport opendds_rtps_udp }
				application fc { interop fastdds subscribe Scans transport opendds_rtps_udp }
				""");
		assertTrue(withCode(whole, IssueCodes.MIXED_VENDOR_DURATION).isEmpty(), whole::toString);
		List<Issue> openddsOnly = issues("""
				qos Scans50 { reliability reliable deadline 50 ms }
				topic Scans : Scan qos Scans50
				application gw { publish Scans rate 100 Hz transport opendds_rtps_udp }
				application fc { subscribe Scans transport opendds_rtps_udp }
				""");
		assertTrue(withCode(openddsOnly, IssueCodes.MIXED_VENDOR_DURATION).isEmpty(), openddsOnly::toString);
	}

	@Test
	void missingUnitIsAnErrorNamingTheUnits() throws Exception {
		List<Issue> issues = issues("""
				qos Q { deadline 50 }
				""");
		List<Issue> hits = withCode(issues, IssueCodes.MISSING_UNIT);
		assertEquals(1, hits.size(), issues::toString);
		assertTrue(hits.get(0).getMessage().contains("us, ms, s"), hits.get(0)::getMessage);
	}

	@Test
	void missingUnitHintIsTheUnitTheFieldIsWrittenIn() throws Exception {
		List<Issue> issues = issues("""
				qos Q { deadline 50 latency_budget 5 lifespan 30 }
				environment Lan { bandwidth 100 rtt 2 }
				transport slow { cast multicast reliability reliable maps to runtime nakcast(timeout = 20) }
				""");
		List<String> hints = withCode(issues, IssueCodes.MISSING_UNIT).stream()
				.map(i -> i.getMessage().replaceAll(".*\\(e\\.g\\. (.*)\\)$", "$1") + " / " + i.getData()[0]).sorted().toList();
		assertEquals(List.of("100 KB/s / KB/s", "2 ms / ms", "20 ms / ms", "30 s / s", "5 ms / ms", "50 ms / ms"), hints,
				issues::toString);
	}

	@Test
	void wrongDimensionIsAnError() throws Exception {
		List<Issue> issues = issues("""
				topic Scans : Scan
				application gw { publish Scans rate 10 ms }
				""");
		assertEquals(1, withCode(issues, IssueCodes.WRONG_UNIT).size(), issues::toString);
	}

	@Test
	void absurdValuesAreErrors() throws Exception {
		List<Issue> issues = issues("""
				environment e { loss 140 % bandwidth -5 KB/s }
				""");
		assertEquals(2, withCode(issues, IssueCodes.VALUE_OUT_OF_RANGE).size(), issues::toString);
	}

	@Test
	void unitsOfEveryDimensionAreAccepted() throws Exception {
		List<Issue> issues = issues("""
				environment e { multicast available loss 0.5 % bandwidth 5 KB/s rtt 20 ms queue 4 packets }
				environment f { bandwidth 2 Mbit/s rtt 150 us }
				environment g { bandwidth 56 kbit/s }
				qos Q { lifespan 1 s latency_budget 500 us max_loss 2 % }
				""");
		assertTrue(issues.isEmpty(), issues::toString);
	}
}
