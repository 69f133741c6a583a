package org.adamant.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.adamant.dsl.adaptive.DecisionTable;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;

/**
 * How well a decision table picks on held-out simulator points: how often its pick is the candidate
 * that really measured the lowest ReLate2 (of those within the constraints and the language's parameter
 * rules), and how often the pick's
 * ReLate2 is within 5 % of that best one's.
 *
 * @param points  held-out points
 * @param best    points where the pick is the best
 * @param within5 share of points where the pick's ReLate2 is at most 1.05 × the best's (0..1)
 * @param worst   the largest pick / best ReLate2 ratio
 */
record TrainingScore(int points, int best, double within5, double worst) {

	/**
	 * Whether the language lets candidate {@code c} run at a point: its parameter rules
	 * ({@link TransportRanking#parameters}) as the predicted table applies them. Ricochet's c is not held
	 * against the point's readers: with fewer others a reader sends each repair to all of them.
	 */
	static boolean allowed(Flow flow, DecisionTable t, int c) {
		return TransportRanking.parameters(flow, t.candidates().get(c).transport(), 0).stream()
				.noneMatch(Finding::error);
	}

	/** A measurement as a table score: ReLate2 in µs, or null where it breaks the table's constraints. */
	static Double score(DecisionTable t, SimulatorRuns.Measured m) {
		return meets(t, m) && Double.isFinite(m.relate2Us()) ? m.relate2Us() : null;
	}

	/** Whether the measured loss is within max_loss and the p99 latency within max_latency. */
	static boolean meets(DecisionTable t, SimulatorRuns.Measured m) {
		return (t.maxLossPct() == null || m.lossPct() <= t.maxLossPct() + 1e-9)
				&& (t.maxLatencyUs() == null || m.p99Us() <= t.maxLatencyUs());
	}

	/** {@code measured} holds each held-out point's candidates in the table's order. */
	static TrainingScore of(Flow flow, DecisionTable t, List<double[]> held, List<SimulatorRuns.Measured> measured) {
		int n = t.candidates().size();
		int best = 0;
		int within = 0;
		double worst = 1;
		for (int i = 0; i < held.size(); i++) {
			List<SimulatorRuns.Measured> row = measured.subList(i * n, (i + 1) * n);
			int really = -1;
			for (int c = 0; c < n; c++) {
				if (meets(t, row.get(c)) && allowed(flow, t, c)
						&& (really < 0 || row.get(c).relate2Us() < row.get(really).relate2Us())) {
					really = c;
				}
			}
			if (really < 0) { // nothing meets the constraints there: the lowest ReLate2 is the best
				really = 0;
				for (int c = 1; c < n; c++) {
					if (row.get(c).relate2Us() < row.get(really).relate2Us()) {
						really = c;
					}
				}
			}
			double[] q = held.get(i);
			int pick = t.pick(q[0], q[1], q[2]);
			double ratio = row.get(pick).relate2Us() / row.get(really).relate2Us();
			if (!Double.isFinite(ratio)) {
				ratio = pick == really ? 1 : Double.POSITIVE_INFINITY;
			}
			best += pick == really ? 1 : 0;
			within += ratio <= 1.05 ? 1 : 0;
			worst = Math.max(worst, ratio);
		}
		return new TrainingScore(held.size(), best, held.isEmpty() ? 1 : (double) within / held.size(), worst);
	}

	String describe() {
		return String.format(Locale.ROOT, "picks the best candidate at %d of %d held-out points (%.1f %%); "
				+ "its ReLate2 within 5 %% of the best's at %.1f %% of them; worst %.2fx the best", best, points,
				points == 0 ? 100.0 : 100.0 * best / points, 100 * within5, worst);
	}

	/** One row per point: the candidate, the environment and what it measured. */
	static void writeCsv(Path file, List<SimulatorRuns.Point> points, List<SimulatorRuns.Measured> measured)
			throws IOException {
		List<String> lines = new ArrayList<>();
		lines.add("candidate,receivers,loss_pct,rate_hz,relate2_us,lat_mean_us,lat_p99_us,lost_pct");
		for (int i = 0; i < points.size(); i++) {
			SimulatorRuns.Point p = points.get(i);
			SimulatorRuns.Measured m = measured.get(i);
			lines.add(String.join(",", p.candidate().name(), Integer.toString(p.receivers()),
					SimulatorRuns.number(p.lossPct()), SimulatorRuns.number(p.rateHz()), Double.toString(m.relate2Us()),
					Double.toString(m.meanUs()), Double.toString(m.p99Us()), Double.toString(m.lossPct())));
		}
		Files.write(file, lines, StandardCharsets.UTF_8);
	}
}
