package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AgreementFile;
import org.adamant.dsl.adaptive.DecisionTable;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.prediction.Flow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * runtime/contract/adaptive_agreement.json is what Java writes for tests/models/adaptive.adamant, and
 * adaptive_agreement_strict.json for the same model with max_latency 40 ms (nakcast last), where at some points no
 * candidate meets the constraints (the runtime's CTest checks its pick against both): fails when stale,
 * and says how to rewrite them.
 */
class AdaptiveAgreementTest {

	static final String REWRITE = "./mvnw -B -o -q verify -pl dsl/org.adamant.target,dsl/org.adamant.dsl,"
			+ "dsl/org.adamant.dsl.tests -Dtest=AdaptiveAgreementTest -Dadamant.updateAgreement=true "
			+ "-Dsurefire.failIfNoSpecifiedTests=false";

	static Path file(String name) {
		return AdamantTestSupport.ROOT.resolve("runtime/contract/" + name + ".json");
	}

	/**
	 * The adaptive flow of the test model; {@code strict}: with max_latency 40 ms instead of 100 ms and
	 * nakcast, which comes closest where none meets that, listed last.
	 */
	static Publication publication(boolean strict) throws IOException {
		if (!strict) {
			return AdaptiveTest.publication(AdamantTestSupport.load(AdaptiveTest.MODEL));
		}
		String text = Files.readString(AdamantTestSupport.ROOT.resolve(AdaptiveTest.MODEL), StandardCharsets.UTF_8)
				.replace("import \"../../profiles/transports.adamant\"", "import \"transports.adamant\"")
				.replace("max_latency 100 ms", "max_latency 40 ms")
				.replace("among nakcast, ricochet(r = 4..8), fec(c = 1..2)", "among fec(c = 1..2), ricochet(r = 4..8), nakcast");
		return AdaptiveTest.publication(AdamantTestSupport.loadText(text));
	}

	@ParameterizedTest
	@ValueSource(strings = { "adaptive_agreement", "adaptive_agreement_strict" })
	void agreementFileIsCurrent(String name) throws IOException {
		Publication p = publication(name.endsWith("_strict"));
		DecisionTable table = TablePrediction.of(p).orElseThrow();
		String expected = AgreementFile.write(table, Flow.of(p));
		Path file = file(name);
		if (Boolean.getBoolean("adamant.updateAgreement")) {
			Files.writeString(file, expected, StandardCharsets.UTF_8);
		}
		assertTrue(Files.isRegularFile(file), file + " is missing; write it with\n  " + REWRITE);
		assertEquals(expected, Files.readString(file, StandardCharsets.UTF_8),
				"runtime/contract/" + name + ".json is stale; rewrite it with\n  " + REWRITE);
	}

	/**
	 * On the grid, Java's pick and the predictions' best agree in the file too, where no candidate meets
	 * the constraints as well (then both take the lowest ReLate2 of all: the strict file has such points,
	 * some where that is not candidate 0).
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void gridQueriesPickThePredictionsBest(boolean strict) throws IOException {
		Publication p = publication(strict);
		DecisionTable table = TablePrediction.of(p).orElseThrow();
		int noneEligible = 0;
		for (AgreementFile.Query q : AgreementFile.queries(table, Flow.of(p))) {
			boolean onGrid = table.axes().receivers().contains(q.receivers()) && table.axes().lossPct().contains(q.lossPct())
					&& table.axes().rateHz().contains(q.rateHz());
			if (onGrid && q.javaBest() != null) {
				assertEquals(q.javaBest(), q.pick(), q.toString());
				boolean none = !table.anyEligible(q.receivers(), q.lossPct(), q.rateHz());
				noneEligible += none && !q.pick().equals(table.candidates().get(0).name()) ? 1 : 0;
			}
		}
		assertEquals(strict, noneEligible > 0, noneEligible + " grid queries where none is eligible and the pick is not "
				+ table.candidates().get(0).name());
	}
}
