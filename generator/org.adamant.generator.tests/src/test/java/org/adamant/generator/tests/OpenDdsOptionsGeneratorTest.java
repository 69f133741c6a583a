package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The options a model states for an OpenDDS built-in transport reach the .ini and the programs, in OpenDDS's units. */
class OpenDdsOptionsGeneratorTest {

	@Test
	void statedOptionsReachTheIniAndTheTransportSetup(@TempDir Path dir) throws Exception {
		Path model = Models.write(dir, "tuned.adamant", """
				model tuned
				import "transports.adamant"
				transport rtps_tuned {
					cast multicast reliability reliable ordering ordered
					maps to opendds rtps_udp(heartbeat_period = 500 ms, use_multicast = false, send_buffer_size = 256 KB)
				}
				struct Scan { @key uint32 id; float t; }
				qos Reliable { reliability reliable }
				topic Scans : Scan qos Reliable
				application gw { publish Scans rate 10 Hz transport rtps_tuned }
				application center { subscribe Scans transport rtps_tuned }
				""");
		Map<String, String> files = new TreeMap<>();
		new AdamantGenerator().generate(Models.load(model), Target.OPENDDS).forEach((k, v) -> files.put(k, v.toString()));
		String ini = files.get("opendds/tuned.ini");
		assertTrue(ini != null && ini.contains("transport_type=rtps_udp\nheartbeat_period=500\nuse_multicast=0\n"
				+ "send_buffer_size=262144\n"), files.keySet() + "\n" + ini);
		String gw = files.get("opendds/src/gw.cpp");
		assertTrue(gw.contains("{\"heartbeat_period\", \"500\"}") && gw.contains("{\"use_multicast\", \"0\"}"), gw);
		// a catalog transport without options keeps its section as before
		Path plain = Models.write(dir, "plain.adamant", """
				model plain
				import "transports.adamant"
				struct Scan { @key uint32 id; float t; }
				topic Scans : Scan
				application gw { publish Scans rate 10 Hz transport opendds_rtps_udp }
				""");
		Map<String, String> out = new TreeMap<>();
		new AdamantGenerator().generate(Models.load(plain), Target.OPENDDS).forEach((k, v) -> out.put(k, v.toString()));
		assertFalse(out.get("opendds/plain.ini").contains("heartbeat_period"), out.get("opendds/plain.ini"));
	}
}
