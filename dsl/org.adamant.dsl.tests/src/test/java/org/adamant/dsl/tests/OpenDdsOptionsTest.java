package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.OpenDdsOptions;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** Options of OpenDDS's built-in transports: stated by their .ini keys, checked against the documented table. */
class OpenDdsOptionsTest {

	private static String transport(String mapping) {
		return """
				transport tuned {
					cast multicast
					reliability reliable
					ordering ordered
					maps to opendds %s
				}
				""".formatted(mapping);
	}

	private static List<Issue> errors(String mapping) throws Exception {
		return AdamantTestSupport.issuesOf(transport(mapping)).stream()
				.filter(i -> i.getSeverity() == Severity.ERROR).toList();
	}

	@Test
	void documentedOptionsWithTheirUnitsValidateAndReachTheIniInOpenDdsUnits() throws Exception {
		String mapping = "rtps_udp(heartbeat_period = 1 s, nak_response_delay = 50 ms, use_multicast = false, "
				+ "nak_depth = 64, send_buffer_size = 256 KB, ttl = 2, max_samples_per_packet = 20)";
		assertEquals(List.of(), errors(mapping));
		Model model = AdamantTestSupport.model(AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + transport(mapping)));
		OpenDdsMapping m = (OpenDdsMapping) model.getElements().stream().filter(Transport.class::isInstance)
				.map(Transport.class::cast).findFirst().orElseThrow().getMapping();
		assertEquals(Map.of("heartbeat_period", "1000", "nak_response_delay", "50", "use_multicast", "0",
				"nak_depth", "64", "send_buffer_size", "262144", "ttl", "2", "max_samples_per_packet", "20"),
				OpenDdsOptions.iniValues(m));
		assertEquals(List.of(), errors("tcp(conn_retry_attempts = 5, conn_retry_backoff_multiplier = 1.5, "
				+ "enable_nagle_algorithm = true, passive_reconnect_duration = 3 s)"));
		assertEquals(List.of(), errors("multicast_reliable(nak_interval = 100 ms, nak_max = 5, syn_interval = 250 ms, ttl = 1)"));
		assertEquals(List.of(), errors("shmem(pool_size = 32 MB)"));
		assertEquals(List.of(), errors("udp(rcv_buffer_size = 1 MB)"));
	}

	@Test
	void anUnknownOptionIsAnErrorListingTheKindsOptions() throws Exception {
		Issue e = AdamantTestSupport.fires(1, transport("rtps_udp(heartbeat = 1 s)"), IssueCodes.UNKNOWN_PARAMETER,
				"Unknown option 'heartbeat' of OpenDDS rtps_udp", "heartbeat_period", "nak_response_delay", "use_multicast");
		assertEquals(Severity.ERROR, e.getSeverity());
		// an option of another kind is unknown here: best-effort multicast does no repairs
		AdamantTestSupport.fires(1, transport("multicast_best_effort(nak_depth = 8)"), IssueCodes.UNKNOWN_PARAMETER,
				"Unknown option 'nak_depth' of OpenDDS multicast_best_effort", "ttl");
	}

	@Test
	void aWrongUnitTypeOrRangeIsAnError() throws Exception {
		AdamantTestSupport.fires(1, transport("rtps_udp(heartbeat_period = 1000)"), IssueCodes.MISSING_UNIT, "a duration");
		AdamantTestSupport.fires(1, transport("rtps_udp(heartbeat_period = 1 KB)"), IssueCodes.WRONG_UNIT, "a duration");
		AdamantTestSupport.fires(1, transport("rtps_udp(heartbeat_period = 500 us)"), IssueCodes.PARAMETER_OUT_OF_RANGE,
				"whole milliseconds");
		AdamantTestSupport.fires(1, transport("rtps_udp(ttl = 300)"), IssueCodes.PARAMETER_OUT_OF_RANGE,
				"ttl = 300", "0..255", "default 1");
		AdamantTestSupport.fires(1, transport("rtps_udp(ttl = 2 ms)"), IssueCodes.PARAMETER_OUT_OF_RANGE, "without a unit");
		AdamantTestSupport.fires(1, transport("rtps_udp(use_multicast = 1)"), IssueCodes.PARAMETER_OUT_OF_RANGE,
				"true or false");
		AdamantTestSupport.fires(1, transport("tcp(conn_retry_attempts = auto)"), IssueCodes.PARAMETER_OUT_OF_RANGE,
				"a whole number, not 'auto'");
		AdamantTestSupport.fires(1, transport("tcp(conn_retry_attempts = 2.5)"), IssueCodes.PARAMETER_OUT_OF_RANGE,
				"a whole number");
		AdamantTestSupport.fires(1, transport("tcp(conn_retry_attempts = 2, conn_retry_attempts = 3)"),
				IssueCodes.PARAMETER_OUT_OF_RANGE, "stated twice");
	}

	@Test
	void everyKindHasTheCommonOptionsAndEveryRowIsConsistent() {
		for (OpenDdsTransportKind kind : OpenDdsTransportKind.values()) {
			assertTrue(OpenDdsOptions.find(kind, "max_packet_size").isPresent(), kind.getLiteral());
		}
		for (OpenDdsOptions.Option o : OpenDdsOptions.all()) {
			assertTrue(o.min() <= o.max(), o.name());
			assertTrue(!o.kinds().isEmpty() && !o.defaultValue().isEmpty() && !o.meaning().isEmpty(), o.name());
		}
	}
}
