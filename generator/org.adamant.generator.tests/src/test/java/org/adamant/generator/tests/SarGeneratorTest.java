package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.StructType;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorException;
import org.adamant.generator.Target;
import org.adamant.generator.cpp.CppTypes;
import org.adamant.generator.opendds.OpenDdsApplicationTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SarGeneratorTest {

	private static Map<String, String> generate(Model model, Target target) {
		return new AdamantGenerator().generate(model, target).entrySet().stream()
				.collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().toString(), (a, b) -> a,
						java.util.TreeMap::new));
	}

	@Test
	void sarGeneratesTheExpectedFileSet() {
		Map<String, String> files = generate(Models.load(Models.sar()), Target.ALL);
		// the example grows (more experiments); the fixed part of the tree must be there
		assertTrue(files.keySet().containsAll(List.of("native/CMakeLists.txt", "native/bench/nakcast_smoke_bench.cpp",
				"native/include/sar/samples.hpp", "native/include/sar/types.hpp", "native/src/fusion_center.cpp",
				"native/src/uav_gateway.cpp", "opendds/CMakeLists.txt", "opendds/README.md", "opendds/sar.idl",
				"opendds/sarQos.h", "opendds/sarTransports.h", "opendds/sarSamples.h", "opendds/sarEntities.h", "opendds/sar.ini",
				"opendds/src/uav_gateway.cpp", "opendds/src/fusion_center.cpp",
				"opendds/bench/nakcast_smoke_bench.cpp")), files.keySet().toString());
	}

	@Test
	void openDdsWritersWaitForTheModelsReadersAndForeignReadersToSynchronize() {
		// sar: fusion_center runs 3 instances; no interop: no extra wait. The writer's entry passes both
		// (topic, QoS, rate, readers, foreign sync seconds); adamant_opendds/App.h waits as they say
		// (adamant/dds_app.hpp's await_readers, runtime/tests/dds_app_test.cpp).
		Map<String, String> sar = generate(Models.load(Models.sar()), Target.OPENDDS);
		String gateway = sar.get("opendds/src/uav_gateway.cpp");
		assertTrue(gateway.contains("{\"InfraredScan\", entities::qos_ThermalScanQos(), 100.0, 3, 0,\n"), gateway);
		assertFalse(gateway.contains("(interop)"), gateway);
		// the interop test's model: `interop cyclonedds, fastdds`, one subscriber instance
		Map<String, String> interop = generate(Models.load(Models.repoRoot().resolve("tests/e2e/interop/interop.adamant")),
				Target.OPENDDS);
		String writer = interop.get("opendds/src/uav_gateway.cpp");
		assertTrue(writer.contains("{\"InfraredScan\", entities::qos_InteropScanQos(), 100.0, 1, "
				+ OpenDdsApplicationTemplate.FOREIGN_READER_SYNC_S + ",\n"), writer);
		assertTrue(writer.contains("// Also read by cyclonedds, fastdds (interop): the first sample waits "
				+ OpenDdsApplicationTemplate.FOREIGN_READER_SYNC_S + " s"), writer);
		// RTPS discovery through the generated [rtps_discovery/...] section, announcing every 2 s
		String ini = interop.get("opendds/interop.ini");
		assertTrue(ini.contains("DCPSDefaultDiscovery=rtps_discovery_config\n"), ini);
		assertTrue(ini.contains("[rtps_discovery/rtps_discovery_config]\n"), ini);
		assertTrue(ini.contains("ResendPeriod=2\n"), ini);
	}

	@Test
	void targetsSelectTheirDirectories() {
		Model model = Models.load(Models.sar());
		assertTrue(generate(model, Target.NATIVE).keySet().stream().allMatch(p -> p.startsWith("native/")));
		assertTrue(generate(model, Target.OPENDDS).keySet().stream().allMatch(p -> p.startsWith("opendds/")));
	}

	@Test
	void thermalScanEncodesAs12Bytes() {
		Model model = Models.load(Models.sar());
		StructType scan = (StructType) model.getElements().stream()
				.filter(e -> "ThermalScan".equals(e.getName())).findFirst().orElseThrow();
		assertEquals(12L, CppTypes.fixedSize(scan).getAsLong());
		String types = generate(model, Target.NATIVE).get("native/include/sar/types.hpp");
		assertTrue(types.contains("inline constexpr std::size_t kThermalScanEncodedSize = 12;"), types);
		assertTrue(types.contains("struct ThermalScan {\n  std::uint32_t uav_id{};  // @key\n  std::uint32_t cell{};\n"
				+ "  float temperature{};\n};"), types);
	}

	@Test
	void benchHasTheModeledPoint() {
		String bench = generate(Models.load(Models.sar()), Target.NATIVE).get("native/bench/nakcast_smoke_bench.cpp");
		assertNotNull(bench);
		assertTrue(bench.contains("  sweep.updates = 2000;\n"), bench);
		assertTrue(bench.contains("SweepTransport::of(\"nakcast\").nak_timeout(50ms),"), bench);
		assertTrue(bench.contains("  sweep.receivers = {3};\n"), bench);
		assertTrue(bench.contains("  sweep.loss_pct = {1.0};\n"), bench);
		assertTrue(bench.contains("  sweep.rate_hz = {100.0};\n"), bench);
		assertTrue(bench.contains("  sweep.runs = 1;\n"), bench);
		assertTrue(bench.contains("  sweep.payload_bytes = sar::kThermalScanEncodedSize;\n"), bench);
		// no link modeled: nothing for the simulator's command line
		assertFalse(bench.contains("sim_link"), bench);
		assertTrue(bench.contains("  return adamant::bench::sweep_main(argc, argv, sweep);\n}\n"), bench);
		assertTrue(bench.contains("NAK after 50 ms — from profiles/transports.adamant"), bench);
	}

	@Test
	void autoPicksTheRankedTransportAndSaysWhy(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "auto.adamant", """
				model autopick
				import "transports.adamant"
				struct S { @key uint32 id; float v; }
				qos Fused { reliability reliable }
				topic T : S qos Fused
				environment lan { multicast available loss 1 % rtt 200 us }
				application gw { environment lan publish T rate 100 Hz payload 8 B transport auto }
				application fc { environment lan instances 3 subscribe T transport auto }
				""");
		var model = Models.load(file);
		var ranking = org.adamant.dsl.prediction.TransportRanking.rank(
				org.eclipse.xtext.EcoreUtil2.getAllContentsOfType(model, org.adamant.dsl.adamant.Publication.class).get(0));
		var expected = ranking.stream().filter(a -> a.feasible())
				.filter(a -> org.adamant.dsl.lowering.TransportLowering.resolve(a.transport()).isPresent()).findFirst()
				.orElseThrow();
		Map<String, String> out = generate(model, Target.NATIVE);
		String gw = unwrapped(out.get("native/src/gw.cpp"));
		String fc = unwrapped(out.get("native/src/fc.cpp"));
		assertTrue(gw.contains("// transport auto: " + expected.name() + " has the lowest predicted ReLate2 ("), gw);
		assertTrue(fc.contains("// transport auto: " + expected.name() + " has the lowest predicted ReLate2 ("), fc);
		assertTrue(fc.contains("(chosen for the publisher of T)"), fc);
		// the reliable flow must not land on a transport without recovery
		assertNotEquals("baseline", expected.name());
	}

	@Test
	void ricochetCarriesItsRepairParameters() {
		String bench = unwrapped(
				generate(Models.load(Models.sar()), Target.NATIVE).get("native/bench/rtesp_isislab_sweep_bench.cpp"));
		assertTrue(bench.contains("SweepTransport::of(\"ricochet\").r(8).c(3),"), bench);
		assertTrue(bench.contains("each receiver XORs every 8 packets into a repair for 3 other receivers"), bench);
		// r is swept (4, 8): the catalog's r = 8 is one of the setups (NativeTargetTest checks every one)
		assertTrue(bench.contains("// sweep: r 4 (this entry's value)\n"), bench);
	}

	/** Generated code with its wrapped comments joined back into one line each. */
	static String unwrapped(String code) {
		return code.replaceAll("\n *//   ", " ");
	}

	@Test
	void generationIsDeterministic() {
		Map<String, String> first = generate(Models.load(Models.sar()), Target.ALL);
		Map<String, String> second = generate(Models.load(Models.sar()), Target.ALL);
		assertEquals(first, second);
	}

	@Test
	void openDdsQosUsesTheDdsNames(@TempDir Path dir) {
		String qos = generate(Models.load(Models.sar()), Target.OPENDDS).get("opendds/sarQos.h");
		assertTrue(qos.contains("inline void apply_ThermalScanQos(DDS::DataWriterQos& qos) {"), qos);
		assertTrue(qos.contains("qos.reliability.kind = DDS::RELIABLE_RELIABILITY_QOS;"), qos);
		assertTrue(qos.contains("qos.reliability.max_blocking_time.nanosec = 100000000;"), qos);
		assertTrue(qos.contains("qos.deadline.period.nanosec = 50000000;"), qos);
		assertTrue(qos.contains("qos.history.kind = DDS::KEEP_LAST_HISTORY_QOS;\n  qos.history.depth = 1;"), qos);
		String idl = generate(Models.load(Models.sar()), Target.OPENDDS).get("opendds/sar.idl");
		assertTrue(idl.contains("  @topic\n  struct ThermalScan {\n    @key unsigned long uav_id;"), idl);
	}

	@Test
	void cppKeywordIsRejectedWithItsLocation(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "kw.adamant", """
				model kw
				struct Reading {
				  uint32 delete;
				}
				""");
		GeneratorException e = assertThrows(GeneratorException.class,
				() -> new AdamantGenerator().generate(Models.load(file), Target.NATIVE));
		assertTrue(e.getMessage().contains("'delete'") && e.getMessage().contains("C++ keyword"), e.getMessage());
		assertEquals(3, e.getLine());
		assertEquals(10, e.getColumn());
		assertTrue(e.getUri().toFileString().endsWith("kw.adamant"));
	}

	@Test
	void payloadMismatchIsCommentedAndTheEncodedSizeUsed(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "x.adamant", """
				model x
				import "transports.adamant"
				struct S { @key uint32 id; double v; }
				topic T : S
				experiment sweep {
				  topic T
				  transports nakcast, baseline
				  receivers 1, 3
				  loss 0 %, 5 %
				  rate 10 Hz
				  updates 100
				  payload 8 B
				  runs 2
				}
				""");
		String bench = generate(Models.load(file), Target.NATIVE).get("native/bench/sweep_bench.cpp");
		assertTrue(bench.contains("NOTE: the model says payload 8 B, but S encodes to 12 B; the encoded size is used."),
				bench);
		// model order: transports in the order written, loops transports > receivers > loss > rate > runs
		// (the catalog's nakcast states its auto timing as the runtime's constant for it)
		int first = bench.indexOf("SweepTransport::of(\"nakcast\").nak_timeout(adamant::contract::kNakTimeoutAuto),");
		int second = bench.indexOf("SweepTransport::of(\"baseline\"),");
		assertTrue(first > 0 && second > first, bench);
		assertTrue(bench.contains("  sweep.receivers = {1, 3};\n"), bench);
		assertTrue(bench.contains("  sweep.loss_pct = {0.0, 5.0};\n"), bench);
		assertTrue(bench.contains("  sweep.rate_hz = {10.0};\n"), bench);
		assertTrue(bench.contains("  sweep.runs = 2;\n"), bench);
		// the runtime expands the axes in this order (runtime/tests/sweep_test.cpp)
		assertTrue(bench.contains("adamant::bench::sweep_main runs every point of it\n"
				+ "// (adamant/sweep.hpp: transports × receivers × loss × rate × runs, run k with seed k)."), bench);
	}

	/**
	 * A sweep entry states only what the model gives the transport's kind: a parameter left to the
	 * runtime's default for the kind is not restated, nor is another kind's.
	 */
	@Test
	void sweepEntriesStateOnlyTheKindsParametersTheModelGives(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "k.adamant", """
				model k
				struct S { @key uint32 id; }
				topic T : S
				transport plain_fec { cast multicast reliability probabilistic ordering unordered maps to runtime fec }
				transport lec_r6 { cast multicast reliability probabilistic ordering unordered maps to runtime ricochet(r = 6) }
				transport plain_nak { cast multicast reliability reliable ordering ordered maps to runtime nakcast }
				experiment kinds {
				  topic T
				  transports plain_fec, lec_r6, plain_nak
				  receivers 3
				  loss 0 %
				  rate 10 Hz
				  updates 10
				}
				""");
		String bench = generate(Models.load(file), Target.NATIVE).get("native/bench/kinds_bench.cpp");
		assertTrue(bench.contains("      adamant::bench::SweepTransport::of(\"fec\"),\n"), bench);
		assertTrue(bench.contains("      adamant::bench::SweepTransport::of(\"ricochet\").r(6),\n"), bench);
		assertTrue(bench.contains("      adamant::bench::SweepTransport::of(\"nakcast\"),\n"), bench);
		assertFalse(bench.contains("chrono"), bench);  // no duration stated: no literals
	}

	/**
	 * An application's endpoint states its transport's kind and what the model gives it, as a sweep
	 * entry does: the runtime's defaults for the kind are not restated, nor is another kind's.
	 */
	@Test
	void applicationTransportsStateOnlyTheKindsParametersTheModelGives(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "a.adamant", """
				model a
				struct S { @key uint32 id; }
				topic T : S
				transport plain_fec { cast multicast reliability probabilistic ordering unordered maps to runtime fec }
				transport lec_r6 { cast multicast reliability probabilistic ordering unordered maps to runtime ricochet(r = 6) }
				transport nak_25ms { cast multicast reliability reliable ordering ordered maps to runtime nakcast(timeout = 25 ms) }
				application w { publish T rate 10 Hz transport plain_fec }
				application r { subscribe T transport lec_r6 }
				application n { subscribe T transport nak_25ms }
				""");
		Map<String, String> files = generate(Models.load(file), Target.NATIVE);
		String w = files.get("native/src/w.cpp");
		assertTrue(w.contains("    adamant::TransportSettings::of(adamant::TransportKind::Fec);\n"), w);
		assertFalse(w.contains("chrono_literals"), w);  // no duration stated
		assertFalse(w.contains("transport("), w);  // no local helper restating every parameter
		String r = files.get("native/src/r.cpp");
		assertTrue(r.contains("    adamant::TransportSettings::of(adamant::TransportKind::Ricochet).r(6);\n"), r);
		String n = files.get("native/src/n.cpp");
		assertTrue(n.contains("    adamant::TransportSettings::of(adamant::TransportKind::Nakcast).nak_timeout(25ms);\n"), n);
		assertTrue(n.contains("  using namespace std::chrono_literals;"), n);
	}

	@Test
	void nativeSkipsApplicationsOnOpenDdsTransports(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "y.adamant", """
				model y
				import "transports.adamant"
				struct S { @key uint32 id; }
				topic T : S
				application onDds { publish T rate 1 Hz transport opendds_tcp }
				application onRuntime { subscribe T transport baseline }
				""");
		Map<String, String> files = generate(Models.load(file), Target.NATIVE);
		assertTrue(files.containsKey("native/src/onRuntime.cpp"), files.keySet().toString());
		assertTrue(!files.containsKey("native/src/onDds.cpp"), files.keySet().toString());
		assertTrue(files.get("native/CMakeLists.txt").contains(
				"#   application onDds: transport opendds_tcp maps to OpenDDS tcp (use --target opendds)"),
				files.get("native/CMakeLists.txt"));
	}
}
