package org.adamant.generator.tests;

import static org.adamant.generator.tests.CliTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.adamant.generator.cpp.CppNames;
import org.adamant.generator.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;

/**
 * {@code adamant validate} on hostile models: every problem is a {@code file:line:col} error with
 * exit 1, no stack trace, and {@code --format json} output that parses.
 */
class HostileCliTest {

	private static Result validate(Path file, String... options) {
		String[] args = new String[options.length + 2];
		args[0] = "validate";
		System.arraycopy(options, 0, args, 1, options.length);
		args[args.length - 1] = file.toString();
		return assertTimeoutPreemptively(Duration.ofSeconds(120), () -> cli(args));
	}

	/** Exit 1, one line {@code file:L:C: error: [code]}, no stack trace. */
	private static void reported(Path file, String code, String lineCol) {
		Result r = validate(file);
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.out().contains(file + ":" + lineCol + ": error: [" + code + "]"), r.out() + r.err());
		assertFalse((r.out() + r.err()).contains("\tat "), r.out() + r.err());
		assertFalse((r.out() + r.err()).contains("Exception"), r.out() + r.err());
		Result json = validate(file, "--format", "json");
		JsonArray items = JsonParser.parseString(json.out()).getAsJsonArray();
		assertTrue(items.size() > 0, json.out());
	}

	@Test
	void deeplyNestedStructsAndSequences(@TempDir Path dir) throws Exception {
		StringBuilder structs = new StringBuilder("model deep\n");
		int n = 300;
		for (int i = 0; i < n - 1; i++) {
			structs.append("struct S").append(i).append(" { S").append(i + 1).append(" next; }\n");
		}
		structs.append("struct S").append(n - 1).append(" { @key uint32 id; }\n");
		structs.append("topic T : S0\napplication A { publish T rate 10 Hz subscribe T }\n");
		reported(Models.write(dir, "structs.adamant", structs.toString()), "adamant.type-nesting-too-deep", "2:8");
		int m = 5000;
		String sequences = "model seq\nstruct S { " + "sequence<".repeat(m) + "uint32" + ">".repeat(m) + " x; }\n";
		reported(Models.write(dir, "sequences.adamant", sequences), "adamant.type-nesting-too-deep", "2:12");
	}

	@Test
	void controlCharactersAreEscapedInDiagnostics(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "nul.adamant", "model nul\nstruct S\u0000\u001b { uint32 id; }\n");
		Result r = validate(file);
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.out().contains("\\u0000"), r.out());
		assertTrue((r.out() + r.err()).chars().noneMatch(c -> c < 0x20 && c != '\n'), r.out());
		JsonParser.parseString(validate(file, "--format", "json").out());
	}

	@Test
	void aLongExtendsCycleIsOneShortError(@TempDir Path dir) throws Exception {
		StringBuilder b = new StringBuilder("model cyc\n");
		for (int i = 0; i < 1000; i++) {
			b.append("qos Q").append(i).append(" extends Q").append((i + 1) % 1000).append(" { }\n");
		}
		Path file = Models.write(dir, "cycle.adamant", b.toString());
		reported(file, "adamant.extends-cycle", "2:16");
		assertTrue(validate(file).out().length() < 1000);
	}

	@Test
	void byteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("bom.adamant");
		Files.write(file, ("\uFEFFmodel bom\nstruct S { uint32 id; }\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
		Result r = validate(file);
		assertEquals(0, r.code(), r.out() + r.err());
	}

	@Test
	void duplicatesAndSelfContainmentFailValidationNotGeneration(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "dup.adamant", "model dup\nstruct S { @key uint32 id; }\nstruct S { uint32 x; }\n"
				+ "struct Self { Self me; }\n");
		reported(file, "adamant.duplicate-name", "2:8");
		reported(file, "adamant.type-contains-itself", "4:8");
		Path out = dir.resolve("gen");
		Result g = cli("generate", file.toString(), "-o", out.toString());
		assertEquals(1, g.code(), g.out() + g.err());
		assertFalse(Files.exists(out));
	}

	@Test
	void stringLiteralsEscapeControlCharacters() {
		assertEquals("a\\012b\\\"c\\\\d\\000", CppNames.stringLiteralBody("a\nb\"c\\d\u0000"));
	}

	/** Found by the language fuzz campaign: a file of only a comment validates, and generate threw a NullPointerException. */
	@Test
	void generateFromAFileWithoutAModel(@TempDir Path dir) throws Exception {
		Path file = Models.write(dir, "empty.adamant", "// The SAR\n");
		Result r = assertTimeoutPreemptively(Duration.ofSeconds(120),
				() -> cli("generate", "-o", dir.resolve("out").toString(), file.toString()));
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains(file + ":1:1: error: the file declares no model"), r.err());
		assertFalse(Files.exists(dir.resolve("out")), "nothing written");
	}
}
