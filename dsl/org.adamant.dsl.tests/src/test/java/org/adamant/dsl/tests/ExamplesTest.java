package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.load;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.adamant.dsl.tests.AdamantTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every example and profile parses and validates without errors; the papers' numbers are in them. */
class ExamplesTest {

	@ParameterizedTest
	@ValueSource(strings = { "examples/sar/sar.adamant", "examples/blueforce/blueforce.adamant",
			"profiles/transports.adamant", "profiles/rtesp.adamant", "profiles/tactical.adamant" })
	void validatesWithoutErrors(String path) {
		Resource resource = load(path);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax errors: " + resource.getErrors());
		List<Issue> errors = validate(resource).stream().filter(i -> i.getSeverity() == Severity.ERROR)
				.collect(Collectors.toList());
		assertTrue(errors.isEmpty(), errors::toString);
	}

	@Test
	void sarKeepsTheSmokeExperimentFirstAndAddsTheRtEspSweep() {
		var model = model(load("examples/sar/sar.adamant"));
		List<Experiment> xs = model.getElements().stream().filter(Experiment.class::isInstance)
				.map(Experiment.class::cast).collect(Collectors.toList());
		assertEquals("nakcast_smoke", xs.get(0).getName());
		Experiment sweep = xs.get(1);
		assertEquals("rtesp_isislab_sweep", sweep.getName());
		assertEquals(List.of(3, 5, 10, 15, 20, 25), sweep.getReceivers());
		assertEquals(20000, sweep.getUpdates());
		assertEquals(5, sweep.getRuns());
		assertEquals(List.of("nak_timeout", "r"), sweep.getSweeps().stream().map(s -> s.getName()).toList());
		assertEquals(0.025, Quantities.seconds(sweep.getSweeps().get(0).getValues().get(0)), 1e-12);
	}

	@Test
	void blueForceOverloadIsIntendedAndReportedOnce() {
		Resource resource = load("examples/blueforce/blueforce.adamant");
		List<Issue> issues = validate(resource);
		// the model states every overload of the radio links (the Mockets experiments measure it)
		assertEquals(List.of(), issues.stream().filter(i -> i.getSeverity() != Severity.INFO).map(Issue::getMessage)
				.toList());
		// the reflector's track flow alone over-runs the link: its own finding says so, as information
		// (`overload intended`), and the environment's sum (with the images) does not repeat it
		List<Issue> link = issues.stream()
				.filter(i -> org.adamant.dsl.validation.IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED.equals(i.getCode())
						&& i.getMessage().startsWith("Environment 'radio_link'"))
				.toList();
		assertEquals(List.of(), link);
		List<Issue> track = withCode(issues, org.adamant.dsl.validation.IssueCodes.BANDWIDTH_EXCEEDED);
		assertEquals(1, track.size(), issues::toString);
		assertTrue(track.get(0).getMessage().contains("479 % of the 4.49 KB/s left")
				&& track.get(0).getMessage().endsWith("(overload intended)"), track.get(0)::getMessage);
		// the four experiments: information each
		assertEquals(4, withCode(issues, org.adamant.dsl.validation.IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED).size(),
				issues::toString);
		Application reflector = (Application) model(resource).getElements().stream()
				.filter(e -> e instanceof Application a && a.getName().equals("jbi_reflector")).findFirst().get();
		Publication bf = (Publication) reflector.getEndpoints().get(0);
		Flow flow = Flow.of(bf);
		assertEquals(1, flow.receivers());
		// 20 Hz of 1 KB to one client on 5 KB/s, one tag (PositionUpdate is keyless, as Mockets tagged
		// each stream), of which the images (no replacement) need 0.1 * (5120 + 78) B/s on the writer's link
		// (data with 36 B of header and 42 B of the link's; the ACKs leave on the reader's): the link left
		// carries one 1142-byte datagram per S = 1142 / (5120 - 519.8) s, so 1000 updates in 50 s
		// deliver 50 / S + 1; the update sent is 25 ms old, chosen when the link is free (the bucket
		// saves nothing up), then S, then half the 1 ms RTT
		assertEquals(1, flow.scenario().get().tags());
		var best = TransportRanking.rank(bf).stream().filter(TransportRanking.Assessment::feasible).findFirst();
		assertTrue(best.isPresent());
		assertEquals("mockets", best.get().name());
		assertEquals(519.8, flow.othersLoad(), 1e-9);
		double service = 1142.0 / (5120 - 519.8);
		assertEquals((50 / service + 1) / 1000, best.get().prediction().delivery(), 1e-12);
		assertEquals(0.025 + service + 0.0005, best.get().prediction().meanLatency(), 1e-12);
		Environment fluctuating = (Environment) load("profiles/tactical.adamant").getContents().get(0).eContents()
				.stream().filter(e -> e instanceof Environment en && en.getName().equals("fluctuating_link"))
				.findFirst().get();
		assertEquals(5 * 1024.0, Flow.minBandwidth(fluctuating));
		assertEquals((40 * 1024.0 * 50 + 5 * 1024.0 * 10) / 60, Flow.meanBandwidth(fluctuating), 1e-9);
		assertFalse(fluctuating.isMulticastAvailable());
		assertTrue(fluctuating.isMulticastUnavailable());
	}

	@Test
	void aKeyedTypeHasOneReplacementTagPerInstanceAKeylessOneTag() {
		// the OpenDDS blue-force model keeps PositionUpdate's @key node: 20 Hz is 20 instances, 20 tags
		Resource keyed = load("tests/e2e/opendds/blueforce_replace.adamant");
		Application reflector = (Application) model(keyed).getElements().stream()
				.filter(e -> e instanceof Application a && a.getName().equals("jbi_reflector")).findFirst().get();
		assertEquals(20, Flow.of((Publication) reflector.getEndpoints().get(0)).scenario().get().tags());
		// examples/blueforce: keyless, as the Mockets experiments tagged each stream once
		Resource keyless = load("examples/blueforce/blueforce.adamant");
		Application reflector2 = (Application) model(keyless).getElements().stream()
				.filter(e -> e instanceof Application a && a.getName().equals("jbi_reflector")).findFirst().get();
		assertEquals(1, Flow.of((Publication) reflector2.getEndpoints().get(0)).scenario().get().tags());
	}
}
