package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application's {@code key file} / {@code key env} reaches its native main (the default of
 * --psk-file) and its OpenDDS ant_* transports (psk_file= / psk_file_env= in the .ini and in code).
 */
class KeySourceTest {

	private static Map<String, String> generateKeyedSar(Path dir) throws Exception {
		Path root = Models.repoRoot();
		Files.createDirectories(dir.resolve("profiles"));
		Files.copy(root.resolve("profiles/transports.adamant"), dir.resolve("profiles/transports.adamant"));
		String text = Files.readString(Models.sar(), StandardCharsets.UTF_8);
		String gateway = "application uav_gateway {\n\tenvironment datacenter_lan\n";
		String fusion = "application fusion_center {\n\tenvironment datacenter_lan\n";
		assertTrue(text.contains(gateway) && text.contains(fusion), "sar.adamant changed: update this test");
		text = text.replace(gateway, gateway + "\tkey file \"/etc/adamant/fleet.key\"\n")
				.replace(fusion, fusion + "\tkey env FLEET_KEY_FILE\n");
		Path model = dir.resolve("examples/sar/sar.adamant");
		Files.createDirectories(model.getParent());
		Files.writeString(model, text, StandardCharsets.UTF_8);
		Map<String, String> out = new TreeMap<>();
		new AdamantGenerator().generate(Models.load(model), Target.ALL).forEach((k, v) -> out.put(k, v.toString()));
		return out;
	}

	@Test
	void theModelsKeySourceReachesNativeAppsAndTheOpenDdsIni(@TempDir Path dir) throws Exception {
		Map<String, String> files = generateKeyedSar(dir);
		String gateway = files.get("native/src/uav_gateway.cpp");
		assertTrue(gateway.contains("  options.psk_file = \"/etc/adamant/fleet.key\";  // the model's key file"), gateway);
		String fusion = files.get("native/src/fusion_center.cpp");
		assertTrue(fusion.contains("  options.psk_env = \"FLEET_KEY_FILE\";"), fusion);
		String ini = files.entrySet().stream().filter(e -> e.getKey().endsWith(".ini")).findFirst().orElseThrow()
				.getValue();
		assertTrue(ini.contains("transport_type=ant_nakcast\n") && ini.contains("psk_file=/etc/adamant/fleet.key\n"), ini);
		assertTrue(ini.contains("psk_file_env=FLEET_KEY_FILE\n"), ini);
		String code = files.get("opendds/src/uav_gateway.cpp");
		assertTrue(code.contains("{\"psk_file\", \"/etc/adamant/fleet.key\"}"), code);
	}

	@Test
	void withoutAKeySourceNothingIsKeyed() {
		Map<String, String> files = new TreeMap<>();
		new AdamantGenerator().generate(Models.load(Models.sar()), Target.ALL).forEach((k, v) -> files.put(k, v.toString()));
		for (Map.Entry<String, String> f : files.entrySet()) {
			assertFalse(f.getValue().contains("psk_"), f.getKey());
		}
	}
}
