package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.lowering.LinkSettings;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** An environment's loss and receivers schedules: parsed, validated, formatted, lowered; an experiment's `adaptive`. */
class ScheduleTest {

	private static final String SCHEDULES = "environment shifting {\n"
			+ "\tloss schedule { 0 % for 20 s, 3 % for 20 s, 0 % for 20 s }\n"
			+ "\treceivers schedule { 3 for 20 s, 25 for 20 s, 3 for 20 s } repeat\n}\n";

	@Test
	void parsesBothSchedules() throws Exception {
		Resource r = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + SCHEDULES);
		assertTrue(r.getErrors().isEmpty(), () -> r.getErrors().toString());
		Environment env = AdamantTestSupport.named(r, Environment.class, "shifting");
		assertEquals(3, env.getLossSchedule().getSteps().size());
		assertEquals(false, env.getLossSchedule().isRepeat());
		assertEquals(List.of(3, 25, 3), env.getReadersSchedule().getSteps().stream().map(s -> s.getReaders()).toList());
		assertEquals(true, env.getReadersSchedule().isRepeat());
		// predictions take the worst phase: the lossiest, the most readers
		assertEquals(3.0, Flow.lossPercent(env));
		assertEquals(25, Flow.scheduledReaders(env));
	}

	@Test
	void lowersIntoTheSimulatorsOptions() throws Exception {
		Resource r = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + SCHEDULES);
		Environment env = AdamantTestSupport.named(r, Environment.class, "shifting");
		List<LinkSettings.SimOption> options = LinkSettings.simOptions(env);
		// without `repeat` the last phase is held a day longer: the simulator repeats every schedule
		assertEquals(new LinkSettings.SimOption("--loss-schedule", "0%@20000ms,3%@20000ms,0%@86420000ms"), options.get(0));
		assertEquals(new LinkSettings.SimOption("--readers-schedule", "3@20000ms,25@20000ms,3@20000ms"), options.get(1));
	}

	@Test
	void validatesUnitsRangesAndDurations() throws Exception {
		Issue unit = AdamantTestSupport.fires(1, "environment e { loss schedule { 3 ms for 2 s } }\n", IssueCodes.WRONG_UNIT, "percentage");
		assertEquals(Severity.ERROR, unit.getSeverity());
		assertEquals(3, unit.getLineNumber());
		AdamantTestSupport.fires(1, "environment e { loss schedule { 120 % for 2 s } }\n", IssueCodes.VALUE_OUT_OF_RANGE, "over 100 %");
		AdamantTestSupport.fires(1, "environment e { loss schedule { 1 % for 2 KB } }\n", IssueCodes.WRONG_UNIT);
		AdamantTestSupport.fires(1, "environment e { receivers schedule { 3 for 20 } }\n", IssueCodes.MISSING_UNIT);
		Issue zero = AdamantTestSupport.fires(1, "environment e { receivers schedule { 3 for 0 s, 5 for 1 s } }\n",
				IssueCodes.VALUE_OUT_OF_RANGE, "duration above 0");
		assertEquals(3, zero.getLineNumber());
		assertTrue(zero.getColumn() > 0);
		AdamantTestSupport.fires(1, "environment e { loss schedule { 1 % for 0 ms } }\n", IssueCodes.VALUE_OUT_OF_RANGE, "lasts 0");
		AdamantTestSupport.fires(1, "environment e { receivers schedule { 0 for 1 s, 0 for 2 s } }\n",
				IssueCodes.COUNT_OUT_OF_RANGE, "0 readers in every phase");
		for (String code : List.of(IssueCodes.VALUE_OUT_OF_RANGE, IssueCodes.WRONG_UNIT, IssueCodes.MISSING_UNIT,
				IssueCodes.COUNT_OUT_OF_RANGE)) {
			AdamantTestSupport.silent(SCHEDULES, code);
		}
	}

	@Test
	void experimentOnAReadersScheduleRunsItsLargestPhase() throws Exception {
		String body = SCHEDULES + "topic T : Scan\nexperiment x { topic T transports nakcast receivers %s loss 0 % "
				+ "rate 100 Hz updates 100 environment shifting }\n";
		Issue i = AdamantTestSupport.fires(1, body.replace("%s", "3, 5"), IssueCodes.SCHEDULED_RECEIVERS, "25 readers",
				"receivers 3, 5");
		assertEquals(Severity.WARNING, i.getSeverity());
		AdamantTestSupport.silent(body.replace("%s", "25"), IssueCodes.SCHEDULED_RECEIVERS);
	}

	@Test
	void experimentAdaptiveNeedsAnAdaptiveFlowOfItsTopic() throws Exception {
		String body = "qos Q { reliability best_effort max_loss 1 % }\ntopic T : Scan qos Q\n"
				+ "application gw { publish T rate 100 Hz payload 12 B transport %s }\n"
				+ "application fc { instances 3 subscribe T transport %s }\n"
				+ "experiment x { topic T transports nakcast, ricochet_r4, adaptive receivers 3 loss 0 % rate 100 Hz updates 100 }\n";
		AdamantTestSupport.fires(1, body.replace("%s", "nakcast"), IssueCodes.EXPERIMENT_ADAPTIVE_FLOW, "no application",
				"'T'");
		String adaptive = body.replace("%s", "adaptive among nakcast, ricochet_r4").replace(
				"subscribe T transport adaptive among nakcast, ricochet_r4", "subscribe T transport adaptive");
		AdamantTestSupport.silent(adaptive, IssueCodes.EXPERIMENT_ADAPTIVE_FLOW);
		Resource r = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + adaptive);
		Experiment x = AdamantTestSupport.named(r, Experiment.class, "x");
		assertTrue(x.isAdaptive());
		assertEquals(2, x.getTransports().size());
	}

	@Test
	void formatsSchedulesOnTheirClauseLine() {
		FormatterTest.assertFormats("""
				environment e {
					loss schedule { 0 % for 20 s, 3 % for 20 s }
					receivers schedule { 3 for 20 s, 25 for 20 s } repeat
					rtt 1 ms
				}
				""", """
				environment e { loss schedule {0 % for 20 s ,3 % for 20 s}
				receivers schedule {3 for 20 s ,25 for 20 s} repeat rtt 1 ms }
				""");
	}
}
