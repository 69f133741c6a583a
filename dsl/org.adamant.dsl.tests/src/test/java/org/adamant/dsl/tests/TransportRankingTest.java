package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.load;
import static org.adamant.dsl.tests.AdamantTestSupport.loadText;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EncodedSize;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.junit.jupiter.api.Test;

/** `transport auto`: the feasible transport with the lowest predicted ReLate2, and the ranking behind it. */
class TransportRankingTest {

	private static Publication publication(Resource resource, String application) {
		return (Publication) model(resource).getElements().stream()
				.filter(e -> e instanceof Application a && a.getName().equals(application))
				.map(e -> ((Application) e).getEndpoints().get(0)).findFirst().get();
	}

	/** 3 % loss, at most 1 % lost, 100 Hz of 12 B published with transport auto to {@code receivers} readers. */
	private static Resource lossy(int receivers, String subscriberBinding) throws Exception {
		return loadText("""
				import "transports.adamant"
				struct Scan { @key uint32 id; float t; }
				environment lan { multicast available loss 3 %% }
				qos Q { reliability best_effort max_loss 1 %% }
				topic T : Scan qos Q
				application gw { environment lan publish T rate 100 Hz payload 12 B transport auto }
				application fc { environment lan instances %d subscribe T%s }
				""".formatted(receivers, subscriberBinding));
	}

	@Test
	void lossyManyReceiversPicksRicochetReliableThenNakcastAuto() throws Exception {
		// 25 receivers, 3 % loss, 100 Hz, 12 B, best effort but at most 1 % loss:
		// baseline/udp lose 3 % (excluded); ricochet_reliable NAKs what its lateral repairs have not
		// rebuilt as soon as nakcast (timeout auto) does (heartbeat 625 us + NAK delay + RTT), delivers
		// out of order, so nothing waits behind a loss: mean ≈ 0.12 ms, below nakcast's 0.14 ms,
		// ricochet r=4's 0.22 ms (7.7 ms out of order, 0.2 % lost), TCP's 1.8 ms and the fixed-timeout
		// NAKcasts' 2.6–6.8 ms.
		Resource r = lossy(25, "");
		Publication p = publication(r, "gw");
		assertEquals(25, Flow.of(p).receivers());
		List<Assessment> ranking = TransportRanking.rank(p);
		assertEquals("ricochet_reliable", ranking.get(0).name(), ranking.toString());
		assertEquals("nakcast", ranking.get(1).name(), ranking.toString());
		assertTrue(ranking.get(0).feasible());
		// feasible entries come first, sorted by ReLate2
		boolean infeasibleSeen = false;
		double last = 0;
		for (Assessment a : ranking) {
			if (!a.feasible()) {
				infeasibleSeen = true;
				continue;
			}
			assertFalse(infeasibleSeen, "a feasible transport after an infeasible one");
			assertTrue(a.relate2() >= last);
			last = a.relate2();
		}
		Assessment baseline = ranking.stream().filter(a -> a.name().equals("baseline")).findFirst().get();
		assertTrue(baseline.findings().stream().anyMatch(f -> f.code().equals(IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS)));
		assertEquals("ricochet_reliable", org.adamant.dsl.semantics.Bindings.resolve(p).transport().getName());
		assertTrue(validate(r).isEmpty(), () -> validate(r).toString());
	}

	@Test
	void sarRankingExcludesLossyTransportsForAZeroLossFlow() {
		Resource r = load("examples/sar/sar.adamant");
		Publication p = publication(r, "uav_gateway");
		List<Assessment> ranking = TransportRanking.rank(p);
		// only the imported catalog counts
		assertEquals(TransportRanking.catalog(p).size(), ranking.size());
		assertTrue(ranking.stream().noneMatch(a -> a.name().startsWith("mockets")));
		for (String lossy : List.of("baseline", "opendds_udp", "opendds_multicast", "ricochet", "ricochet_r4")) {
			Assessment a = ranking.stream().filter(x -> x.name().equals(lossy)).findFirst().get();
			assertFalse(a.feasible(), lossy);
		}
		Assessment fixed = ranking.stream().filter(x -> x.name().equals("nakcast_50ms")).findFirst().get();
		assertTrue(fixed.feasible());
		assertEquals(0.002275, fixed.prediction().meanLatency(), 2e-4); // RTT 200 us adds a little
		// timeout auto: 100 us + 1 % × (625 us heartbeat + 75 us NAK delay (3 of 8) + 200 us RTT + the second tries)
		Assessment nakcast = ranking.stream().filter(x -> x.name().equals("nakcast")).findFirst().get();
		assertTrue(nakcast.feasible());
		assertEquals(0.000116, nakcast.prediction().meanLatency(), 2e-6);
	}

	@Test
	void autoWithoutCatalogIsAnError() throws Exception {
		Resource r = loadText("""
				struct Scan { @key uint32 id; float t; }
				topic T : Scan
				application gw { publish T rate 10 Hz transport auto }
				""");
		assertTrue(validate(r).stream().anyMatch(i -> IssueCodes.NO_FEASIBLE_TRANSPORT.equals(i.getCode())
				&& i.getMessage().contains("no transport catalog")));
	}

	@Test
	void rankingExcludesRicochetWithCNotBelowTheReceivers() throws Exception {
		// 3 receivers, c = 3: a repair would need 3 other receivers; bound, the validator says so, and
		// auto must not pick it either (the same finding excludes it from the ranking)
		Resource r = lossy(3, " transport auto");
		Publication p = publication(r, "gw");
		List<Assessment> ranking = TransportRanking.rank(p);
		for (String name : List.of("ricochet", "ricochet_r4")) {
			Assessment a = ranking.stream().filter(x -> x.name().equals(name)).findFirst().get();
			assertFalse(a.feasible(), a::toString);
			assertTrue(a.findings().stream().anyMatch(f -> f.code().equals(IssueCodes.PARAMETER_OUT_OF_RANGE)
					&& f.message().contains("use c = 2 or fewer")), a::toString);
		}
		Bindings.Resolution chosen = Bindings.resolve(p);
		assertEquals(Bindings.How.AUTO, chosen.how());
		assertFalse(chosen.transport().getName().startsWith("ricochet"), chosen.transport().getName());
		// the subscriber's auto follows the publisher's ranking
		Application fc = (Application) model(r).getElements().stream()
				.filter(e -> e instanceof Application a && a.getName().equals("fc")).findFirst().get();
		Bindings.Resolution sub = Bindings.resolve(fc.getEndpoints().get(0));
		assertEquals(Bindings.How.FOLLOWS_PUBLISHER, sub.how());
		assertEquals(chosen.transport(), sub.transport());
		// restricted to what a target runs, the same ranking gives the first eligible feasible one
		Bindings.Resolution multicastOnly = Bindings.resolve(p, t -> t.getName().equals("baseline"));
		assertEquals(null, multicastOnly.transport(), "baseline loses 3 % > max_loss 1 %: not feasible");
	}

	@Test
	void encodedSizeIsOneTableForPredictionsAndGenerators() throws Exception {
		Resource r = loadText("""
				enum Kind { A, B }
				struct Inner { int16 a; double b[2]; Kind k; }
				struct Fixed { @key uint32 id; Inner in; boolean f; }
				struct Bounded { string<10> name; sequence<uint8, 5> bytes; }
				""");
		var types = model(r).getElements();
		var fixed = (org.adamant.dsl.adamant.StructType) types.get(2);
		var bounded = (org.adamant.dsl.adamant.StructType) types.get(3);
		// 4 + (2 + 2 * 8 + 4) + 1 = 27
		assertEquals(27L, EncodedSize.fixed(fixed).getAsLong());
		assertEquals(27.0, Flow.encodedSize(fixed));
		// (4 + 10) + (4 + 5) = 23 at the bounds; not fixed
		assertTrue(EncodedSize.fixed(bounded).isEmpty());
		assertEquals(23.0, Flow.encodedSize(bounded));
	}
}
