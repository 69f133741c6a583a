package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Predictions;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.ParameterValue.Source;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * {@code timeout = auto}: the contract's word for nakcast's NAK timing that follows the round trip
 * parses, validates, lowers to the runtime's spelling, and is nakcast's default.
 */
class NakTimeoutAutoTest {

	private static final String WORD = RuntimeContract.get().parameter("nak_timeout").orElseThrow().keyword()
			.orElseThrow().name();

	private static final String MODEL = AdamantTestSupport.SCAN_HEADER + """
			transport stated { cast multicast reliability reliable ordering ordered maps to runtime nakcast(timeout = %s) }
			transport fixed { cast multicast reliability reliable ordering ordered maps to runtime nakcast(timeout = 25 ms) }
			transport bare { cast multicast reliability reliable ordering ordered maps to runtime nakcast }
			""".formatted(WORD);

	@Test
	void theWordLowersToTheRuntimesSpellingAndIsNakcastsDefault() throws Exception {
		Resource resource = AdamantTestSupport.loadText(MODEL);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		assertEquals(List.of(), AdamantTestSupport.validate(resource).stream().map(Issue::getMessage).toList());
		ParameterValue stated = TransportParameters.resolve(transport(resource, "stated"), "nak_timeout");
		assertEquals(Source.MODEL, stated.source());
		assertEquals(WORD, stated.option());
		RuntimeTransport lowered = TransportLowering.resolve(transport(resource, "stated")).orElseThrow();
		assertEquals(Map.of("nak_timeout", WORD), lowered.engineOptions());
		assertEquals(List.of(stated), lowered.stated());
		ParameterValue bare = TransportParameters.resolve(transport(resource, "bare"), "nak_timeout");
		assertEquals(Source.CONTRACT, bare.source());
		assertEquals(WORD, bare.option());
		assertEquals("25ms", TransportParameters.resolve(transport(resource, "fixed"), "nak_timeout").option());
		// an OpenDDS mapping (no runtime kind) predicts with a fixed timeout, never the word
		assertTrue(TransportParameters.contractDefault("nak_timeout", null).keyword().isEmpty());
	}

	@Test
	void aWordTheContractDoesNotGiveIsAnError() throws Exception {
		Resource resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + """
				transport soon { cast multicast reliability reliable ordering ordered maps to runtime nakcast(timeout = soon) }
				""");
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		List<String> errors = AdamantTestSupport.withCode(AdamantTestSupport.validate(resource),
				IssueCodes.PARAMETER_OUT_OF_RANGE).stream().map(Issue::getMessage).toList();
		assertEquals(1, errors.size(), () -> "errors: " + errors);
		assertTrue(errors.get(0).contains("'soon' is not a value of timeout for runtime nakcast")
				&& errors.get(0).endsWith(" or " + WORD), errors.get(0));
	}

	/** The auto prediction follows the rate (heartbeat) and the round trip, not a fixed timeout. */
	@Test
	void autoRecoversWithinARoundTripOfTheHeartbeat() {
		FlowScenario s = new FlowScenario(100, 12, 25, 0.01, 200e-6, 0);
		double recovery = Predictions.nakcast("nakcast", s, 0).recoveryLatency();
		// 625 us heartbeat (1/16 of 10 ms) + 200 us mean NAK delay (25 receivers: full spread) + 200 us
		// RTT, + 1 % × (9,375 us to the next packet after a lost heartbeat + 2,200 us re-NAK of a lost repair)
		assertEquals(1025e-6 + 0.01 * (9375e-6 + 2200e-6), recovery, 1e-9);
		assertTrue(recovery < Predictions.nakcast("nakcast", s, 0.025).recoveryLatency());
	}

	private static Transport transport(Resource resource, String name) {
		return EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Transport.class).stream()
				.filter(t -> name.equals(t.getName())).findFirst().orElseThrow();
	}
}
