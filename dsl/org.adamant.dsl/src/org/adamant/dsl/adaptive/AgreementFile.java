package org.adamant.dsl.adaptive;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.adamant.dsl.prediction.Flow;

/**
 * runtime/contract/adaptive_agreement.json: a table and queries, each with the candidate Java's pick
 * rule chooses ({@link DecisionTable#pick}) and the one the predictions rank best at exactly that point
 * ({@link TablePrediction#best}). The runtime's CTest asserts its pick equals {@code pick} for every
 * query; on grid points {@code pick} and {@code java_best} agree (a JUnit test says so).
 */
public final class AgreementFile {

	/** Seed of the off-grid queries, so the file is the same on every run. */
	private static final long SEED = 17;

	/** Off-grid queries besides the fixed ones. */
	private static final int RANDOM_QUERIES = 24;

	/** Every {@value}-th grid point is a query (all of them would make a long file and test nothing more). */
	private static final int GRID_STRIDE = 5;

	/** One query: a measured environment, Java's pick and the predictions' best there (null: none feasible). */
	public record Query(double receivers, double lossPct, double rateHz, String pick, String javaBest) {
	}

	private AgreementFile() {
	}

	/** Queries on every {@value #GRID_STRIDE}-th grid point, between grid points, and outside the axes (clamped). */
	public static List<Query> queries(DecisionTable table, Flow flow) {
		List<double[]> points = new ArrayList<>();
		TableAxes a = table.axes();
		int i = 0;
		for (double r : a.receivers()) {
			for (double l : a.lossPct()) {
				for (double f : a.rateHz()) {
					if (i++ % GRID_STRIDE == 0) {
						points.add(new double[] { r, l, f });
					}
				}
			}
		}
		points.add(new double[] { 7, 1.7, 60 });
		points.add(new double[] { 1, 0, 1 }); // below every axis
		points.add(new double[] { 100, 10, 1000 }); // above every axis
		points.add(new double[] { 4, 0.25, 17.5 });
		Random random = new Random(SEED);
		double rMax = a.receivers().get(a.receivers().size() - 1);
		double lMax = a.lossPct().get(a.lossPct().size() - 1);
		double fMax = a.rateHz().get(a.rateHz().size() - 1);
		for (int k = 0; k < RANDOM_QUERIES; k++) {
			points.add(new double[] { 1 + Math.round(random.nextDouble() * rMax),
					Math.round(random.nextDouble() * lMax * 100) / 100.0, Math.round(random.nextDouble() * fMax * 10) / 10.0 });
		}
		List<Query> result = new ArrayList<>();
		for (double[] p : points) {
			int best = TablePrediction.best(flow, table.candidates(), p[0], p[1], p[2]);
			result.add(new Query(p[0], p[1], p[2], table.candidates().get(table.pick(p[0], p[1], p[2])).name(),
					best < 0 ? null : table.candidates().get(best).name()));
		}
		return result;
	}

	public static String write(DecisionTable table, Flow flow) {
		StringBuilder b = new StringBuilder("{\n  \"table\": ");
		b.append(DecisionTableJson.write(table, "  ")).append(",\n  \"queries\": [\n");
		List<String> items = new ArrayList<>();
		for (Query q : queries(table, flow)) {
			items.add("    {\"receivers\": " + DecisionTableJson.number(q.receivers()) + ", \"loss_pct\": "
					+ DecisionTableJson.number(q.lossPct()) + ", \"rate_hz\": " + DecisionTableJson.number(q.rateHz())
					+ ", \"pick\": " + DecisionTableJson.string(q.pick()) + ", \"java_best\": "
					+ DecisionTableJson.string(q.javaBest()) + "}");
		}
		return b.append(String.join(",\n", items)).append("\n  ]\n}\n").toString();
	}
}
