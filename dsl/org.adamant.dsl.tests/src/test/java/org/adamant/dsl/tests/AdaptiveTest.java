package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.DecisionTable;
import org.adamant.dsl.adaptive.TableAxes;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** {@code transport adaptive}: its candidates, its validation and its decision table's pick rule. */
class AdaptiveTest {

	static final String MODEL = "tests/models/adaptive.adamant";

	/** A QoS only an ordered transport carries (of the adaptable kinds: nakcast). */
	static final String ORDERED = "reliability reliable presentation topic ordered";

	/** A best-effort flow with 5 readers; {@code binding} is what follows {@code transport}. */
	private static String flow(String qos, String binding) {
		return "qos Q { " + qos + " }\ntopic T : Scan qos Q\n"
				+ "environment lan { multicast available loss 1 % rtt 200 us }\n"
				+ "application w { environment lan publish T rate 50 Hz payload 64 B transport " + binding + " }\n"
				+ "application r { environment lan instances 5 subscribe T transport adaptive }\n";
	}

	static Publication publication(Resource resource) {
		return EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Publication.class).get(0);
	}

	@Test
	void testModelValidatesAndExplains() {
		Resource resource = AdamantTestSupport.load(MODEL);
		List<Issue> issues = AdamantTestSupport.validate(resource);
		assertTrue(issues.stream().noneMatch(i -> i.getSeverity() == org.eclipse.xtext.diagnostics.Severity.ERROR),
				issues::toString);
		List<Issue> info = AdamantTestSupport.withCode(issues, IssueCodes.ADAPTIVE_CHOICES);
		assertEquals(1, info.size(), issues::toString);
		String m = info.get(0).getMessage();
		for (String s : List.of("5 candidates", "nakcast (nakcast nak_timeout=auto)", "ricochet_r4", "ricochet_r8",
				"fec_c1", "fec_c2", "grid points", "max_latency 100 ms", "starts with ricochet_r4")) {
			assertTrue(m.contains(s), () -> "'" + s + "' not in: " + m);
		}
	}

	/** The runtime's epoch envelope has a number for every candidate a flow may name. */
	@Test
	void theEpochEnvelopeNamesEveryCandidate() {
		int envelope = RuntimeContract.get().wire("epoch_max_candidates");
		assertTrue(AdaptiveCandidates.MAX_CANDIDATES <= envelope,
				() -> AdaptiveCandidates.MAX_CANDIDATES + " candidates, the envelope names " + envelope);
	}

	@Test
	void candidatesExpandTheirBounds() {
		AdaptiveCandidates.Result result = AdaptiveCandidates.of(publication(AdamantTestSupport.load(MODEL)));
		assertEquals(List.of("nakcast", "ricochet_r4", "ricochet_r8", "fec_c1", "fec_c2"),
				result.candidates().stream().map(c -> c.name()).toList());
		assertEquals(4L, result.candidates().get(1).params().get("r"));
		assertEquals(3L, result.candidates().get(1).params().get("c"));
		assertEquals("auto", result.candidates().get(0).params().get("nak_timeout"));
		assertEquals(List.of(2.0, 4.0, 8.0, 16.0), AdaptiveCandidates.expand(2, 16));
		assertEquals(List.of(0.025, 0.05, 0.1), AdaptiveCandidates.expand(0.025, 0.1));
		assertEquals(List.of(3.0), AdaptiveCandidates.expand(3, 3));
	}

	@Test
	void openDdsCandidateCannotCarryTheFlow() throws IOException {
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among nakcast, opendds_udp"),
				IssueCodes.ADAPTIVE_CANDIDATE_UNFIT, "opendds_udp", "OpenDDS's udp", "nakcast, ricochet, fec");
	}

	@Test
	void unorderedCandidateCannotCarryAnOrderedFlow() throws IOException {
		AdamantTestSupport.fires(2, flow(ORDERED, "adaptive among nakcast, ricochet"),
				IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, "ricochet");
	}

	@Test
	void nothingToSwitchBetween() throws IOException {
		AdamantTestSupport.fires(1, flow(ORDERED, "adaptive among ricochet, fec"),
				IssueCodes.ADAPTIVE_NO_CANDIDATE, "nothing to switch between", "after `among`");
	}

	@Test
	void boundsOutsideTheRanges() throws IOException {
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among ricochet(r = 1..8)"),
				IssueCodes.ADAPTIVE_BOUND_OUT_OF_RANGE, "r = 1");
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among ricochet(r = 4..100)"),
				IssueCodes.ADAPTIVE_BOUND_OUT_OF_RANGE, "r = 100");
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among ricochet(r = 8..4)"),
				IssueCodes.ADAPTIVE_BOUND_OUT_OF_RANGE, "smaller value first");
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among fec(c = 6, r = 4)"),
				IssueCodes.PARAMETER_OUT_OF_RANGE, "c must not exceed r");
		AdamantTestSupport.fires(1, flow("reliability best_effort", "adaptive among fec(q = 2)"),
				IssueCodes.UNKNOWN_PARAMETER, "no parameter 'q'");
	}

	@Test
	void withoutAmongTheCatalogsAdaptableTransports() throws IOException {
		Resource resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + flow(ORDERED, "adaptive"));
		AdaptiveCandidates.Result result = AdaptiveCandidates.of(publication(resource));
		assertEquals(List.of("nakcast", "nakcast_50ms", "nakcast_25ms"), result.candidates().stream().map(c -> c.name()).toList());
		assertTrue(result.excluded().stream().anyMatch(e -> e.name().equals("ricochet")
				&& e.reasons().get(0).message().contains("order")), result.excluded()::toString);
	}

	@Test
	void readerAdaptiveNeedsAnAdaptiveWriter() throws IOException {
		AdamantTestSupport.fires(1, flow("reliability best_effort", "nakcast"), IssueCodes.ADAPTIVE_NO_CANDIDATE,
				"does not");
	}

	/** The pick rule at every grid point is the candidate the predictions rank best there. */
	@Test
	void pickRuleIsThePredictionsBestOnTheGrid() {
		Publication p = publication(AdamantTestSupport.load(MODEL));
		DecisionTable t = TablePrediction.of(p).orElseThrow();
		Flow flow = Flow.of(p);
		int points = 0;
		for (double r : t.axes().receivers()) {
			for (double l : t.axes().lossPct()) {
				for (double f : t.axes().rateHz()) {
					int best = TablePrediction.best(flow, t.candidates(), r, l, f);
					if (best >= 0) {
						assertEquals(t.candidates().get(best).name(), t.candidates().get(t.pick(r, l, f)).name(),
								r + " readers, " + l + " %, " + f + " Hz");
						points++;
					}
				}
			}
		}
		assertTrue(points > t.axes().size() / 2, points + " of " + t.axes().size() + " points have a feasible candidate");
		assertTrue(t.candidates().stream().map(c -> c.kind()).distinct().count() == 3);
	}

	/** Between grid points the score is the multilinear blend; outside the axes the edge's. */
	@Test
	void interpolationBlendsAndClamps() {
		DecisionTable t = TablePrediction.of(publication(AdamantTestSupport.load(MODEL))).orElseThrow();
		int c = 0; // nakcast: feasible everywhere (its loss is repaired)
		double lo = t.score(0, 0, 0, c);
		double hi = t.score(0, 0, 1, c);
		double f0 = t.axes().rateHz().get(0);
		double f1 = t.axes().rateHz().get(1);
		double r0 = t.axes().receivers().get(0);
		double l0 = t.axes().lossPct().get(0);
		assertEquals((lo + hi) / 2, t.interpolate(c, r0, l0, (f0 + f1) / 2).getAsDouble(), 1e-9);
		assertEquals(lo, t.interpolate(c, 0, -5, 0).getAsDouble(), 1e-12);
	}

	/**
	 * Where no candidate meets the constraints the pick is the one that comes closest (lowest unconstrained
	 * score); a table without unconstrained scores picks candidate 0 there.
	 */
	@Test
	void nothingEligiblePicksTheClosest() {
		TableAxes axes = new TableAxes(List.of(1.0, 3.0), List.of(0.0), List.of(10.0));
		List<AdaptiveCandidate> two = List.of(new AdaptiveCandidate("a", "nakcast", Map.of(), null, null),
				new AdaptiveCandidate("b", "fec", Map.of(), null, null));
		List<Double> scores = Arrays.asList(100.0, null, null, null);
		DecisionTable t = new DecisionTable("w.T", 1e5, null, null, axes, two, scores,
				List.of(100.0, 150.0, 9e8, 120000.0));
		assertEquals(1, t.pick(3, 0, 10));
		assertEquals(1, t.pick(2, 0, 10)); // a's corner at 3 is null too
		assertEquals(0, t.pick(1, 0, 10)); // a meets the constraints on 1
		assertTrue(!t.anyEligible(2, 0, 10) && t.anyEligible(1, 0, 10));
		assertEquals(0, t.withScores(scores, null).pick(3, 0, 10));
	}
}
