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
import org.junit.jupiter.api.Test;

/**
 * runtime/contract/adaptive_agreement.json is what Java writes for tests/models/adaptive.adamant (the
 * runtime's CTest checks its pick against it): fails when stale, and says how to rewrite it.
 */
class AdaptiveAgreementTest {

	static final Path FILE = AdamantTestSupport.ROOT.resolve("runtime/contract/adaptive_agreement.json");

	static final String REWRITE = "./mvnw -B -o -q -pl dsl/org.adamant.dsl.tests verify -Dtest=AdaptiveAgreementTest "
			+ "-Dadamant.updateAgreement=true -Dsurefire.failIfNoSpecifiedTests=false";

	@Test
	void agreementFileIsCurrent() throws IOException {
		Publication p = AdaptiveTest.publication(AdamantTestSupport.load(AdaptiveTest.MODEL));
		DecisionTable table = TablePrediction.of(p).orElseThrow();
		String expected = AgreementFile.write(table, Flow.of(p));
		if (Boolean.getBoolean("adamant.updateAgreement")) {
			Files.writeString(FILE, expected, StandardCharsets.UTF_8);
		}
		assertTrue(Files.isRegularFile(FILE), FILE + " is missing; write it with\n  " + REWRITE);
		assertEquals(expected, Files.readString(FILE, StandardCharsets.UTF_8),
				"runtime/contract/adaptive_agreement.json is stale; rewrite it with\n  " + REWRITE);
	}

	/** On the grid, Java's pick and the predictions' best agree in the file too. */
	@Test
	void gridQueriesPickThePredictionsBest() {
		Publication p = AdaptiveTest.publication(AdamantTestSupport.load(AdaptiveTest.MODEL));
		DecisionTable table = TablePrediction.of(p).orElseThrow();
		for (AgreementFile.Query q : AgreementFile.queries(table, Flow.of(p))) {
			boolean onGrid = table.axes().receivers().contains(q.receivers()) && table.axes().lossPct().contains(q.lossPct())
					&& table.axes().rateHz().contains(q.rateHz());
			if (onGrid && q.javaBest() != null) {
				assertEquals(q.javaBest(), q.pick(), q.toString());
			}
		}
	}
}
