package org.adamant.generator.tests;

import static org.adamant.generator.tests.CliTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

import org.adamant.generator.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code adamant validate} and {@code generate} report a bad import on its line
 * ({@code file:line:col: error: [adamant.bad-import] ...}, exit 1), quickly and without a stack trace.
 */
class ImportCliTest {

	private static Result validate(Path dir, String importPath) throws IOException {
		Path main = Models.write(dir, "main.adamant", "model main\nimport \"transports.adamant\"\nimport \"" + importPath
				+ "\"\nstruct S { @key uint32 id; }\n");
		return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> cli("validate", main.toString()), importPath);
	}

	private static void assertReported(Path dir, String importPath, String what) throws IOException {
		Result r = validate(dir, importPath);
		assertEquals(1, r.code(), r.out() + r.err());
		Pattern line = Pattern.compile("^" + Pattern.quote(dir.resolve("main.adamant").toString())
				+ ":3:8: error: \\[adamant\\.bad-import\\] .*" + Pattern.quote(what) + ".*$", Pattern.MULTILINE);
		assertTrue(line.matcher(r.out()).find(), r.out() + r.err());
		assertFalse((r.out() + r.err()).contains("Exception"), r.out() + r.err());
	}

	@Test
	void badImportsAreReportedOnTheirLine(@TempDir Path dir) throws Exception {
		assertReported(dir, "missing.adamant", "does not exist");
		assertReported(dir, "", "empty import");
		Files.createDirectories(dir.resolve("dir.adamant"));
		assertReported(dir, "dir.adamant", "is a directory");
		assertReported(dir, "/etc/passwd", "absolute path");
		assertReported(dir, "file:///etc/passwd", "is a URI");
		Files.createSymbolicLink(dir.resolve("zero.adamant"), Path.of("/dev/zero"));
		assertReported(dir, "zero.adamant", "not a regular file");
		assertEquals(0, new ProcessBuilder("mkfifo", dir.resolve("pipe.adamant").toString()).start().waitFor());
		assertReported(dir, "pipe.adamant", "not a regular file");
	}

	@Test
	void generateWritesNothingForABadImport(@TempDir Path dir) throws Exception {
		assertEquals(0, new ProcessBuilder("mkfifo", dir.resolve("pipe.adamant").toString()).start().waitFor());
		Path main = Models.write(dir, "main.adamant", "model main\nimport \"pipe.adamant\"\nstruct S { @key uint32 id; }\n");
		Path out = dir.resolve("gen");
		Result r = assertTimeoutPreemptively(Duration.ofSeconds(30),
				() -> cli("generate", main.toString(), "-o", out.toString()));
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("main.adamant:2:8: error: [adamant.bad-import]"), r.err());
		assertFalse(Files.exists(out));
	}
}
