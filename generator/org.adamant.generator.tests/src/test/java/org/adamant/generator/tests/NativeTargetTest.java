package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorException;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native target beyond the golden trees: Mockets-style flows (blue force), parameter sweeps,
 * C++ keywords in every kind of name, and the layout of the generated C++.
 */
class NativeTargetTest {

	static Path blueforce() {
		return Models.repoRoot().resolve("examples/blueforce/blueforce.adamant");
	}

	static Map<String, String> generate(Path model) {
		Map<String, String> out = new TreeMap<>();
		new AdamantGenerator().generate(Models.load(model), Target.NATIVE).forEach((k, v) -> out.put(k, v.toString()));
		return out;
	}

	@Test
	void aKeyedReplaceableTopicHasOneTagPerInstance(@TempDir Path dir) throws Exception {
		// blueforce with PositionUpdate keyed by node: replacement is per node, one tag per instance,
		// each instance taken to report once a second (Flow.replacementTags), for one stream and for two
		Path root = Models.repoRoot();
		for (String profile : List.of("transports.adamant", "tactical.adamant")) {
			Files.createDirectories(dir.resolve("profiles"));
			Files.copy(root.resolve("profiles").resolve(profile), dir.resolve("profiles").resolve(profile));
		}
		String text = Files.readString(root.resolve("examples/blueforce/blueforce.adamant"), StandardCharsets.UTF_8);
		assertTrue(text.contains("\tuint32 node;"), "blueforce's PositionUpdate changed: update this test");
		Path model = dir.resolve("examples/blueforce/blueforce.adamant");
		Files.createDirectories(model.getParent());
		Files.writeString(model, text.replace("\tuint32 node;", "\t@key uint32 node;"), StandardCharsets.UTF_8);
		Map<String, String> files = generate(model);
		String bf1 = files.get("native/bench/bf1_low_bandwidth_bench.cpp");
		assertTrue(bf1.contains("  sweep.instance_rate_hz = 1.0;\n"), bf1);
		assertFalse(bf1.contains("sweep.tags"), bf1);
		String bf2 = files.get("native/bench/bf2_two_streams_bench.cpp");
		assertTrue(bf2.contains("    s.first_tag = 20;\n    s.tags = 20;\n"), bf2);
	}

	@Test
	void blueforceRunsNativelyOnReplaceAndFifo() {
		Map<String, String> files = generate(blueforce());
		for (String x : List.of("bf1_low_bandwidth", "bf2_two_streams", "bf3_priorities", "bf4_fluctuating_link")) {
			assertTrue(files.containsKey("native/bench/" + x + "_bench.cpp"), x + " has no native bench: " + files.keySet());
		}
		assertTrue(files.containsKey("native/src/jbi_reflector.cpp"));
		assertTrue(files.containsKey("native/src/disadvantaged_client.cpp"));
		assertFalse(files.get("native/CMakeLists.txt").contains("Not generated"), files.get("native/CMakeLists.txt"));

		String bf1 = files.get("native/bench/bf1_low_bandwidth_bench.cpp");
		// mockets has `replacement`: runtime replace, paced to the radio link's 5 KB/s
		assertTrue(bf1.contains("SweepTransport::of(\"replace\").pace(5120),"), bf1);
		// PositionUpdate has no key: BlueForce is one instance, so one tag (as the predictions count it)
		assertTrue(bf1.contains("  sweep.tags = 1;\n"), bf1);
		assertFalse(bf1.contains("instance_rate_hz"), bf1);
		// the simulator models the link: bandwidth, 4-packet queue, half the 1 ms rtt
		assertTrue(bf1.contains("  sweep.sim_link = {\n      {\"--bandwidth\", \"5120B/s\"},\n      {\"--queue\", \"4\"},\n"
				+ "      {\"--delay-us\", \"500\"},\n  };\n"), bf1);
		assertTrue(bf1.contains("  return adamant::bench::sweep_main(argc, argv, sweep);\n}\n"), bf1);

		// the model's 1 KB updates: the 40-B PositionUpdate padded with zeros, checked on receipt
		assertTrue(bf1.contains("constexpr std::size_t kPayloadBytes = 1024;"), bf1);
		assertTrue(bf1.contains("bytes.resize(std::max(bytes.size(), kPayloadBytes), 0);"), bf1);
		assertTrue(bf1.contains("  sweep.payload_bytes = kPayloadBytes;\n"), bf1);

		// experiment 2: two replaceable 20 Hz streams over one connection, each its own tag space (one tag:
		// the type has no key), no priorities
		String bf2 = files.get("native/bench/bf2_two_streams_bench.cpp");
		assertTrue(bf2.contains("    adamant::bench::Stream& s = sweep.streams.emplace_back();\n"), bf2);
		// the spec's payload is the first stream's (sweep_spec), so the sweep sets none
		assertFalse(bf2.contains("sweep.payload_bytes") || bf2.contains("sweep.make_payload"), bf2);
		assertFalse(bf2.contains("instance_rate_hz"), bf2);
		assertTrue(bf2.contains("    s.name = \"SensorData\";\n    s.rate_hz = 20.0;\n"
				+ "    s.start_ns = 14000000000;  // first update 14 s after BlueForce's; stops with it\n"
				+ "    s.payload_bytes = kPayloadBytes_SensorData;\n"
				+ "    s.first_tag = 1;\n    s.tags = 1;\n    s.priority = 0;\n    s.replaces = true;\n"), bf2);
		assertTrue(bf2.contains("  sweep.rate_hz = {20.0};  // BlueForce's; the other streams keep their ratio to it\n"), bf2);

		// experiment 3: the Images stream (SensorImages: priority 10, no replacement) next to the position updates
		String bf3 = files.get("native/bench/bf3_priorities_bench.cpp");
		assertTrue(bf3.contains("    s.name = \"Images\";\n    s.rate_hz = 0.1;\n    s.payload_bytes = kPayloadBytes_Images;\n"
				+ "    s.first_tag = 1;\n    s.tags = 1;\n    s.priority = 10;\n    s.replaces = false;\n"), bf3);
		assertTrue(bf3.contains("    s.name = \"BlueForce\";\n    s.rate_hz = 20.0;\n    s.payload_bytes = kPayloadBytes_BlueForce;\n"
				+ "    s.first_tag = 0;\n    s.tags = 1;\n    s.priority = 0;\n    s.replaces = true;\n"), bf3);
		// a variable-size type (a sequence of pixels) is padded to the modeled 5 KB as well
		assertTrue(bf3.contains("constexpr std::size_t kPayloadBytes_Images = 5120;"), bf3);
		assertTrue(bf3.contains("if (bytes.size != kPayloadBytes_Images || !blueforce::wire_get(in, sample)) {"), bf3);

		// the fluctuating link: a two-phase schedule, paced to its slowest phase
		String bf4 = files.get("native/bench/bf4_fluctuating_link_bench.cpp");
		assertTrue(bf4.contains("{\"--bandwidth\", \"40960B/s@50000ms,5120B/s@10000ms\"},"), bf4);
		assertTrue(bf4.contains("// paced to 5120 B/s, the slowest bandwidth of environment fluctuating_link"), bf4);

		// real runs over loopback shaped like the environment: tc tbf at the link's rate, a 4-packet queue
		String link1 = files.get("native/bench/bf1_low_bandwidth_real_link.sh");
		assertTrue(link1.contains("tc qdisc replace dev lo root tbf rate \"$1bps\" burst 1600 limit 4408\n"), link1);
		assertTrue(link1.contains("\nshape 5120\n\"$bench\" \"$@\"\n"), link1);
		String link4 = files.get("native/bench/bf4_fluctuating_link_real_link.sh");
		assertTrue(link4.contains("shape 40960\n"), link4);
		assertTrue(link4.contains("  while true; do\n    sleep 50\n    shape 5120; sleep 10\n    shape 40960\n  done\n"), link4);
		assertTrue(files.get("native/CMakeLists.txt").contains(
				"configure_file(bench/bf1_low_bandwidth_real_link.sh bf1_low_bandwidth_real_link.sh COPYONLY)"));
		// a shaped link only where the experiment's environment states a bandwidth: sar's field radio
		assertEquals(List.of("native/bench/hotspots_adapt_real_link.sh"), generate(Models.sar()).keySet().stream()
				.filter(k -> k.endsWith("_real_link.sh")).sorted().toList());

		String reflector = files.get("native/src/jbi_reflector.cpp");
		assertTrue(reflector.contains("adamant::TransportSettings::of(adamant::TransportKind::Replace).pace(5120);\n"),
				reflector);
		// mockets_unsequenced (ordering unordered): every image delivered on arrival, out of order
		assertTrue(reflector.contains(
				"adamant::TransportSettings::of(adamant::TransportKind::Fifo).sequenced(false).pace(5120);\n"), reflector);
		// SensorImages' priority 10 goes with each image
		assertTrue(reflector.contains(
				"images_pub.publish(adamant::ByteView{buffer.data(), buffer.size()}, 0, 10, true);"), reflector);
		assertTrue(reflector.contains("blue_force_pub.publish(adamant::ByteView{buffer.data(), buffer.size()});"),
				reflector);
		// a replace/fifo writer waits for every subscriber the model deploys (here one client)
		assertTrue(reflector.contains("blue_force_pub_transport.min_receivers = 1;"), reflector);
		assertTrue(reflector.contains("// every message waits for the model's 1 subscriber of BlueForce: disadvantaged_client"),
				reflector);
		String client = files.get("native/src/disadvantaged_client.cpp");
		assertTrue(client.contains("adamant::TransportSettings::of(adamant::TransportKind::Replace);\n"),
				client);
		assertTrue(client.contains("adamant::TransportSettings::of(adamant::TransportKind::Fifo).sequenced(false);\n"),
				client);
		// experiment 3's images: a reliable-unsequenced stream (SensorImages says unsequenced)
		assertTrue(bf3.contains("    s.sequenced = false;  // unsequenced: delivered on arrival, out of order\n"), bf3);
		assertFalse(bf3.contains("s.reliable = false"), bf3);
	}

	@Test
	void sweepsExpandEachTransportByTheParametersItHas() {
		String bench = generate(Models.sar()).get("native/bench/rtesp_isislab_sweep_bench.cpp");
		// nak_timeout multiplies nakcast, r multiplies ricochet; c stays the catalog's 3. Each entry
		// states only its kind's parameters.
		List<String> rows = new ArrayList<>();
		Matcher m = Pattern.compile("SweepTransport::of\\(\"(\\w+)\"\\)(\\S*),\n").matcher(bench);
		while (m.find()) {
			rows.add(m.group(1) + " " + m.group(2));
		}
		assertEquals(List.of("nakcast .nak_timeout(25ms)", "nakcast .nak_timeout(50ms)", "ricochet .r(4).c(3)",
				"ricochet .r(8).c(3)"), rows);
		assertTrue(bench.contains("// sweep: nak_timeout 25 ms (this entry's value)\n"), bench);
		assertTrue(bench.contains("// sweep: r 8 (this entry's value)\n"), bench);
		// 4 transport setups × 6 receiver counts × 4 losses × 4 rates × 5 runs
		assertTrue(bench.contains("= " + 4 * 6 * 4 * 4 * 5 + " points of 20000 updates each."), bench);
		assertFalse(bench.contains("does not apply parameter sweeps"), bench);
	}

	@Test
	void aSweepOfSeveralParametersTakesEveryCombination(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "x.adamant", """
				model x
				import "transports.adamant"
				struct S { @key uint32 id; double v; }
				topic T : S
				experiment grid {
				  topic T
				  transports ricochet, baseline
				  receivers 5
				  loss 1 %
				  rate 10 Hz
				  updates 100
				  r 4, 8
				  c 2, 3
				}
				""");
		String bench = generate(file).get("native/bench/grid_bench.cpp");
		assertTrue(bench.contains("SweepTransport::of(\"ricochet\").r(4).c(2),\n"), bench);
		assertTrue(bench.contains("SweepTransport::of(\"ricochet\").r(4).c(3),\n"), bench);
		assertTrue(bench.contains("SweepTransport::of(\"ricochet\").r(8).c(2),\n"), bench);
		assertTrue(bench.contains("SweepTransport::of(\"ricochet\").r(8).c(3),\n"), bench);
		assertTrue(bench.contains("// sweep: r 8, c 2 (this entry's values)\n"), bench);
		// baseline has neither parameter: one setup
		assertEquals(1, bench.split("SweepTransport::of\\(\"baseline\"\\),", -1).length - 1, bench);
		assertTrue(bench.contains("= 5 points of 100 updates each."), bench);
	}

	@Test
	void fecRunsNativelyAndItsSweepsApply(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "f.adamant", """
				model f
				import "transports.adamant"
				struct S { @key uint32 id; double v; }
				topic T : S
				application gw { publish T rate 10 Hz transport fec }
				experiment blocks {
				  topic T
				  transports fec
				  receivers 5
				  loss 2 %
				  rate 50 Hz
				  updates 100
				  r 4, 8
				}
				""");
		Map<String, String> files = generate(file);
		String bench = files.get("native/bench/blocks_bench.cpp");
		assertTrue(bench.contains("SweepTransport::of(\"fec\").r(4).c(1),\n"), bench);
		assertTrue(bench.contains("SweepTransport::of(\"fec\").r(8).c(1),\n"), bench);
		assertTrue(SarGeneratorTest.unwrapped(bench).contains(
				"forward error correction over multicast: the writer follows every 4 packets with 1 XOR repair"), bench);
		assertTrue(files.get("native/src/gw.cpp").contains("adamant::TransportSettings::of(adamant::TransportKind::Fec).r(4).c(1);\n"),
				files.get("native/src/gw.cpp"));
	}

	/** Where a model name becomes a C++ identifier; %s is the name under test. */
	static List<String> namedElements() {
		return List.of(
				"model %s\nstruct S { @key uint32 id; }\n",
				"model m\nstruct %s { @key uint32 id; }\n",
				"model m\nstruct S { @key uint32 %s; }\n",
				"model m\nenum %s { A, B }\n",
				"model m\nenum E { A, %s }\n",
				"model m\nstruct S { @key uint32 id; }\ntopic %s : S\n");
	}

	@ParameterizedTest
	@MethodSource("namedElements")
	void everyKindOfNameRejectsCppKeywordsAtItsPosition(String template, @TempDir Path dir) throws Exception {
		// C++17 keywords, alternative tokens and C++20 keywords alike
		for (String keyword : List.of("delete", "and", "requires", "char8_t", "co_await")) {
			String text = String.format(template, keyword);
			Path file = Models.write(dir, "kw.adamant", text);
			GeneratorException e = assertThrows(GeneratorException.class,
					() -> new AdamantGenerator().generate(Models.load(file), Target.ALL), text);
			assertTrue(e.getMessage().contains("'" + keyword + "' is a C++ keyword"), e.getMessage());
			int offset = text.indexOf(" " + keyword) + 1;
			String before = text.substring(0, offset);
			assertEquals(before.split("\n", -1).length, e.getLine(), text);
			assertEquals(offset - before.lastIndexOf('\n'), e.getColumn(), text);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "adamant", "std", "make_payload", "kPayloadBytes", "check_payload" })
	void modelNamesThatClashWithGeneratedNamesAreRejected(String name, @TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "clash.adamant", "model " + name + "\nstruct S { @key uint32 id; }\n");
		GeneratorException e = assertThrows(GeneratorException.class,
				() -> new AdamantGenerator().generate(Models.load(file), Target.ALL));
		assertTrue(e.getMessage().contains("the model name '" + name + "' would be the C++ namespace " + name
				+ ", which the generated code already uses"), e.getMessage());
		assertEquals(1, e.getLine());
		assertEquals(7, e.getColumn());
	}

	@Test
	void aModelMayBeNamedLikeTheSweep(@TempDir Path dir) throws Exception {
		// the bench's sweep function once was sweep(): a model `sweep` made it ambiguous. Now main's
		// variable `sweep` sits next to the model's namespace `sweep` (sweep::kSEncodedSize), which
		// C++ keeps apart: a name before :: is looked up as a namespace or type only.
		Path file = Models.write(dir, "sweep.adamant", """
				model sweep
				import "transports.adamant"
				struct S { @key uint32 id; }
				topic T : S
				experiment x { topic T transports nakcast receivers 1 loss 0 % rate 10 Hz updates 10 }
				""");
		Map<String, String> files = generate(file);
		String bench = files.get("native/bench/x_bench.cpp");
		assertTrue(bench.contains("  adamant::bench::Sweep sweep;\n"), bench);
		assertTrue(bench.contains("  sweep.payload_bytes = sweep::kSEncodedSize;\n"), bench);
		// and it compiles (with g++ and the runtime's headers at hand)
		assumeTrue(TypesCompileTest.run(dir, List.of("g++", "--version")) == 0, "g++ not available");
		for (Map.Entry<String, String> e : files.entrySet()) {
			Path p = dir.resolve("gen").resolve(e.getKey());
			Files.createDirectories(p.getParent());
			Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
		}
		int rc = TypesCompileTest.run(dir, List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
				"-I", dir.resolve("gen/native/include").toString(), "-I", Models.repoRoot().resolve("runtime/include").toString(),
				dir.resolve("gen/native/bench/x_bench.cpp").toString()));
		assertEquals(0, rc, Files.readString(dir.resolve("log.txt")));
	}

	@ParameterizedTest
	@ValueSource(strings = { "Bad__name", "_Upper" })
	void reservedNamesAreRejected(String name, @TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "r.adamant", "model m\nstruct S { @key uint32 id; float " + name + "; }\n");
		GeneratorException e = assertThrows(GeneratorException.class,
				() -> new AdamantGenerator().generate(Models.load(file), Target.NATIVE));
		assertTrue(e.getMessage().contains("'" + name + "' is reserved in C++"), e.getMessage());
	}

	/**
	 * The layout every generated native file keeps: no tabs or trailing blanks, lines of at most 120
	 * columns, two-space indentation, at most one blank line in a row, one final newline.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("org.adamant.generator.tests.GoldenTest#examples")
	void nativeOutputIsFormatted(String example, Path model) {
		for (Map.Entry<String, String> e : generate(model).entrySet()) {
			String text = e.getValue();
			String path = e.getKey();
			assertTrue(text.endsWith("\n") && !text.endsWith("\n\n"), path + ": must end with exactly one newline");
			String[] lines = text.split("\n", -1);
			for (int i = 0; i < lines.length - 1; i++) {
				String line = lines[i];
				String where = path + ":" + (i + 1) + ": ";
				assertFalse(line.contains("\t"), where + "tab");
				assertFalse(line.endsWith(" "), where + "trailing blank: '" + line + "'");
				assertTrue(line.length() <= 120, where + "longer than 120 columns (" + line.length() + ")");
				assertFalse(line.isEmpty() && i > 0 && lines[i - 1].isEmpty(), where + "two blank lines in a row");
				int indent = line.length() - line.stripLeading().length();
				if (line.matches(" (public|protected|private):")) {
					continue; // access specifiers sit one column in, as clang-format's Google style puts them
				}
				boolean continuation = i > 0 && !lines[i - 1].isBlank() && !lines[i - 1].stripTrailing().endsWith(";")
						&& !lines[i - 1].stripTrailing().endsWith("{") && !lines[i - 1].stripTrailing().endsWith("}");
				assertTrue(indent % 2 == 0 || continuation || path.endsWith("CMakeLists.txt"),
						where + "odd indentation (" + indent + "): '" + line + "'");
			}
		}
	}
}
