package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Predictions;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.TransportCapabilities;
import org.adamant.dsl.semantics.TransportCapabilities.Capability;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * The catalog's {@code ricochet_reliable}: Ricochet with its NAK fallback offers reliability (the
 * contract's flag_offers), satisfies a reliable profile, lowers with the fallback's options and is
 * predicted to deliver everything, recovering by whichever path comes first.
 */
class RicochetReliableTest {

	private static final String MODEL = AdamantTestSupport.SCAN_HEADER + """
			qos Reliable { reliability reliable }
			transport plain_claims_reliable { cast multicast reliability reliable ordering unordered
				maps to runtime ricochet(r = 4, c = 3) }
			application gw { publish T rate 100 Hz payload 12 B qos Reliable transport ricochet_reliable }
			application fc { instances 25 subscribe T qos Reliable transport ricochet_reliable }
			topic T : Scan
			""";

	@Test
	void theFallbackMakesRicochetReliableAndTheProfileIsSatisfied() throws Exception {
		Resource resource = AdamantTestSupport.loadText(MODEL);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		Transport reliable = transport(resource, "ricochet_reliable");
		assertTrue(TransportCapabilities.offers(reliable).contains(Capability.RELIABLE));
		assertFalse(TransportCapabilities.offers(reliable).contains(Capability.ORDERED));
		assertTrue(TransportCapabilities.overclaims(reliable).isEmpty());
		// without the fallback the same claim is one the kind does not offer
		assertEquals(java.util.Set.of(Capability.RELIABLE),
				TransportCapabilities.overclaims(transport(resource, "plain_claims_reliable")));
		List<Issue> issues = AdamantTestSupport.validate(resource);
		assertEquals(List.of(), issues.stream().filter(i -> i.getMessage().contains("ricochet_reliable"))
				.map(Issue::getMessage).toList());
		assertTrue(AdamantTestSupport.withCode(issues, IssueCodes.CAPABILITY_NOT_OFFERED).stream()
				.anyMatch(i -> i.getMessage().contains("'plain_claims_reliable' declares reliable")), issues::toString);
	}

	@Test
	void itLowersWithTheFallbacksOptionsInTheContractsOrder() throws Exception {
		RuntimeTransport t = TransportLowering.resolve(transport(AdamantTestSupport.loadText(MODEL), "ricochet_reliable"))
				.orElseThrow();
		assertEquals("ricochet", t.kind());
		assertEquals(List.of("nak_timeout", "r", "c", "nak_fallback"), List.copyOf(t.engineOptions().keySet()));
		assertEquals(Map.of("nak_timeout", "auto", "r", "4", "c", "3", "nak_fallback", "1"), t.engineOptions());
		assertEquals(List.of("nak_timeout", "r", "c", "nak_fallback"), t.stated().stream().map(p -> p.name()).toList());
		assertTrue(t.description().contains("NAKed to the writer"), t.description());
	}

	/** Delivery 1, and a recovery no later than either path alone (the lateral repair, the NAK). */
	@Test
	void thePredictionDeliversEverythingAtTheFirstPathsLatency() throws Exception {
		FlowScenario s = new FlowScenario(100, 12, 25, 0.03, 200e-6, 0);
		FlowPrediction lateral = Predictions.ricochet("r", s, 4, 3);
		FlowPrediction both = Predictions.ricochetReliable("r", s, 4, 3, 0);
		FlowPrediction nakcast = Predictions.nakcast("n", s, 0);
		assertEquals(1.0, both.delivery());
		assertTrue(lateral.delivery() < 1.0);
		assertTrue(both.recoveryLatency() < lateral.recoveryLatency(), both + " vs " + lateral);
		assertTrue(both.meanLatency() < nakcast.meanLatency(), both + " vs " + nakcast);
		assertTrue(both.offeredLoad() > lateral.offeredLoad());
		// a fixed timeout NAKs later than auto
		assertTrue(Predictions.ricochetReliable("r", s, 4, 3, 0.05).recoveryLatency() > both.recoveryLatency());
		// the ranking predicts the catalog entry with its fallback
		Transport t = transport(AdamantTestSupport.loadText(MODEL), "ricochet_reliable");
		assertEquals(1.0, TransportRanking.predict(s, t).orElseThrow().delivery());
	}

	@Test
	void aFlagOtherThanZeroOrOneIsOutOfRange() throws Exception {
		List<Issue> issues = AdamantTestSupport.issuesOf("""
				transport x { cast multicast reliability reliable maps to runtime ricochet(nak_fallback = 2) }
				""");
		assertEquals(1, AdamantTestSupport.withCode(issues, IssueCodes.PARAMETER_OUT_OF_RANGE).size(),
				() -> issues.toString());
	}

	private static Transport transport(Resource resource, String name) {
		return AdamantTestSupport.named(resource, Transport.class, name);
	}
}
