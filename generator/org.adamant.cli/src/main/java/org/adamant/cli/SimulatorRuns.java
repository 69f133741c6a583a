package org.adamant.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.FlowScenario;

/**
 * Runs simulator points of an adaptive flow's candidates with the runtime's {@code ant-bench --mode sim}
 * (runtime/README.md), {@code jobs} at a time, and reads each point's row: the measured ReLate2 and
 * what the constraints need.
 */
final class SimulatorRuns {

	/** One point to run: a candidate at a number of readers, a loss and a rate. */
	record Point(AdaptiveCandidate candidate, int receivers, double lossPct, double rateHz) {
	}

	/** What a point measured: ReLate2 and mean latency in µs, p99 latency in µs, and loss in percent. */
	record Measured(double relate2Us, double meanUs, double p99Us, double lossPct) {
	}

	private final Path bench;
	private final Path work;
	private final FlowScenario flow;
	private final int updates;
	private final int jobs;

	/**
	 * @param bench   the ant-bench executable
	 * @param work    where each point's CSV and log go
	 * @param flow    the flow's payload, round trip (the link delay is half of it) and bandwidth (every host's egress)
	 * @param updates updates per point
	 * @param jobs    points at once
	 */
	SimulatorRuns(Path bench, Path work, FlowScenario flow, int updates, int jobs) {
		this.bench = bench;
		this.work = work;
		this.flow = flow;
		this.updates = updates;
		this.jobs = jobs;
	}

	/** Every point's measurement, in order; {@code progress} hears after each point. */
	List<Measured> run(List<Point> points, String label, java.io.PrintWriter progress) throws IOException {
		Files.createDirectories(work);
		ExecutorService pool = Executors.newFixedThreadPool(jobs);
		AtomicInteger done = new AtomicInteger();
		try {
			List<Future<Measured>> futures = new ArrayList<>();
			for (int i = 0; i < points.size(); i++) {
				int index = i;
				futures.add(pool.submit(() -> {
					Measured m = run(points.get(index), label + "-" + index);
					int n = done.incrementAndGet();
					if (n % 10 == 0 || n == points.size()) {
						synchronized (progress) {
							progress.println("  " + label + ": " + n + "/" + points.size() + " points");
							progress.flush();
						}
					}
					return m;
				}));
			}
			List<Measured> result = new ArrayList<>();
			for (Future<Measured> f : futures) {
				result.add(f.get());
			}
			return result;
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		} catch (ExecutionException e) {
			throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
		} finally {
			pool.shutdownNow();
		}
	}

	/** The command line of one point. */
	List<String> command(Point p, Path csv) {
		List<String> cmd = new ArrayList<>(List.of(bench.toString(), "--mode", "sim", "--transport", p.candidate().kind(),
				"--receivers", Integer.toString(p.receivers()), "--loss", number(p.lossPct()), "--rate", number(p.rateHz()),
				"--updates", Integer.toString(updates), "--payload", Long.toString(Math.round(flow.payloadBytes())),
				"--delay-us", Long.toString(Math.round(flow.rttSeconds() / 2 * 1e6)), "--runs", "1", "--seed", "1",
				"--csv", csv.toString()));
		if (flow.bandwidth() > 0) { // the environment's link, as the experiments' benches model it
			cmd.addAll(List.of("--bandwidth", Math.round(flow.bandwidth()) + "B/s"));
		}
		for (Map.Entry<String, Object> e : p.candidate().params().entrySet()) {
			String option = "--" + e.getKey().replace('_', '-');
			if (isFlag(e.getKey())) { // ant-bench takes a flag parameter (nak_fallback) bare, when it is on
				if (e.getValue() instanceof Number n && n.doubleValue() != 0) {
					cmd.add(option);
				}
				continue;
			}
			cmd.add(option);
			cmd.add(e.getValue() instanceof Number n && "nak_timeout".equals(e.getKey()) ? n.longValue() + "us"
					: String.valueOf(e.getValue()));
		}
		return cmd;
	}

	private static boolean isFlag(String parameter) {
		return RuntimeContract.get().parameters().stream()
				.anyMatch(q -> q.name().equals(parameter) && "flag".equals(q.type()));
	}

	/** A point as a person reads it: "ricochet_reliable at 3 readers, 0 % loss, 100 Hz". */
	static String describe(Point p) {
		return p.candidate().name() + " at " + p.receivers() + " readers, " + number(p.lossPct()) + " % loss, "
				+ number(p.rateHz()) + " Hz";
	}

	private Measured run(Point p, String name) throws IOException, InterruptedException {
		Path csv = work.resolve(name + ".csv");
		Path log = work.resolve(name + ".log");
		Files.deleteIfExists(csv);
		List<String> command = command(p, csv);
		Files.writeString(log, String.join(" ", command) + "\n", StandardCharsets.UTF_8); // the log's first line
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
		if (process.waitFor() != 0) {
			String said = Files.readAllLines(log, StandardCharsets.UTF_8).stream().skip(1).filter(l -> !l.isBlank())
					.findFirst().orElse("no output");
			throw new IOException("ant-bench failed for " + describe(p) + ": " + said + " (command and output: " + log
					+ ")");
		}
		List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
		if (lines.size() < 2) {
			throw new IOException("ant-bench wrote no row for " + describe(p) + " (" + csv + ")");
		}
		List<String> header = List.of(lines.get(0).split(","));
		String[] row = lines.get(1).split(",");
		double delivery = Double.parseDouble(row[header.indexOf("delivery")]);
		return new Measured(value(row[header.indexOf("relate2")]), value(row[header.indexOf("lat_mean_us")]),
				value(row[header.indexOf("lat_p99_us")]), (1 - delivery) * 100);
	}

	private static double value(String field) {
		return field.isEmpty() || field.equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(field);
	}

	static String number(double v) {
		return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
	}
}
