package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code transport adaptive ... hold H margin M}: both targets pass what the writer states to the runtime
 * (native TransportSettings setters, the .ini's ant_adaptive keys) and leave the rest to the contract.
 */
class AdaptiveHysteresisGeneratorTest {

	private static Map<String, CharSequence> generate(Path dir, String clauses) throws IOException {
		String text = Files.readString(AdaptiveCliTest.MODEL)
				.replace("import \"../../profiles/transports.adamant\"", "import \"transports.adamant\"")
				.replace("fec(c = 1..2)\n", "fec(c = 1..2)" + clauses + "\n");
		return new AdamantGenerator().generate(Models.load(Models.write(dir, "adaptive.adamant", text)), Target.ALL);
	}

	private static String file(Map<String, CharSequence> files, String path) {
		CharSequence c = files.get(path);
		assertTrue(c != null, () -> path + " not in " + files.keySet());
		return c.toString();
	}

	@Test
	void statedHoldAndMarginReachBothTargets(@TempDir Path dir) throws IOException {
		Map<String, CharSequence> files = generate(dir, " hold 500 ms margin 5 %");
		for (String app : new String[] { "native/src/radar.cpp", "native/src/consoles.cpp" }) {
			String cpp = file(files, app);
			assertTrue(cpp.replaceAll("\\s+", "").contains(".table(ADAMANT_TARGET_DIR\"/adaptive/radar.Tracks.json\")"
					+ ".hold(std::chrono::microseconds(500000)).margin(5);"), cpp);
		}
		String ini = file(files, "opendds/adamant_tests_adaptive_flow.ini");
		assertTrue(ini.contains("hold=500000us") && ini.contains("margin=5"), ini);
	}

	@Test
	void onlyWhatIsStated(@TempDir Path dir) throws IOException {
		Map<String, CharSequence> files = generate(dir, " margin 12.5 %");
		String cpp = file(files, "native/src/radar.cpp");
		assertTrue(cpp.replaceAll("\\s+", "").contains("radar.Tracks.json\").margin(12.5);"), cpp);
		assertFalse(cpp.contains(".hold("), cpp);
		String ini = file(files, "opendds/adamant_tests_adaptive_flow.ini");
		assertTrue(ini.contains("margin=12.5") && !ini.contains("hold="), ini);
		Map<String, CharSequence> none = generate(dir, "");
		String plain = file(none, "opendds/adamant_tests_adaptive_flow.ini");
		assertFalse(plain.contains("margin=") || plain.contains("hold="), plain);
		assertFalse(file(none, "native/src/radar.cpp").contains(".margin("));
	}
}
