package org.adamant.generator.tests;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.adamant.cli.Diagnostic;
import org.adamant.cli.ModelLoader;
import org.adamant.dsl.adamant.Model;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;

/**
 * Scalability benchmark (a main class, not a test): synthesizes a model with 1,000 topics and 200
 * applications (and 50 types, 8 QoS profiles, 10 experiments), then times parsing (with linking),
 * validation and generation of both targets, and reports the peak heap.
 *
 * <pre>
 * ./mvnw -q -o -pl generator/org.adamant.generator.tests test-compile exec:java \
 *     -Dexec.mainClass=org.adamant.generator.tests.GeneratorBenchmark -Dexec.classpathScope=test -Dexec.cleanupDaemonThreads=false \
 *     [-Dexec.args="TOPICS APPS"]
 * </pre>
 */
public final class GeneratorBenchmark {

	private GeneratorBenchmark() {
	}

	/** The synthetic model: every flow valid (reliable profiles on reliable transports). */
	static String synthesize(int topics, int apps) {
		StringBuilder b = new StringBuilder();
		b.append("model synthetic\nimport \"transports.adamant\"\n\n");
		int types = 50;
		for (int t = 0; t < types; t++) {
			b.append("struct Type").append(t).append(" { @key uint32 id; uint32 seq; double value").append(t)
					.append("; float f; string<32> label; sequence<uint8, 64> blob; }\n");
		}
		String[] profiles = { "reliability reliable history keep_last 1 deadline 100 ms",
				"reliability best_effort history keep_last 1", "reliability reliable durability transient_local history keep_all",
				"reliability best_effort lifespan 1 s", "reliability reliable latency_budget 10 ms",
				"reliability best_effort transport_priority 2", "reliability reliable max_blocking_time 50 ms",
				"reliability best_effort deadline 1 s" };
		for (int q = 0; q < profiles.length; q++) {
			b.append("qos Q").append(q).append(" { ").append(profiles[q]).append(" }\n");
		}
		b.append("environment lan { multicast available loss 1 % bandwidth 1000 Mbit/s rtt 100 us }\n");
		for (int t = 0; t < topics; t++) {
			b.append("topic Topic").append(t).append(" : Type").append(t % types).append(" qos Q")
					.append(t % profiles.length).append('\n');
		}
		for (int a = 0; a < apps; a++) {
			b.append("application app").append(a).append(" { environment lan domain ").append(a % 4).append('\n');
			for (int k = 0; k < 5; k++) {
				int t = (a * 5 + k) % topics;
				b.append("  publish Topic").append(t).append(" rate ").append(10 + k).append(" Hz transport ")
						.append(transport(t, profiles.length, a + k)).append('\n');
				int s = (a * 5 + k + 7) % topics;
				b.append("  subscribe Topic").append(s).append(" transport ").append(transport(s, profiles.length, a + k + 1))
						.append('\n');
			}
			b.append("}\n");
		}
		for (int x = 0; x < 10; x++) {
			int t = x * 2; // reliable profiles are the even ones
			b.append("experiment exp").append(x).append(" { topic Topic").append(t)
					.append(" transports nakcast, opendds_tcp receivers 1, 3 loss 0 %, 1 % rate 100 Hz updates 1000 payload 64 B runs 2 }\n");
		}
		return b.toString();
	}

	/** Even profiles are reliable: nakcast / opendds_tcp / opendds_rtps_udp; odd: baseline / opendds_udp. */
	private static String transport(int topic, int profiles, int salt) {
		boolean reliable = (topic % profiles) % 2 == 0;
		if (reliable) {
			return switch (salt % 3) {
			case 0 -> "nakcast";
			case 1 -> "opendds_tcp";
			default -> "opendds_rtps_udp";
			};
		}
		return salt % 2 == 0 ? "baseline" : "opendds_udp";
	}

	public static void main(String[] args) throws Exception {
		int topics = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
		int apps = args.length > 1 ? Integer.parseInt(args[1]) : 200;
		if (System.getProperty("adamant.repoRoot") == null) {
			// exec:java runs in the directory Maven was started from: find the repository upwards
			for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
				if (Files.isRegularFile(p.resolve("profiles/transports.adamant"))) {
					System.setProperty("adamant.repoRoot", p.toString());
					break;
				}
			}
		}
		Path dir = Files.createTempDirectory("adamant-bench");
		Files.copy(Models.repoRoot().resolve("profiles/transports.adamant"), dir.resolve("transports.adamant"));
		Path file = dir.resolve("synthetic.adamant");
		String text = synthesize(topics, apps);
		Files.writeString(file, text);
		System.out.printf("model: %d topics, %d applications, %d lines, %d KB (%s)%n", topics, apps,
				text.lines().count(), text.length() / 1024, file);

		// warm-up: Guice injector and EMF registration, so the figures below are the model's cost
		ModelLoader warm = new ModelLoader();
		warm.load(List.of(Models.sar()));
		warm.validate();
		resetPeaks();

		long t0 = System.nanoTime();
		ModelLoader loader = new ModelLoader();
		loader.load(List.of(file));
		long t1 = System.nanoTime();
		List<Diagnostic> diagnostics = loader.validate();
		long t2 = System.nanoTime();
		Model model = loader.model(0);
		Map<String, CharSequence> files = new AdamantGenerator().generate(model, Target.ALL);
		long chars = files.values().stream().mapToLong(CharSequence::length).sum();
		long t3 = System.nanoTime();

		long errors = diagnostics.stream().filter(Diagnostic::isError).count();
		System.out.printf("parse+link: %8.1f ms%n", (t1 - t0) / 1e6);
		System.out.printf("validate:   %8.1f ms  (%d diagnostics, %d errors)%n", (t2 - t1) / 1e6, diagnostics.size(), errors);
		System.out.printf("generate:   %8.1f ms  (both targets: %d files, %.1f MB)%n", (t3 - t2) / 1e6, files.size(),
				chars / 1e6);
		System.out.printf("peak heap:  %8.1f MB  (sum of heap pools' peaks since the warm-up; -Xmx %d MB)%n",
				peakHeap() / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576);
		diagnostics.stream().filter(Diagnostic::isError).limit(5).forEach(d -> System.out.println("  " + d.toText()));
		Files.delete(file);
		Files.delete(dir.resolve("transports.adamant"));
		Files.delete(dir);
		if (errors > 0) {
			System.exit(1);
		}
	}

	private static void resetPeaks() {
		System.gc();
		for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
			pool.resetPeakUsage();
		}
	}

	private static long peakHeap() {
		long sum = 0;
		for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
			if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
				sum += pool.getPeakUsage().getUsed();
			}
		}
		return sum;
	}
}
