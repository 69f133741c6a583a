package org.adamant.dsl.ide.tests;

import static org.adamant.dsl.ide.tests.IdeTestSupport.HEADER;
import static org.adamant.dsl.ide.tests.IdeTestSupport.errors;
import static org.adamant.dsl.ide.tests.IdeTestSupport.load;
import static org.adamant.dsl.ide.tests.IdeTestSupport.text;
import static org.adamant.dsl.ide.tests.IdeTestSupport.validate;
import static org.adamant.dsl.ide.tests.IdeTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every fixable rule: a model that breaks it gets fixes, and each fix, applied to the text, leaves
 * a model that parses, with fewer issues of that code and no more errors than before.
 */
class QuickFixesTest {

	private static final String LAN = """
			environment lan { multicast available loss 1 % rtt 200 us }
			""";

	private static final Set<String> EXERCISED = new HashSet<>();

	static Stream<Arguments> cases() {
		return Stream.of(
				Arguments.of(IssueCodes.MISSING_UNIT, "qos Q { deadline 50 }"),
				Arguments.of(IssueCodes.WRONG_UNIT, "qos Q { deadline 50 Hz }"),
				Arguments.of(IssueCodes.WRONG_UNIT, """
						transport rc { cast multicast reliability probabilistic maps to runtime ricochet(r = 4 ms) }"""),
				Arguments.of(IssueCodes.VALUE_OUT_OF_RANGE, "qos Q { deadline -5 ms }"),
				Arguments.of(IssueCodes.VALUE_OUT_OF_RANGE, "qos Q { max_loss 150 % }"),
				Arguments.of(IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT, """
						qos R { reliability reliable }
						topic T : Scan qos R
						application a { publish T rate 10 Hz transport baseline }
						application b { subscribe T transport baseline }"""),
				Arguments.of(IssueCodes.HISTORY_DEPTH_INVALID, "qos Q { history keep_last 0 }"),
				Arguments.of(IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS,
						"qos Q { history keep_last 5 resource_limits max_samples_per_instance 2 }"),
				Arguments.of(IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS,
						"qos Q { history keep_last 5 resource_limits max_samples 3 max_samples_per_instance 2 }"),
				Arguments.of(IssueCodes.RESOURCE_LIMITS_INCONSISTENT,
						"qos Q { resource_limits max_samples 2 max_samples_per_instance 5 }"),
				Arguments.of(IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE, "qos Q { deadline 10 ms time_based_filter 20 ms }"),
				Arguments.of(IssueCodes.EXTENDS_CYCLE, "qos A extends B { }\nqos B extends A { }"),
				Arguments.of(IssueCodes.DUPLICATE_NAME, "struct X { uint32 a; }\nstruct X { uint32 b; }"),
				Arguments.of(IssueCodes.DUPLICATE_NAME, "struct M { uint32 a; float a; }"),
				Arguments.of(IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, """
						qos O { reliability best_effort presentation topic ordered }
						topic T : Scan qos O
						application a { publish T rate 10 Hz transport baseline }"""),
				Arguments.of(IssueCodes.MULTICAST_UNAVAILABLE, """
						qos BE { reliability best_effort }
						topic T : Scan qos BE
						application a { environment radio_link publish T rate 1 Hz transport nakcast }"""),
				Arguments.of(IssueCodes.REPLACEMENT_UNSUPPORTED, """
						qos Rp { reliability reliable replacement }
						topic T : Scan qos Rp
						application a { publish T rate 10 Hz transport nakcast }"""),
				Arguments.of(IssueCodes.PRIORITY_UNSUPPORTED, """
						qos Pr { priority 5 }
						topic T : Scan qos Pr
						application a { publish T rate 10 Hz transport nakcast }"""),
				Arguments.of(IssueCodes.UNKNOWN_PARAMETER, """
						transport nx { cast multicast reliability reliable maps to runtime nakcast(foo = 3) }"""),
				Arguments.of(IssueCodes.UNKNOWN_PARAMETER, """
						transport nx { cast multicast reliability reliable maps to runtime nakcast(timeout = 50 ms, foo = 3) }"""),
				Arguments.of(IssueCodes.UNKNOWN_PARAMETER, """
						topic T : Scan
						experiment x { topic T transports nakcast receivers 3 loss 1 % rate 10 Hz updates 100 foo 25 ms, 50 ms }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						transport rc { cast multicast reliability probabilistic maps to runtime ricochet(r = 1, c = 1) }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						transport rc { cast multicast reliability probabilistic maps to runtime ricochet
							param r default 100 range 2..64 }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						transport rc { cast multicast reliability probabilistic maps to runtime ricochet
							param r range 64..2 }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						transport nx { cast multicast reliability reliable maps to runtime nakcast(timeout = 0 ms) }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						topic T : Scan
						experiment x { topic T transports ricochet receivers 3 loss 1 % rate 10 Hz updates 100 r 1, 4 }"""),
				Arguments.of(IssueCodes.PARAMETER_OUT_OF_RANGE, """
						qos BE { reliability best_effort }
						topic T : Scan qos BE
						application a { publish T rate 10 Hz transport ricochet }
						application b { subscribe T }"""),
				Arguments.of(IssueCodes.DEADLINE_SHORTER_THAN_PERIOD, """
						qos D { deadline 10 ms }
						topic T : Scan qos D
						application a { publish T rate 30 Hz transport nakcast }"""),
				Arguments.of(IssueCodes.UNBOUNDED_QUEUE_GROWTH, """
						qos Rel { reliability reliable }
						topic T : Scan qos Rel
						application a { environment radio_link publish T rate 20 Hz payload 1 KB transport mockets_unsequenced }
						application b { subscribe T transport mockets_unsequenced }"""),
				Arguments.of(IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND, LAN + """
						qos L { reliability reliable max_latency 40 ms }
						topic T : Scan qos L
						application a { environment lan publish T rate 100 Hz transport nakcast_50ms }
						application b { environment lan instances 3 subscribe T }"""),
				Arguments.of(IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS, LAN + """
						qos M { reliability best_effort max_loss 0.5 % }
						topic T : Scan qos M
						application a { environment lan publish T rate 100 Hz transport baseline }
						application b { environment lan instances 3 subscribe T }"""),
				Arguments.of(IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, """
						qos O { destination_order by_source_timestamp }
						topic T : Scan qos O
						application a { publish T rate 10 Hz transport baseline }
						application b { subscribe T }"""),
				Arguments.of(IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT, """
						qos H { reliability reliable history keep_all }
						topic T : Scan qos H
						application a { environment radio_link publish T rate 1 Hz transport mockets }
						application b { environment radio_link subscribe T }"""),
				Arguments.of(IssueCodes.DDS_POLICY_UNSUPPORTED, """
						qos D { reliability reliable ownership exclusive }
						topic T : Scan qos D
						application a { publish T rate 10 Hz transport nakcast }
						application b { subscribe T }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_DOMAIN, """
						topic T : Scan
						application a { publish T rate 10 Hz }
						application b { domain 3 subscribe T }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_DOMAIN, """
						topic T : Scan
						application a { domain 1 publish T rate 10 Hz }
						application b { domain 3 subscribe T }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_PARTITION, """
						qos A { partition "red" }
						qos B { partition "blue" }
						topic T : Scan
						application a { publish T qos A rate 10 Hz }
						application b { subscribe T qos B }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_TRANSPORT, """
						topic T : Scan
						application a { publish T rate 10 Hz transport nakcast }
						application b { subscribe T transport opendds_tcp }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_TRANSPORT, """
						topic T : Scan
						application a { publish T rate 10 Hz transport nakcast }
						application b { subscribe T transport nakcast_25ms }"""),
				Arguments.of(IssueCodes.INCOMPATIBLE_RELIABILITY, pair("reliability best_effort", "reliability reliable")),
				Arguments.of(IssueCodes.INCOMPATIBLE_DURABILITY, pair("", "durability transient_local")),
				Arguments.of(IssueCodes.INCOMPATIBLE_DEADLINE, pair("deadline 200 ms", "deadline 150 ms")),
				Arguments.of(IssueCodes.INCOMPATIBLE_LATENCY_BUDGET, pair("latency_budget 10 ms", "latency_budget 5 ms")),
				Arguments.of(IssueCodes.INCOMPATIBLE_LIVELINESS, pair("", "liveliness manual_by_topic")),
				Arguments.of(IssueCodes.INCOMPATIBLE_OWNERSHIP, pair("ownership exclusive", "")),
				Arguments.of(IssueCodes.INCOMPATIBLE_DESTINATION_ORDER, pair("", "destination_order by_source_timestamp")),
				Arguments.of(IssueCodes.INCOMPATIBLE_PRESENTATION, pair("", "presentation topic coherent")),
				Arguments.of(IssueCodes.ADAPTIVE_CANDIDATE_UNFIT, """
						topic T : Scan
						application a { publish T rate 10 Hz transport adaptive among opendds_udp, nakcast, baseline }
						application b { subscribe T transport adaptive }"""),
				Arguments.of(IssueCodes.ADAPTIVE_HYSTERESIS, """
						topic T : Scan
						application a { publish T rate 10 Hz transport adaptive among nakcast, nakcast_25ms margin 150 % }
						application b { subscribe T transport adaptive }"""),
				Arguments.of(IssueCodes.ADAPTIVE_HYSTERESIS, """
						topic T : Scan
						application a { publish T rate 10 Hz transport adaptive among nakcast, nakcast_25ms }
						application b { subscribe T transport adaptive hold 1 s }"""));
	}

	/** A writer with profile W and a reader with profile R of one topic (the reader's topic has none). */
	private static String pair(String writer, String reader) {
		return "qos W { " + writer + " }\nqos R { " + reader + " }\ntopic T : Scan\n"
				+ "application a { publish T qos W rate 10 Hz }\napplication b { subscribe T qos R }";
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("cases")
	void everyFixRemovesItsIssue(String code, String body) {
		XtextResource resource = load(HEADER + body);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax errors: " + resource.getErrors());
		List<Issue> before = validate(resource);
		List<Issue> issues = withCode(before, code);
		assertFalse(issues.isEmpty(), () -> "no " + code + " in " + before);
		for (Issue issue : issues) {
			List<Fix> fixes = AdamantQuickFixes.fixesFor(resource, issue);
			assertFalse(fixes.isEmpty(), () -> "no fix for " + issue);
			for (Fix fix : fixes) {
				String fixed = fix.apply(text(resource));
				XtextResource after = load(fixed);
				assertTrue(after.getErrors().isEmpty(), () -> fix.title() + " broke the syntax:\n" + fixed);
				List<Issue> now = validate(after);
				assertTrue(withCode(now, code).size() < issues.size(),
						() -> fix.title() + " left " + withCode(now, code) + " in\n" + fixed);
				assertTrue(errors(now).size() <= errors(before).size(),
						() -> fix.title() + " added errors " + errors(now) + " in\n" + fixed);
			}
		}
		EXERCISED.add(code);
	}

	/** Every code the API calls fixable has a case above. */
	@AfterAll
	static void everyFixableCodeIsExercised() {
		Set<String> missing = new HashSet<>(AdamantQuickFixes.FIXABLE_CODES);
		missing.removeAll(EXERCISED);
		missing.remove(IssueCodes.BANDWIDTH_EXCEEDED); // bandwidthWarningSwitchesToReplacement
		assertEquals(Set.of(), missing, "fixable codes without a passing case");
	}

	@Test
	void bandwidthWarningSwitchesToReplacement() {
		XtextResource resource = load(HEADER + """
				qos Rel { reliability reliable }
				topic T : Scan qos Rel
				application a { environment fluctuating_link publish T rate 10 Hz payload 1 KB transport mockets_unsequenced }
				application b { subscribe T }
				""");
		Issue warning = withCode(validate(resource), IssueCodes.BANDWIDTH_EXCEEDED).get(0);
		assertTrue(warning.getMessage().contains("low phase"), warning.getMessage());
		List<Fix> fixes = AdamantQuickFixes.fixesFor(resource, warning);
		Fix mockets = fixes.stream().filter(f -> f.title().startsWith("Switch to transport 'mockets'")).findFirst()
				.orElseThrow(() -> new AssertionError(fixes.toString()));
		List<Issue> after = withCode(validate(load(mockets.apply(text(resource)))), IssueCodes.BANDWIDTH_EXCEEDED);
		assertEquals(1, after.size());
		assertTrue(after.get(0).getMessage().contains("replacement keeps the queue bounded"), after.get(0).getMessage());
	}

	@Test
	void titlesAndTexts() {
		XtextResource resource = load(HEADER + """
				qos D { deadline 10 ms reliability reliable }
				topic T : Scan qos D
				application a { publish T rate 30 Hz transport baseline }
				application b { subscribe T }
				qos U { latency_budget 5 }
				""");
		List<Issue> issues = validate(resource);
		List<String> deadline = titles(resource, withCode(issues, IssueCodes.DEADLINE_SHORTER_THAN_PERIOD).get(0));
		assertEquals(List.of("Raise the deadline to the send period (33.334 ms)", "Publish at 100 Hz (one update per deadline)"),
				deadline);
		List<String> unit = titles(resource, withCode(issues, IssueCodes.MISSING_UNIT).get(0));
		assertEquals(List.of("Add unit 'ms'", "Add unit 'us'", "Add unit 's'"), unit);
		List<String> reliable = titles(resource, withCode(issues, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT).get(0));
		assertTrue(reliable.stream().anyMatch(t -> t.matches("Switch to transport '\\w+' \\(predicted ReLate2 .+\\)")),
				reliable::toString);
		assertTrue(reliable.contains("Make QoS profile 'D' best_effort"), reliable::toString);
		assertTrue(reliable.stream().anyMatch(t -> t.startsWith("Use transport auto (now '")), reliable::toString);
	}

	@Test
	void pairFixesAlignOneSideAndTypesAreADesignDecision() {
		XtextResource resource = load(HEADER + """
				qos W { reliability best_effort }
				qos R { reliability reliable }
				topic T : Scan qos W
				application a { publish T rate 10 Hz transport nakcast }
				application b { subscribe T qos R transport nakcast }
				""");
		Issue incompatible = withCode(validate(resource), IssueCodes.INCOMPATIBLE_RELIABILITY).get(0);
		assertEquals(List.of("Give the reader the writer's QoS profile 'W'", "Give the writer the reader's QoS profile 'R'"),
				titles(resource, incompatible));
		// which of two declarations of a type is right the model cannot tell
		assertFalse(AdamantQuickFixes.FIXABLE_CODES.contains(IssueCodes.INCOMPATIBLE_TYPE));
		// the profile to relax is in this file, but a reliable-on-unreliable in a catalog-only model has no profile fix
		XtextResource imported = load(HEADER + """
				topic T : Scan qos BlueForceTrack
				application a { publish T rate 1 Hz transport baseline }
				""");
		Issue issue = withCode(validate(imported), IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT).get(0);
		List<String> titles = titles(imported, issue);
		assertTrue(titles.stream().noneMatch(t -> t.startsWith("Make QoS profile")), titles::toString);
		assertFalse(titles.isEmpty());
	}

	@Test
	void unresolvedNamesGetTheClosestVisibleOnes() {
		XtextResource resource = load(HEADER + """
				qos Fast { reliability best_effort }
				topic T : Scan qos Fsat
				application a { publish T rate 10 Hz transport nakcats }
				""");
		List<Issue> linking = withCode(validate(resource), AdamantQuickFixes.LINKING);
		assertEquals(2, linking.size(), linking::toString);
		List<String> profile = titles(resource, linking.get(0));
		assertEquals("Change to 'Fast'", profile.get(0), profile::toString);
		List<String> transport = titles(resource, linking.get(1));
		assertEquals("Change to 'nakcast'", transport.get(0), transport::toString);
		String fixed = AdamantQuickFixes.fixesFor(resource, linking.get(1)).get(0)
				.apply(AdamantQuickFixes.fixesFor(resource, linking.get(0)).get(0).apply(text(resource)));
		assertEquals(List.of(), errors(validate(load(fixed))), fixed);
		// nothing close: no fix
		XtextResource far = load(HEADER + "topic T : Scan qos Completely_different\n");
		assertEquals(List.of(), AdamantQuickFixes.fixesFor(far, withCode(validate(far), AdamantQuickFixes.LINKING).get(0)));
	}

	@Test
	void editsApplyBackToFront() {
		Fix fix = new Fix("swap", List.of(new Edit(0, 1, "xyz"), new Edit(4, 1, "")));
		assertEquals("xyzbcd", fix.apply("abcde"));
	}

	private static List<String> titles(XtextResource resource, Issue issue) {
		return AdamantQuickFixes.fixesFor(resource, issue).stream().map(Fix::title).toList();
	}
}
