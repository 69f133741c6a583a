package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.lowering.SweepVariants;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenDDS benches run what the native benches run: every transport once per combination of
 * the swept parameters it has (the same expansion, the same values), and experiments of several
 * topics as streams with one writer each; the MPC build links the plugin when ant_* is used.
 */
class OpenDdsBenchTest {

	/** One row of a bench's kPoints table: label, transport type, options, transport_params, receivers, loss, rate. */
	private static final Pattern POINT = Pattern.compile(
			"(?m)^\\s*\\{\"([^\"]*)\", \"(\\w+)\", (\\{.*?\\}), \"([^\"]*)\", (\\d+), ([\\d.]+), ([\\d.]+)\\},$");

	private static Map<String, String> generate(Model model, Target target) {
		Map<String, String> out = new TreeMap<>();
		new AdamantGenerator().generate(model, target).forEach((k, v) -> out.put(k, v.toString()));
		return out;
	}

	/** What each `libs += ...` line of an .mpc links, in order. */
	private static List<String> libsLines(String mpc) {
		return mpc.lines().filter(l -> l.startsWith("  libs     += ")).map(l -> l.substring("  libs     += ".length()))
				.toList();
	}

	private static List<String[]> points(String bench) {
		List<String[]> rows = new java.util.ArrayList<>();
		Matcher m = POINT.matcher(bench);
		while (m.find()) {
			rows.add(new String[] { m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6), m.group(7) });
		}
		return rows;
	}

	private static Experiment experiment(Model model, String name) {
		return model.getElements().stream().filter(e -> e instanceof Experiment && name.equals(e.getName()))
				.map(Experiment.class::cast).findFirst().orElseThrow();
	}

	@Test
	void sarSweepRunsEveryNakTimeoutAndEveryRAsTheNativeBenchDoes() {
		Model model = Models.load(Models.sar());
		String bench = generate(model, Target.OPENDDS).get("opendds/bench/rtesp_isislab_sweep_bench.cpp");
		List<String[]> rows = points(bench);
		// 6 receivers × 4 losses × 4 rates per transport setup
		Map<String, Long> perSetup = new TreeMap<>();
		rows.forEach(r -> perSetup.merge(r[1] + " " + r[3], 1L, Long::sum));
		assertEquals(Map.of("ant_nakcast nak_timeout=25ms", 96L, "ant_nakcast nak_timeout=50ms", 96L,
				"ant_ricochet r=4;c=3;nak_fallback=0", 96L, "ant_ricochet r=8;c=3;nak_fallback=0", 96L), perSetup,
				bench.substring(0, Math.min(bench.length(), 3000)));
		// the options the transport instance gets carry the swept values, not the catalog's
		assertTrue(rows.stream().filter(r -> r[3].equals("nak_timeout=25ms"))
				.allMatch(r -> r[2].equals("{{\"nak_timeout\", \"25ms\"}}")), bench);
		assertTrue(rows.stream().filter(r -> r[3].startsWith("r=4;"))
				.allMatch(r -> r[2].equals("{{\"r\", \"4\"}, {\"c\", \"3\"}, {\"nak_fallback\", \"0\"}}")), bench);
		// as many setups as the native bench's kTransports
		assertEquals(SweepVariants.of(experiment(model, "rtesp_isislab_sweep")).size(), perSetup.size());
		assertFalse(bench.contains("Not applied"), bench);
		// the bench only declares its experiment; the runtime's bench library (Adamant::opendds_bench) runs it
		// and writes the CSV, so no bench support file is generated
		assertFalse(generate(model, Target.OPENDDS).keySet().stream().anyMatch(f -> f.contains("bench_support")));
		assertTrue(bench.contains("#include <adamant_opendds/Bench.h>"), bench);
		assertTrue(bench.contains("  b.name = \"rtesp_isislab_sweep\";\n"), bench);
		// binding the transport is the runtime's (adamant_opendds/Transports.h), not the bench's
		assertFalse(bench.contains("bind"), bench);
		assertTrue(bench.contains("  return ab::run(argc, argv, experiment());\n}\n"), bench);
		assertFalse(bench.contains("append_csv") || bench.contains("fork(") || bench.contains("DataWriterQos"), bench);
		String readme = generate(model, Target.OPENDDS).get("opendds/README.md");
		assertFalse(readme.contains("does not apply") || readme.contains("Not generated"), readme);
	}

	@Test
	void catalogValuesBecomeTheSameOptionsOnBothTargets(@TempDir Path dir) throws IOException {
		Model model = Models.load(Models.write(dir, "m.adamant", """
				model m
				import "transports.adamant"
				struct S { @key uint32 id; double v; }
				qos Sure { reliability reliable }
				topic T : S qos Sure
				experiment x { topic T transports nakcast_25ms, ricochet_r4 receivers 2 loss 1 % rate 10 Hz updates 10 }
				"""));
		String native_ = generate(model, Target.NATIVE).get("native/bench/x_bench.cpp");
		assertTrue(native_.contains("SweepTransport::of(\"nakcast\").nak_timeout(25ms),"), native_);
		assertTrue(native_.contains("SweepTransport::of(\"ricochet\").r(4).c(3),"), native_);
		Map<String, String> opendds = generate(model, Target.OPENDDS);
		List<String[]> rows = points(opendds.get("opendds/bench/x_bench.cpp"));
		assertEquals(List.of("nak_timeout=25ms", "r=4;c=3;nak_fallback=0"), rows.stream().map(r -> r[3]).toList());
	}

	@Test
	void twoStreamExperimentsAreBenchedWithOneWriterPerStream() {
		Model model = Models.load(Models.repoRoot().resolve("examples/blueforce/blueforce.adamant"));
		Map<String, String> files = generate(model, Target.OPENDDS);
		String bf2 = files.get("opendds/bench/bf2_two_streams_bench.cpp");
		String bf3 = files.get("opendds/bench/bf3_priorities_bench.cpp");
		assertTrue(bf2 != null && bf3 != null, files.keySet().toString());
		// stream name, DDS topic, model rate, priority (TRANSPORT_PRIORITY), tags (1: keyless), then the typed
		// operations of its IDL type and its QoS; the runtime's bench library writes one CSV row per stream
		String position = "\n       ab::typed_ops(entities::type_PositionUpdate()), ";
		assertTrue(bf2.contains("{\"BlueForce\", \"BlueForce\", 20.0, 0, 1," + position + "entities::qos_BlueForceTrack()},"), bf2);
		assertTrue(bf2.contains("{\"SensorData\", \"SensorData\", 20.0, 0, 1," + position + "entities::qos_SensorReadings(),\n"
				+ "       14000000000LL /* starts 14 s after the first stream */},"), bf2);
		assertTrue(bf3.contains("{\"BlueForce\", \"BlueForce\", 20.0, 0, 1," + position), bf3);
		assertTrue(bf3.contains("{\"Images\", \"Images\", 0.1, 10, 0,\n       ab::typed_ops(entities::type_SensorImage()), "
				+ "entities::qos_SensorImages()},"), bf3);
		// the IDL types and QoS profiles are declared once for the model, in blueforceEntities.h
		String entities = files.get("opendds/blueforceEntities.h");
		assertTrue(entities.contains("type_PositionUpdate() {\n  return {&blueforce::samples::fill, &blueforce::samples::print};"), entities);
		assertTrue(entities.contains("qos_of([](auto& qos) { blueforce::qos::apply_SensorImages(qos); })"), entities);
		for (String bench : List.of(bf2, bf3)) {
			assertTrue(bench.contains("#include <adamant_opendds/Bench.h>"), bench);
			assertTrue(bench.contains("#include \"blueforceEntities.h\""), bench);
			assertEquals(1, points(bench).size(), bench);
		}
		// replace_by instance: a stream that replaces nothing gives every update its own instance (tags 0)
		assertTrue(points(bf3).get(0)[2].contains("{\"replace_by\", \"instance\"}"), bf3);
		String readme = files.get("opendds/README.md");
		assertFalse(readme.contains("Not generated"), readme);
		String cmake = files.get("opendds/CMakeLists.txt");
		assertTrue(cmake.contains("add_executable(bf2_two_streams_bench bench/bf2_two_streams_bench.cpp)\n"
				+ "target_link_libraries(bf2_two_streams_bench PRIVATE ${blueforce_opendds_libs} Adamant::opendds_bench)"), cmake);
		assertTrue(cmake.contains("if(NOT Adamant_FOUND OR NOT TARGET Adamant::opendds OR NOT TARGET Adamant::opendds_app "
				+ "OR NOT TARGET Adamant::opendds_bench)"), cmake);
		assertTrue(cmake.contains("add_executable(jbi_reflector src/jbi_reflector.cpp)\n"
				+ "target_link_libraries(jbi_reflector PRIVATE ${blueforce_opendds_libs} Adamant::opendds_app)"), cmake);
		String mpc = files.get("opendds/blueforce.mpc");
		assertTrue(mpc.contains("exename   = bf3_priorities_bench"), mpc);
		assertTrue(mpc.contains("    bench/bf3_priorities_bench.cpp\n  }\n"), mpc);
		assertTrue(mpc.contains("  libs     += AdamantOpenDDS AdamantOpenDDSBench\n"), mpc);
		assertTrue(mpc.contains("exename   = jbi_reflector"), mpc);
		assertTrue(mpc.contains("  libs     += AdamantOpenDDS AdamantOpenDDSApp\n"), mpc);
	}

	@Test
	void mpcLinksThePluginOnlyWhenAntTransportsAreUsedAndTheBenchLibraryOnlyIntoBenches(@TempDir Path dir) throws IOException {
		// sar's ant_* transports: the plugin into every executable, with the application or the bench library
		String mpc = generate(Models.load(Models.sar()), Target.OPENDDS).get("opendds/sar.mpc");
		assertTrue(mpc.contains("  libs     += AdamantOpenDDS AdamantOpenDDSApp\n")
				&& mpc.contains("  libs     += AdamantOpenDDS AdamantOpenDDSBench\n")
				&& mpc.contains("  libpaths += $(ADAMANT_ROOT)/lib\n")
				&& mpc.contains("  includes += $(ADAMANT_ROOT)/include\n"), mpc);
		assertEquals(libsLines(mpc).size(), libsLines(mpc).stream().filter(l -> l.startsWith("AdamantOpenDDS ")).count(), mpc);
		Model builtin = Models.load(Models.write(dir, "b.adamant", """
				model b
				import "transports.adamant"
				struct S { @key uint32 id; }
				topic T : S
				application w { publish T rate 10 Hz transport opendds_rtps_udp }
				"""));
		// an application on OpenDDS's own transports links the application library, not the plugin
		String plain = generate(builtin, Target.OPENDDS).get("opendds/b.mpc");
		assertEquals(List.of("AdamantOpenDDSApp"), libsLines(plain), plain);
		assertFalse(plain.contains("AdamantOpenDDSBench"), plain);
		// a bench on OpenDDS's own transports links the bench library, not the plugin
		Model benched = Models.load(Models.write(dir, "c.adamant", """
				model c
				import "transports.adamant"
				struct S { @key uint32 id; }
				topic T : S
				experiment x { topic T transports opendds_rtps_udp receivers 2 loss 0 % rate 10 Hz updates 10 }
				"""));
		String bench = generate(benched, Target.OPENDDS).get("opendds/c.mpc");
		assertEquals(List.of("AdamantOpenDDSBench"), libsLines(bench), bench);
		assertFalse(bench.contains("AdamantOpenDDSApp"), bench);
		// sources live in src/ and bench/, the generated headers next to the .mpc (found by a real mwc.pl build)
		assertTrue(plain.contains("  includes += .  //"), plain);
	}
}
