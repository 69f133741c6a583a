package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.adamant.dsl.adamant.Model;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.Target;
import org.adamant.generator.opendds.OpenDdsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenDDS tree may only use OpenDDS headers, symbols, methods, CMake commands and targets and
 * configuration keys listed in src/test/resources/opendds-whitelist.tsv, each with the OpenDDS
 * source file it was checked in. Covers the sar example and a model that uses every OpenDDS
 * transport, for the current release and for 3.13 / 3.20.
 */
class OpenDdsWhitelistTest {

	/** A model whose flows and experiment use every OpenDDS transport of the catalog. */
	static final String ALL_TRANSPORTS = """
			model alltransports
			import "transports.adamant"
			struct Reading { @key uint32 id; int8 small; uint8 octet_value; double value; boolean ok; string<16> label; }
			qos Fast { reliability best_effort history keep_last 1 }
			qos Sure { reliability reliable history keep_all durability transient_local lifespan 1 s transport_priority 3 }
			qos Every { reliability reliable history keep_last 4 liveliness manual_by_topic lease 2 s
			  ownership exclusive strength 7 destination_order by_source_timestamp presentation scope topic coherent ordered
			  resource_limits max_samples 100 max_instances 10 time_based_filter 10 ms partition "a", "b.c" priority 9 }
			topic Raw : Reading qos Fast
			topic Checked : Reading qos Sure
			topic Owned : Reading qos Every
			application producer { domain 7
			  publish Raw rate 50 Hz transport opendds_udp
			  publish Checked rate 10 Hz transport opendds_tcp }
			application mc_producer { publish Checked rate 5 Hz transport opendds_multicast_reliable
			  publish Raw transport opendds_multicast }
			application consumer { subscribe Raw transport opendds_rtps_udp subscribe Checked transport auto
			  subscribe Owned transport opendds_rtps_udp }
			application owner { publish Owned rate 10 Hz transport opendds_rtps_udp }
			application native_bound { subscribe Checked transport nakcast }
			experiment sweep { topic Checked transports opendds_tcp, opendds_multicast_reliable, opendds_rtps_udp, nakcast
			  receivers 1, 2 loss 0 % rate 10 Hz updates 100 }
			""";

	record Entry(String kind, String name, String source) {
	}

	static Map<String, Set<String>> whitelist() throws IOException {
		Map<String, Set<String>> byKind = new HashMap<>();
		try (InputStream in = OpenDdsWhitelistTest.class.getResourceAsStream("/opendds-whitelist.tsv")) {
			for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
				if (line.isBlank() || line.startsWith("#")) {
					continue;
				}
				String[] f = line.split("\t");
				assertTrue(f.length == 4 && !f[2].isBlank(), "whitelist line without its OpenDDS source: " + line);
				byKind.computeIfAbsent(f[0], k -> new HashSet<>()).add(f[1]);
			}
		}
		return byKind;
	}

	static Map<String, String> openDds(Model model, OpenDdsVersion version) {
		Map<String, String> out = new LinkedHashMap<>();
		new AdamantGenerator().generate(model, new GeneratorOptions(Target.OPENDDS, version))
				.forEach((k, v) -> out.put(k, v.toString()));
		return out;
	}

	private static final Pattern INCLUDE = Pattern.compile("#\\s*include\\s*([<\"])([^>\"]+)[>\"]");
	private static final Pattern QUALIFIED = Pattern.compile("\\b(?:DDS|CORBA|OpenDDS)::[A-Za-z_][\\w:]*\\w");
	private static final Pattern MACRO = Pattern.compile(
			"\\b(The[A-Z]\\w+|[A-Z_]+_QOS_DEFAULT|OPENDDS_[A-Z_]+|ACE_[A-Z_]+)\\b");
	private static final Pattern ARROW_CALL = Pattern.compile("->\\s*(\\w+)\\s*\\(");
	private static final Pattern ARROW_MEMBER = Pattern.compile("->\\s*(\\w+_)\\b(?!\\s*\\()");
	private static final Pattern CMAKE_COMMAND = Pattern.compile("(?m)^\\s*([A-Za-z_]\\w*)\\s*\\(");
	private static final Pattern CMAKE_TARGET = Pattern.compile("\\bOpenDDS::\\w+");
	private static final Pattern INI_KEY = Pattern.compile("(?m)^(\\w+)=");
	private static final Pattern INI_SECTION = Pattern.compile("(?m)^(\\[(?:common\\]|[a-z]+/))");

	/** Methods of the generated code's own classes (not OpenDDS). */
	private static final Set<String> LOCAL_METHODS = Set.of("received", "latencies", "narrow");

	static List<String> violations(Map<String, String> files, Map<String, Set<String>> wl) {
		List<String> bad = new java.util.ArrayList<>();
		Set<String> generated = new HashSet<>();
		files.keySet().forEach(p -> generated.add(p.substring(p.lastIndexOf('/') + 1)));
		for (Map.Entry<String, String> f : files.entrySet()) {
			String path = f.getKey();
			String text = f.getValue();
			String code = text.replaceAll("(?m)//.*$", ""); // comments may name anything
			if (path.endsWith(".cpp") || path.endsWith(".h")) {
				Matcher m = INCLUDE.matcher(code);
				while (m.find()) {
					String h = m.group(2);
					boolean ok = m.group(1).equals("\"") ? generated.contains(h) || h.endsWith("TypeSupportImpl.h")
							: !h.startsWith("dds/") && !h.startsWith("ace/") && !h.startsWith("tao/")
									|| wl.getOrDefault("header", Set.of()).contains(h);
					if (!ok) {
						bad.add(path + ": header " + h);
					}
				}
				check(bad, path, QUALIFIED.matcher(code), 0, wl, "symbol");
				check(bad, path, MACRO.matcher(code), 1, wl, "symbol");
				Matcher c = ARROW_CALL.matcher(code);
				while (c.find()) {
					String name = c.group(1);
					if (!LOCAL_METHODS.contains(name) && !wl.getOrDefault("method", Set.of()).contains(name)) {
						bad.add(path + ": method " + name);
					}
				}
				check(bad, path, ARROW_MEMBER.matcher(code), 1, wl, "member");
				// transports::bind(entity, "name", "type"...) and the benchmarks' point table {"label", "type", ...}
				check(bad, path, Pattern.compile("transports::bind\\([^,]+,\\s*\"[^\"]*\",\\s*\"(\\w+)\"").matcher(code), 1, wl,
						"transport_type");
				check(bad, path, Pattern.compile("\\{\"[^\"]*\", \"(\\w+)\", \\{").matcher(code), 1, wl, "transport_type");
			} else if (path.endsWith("CMakeLists.txt")) {
				String cm = text.replaceAll("(?m)#.*$", "");
				Matcher m = CMAKE_COMMAND.matcher(cm);
				while (m.find()) {
					String cmd = m.group(1).toLowerCase();
					if (!wl.getOrDefault("cmake_builtin", Set.of()).contains(cmd)
							&& !wl.getOrDefault("cmake", Set.of()).contains(cmd)) {
						bad.add(path + ": CMake command " + cmd);
					}
				}
				check(bad, path, CMAKE_TARGET.matcher(cm), 0, wl, "cmake_target");
			} else if (path.endsWith(".mpc")) {
				String mpc = text.replaceAll("(?m)//.*$", "");
				Matcher bases = Pattern.compile("(?m)^project\\([^)]*\\)\\s*:\\s*([^{]+)\\{").matcher(mpc);
				while (bases.find()) {
					for (String b : bases.group(1).split(",")) {
						if (!wl.getOrDefault("mpc_base", Set.of()).contains(b.trim())) {
							bad.add(path + ": MPC base project " + b.trim());
						}
					}
				}
				check(bad, path, Pattern.compile("(?m)^\\s*(\\w+)\\s*(?:\\+?=|\\{|\\()").matcher(mpc), 1, wl, "mpc");
			} else if (path.endsWith(".ini")) {
				String ini = text.replaceAll("(?m)#.*$", "");
				check(bad, path, INI_KEY.matcher(ini), 1, wl, "ini");
				check(bad, path, INI_SECTION.matcher(ini), 1, wl, "ini");
			}
		}
		return bad;
	}

	private static void check(List<String> bad, String path, Matcher m, int group, Map<String, Set<String>> wl,
			String kind) {
		while (m.find()) {
			String name = m.group(group);
			if (!wl.getOrDefault(kind, Set.of()).contains(name)) {
				bad.add(path + ": " + kind + " " + name);
			}
		}
	}

	@Test
	void sarUsesOnlyVerifiedOpenDdsNames() throws IOException {
		Map<String, Set<String>> wl = whitelist();
		Model sar = Models.load(Models.sar());
		for (String v : List.of("current", "3.20", "3.13")) {
			List<String> bad = violations(openDds(sar, OpenDdsVersion.parse(v)), wl);
			assertEquals(List.of(), new TreeSet<>(bad).stream().toList(), "OpenDDS " + v + ": names not in the whitelist");
		}
	}

	@Test
	void everyTransportUsesOnlyVerifiedOpenDdsNames(@TempDir Path dir) throws IOException {
		Map<String, Set<String>> wl = whitelist();
		Model model = Models.load(Models.write(dir, "alltransports.adamant", ALL_TRANSPORTS));
		for (String v : List.of("current", "3.20", "3.13")) {
			Map<String, String> files = openDds(model, OpenDdsVersion.parse(v));
			List<String> bad = violations(files, wl);
			assertEquals(List.of(), new TreeSet<>(bad).stream().toList(), "OpenDDS " + v + ": names not in the whitelist");
		}
		// the whitelist test must actually see the transports
		String all = String.join("\n", openDds(model, OpenDdsVersion.CURRENT).values());
		for (String needle : List.of("\"tcp\"", "\"udp\"", "\"multicast\", {{\"reliable\", \"1\"}}",
				"\"multicast\", {{\"reliable\", \"0\"}}", "\"rtps_udp\"", "\"ant_nakcast\", {{\"nak_timeout\", \"auto\"}}",
				"OpenDDS::Multicast", "OpenDDS::InfoRepoDiscovery", "dds/DCPS/transport/tcp/Tcp.h",
				"DCPSInfoRepo=file://repo.ior", "reliable=1", "udp (best-effort, OpenDDS::Udp)", "multicast reliable=0 (best-effort", "multicast reliable=1 (reliable",
				"dcps_multicast", "dcps_inforepodiscovery", "Adamant::opendds", "adamant_opendds/Ant.h")) {
			assertTrue(all.contains(needle), needle);
		}
	}

	@Test
	void theWhitelistNamesItsSources() throws IOException {
		// every line has a source (checked while loading) and the kinds the test uses exist
		Map<String, Set<String>> wl = whitelist();
		for (String kind : List.of("header", "symbol", "method", "member", "transport_type", "cmake", "cmake_target",
				"cmake_builtin", "ini", "mpc", "mpc_base")) {
			assertTrue(wl.containsKey(kind), kind);
		}
	}
}
