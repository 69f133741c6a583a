package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.adamant.cli.Generation;
import org.adamant.cli.Main;
import org.adamant.cli.UsageException;
import org.adamant.cli.VersionProvider;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

	record Result(int code, String out, String err) {
	}

	static Result cli(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
		return new Result(code, out.toString(), err.toString());
	}

	static final String RELIABLE_ON_UDP = """
			model bad
			import "transports.adamant"
			struct S { @key uint32 id; }
			qos Strict { reliability reliable }
			topic T : S qos Strict
			application app {
			  publish T rate 10 Hz transport opendds_udp
			}
			""";

	static final String SYNTAX_ERROR = """
			model broken
			struct S {
			  uint32 id
			}
			""";

	@Test
	void validateAcceptsTheSarExample() {
		Result r = cli("validate", Models.sar().toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertTrue(r.out().contains("0 errors"), r.out());
	}

	@Test
	void validateReportsReliableOnUnreliableTransport(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "bad.adamant", RELIABLE_ON_UDP);
		Result r = cli("validate", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		Pattern line = Pattern.compile("^" + Pattern.quote(file.toString())
				+ ":7:\\d+: error: \\[adamant\\.reliable-on-unreliable-transport\\] .+$", Pattern.MULTILINE);
		assertTrue(line.matcher(r.out()).find(), r.out());
		assertTrue(r.out().contains("1 error"), r.out());
	}

	static final String AUTO = """
			model autopick
			import "transports.adamant"
			struct S { @key uint32 id; float v; }
			environment lan { multicast available loss 3 % }
			qos Q { reliability best_effort max_loss 1 % }
			topic T : S qos Q
			topic Lonely : S
			application gw { environment lan publish T rate 100 Hz payload 12 B transport auto
			  publish Lonely rate 5 Hz transport baseline }
			application fc { environment lan instances 25 subscribe T transport auto }
			""";

	@Test
	void explainShowsTheAutoChoicePerTargetAndFlowsWithoutReceivers(@TempDir Path dir) throws IOException {
		// 25 receivers at 3 % loss, at most 1 % lost: auto ranks ricochet_reliable (the NAK fallback
		// repairs as soon as nakcast auto, out of order) first; both targets run it (OpenDDS through the
		// runtime's ant_ricochet plugin), so no target's choice differs
		Path file = Models.write(dir, "auto.adamant", AUTO);
		Result r = cli("validate", "--explain", file.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertTrue(r.out().contains("auto -> ricochet_reliable "), r.out());
		assertFalse(r.out().contains("(opendds:") || r.out().contains("(native:"), r.out());
		assertTrue(Pattern.compile("gw +\\| Lonely +\\| baseline +\\| no receivers +\\| 5 Hz +\\| - ").matcher(r.out()).find(),
				r.out());
		assertTrue(r.out().contains("[adamant.no-subscriber]"), r.out());
	}

	@Test
	void explainAsJsonParsesAndGivesTheReasonsInWords(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "auto.adamant", AUTO);
		Result r = cli("validate", "--explain", "--format", "json", file.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		JsonObject root = JsonParser.parseString(r.out()).getAsJsonObject();
		assertTrue(root.getAsJsonArray("diagnostics").asList().stream()
				.anyMatch(d -> d.getAsJsonObject().get("code").getAsString().equals("adamant.no-subscriber")), r.out());
		JsonArray flows = root.getAsJsonArray("flows");
		assertEquals(2, flows.size(), r.out());
		JsonObject t = flows.get(0).getAsJsonObject();
		assertEquals("gw", t.get("application").getAsString());
		assertEquals("T", t.get("topic").getAsString());
		assertEquals("auto", t.get("binding").getAsString());
		assertEquals("ricochet_reliable", t.get("transport").getAsString());
		assertEquals("ricochet_reliable",
				t.getAsJsonObject("targets").getAsJsonObject("native").get("transport").getAsString());
		assertEquals(25, t.get("receivers").getAsInt());
		assertEquals(100, t.get("rateHz").getAsDouble());
		assertEquals(3, t.get("lossPct").getAsDouble());
		assertTrue(t.get("loadBytesPerSecond").getAsDouble() > 0, r.out());
		assertTrue(t.get("meanLatencySeconds").getAsDouble() > 0, r.out());
		assertTrue(t.get("delivery").getAsDouble() >= 0.99 && t.get("delivery").getAsDouble() <= 1, r.out());
		assertTrue(t.get("relate2Seconds").getAsDouble() > 0, r.out());
		JsonArray ranking = t.getAsJsonArray("ranking");
		JsonObject first = ranking.get(0).getAsJsonObject();
		assertEquals("ricochet_reliable", first.get("transport").getAsString());
		assertTrue(first.get("feasible").getAsBoolean());
		assertEquals(0, first.getAsJsonArray("excludedBecause").size());
		// every ranked transport carries its prediction, so measured points can be set beside it
		assertEquals(t.get("meanLatencySeconds").getAsDouble(), first.get("meanLatencySeconds").getAsDouble(), 1e-12);
		assertEquals(t.get("delivery").getAsDouble(), first.get("delivery").getAsDouble(), 1e-12);
		assertTrue(first.get("relate2Seconds").getAsDouble() > 0, r.out());
		// at 3 % loss with at most 1 % lost, best-effort baseline cannot carry the flow: said in words
		List<JsonObject> excluded = ranking.asList().stream().map(JsonElement::getAsJsonObject)
				.filter(a -> !a.get("feasible").getAsBoolean()).toList();
		assertFalse(excluded.isEmpty(), r.out());
		Result text = cli("validate", "--explain", file.toString());
		for (JsonObject a : excluded) {
			JsonArray reasons = a.getAsJsonArray("excludedBecause");
			assertFalse(reasons.isEmpty(), a.toString());
			for (JsonElement reason : reasons) {
				String code = reason.getAsJsonObject().get("code").getAsString();
				String message = reason.getAsJsonObject().get("message").getAsString();
				assertTrue(code.startsWith("adamant.") && message.length() > 20 && !message.contains(code), reason.toString());
				assertTrue(text.out().contains("[" + code + "] " + message), text.out());
			}
		}
		JsonObject lonely = flows.get(1).getAsJsonObject();
		assertEquals("baseline", lonely.get("binding").getAsString());
		assertEquals(0, lonely.get("receivers").getAsInt());
		assertFalse(lonely.has("targets"), lonely.toString());
		// the summary stays on stderr, stdout is the JSON alone
		assertTrue(r.err().contains("0 errors"), r.err());
	}

	/** The case: a native writer in domain 0, an OpenDDS reader in domain 3. */
	static final String TWO_DOMAINS = """
			model pairs
			import "transports.adamant"
			struct S { @key uint32 id; float v; }
			topic T : S
			application gw { publish T rate 10 Hz transport nakcast }
			application fc { domain 3 subscribe T transport opendds_tcp }
			""";

	@Test
	void explainShowsDefaultsAndTheReadersAWriterDoesNotReach(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "pairs.adamant", TWO_DOMAINS);
		Result r = cli("validate", "--explain", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.out().contains("[adamant.incompatible-domain]"), r.out());
		assertTrue(r.out().contains("[adamant.incompatible-transport]"), r.out());
		assertTrue(Pattern.compile("gw +\\| T +\\| nakcast +\\| no receivers ").matcher(r.out()).find(), r.out());
		assertTrue(r.out().contains("QoS of the writer gw / T (* = DDS default): reliability *reliable max_blocking_time "
				+ "100 ms, durability *volatile, history *keep_last 1"), r.out());
		assertTrue(r.out().contains("not a receiver: application 'fc' (subscribe T): domain 0 (writer) vs 3 (reader)"),
				r.out());
		Result json = cli("validate", "--explain", "--format", "json", file.toString());
		JsonObject flow = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("flows").get(0)
				.getAsJsonObject();
		JsonObject reliability = flow.getAsJsonArray("qos").get(0).getAsJsonObject();
		assertEquals("reliability", reliability.get("policy").getAsString());
		assertEquals("reliable max_blocking_time 100 ms", reliability.get("value").getAsString());
		assertTrue(reliability.get("default").getAsBoolean());
		JsonObject unpaired = flow.getAsJsonArray("unpaired").get(0).getAsJsonObject();
		assertEquals("application 'fc' (subscribe T)", unpaired.get("reader").getAsString());
		List<String> codes = unpaired.getAsJsonArray("mismatches").asList().stream()
				.map(m -> m.getAsJsonObject().get("code").getAsString()).toList();
		assertEquals(List.of("adamant.incompatible-domain", "adamant.incompatible-transport"), codes);
	}

	@Test
	void explainAfterASyntaxErrorGivesTheErrorsAndNoFlows(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "broken.adamant", SYNTAX_ERROR + "application a { publish T rate 1 Hz }\n");
		Result r = cli("validate", "--explain", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.out().startsWith(file + ":4:1: error: "), r.out());
		assertFalse(r.out().contains("Flows") || r.out().contains("ranking"), r.out());
		assertTrue(r.out().contains("flows not analysed: fix the syntax errors first"), r.out());
		Result json = cli("validate", "--explain", "--format", "json", file.toString());
		assertEquals(1, json.code(), json.out() + json.err());
		JsonObject root = JsonParser.parseString(json.out()).getAsJsonObject();
		assertTrue(root.get("flows").isJsonNull(), json.out());
		assertEquals("error", root.getAsJsonArray("diagnostics").get(0).getAsJsonObject().get("severity").getAsString());
	}

	@Test
	void validateJsonWithoutExplainIsAnArray(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "auto.adamant", AUTO);
		Result r = cli("validate", "--format", "json", file.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertTrue(JsonParser.parseString(r.out()).isJsonArray(), r.out());
	}

	@Test
	void validateJson(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "bad.adamant", RELIABLE_ON_UDP);
		Result r = cli("validate", "--format", "json", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		String json = r.out().strip();
		assertTrue(json.startsWith("[") && json.endsWith("]"), json);
		assertTrue(json.contains("\"code\":\"adamant.reliable-on-unreliable-transport\""), json);
		assertTrue(json.contains("\"line\":7,"), json);
		assertTrue(json.contains("\"severity\":\"error\""), json);
	}

	@Test
	void validateReportsSyntaxErrorsWithTheirPosition(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "broken.adamant", SYNTAX_ERROR);
		Result r = cli("validate", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(Pattern.compile("^" + Pattern.quote(file.toString()) + ":4:1: error: .*';'", Pattern.MULTILINE)
				.matcher(r.out()).find(), r.out());
		assertFalse(r.err().contains("Exception"), r.err());
	}

	@Test
	void validateReportsUnresolvedReferences(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "unresolved.adamant", "model u\ntopic T : Missing\n");
		Result r = cli("validate", file.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.out().contains(file + ":2:11: error: "), r.out());
		assertTrue(r.out().contains("Missing"), r.out());
	}

	@Test
	void missingFileIsAUsageErrorWithoutStackTrace(@TempDir Path dir) {
		Result r = cli("validate", dir.resolve("nope.adamant").toString());
		assertEquals(2, r.code());
		assertTrue(r.err().startsWith("error: ") && r.err().contains("no such file"), r.err());
		assertFalse(r.err().contains("at org."), r.err());
	}

	@Test
	void usageErrorsExitWith2() {
		assertEquals(2, cli("validate").code());
		assertEquals(2, cli("frobnicate").code());
		assertEquals(2, cli("generate", "x.adamant").code()); // no -o
		Result r = cli("generate", Models.sar().toString(), "-o", "/tmp/x", "--target", "corba");
		assertEquals(2, r.code());
		assertTrue(r.err().contains("native, opendds or all"), r.err());
	}

	@Test
	void helpAndVersion() {
		Result help = cli("--help");
		assertEquals(0, help.code());
		assertTrue(help.out().contains("validate") && help.out().contains("generate"), help.out());
		Result gen = cli("generate", "--help");
		assertEquals(0, gen.code());
		assertTrue(gen.out().contains("--target") && gen.out().contains("--output"), gen.out());
		Result val = cli("validate", "--help");
		assertTrue(val.out().contains("--format"), val.out());
	}

	@Test
	void versionOnTheCommandAndEveryVerb() {
		for (String[] args : List.of(new String[] { "--version" }, new String[] { "-V" },
				new String[] { "validate", "--version" }, new String[] { "generate", "--version" },
				new String[] { "format", "-V" })) {
			Result v = cli(args);
			String what = String.join(" ", args) + ": " + v.out() + v.err();
			assertEquals(0, v.code(), what);
			// adamant 0.1.0-SNAPSHOT (git 15278ba1c2d3-dirty), then the Java and OS it runs on
			assertTrue(Pattern.compile("^adamant \\d+\\.\\d+\\.\\d+\\S* \\((git [0-9A-Za-z._+-]+|git revision not recorded)\\)\n"
					+ "Java " + Pattern.quote(System.getProperty("java.version")) + " .*\n"
					+ "OS .+\n$").matcher(v.out()).find(), what);
		}
		assertEquals(VersionProvider.version(), System.getProperty("adamant.projectVersion"));
		// built from this git checkout: the revision was recorded
		boolean checkout = Files.exists(Path.of(System.getProperty("adamant.repoRoot"), ".git"));
		assertEquals(checkout, VersionProvider.revision() != null, "revision " + VersionProvider.revision());
	}

	@Test
	void generateRefusesAnInvalidModelAndWritesNothing(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "bad.adamant", RELIABLE_ON_UDP);
		Path out = dir.resolve("out");
		Result r = cli("generate", file.toString(), "-o", out.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("[adamant.reliable-on-unreliable-transport]"), r.err());
		assertFalse(Files.exists(out));
		assertEquals(List.of("bad.adamant", "transports.adamant"), list(dir));
	}

	@Test
	void generateRejectsCppKeywordsWithFileLineColumn(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "kw.adamant", "model kw\nstruct Reading {\n  uint32 delete;\n}\n");
		Path out = dir.resolve("out");
		Result r = cli("generate", file.toString(), "-o", out.toString(), "--target", "native");
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains(file + ":3:10: error: the member of struct 'Reading' name 'delete' is a C++ keyword"),
				r.err());
		assertFalse(Files.exists(out));
	}

	@Test
	void generateTargetsAnOpenDdsVersion(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		Result old = cli("generate", Models.sar().toString(), "-o", out.toString(), "--target", "opendds",
				"--opendds-version", "3.13");
		assertEquals(0, old.code(), old.out() + old.err());
		String idl = Files.readString(out.resolve("opendds/sar.idl"));
		assertTrue(idl.contains("#pragma DCPS_DATA_TYPE \"sar::ThermalScan\""), idl);
		assertTrue(idl.contains("#pragma DCPS_DATA_KEY \"sar::ThermalScan uav_id\""), idl);
		assertFalse(idl.contains("@topic"), idl);
		// the key as an annotation for other vendors' IDL compilers, hidden from opendds_idl/tao_idl
		assertTrue(idl.contains("#ifndef __TAO_IDL\n    @key\n    #endif\n    unsigned long uav_id;"), idl);
		Result current = cli("generate", Models.sar().toString(), "-o", out.toString(), "--target", "opendds");
		assertEquals(0, current.code(), current.err());
		assertTrue(Files.readString(out.resolve("opendds/sar.idl")).contains("@topic"));
		Result bad = cli("generate", Models.sar().toString(), "-o", out.toString(), "--opendds-version", "2.1");
		assertEquals(Main.EXIT_USAGE, bad.code());
		assertTrue(bad.err().contains("oldest supported release is 3.13"), bad.err());
		assertTrue(cli("generate", "--help").out().contains("--opendds-version"));
		assertEquals(org.adamant.generator.opendds.OpenDdsVersion.CURRENT.toString(),
				org.adamant.generator.opendds.OpenDdsVersion.CURRENT_TEXT);
	}

	@Test
	void generateWritesAtomicallyAndDeterministically(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		Result first = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(0, first.code(), first.out() + first.err());
		assertTrue(first.out().contains("native/CMakeLists.txt"), first.out());
		Map<String, String> a = snapshot(out);
		assertTrue(a.containsKey("native/include/sar/types.hpp"));
		assertTrue(a.containsKey("opendds/sar.idl"));
		Files.writeString(out.resolve("stale.txt"), "left over");
		Result second = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(0, second.code(), second.out() + second.err());
		assertEquals(a, snapshot(out)); // byte-identical, stale file gone
		assertEquals(List.of("gen"), list(dir)); // no temporary directories left behind
		Result nativeOnly = cli("generate", Models.sar().toString(), "-o", out.toString(), "--target", "native");
		assertEquals(0, nativeOnly.code());
		assertFalse(Files.exists(out.resolve("opendds")));
	}

	@Test
	void generateRefusesToReplaceAForeignDirectory(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("mine");
		Files.createDirectories(out);
		Files.writeString(out.resolve("precious.txt"), "keep me");
		Result r = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(2, r.code(), r.out() + r.err());
		// the model's own diagnostics (sar has an information on its adaptive flow) come first
		assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: ")), r.err());
		assertEquals("keep me", Files.readString(out.resolve("precious.txt")));
	}

	@Test
	void writeRefusesEscapingPathsAndLeavesTheOldTreeIntact(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		assertEquals(0, cli("generate", Models.sar().toString(), "-o", out.toString()).code());
		Map<String, String> before = snapshot(out);
		for (String bad : List.of("../evil.txt", "native/../../evil.txt", "/tmp/adamant-evil.txt", "native\\x.txt",
				"C:evil.txt", "", "native/..")) {
			Map<String, CharSequence> files = new LinkedHashMap<>();
			files.put("native/fine.txt", "written first");
			files.put(bad, "must not be written");
			UsageException e = assertThrows(UsageException.class, () -> Generation.write(out, files), bad);
			assertTrue(e.getMessage().contains("refusing to write it"), e.getMessage());
			assertEquals(before, snapshot(out), bad);
			assertEquals(List.of("gen"), list(dir), bad); // nothing beside it, no temporary directory left
		}
		assertFalse(Files.exists(Path.of("/tmp/adamant-evil.txt")));
	}

	@Test
	void aFailedWriteLeavesTheOldTreeIntact(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		assertEquals(0, cli("generate", Models.sar().toString(), "-o", out.toString()).code());
		Map<String, String> before = snapshot(out);
		Map<String, CharSequence> files = new LinkedHashMap<>();
		files.put("native/CMakeLists.txt", "half of a new tree");
		files.put("native/CMakeLists.txt/inside-a-file.txt", "cannot be written: its parent is a file");
		UsageException e = assertThrows(UsageException.class, () -> Generation.write(out, files));
		assertTrue(e.getMessage().contains("cannot write"), e.getMessage());
		assertEquals(before, snapshot(out));
		assertEquals(List.of("gen"), list(dir));
	}

	private static List<String> list(Path dir) throws IOException {
		try (Stream<Path> s = Files.list(dir)) {
			return s.map(p -> p.getFileName().toString()).sorted().toList();
		}
	}

	private static Map<String, String> snapshot(Path dir) throws IOException {
		Map<String, String> files = new TreeMap<>();
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.filter(Files::isRegularFile).toList()) {
				files.put(dir.relativize(p).toString(), Files.readString(p));
			}
		}
		return files;
	}
}
