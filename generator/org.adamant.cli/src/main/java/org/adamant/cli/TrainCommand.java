package org.adamant.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveTablePath;
import org.adamant.dsl.adaptive.DecisionTable;
import org.adamant.dsl.adaptive.DecisionTableJson;
import org.adamant.dsl.adaptive.TableAxes;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.prediction.Flow;
import org.eclipse.xtext.EcoreUtil2;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "train", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Fit an adaptive flow's decision table from simulator runs and say how well it picks.",
				"Runs every candidate of the flow (transport adaptive) at each point of a grid in the runtime's "
						+ "simulator (ant-bench --mode sim), makes the measured ReLate2 the table's scores, then runs "
						+ "held-out random points and prints how often the table's pick is the really best candidate "
						+ "and how far its ReLate2 is from the best's; the same for the table the language predicts.",
				"Writes DIR/<application>.<topic>.json (the fitted table, docs/adaptive.md) and DIR/<...>.train.csv." })
public class TrainCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Parameters(index = "0", paramLabel = "MODEL", description = "The model (.adamant).")
	Path model;

	@Option(names = "--flow", paramLabel = "NAME", description = "The adaptive flow: application.topic or topic "
			+ "(default: every adaptive flow of the model).")
	String flowName;

	@Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: build/<model>/train).")
	Path outDir;

	@Option(names = "--bench", paramLabel = "ANT_BENCH", required = true,
			description = "The runtime's ant-bench (./adamant train passes the one it builds).")
	Path bench;

	@Option(names = "--updates", defaultValue = "1000", description = "Updates per simulator point (default: ${DEFAULT-VALUE}).")
	int updates;

	@Option(names = "--jobs", defaultValue = "0", description = "Points at once (default: every core).")
	int jobs;

	@Option(names = "--held-out", defaultValue = "40", description = "Random held-out points (default: ${DEFAULT-VALUE}).")
	int heldOut;

	@Option(names = "--receivers", split = ",", defaultValue = "3,10,25",
			description = "Training grid: readers (default: ${DEFAULT-VALUE}).")
	List<Double> receivers;

	@Option(names = "--loss", split = ",", defaultValue = "0,1,3",
			description = "Training grid: loss per reader in percent (default: ${DEFAULT-VALUE}).")
	List<Double> loss;

	@Option(names = "--rate", split = ",", defaultValue = "10,50,100",
			description = "Training grid: publish rates in Hz (default: ${DEFAULT-VALUE}).")
	List<Double> rate;

	@Option(names = "--seed", defaultValue = "1", description = "Seed of the held-out points (default: ${DEFAULT-VALUE}).")
	long seed;

	@Override
	public Integer call() throws IOException {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		ModelLoader loader = new ModelLoader();
		loader.load(List.of(model));
		List<Diagnostic> diagnostics = loader.validate();
		if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
			diagnostics.stream().filter(Diagnostic::isError).forEach(d -> err.println(d.toText()));
			return Main.EXIT_MODEL_ERRORS;
		}
		Model m = loader.model(0);
		List<Publication> flows = EcoreUtil2.getAllContentsOfType(m, Publication.class).stream()
				.filter(AdaptiveCandidates::isAdaptive).filter(this::selected).toList();
		if (flows.isEmpty()) {
			throw new UsageException(flowName == null ? model + " has no flow with transport adaptive"
					: model + " has no adaptive flow " + flowName + " (application.topic or topic)");
		}
		Path dir = outDir != null ? outDir
				: Path.of("build", model.getFileName().toString().replaceFirst("\\.adamant$", ""), "train");
		int threads = jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors();
		for (Publication p : flows) {
			train(p, dir, threads, out);
		}
		return Main.EXIT_OK;
	}

	private boolean selected(Publication p) {
		Flow f = Flow.of(p);
		return flowName == null || flowName.equals(f.applicationName() + "." + f.topicName())
				|| flowName.equals(f.topicName());
	}

	private void train(Publication p, Path dir, int threads, PrintWriter out) throws IOException {
		Flow flow = Flow.of(p);
		DecisionTable predicted = TablePrediction.of(p).orElseThrow(() -> new UsageException(
				"flow " + flow.applicationName() + "." + flow.topicName() + " has no decision table (no candidates, rate or receivers)"));
		String name = AdaptiveTablePath.of(p).replaceFirst("^adaptive/", "").replaceFirst("\\.json$", "");
		TableAxes axes = new TableAxes(sorted(receivers), sorted(loss), sorted(rate));
		DecisionTable grid = TablePrediction.predict(flow, predicted.candidates(), axes);
		SimulatorRuns sim = new SimulatorRuns(bench.toAbsolutePath(), dir.resolve(name + ".runs"),
				flow.scenario().orElseThrow(), updates, threads);
		out.println("train " + grid.flow() + ": " + grid.candidates().size() + " candidates x " + axes.size()
				+ " grid points + " + heldOut + " held-out points, " + updates + " updates each, " + threads + " at once");
		out.flush();
		long start = System.nanoTime();
		List<SimulatorRuns.Point> points = new ArrayList<>();
		for (double r : axes.receivers()) {
			for (double l : axes.lossPct()) {
				for (double f : axes.rateHz()) {
					for (AdaptiveCandidate c : grid.candidates()) {
						points.add(new SimulatorRuns.Point(c, (int) Math.round(r), l, f));
					}
				}
			}
		}
		List<SimulatorRuns.Measured> measured = sim.run(points, "grid", out);
		List<Double> scores = new ArrayList<>();
		List<Double> unconstrained = new ArrayList<>();
		for (int i = 0; i < measured.size(); i++) {
			int c = i % grid.candidates().size();
			boolean allowed = TrainingScore.allowed(flow, grid, c);
			double relate2Us = measured.get(i).relate2Us();
			scores.add(allowed ? TrainingScore.score(grid, measured.get(i)) : null);
			unconstrained.add(allowed && Double.isFinite(relate2Us) ? relate2Us : null);
		}
		DecisionTable fitted = grid.withScores(scores, unconstrained);
		Files.createDirectories(dir);
		Files.writeString(dir.resolve(name + ".json"), DecisionTableJson.write(fitted), StandardCharsets.UTF_8);
		TrainingScore.writeCsv(dir.resolve(name + ".train.csv"), points, measured);

		Random random = new Random(seed);
		List<double[]> held = new ArrayList<>();
		List<SimulatorRuns.Point> heldPoints = new ArrayList<>();
		for (int i = 0; i < heldOut; i++) {
			double[] q = { between(random, axes.receivers(), true), between(random, axes.lossPct(), false),
					between(random, axes.rateHz(), false) };
			held.add(q);
			for (AdaptiveCandidate c : grid.candidates()) {
				heldPoints.add(new SimulatorRuns.Point(c, (int) q[0], q[1], q[2]));
			}
		}
		List<SimulatorRuns.Measured> heldMeasured = sim.run(heldPoints, "held-out", out);
		TrainingScore.writeCsv(dir.resolve(name + ".held-out.csv"), heldPoints, heldMeasured);
		TrainingScore fittedScore = TrainingScore.of(flow, fitted, held, heldMeasured);
		TrainingScore predictedScore = TrainingScore.of(flow, predicted, held, heldMeasured);
		out.println("  fitted table (simulator):   " + fittedScore.describe());
		out.println("  predicted table (language): " + predictedScore.describe());
		out.println("  goal: within 5 % of the best on at least 99 % of held-out points: fitted "
				+ (fittedScore.within5() >= 0.99 ? "met" : "not met") + "; " + String.format(java.util.Locale.ROOT,
						"%.0f s", (System.nanoTime() - start) / 1e9));
		out.println("  wrote " + dir.resolve(name + ".json"));
		out.flush();
	}

	private static List<Double> sorted(List<Double> values) {
		return values.stream().distinct().sorted().toList();
	}

	/** A random value within the axis's span (a whole number for readers). */
	private static double between(Random random, List<Double> axis, boolean whole) {
		double lo = axis.get(0);
		double hi = axis.get(axis.size() - 1);
		double v = lo + random.nextDouble() * (hi - lo);
		return whole ? Math.round(v) : Math.round(v * 100) / 100.0;
	}
}
