package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * {@code overload intended}: a flow or an experiment that offers more than its link carries on
 * purpose gets information, not a warning; a link one flow over-runs alone is reported once.
 */
class OverloadIntendedTest {

	private static final String MODEL = AdamantTestSupport.SCAN_HEADER + """
			topic T : Scan
			topic U : Scan
			transport swap { cast unicast reliability reliable ordering ordered replacement maps to runtime replace }
			environment link { bandwidth 5 KB/s rtt 1 ms }
			application gw { environment link
				publish T rate 20 Hz payload 1 KB transport swap INTENDED
				publish U rate 1 Hz payload 100 B transport swap }
			application client { environment link subscribe T transport swap subscribe U transport swap }
			experiment x { topic T transports swap receivers 1 loss 0 % rate 20 Hz updates 10 payload 1 KB
				environment link EXPERIMENT }
			""";

	@Test
	void unstatedTheOverloadIsWarnedOnceForTheFlowAndOnceForTheExperiment() throws Exception {
		List<Issue> warnings = warnings(MODEL.replace("INTENDED", "").replace("EXPERIMENT", ""));
		// the flow's own finding, not the environment's sum as well
		assertEquals(1, AdamantTestSupport.withCode(warnings, IssueCodes.BANDWIDTH_EXCEEDED).size(), warnings::toString);
		List<Issue> link = AdamantTestSupport.withCode(warnings, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		assertEquals(1, link.size(), warnings::toString);
		assertTrue(link.get(0).getMessage().startsWith("Experiment 'x'") && link.get(0).getMessage()
				.endsWith("if it is, state `overload intended`"), link.get(0)::getMessage);
		assertEquals(2, warnings.size(), warnings::toString);
	}

	@Test
	void statedTheOverloadIsInformation() throws Exception {
		Resource resource = AdamantTestSupport.loadText(MODEL.replace("INTENDED", "overload intended")
				.replace("EXPERIMENT", "overload intended"));
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		List<Issue> issues = AdamantTestSupport.validate(resource);
		assertEquals(List.of(), issues.stream().filter(i -> i.getSeverity() != Severity.INFO).map(Issue::getMessage).toList());
		List<Issue> info = issues.stream().filter(i -> i.getSeverity() == Severity.INFO
				&& i.getMessage().endsWith("(overload intended)")).toList();
		assertEquals(2, info.size(), issues::toString);
	}

	@Test
	void twoFlowsThatFitAloneButNotTogetherAreWarnedUnlessOneIsIntended() throws Exception {
		String two = MODEL.replace("publish T rate 20 Hz payload 1 KB", "publish T rate 3 Hz payload 1 KB")
				.replace("publish U rate 1 Hz payload 100 B", "publish U rate 3 Hz payload 1 KB").replace("EXPERIMENT", "");
		List<Issue> warned = AdamantTestSupport.withCode(warnings(two.replace("INTENDED", "")),
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		assertTrue(warned.stream().anyMatch(i -> i.getMessage().startsWith("Environment 'link' carries 2 flows")),
				warned::toString);
		// T alone fits, so stating it intended leaves U's share: still within the link, so information
		List<Issue> intended = AdamantTestSupport.withCode(warnings(two.replace("INTENDED", "overload intended")),
				IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		assertTrue(intended.stream().noneMatch(i -> i.getMessage().startsWith("Environment 'link'")), intended::toString);
	}

	private static List<Issue> warnings(String text) throws Exception {
		Resource resource = AdamantTestSupport.loadText(text);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		return AdamantTestSupport.validate(resource).stream().filter(i -> i.getSeverity() == Severity.WARNING).toList();
	}
}
