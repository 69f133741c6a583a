package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.SweepVariants;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.semantics.ParameterValue.Source;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * The replace sender's {@code pace_mode} (fixed | estimate, the contract's choice): stated in a
 * mapping or swept by an experiment as words, validated against the contract's choices, lowered to
 * the runtime's option.
 */
class PaceModeTest {

	private static final String MODEL = AdamantTestSupport.SCAN_HEADER + """
			topic T : Scan
			transport paced { cast unicast reliability reliable ordering ordered replacement maps to runtime replace }
			transport estimating { cast unicast reliability reliable ordering ordered replacement
				maps to runtime replace(pace_mode = estimate) }
			environment link { bandwidth 40 KB/s rtt 1 ms }
			experiment one { topic T transports paced receivers 1 loss 0 % rate 10 Hz updates 10 payload 100 B
				environment link pace_mode estimate }
			experiment both { topic T transports paced receivers 1 loss 0 % rate 10 Hz updates 10 payload 100 B
				environment link pace_mode fixed, estimate }
			""";

	@Test
	void aMappingStatesTheModeAndTheRuntimeGetsItsWord() throws Exception {
		Resource resource = load(MODEL);
		assertEquals(List.of(), AdamantTestSupport.validate(resource).stream().filter(i -> i.getSeverity()
				!= org.eclipse.xtext.diagnostics.Severity.INFO).map(Issue::getMessage).toList());
		RuntimeTransport estimating = TransportLowering.resolve(transport(resource, "estimating")).orElseThrow();
		assertEquals(Source.MODEL, estimating.replace().paceMode().source());
		assertEquals(Map.of("pace_mode", "estimate"), estimating.engineOptions());
		assertEquals(List.of("pace_mode"), estimating.stated().stream().map(p -> p.name()).toList());
		RuntimeTransport paced = TransportLowering.resolve(transport(resource, "paced")).orElseThrow();
		assertEquals(Source.CONTRACT, paced.replace().paceMode().source());
		assertTrue(paced.engineOptions().isEmpty());
	}

	@Test
	void anExperimentSweepsTheWords() throws Exception {
		Resource resource = load(MODEL);
		List<SweepVariants.Variant> one = SweepVariants.of(experiment(resource, "one"));
		assertEquals(1, one.size());
		assertEquals(Map.of("pace_mode", "estimate"), one.get(0).transport().engineOptions());
		assertEquals("estimate", one.get(0).swept().get(0).word());
		List<SweepVariants.Variant> both = SweepVariants.of(experiment(resource, "both"));
		assertEquals(List.of("fixed", "estimate"),
				both.stream().map(v -> v.transport().engineOptions().get("pace_mode")).toList());
	}

	@Test
	void aWordNotAmongTheChoicesIsAnError() throws Exception {
		Resource resource = load(MODEL.replace("maps to runtime replace(pace_mode = estimate)",
				"maps to runtime replace(pace_mode = guess)").replace("pace_mode fixed, estimate", "pace_mode fixed, wild"));
		List<String> errors = AdamantTestSupport.withCode(AdamantTestSupport.validate(resource),
				IssueCodes.PARAMETER_OUT_OF_RANGE).stream().map(Issue::getMessage).toList();
		assertEquals(2, errors.size(), errors::toString);
		assertTrue(errors.stream().allMatch(e -> e.endsWith("write one of fixed, estimate")), errors::toString);
		assertTrue(errors.stream().anyMatch(e -> e.startsWith("pace_mode wild: 'wild' is not a value of pace_mode")),
				errors::toString);
	}

	private static Resource load(String text) throws Exception {
		Resource resource = AdamantTestSupport.loadText(text);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		return resource;
	}

	private static Transport transport(Resource resource, String name) {
		return AdamantTestSupport.named(resource, Transport.class, name);
	}

	private static Experiment experiment(Resource resource, String name) {
		return AdamantTestSupport.named(resource, Experiment.class, name);
	}
}
