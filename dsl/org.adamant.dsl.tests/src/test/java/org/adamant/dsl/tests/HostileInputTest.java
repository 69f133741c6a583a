package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.loadText;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Limits;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Models a hostile or careless user writes: each is an error on its line that says how to fix it. */
class HostileInputTest {

	private static List<Issue> issues(String body) throws Exception {
		return AdamantTestSupport.issuesOf(body);
	}

	private static List<Issue> withCode(List<Issue> all, String code) {
		return AdamantTestSupport.withCode(all, code);
	}

	private static void fires(String body, String code, int count, String fragment) throws Exception {
		List<Issue> all = issues(body);
		List<Issue> hits = withCode(all, code);
		assertEquals(count, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains(fragment), hits.get(0)::getMessage);
		assertTrue(all.stream().noneMatch(i -> i.getMessage().contains("'null'")), all::toString);
	}

	private static String chain(int n) {
		StringBuilder b = new StringBuilder();
		for (int i = 0; i < n - 1; i++) {
			b.append("struct S").append(i).append(" { S").append(i + 1).append(" next; }\n");
		}
		return b.append("struct S").append(n - 1).append(" { uint32 id; }\n").toString();
	}

	@Test
	void structsNestedTooDeepAreReportedOnceWhereTheNestingStarts() throws Exception {
		fires(chain(Limits.MAX_TYPE_NESTING + 100), IssueCodes.TYPE_NESTING_TOO_DEEP, 1, "Struct 'S0' nests structs 164");
		assertTrue(withCode(issues(chain(Limits.MAX_TYPE_NESTING)), IssueCodes.TYPE_NESTING_TOO_DEEP).isEmpty());
	}

	/** Found by the language fuzz campaign: each reference rebuilt its scope, 3,000 chained structs took 11 s. */
	@Test
	void tenThousandChainedStructsValidateInLinearTime() throws Exception {
		List<Issue> all = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> issues(chain(10_000)));
		assertEquals(1, withCode(all, IssueCodes.TYPE_NESTING_TOO_DEEP).size(), all::toString);
	}

	@Test
	void sequencesNestedTooDeep() throws Exception {
		int n = Limits.MAX_TYPE_NESTING + 1;
		fires("struct D { " + "sequence<".repeat(n) + "uint8" + ">".repeat(n) + " x; }", IssueCodes.TYPE_NESTING_TOO_DEEP,
				1, "nests " + n + " sequences");
	}

	@Test
	void aStructThatContainsItselfIsAnError() throws Exception {
		fires("struct Self { Self me; }", IssueCodes.TYPE_CONTAINS_ITSELF, 1, "Struct 'Self' contains itself");
		fires("struct A { B b; } struct B { sequence<A> a; }", IssueCodes.TYPE_CONTAINS_ITSELF, 1,
				"cycle of 2 structs (A > B > A)");
	}

	@Test
	void duplicateNamesOfEveryKind() throws Exception {
		String[] kinds = { "struct X { }", "enum X { a }", "qos X { }", "topic X : Scan",
				"transport X { cast unicast reliability reliable maps to runtime baseline }", "environment X { }",
				"application X { }", "experiment X { topic T transports nakcast receivers 1 loss 1 % rate 1 Hz updates 10 }" };
		for (String k : kinds) {
			String body = (k.startsWith("experiment") ? "topic T : Scan\n" : "") + k + "\n" + k + "\n";
			List<Issue> all = issues(body);
			assertEquals(2, withCode(all, IssueCodes.DUPLICATE_NAME).stream()
					.filter(i -> i.getMessage().contains(" named 'X'")).count(), k + ": " + all);
		}
		fires("struct M { uint32 a; float a; }", IssueCodes.DUPLICATE_NAME, 2, "struct 'M' has another member named 'a'");
		fires("transport R { cast multicast reliability reliable maps to runtime ricochet(r = 4, r = 8) }",
				IssueCodes.DUPLICATE_NAME, 2, "Duplicate parameter 'r'");
		// a topic may share its struct's name: different kinds
		assertTrue(withCode(issues("topic Scan : Scan"), IssueCodes.DUPLICATE_NAME).isEmpty());
	}

	@Test
	void absurdNumbers() throws Exception {
		String app = "topic T : Scan\napplication A { publish T rate %s transport nakcast subscribe T }";
		fires(app.formatted("0 Hz"), IssueCodes.VALUE_OUT_OF_RANGE, 1, "rate of 0 Hz");
		fires(app.formatted("100000000 Hz"), IssueCodes.VALUE_OUT_OF_RANGE, 1, "above the limit");
		fires(app.formatted("1" + "0".repeat(400) + " Hz"), IssueCodes.VALUE_OUT_OF_RANGE, 1, "Number too large");
		fires("environment E { bandwidth 0 B/s }", IssueCodes.VALUE_OUT_OF_RANGE, 1, "bandwidth of 0 B/s");
		fires("environment E { loss 100 % }", IssueCodes.VALUE_OUT_OF_RANGE, 1, "loss of 100 %");
		fires("environment E { loss 50 % to 3 % }", IssueCodes.VALUE_OUT_OF_RANGE, 1, "loss 3 % to 50 %");
		fires("application A { instances 0 }", IssueCodes.COUNT_OUT_OF_RANGE, 1, "instances 0");
		fires("topic T : Scan\nexperiment X { topic T transports nakcast receivers 0 loss 1 % rate 1 Hz updates 0 runs 0 }",
				IssueCodes.COUNT_OUT_OF_RANGE, 3, "receivers 0");
		Resource r = loadText(AdamantTestSupport.SCAN_HEADER + "qos K { history keep_last 99999999999999999999 }");
		assertEquals(1, r.getErrors().size(), r.getErrors()::toString);
		assertTrue(r.getErrors().get(0).getMessage().contains("too large: a whole number here is at most 2147483647"),
				r.getErrors().get(0)::getMessage);
		assertTrue(withCode(AdamantTestSupport.validate(r), IssueCodes.HISTORY_DEPTH_INVALID).isEmpty());
	}

	@Test
	void invalidParametersAreNotRankedForAuto() throws Exception {
		for (String params : List.of("r = 2.5", "c = 0")) {
			Resource r = loadText(AdamantTestSupport.SCAN_HEADER + """
					transport bad { cast multicast reliability probabilistic maps to runtime ricochet(%s) }
					environment lan { multicast available loss 3 %% }
					topic T : Scan
					application gw { environment lan publish T rate 100 Hz payload 12 B transport auto }
					application fc { environment lan instances 10 subscribe T }
					""".formatted(params));
			Publication p = (Publication) model(r).getElements().stream().filter(e -> e instanceof Application a
					&& "gw".equals(a.getName())).map(e -> ((Application) e).getEndpoints().get(0)).findFirst().get();
			Assessment bad = TransportRanking.rank(p).stream().filter(a -> a.name().equals("bad")).findFirst().get();
			assertFalse(bad.feasible(), params + ": " + bad);
		}
	}

	/** Found by the language fuzz campaign: the prediction summed over r = 2^31 - 1 (validate ran for minutes). */
	@Test
	@Timeout(60)
	void aHugeRicochetBatchIsOutOfRangeAndNotPredicted() throws Exception {
		fires("""
				transport big { cast multicast reliability probabilistic ordering unordered
					maps to runtime ricochet(r = 4294967296, c = 2) }
				environment lan { multicast available loss 0 % bandwidth 100 Mbit/s rtt 200 us }
				topic T : Scan
				application gw { environment lan publish T rate 100 Hz payload 12 B transport big }
				application fc { environment lan instances 3 subscribe T transport auto }
				""", IssueCodes.PARAMETER_OUT_OF_RANGE, 2, "outside the runtime's range");
	}

	/** Found by the language fuzz campaign: a runtime parameter without a name failed a check (an NPE). */
	@Test
	void aRuntimeParameterWithoutANameIsOnlyASyntaxError() throws Exception {
		System.setProperty("adamant.validation.strict", "true"); // a failing check is reported, not ignored
		try {
			Resource r = loadText(AdamantTestSupport.SCAN_HEADER
					+ "transport t { cast multicast reliability reliable maps to runtime nakcast( = 50 ms) }");
			assertFalse(r.getErrors().isEmpty());
			List<Issue> all = AdamantTestSupport.validate(r);
			assertTrue(withCode(all, IssueCodes.INTERNAL_ERROR).isEmpty(), all::toString);
		} finally {
			System.clearProperty("adamant.validation.strict");
		}
	}

	@Test
	void byteOrderMarkIsAccepted() throws Exception {
		Resource r = loadText("\uFEFFmodel bom\nstruct S { uint32 id; }\n");
		assertTrue(r.getErrors().isEmpty(), r.getErrors()::toString);
	}

	@Test
	void controlCharactersInPartitionNames() throws Exception {
		fires("qos P { partition \"a\nb\" }", IssueCodes.CONTROL_CHARACTER, 1, "U+000A");
	}

	@Test
	void aLongExtendsCycleIsReportedOnceAndBriefly() throws Exception {
		StringBuilder b = new StringBuilder();
		for (int i = 0; i < 1000; i++) {
			b.append("qos Q").append(i).append(" extends Q").append((i + 1) % 1000).append(" { }\n");
		}
		List<Issue> all = issues(b.toString());
		List<Issue> cycle = withCode(all, IssueCodes.EXTENDS_CYCLE);
		assertEquals(1, cycle.size());
		assertTrue(cycle.get(0).getMessage().contains("cycle of 1000 profiles (Q0 extends Q1"), cycle.get(0)::getMessage);
		assertTrue(cycle.get(0).getMessage().length() < 300, cycle.get(0)::getMessage);
	}
}
