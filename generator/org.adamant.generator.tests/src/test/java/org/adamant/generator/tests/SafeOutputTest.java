package org.adamant.generator.tests;

import static org.adamant.generator.tests.CliTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.adamant.generator.OutputDirectory;
import org.adamant.generator.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator writes only inside its output directory and replaces it as a whole: symbolic links
 * in or at the output are never followed, and a run that fails leaves the previous output intact.
 */
class SafeOutputTest {

	@Test
	void aSymbolicLinkInsideTheOutputIsReplacedNotFollowed(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		assertEquals(0, cli("generate", Models.sar().toString(), "-o", out.toString()).code());
		Path outside = Files.createDirectories(dir.resolve("outside"));
		Files.writeString(outside.resolve("CMakeLists.txt"), "not the generator's");
		deleteTree(out.resolve("native"));
		Files.createSymbolicLink(out.resolve("native"), outside);
		Files.createSymbolicLink(out.resolve("stray.txt"), outside.resolve("CMakeLists.txt"));
		Result r = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertEquals(Map.of("CMakeLists.txt", "not the generator's"), snapshot(outside)); // untouched
		assertTrue(Files.isDirectory(out.resolve("native"), LinkOption.NOFOLLOW_LINKS));
		assertTrue(Files.isRegularFile(out.resolve("native/CMakeLists.txt"), LinkOption.NOFOLLOW_LINKS));
		assertFalse(Files.exists(out.resolve("stray.txt"), LinkOption.NOFOLLOW_LINKS));
		assertEquals(List.of("gen", "outside"), list(dir));
	}

	@Test
	void anOutputThatIsASymbolicLinkIsRefused(@TempDir Path dir) throws IOException {
		Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
		Path out = Files.createSymbolicLink(dir.resolve("gen"), elsewhere);
		Result r = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(2, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("is a symbolic link"), r.err());
		assertEquals(Map.of(), snapshot(elsewhere));
		assertTrue(Files.isSymbolicLink(out));
	}

	@Test
	void aModelWithErrorsLeavesThePreviousOutputIntact(@TempDir Path dir) throws IOException {
		Path out = dir.resolve("gen");
		assertEquals(0, cli("generate", Models.sar().toString(), "-o", out.toString()).code());
		Map<String, String> before = snapshot(out);
		Path broken = Models.write(dir, "broken.adamant", CliTest.RELIABLE_ON_UDP);
		Result r = cli("generate", broken.toString(), "-o", out.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("nothing generated"), r.err());
		assertEquals(before, snapshot(out));
		assertEquals(List.of("broken.adamant", "gen", "transports.adamant"), list(dir));
	}

	@Test
	void outputDirectoryNamesArePlainNames(@TempDir Path dir) {
		assertEquals(dir.resolve("sar"), OutputDirectory.child(dir, "sar"));
		for (String bad : List.of("", ".", "..", "a/b", "..\\x", "C:x")) {
			OutputDirectory.OutputException e = assertThrows(OutputDirectory.OutputException.class,
					() -> OutputDirectory.child(dir, bad), bad);
			assertTrue(e.getMessage().contains("rename the model file"), e.getMessage());
		}
	}

	@Test
	void anExistingFileIsNotReplaced(@TempDir Path dir) throws IOException {
		Path out = Files.writeString(dir.resolve("gen"), "a file");
		Result r = cli("generate", Models.sar().toString(), "-o", out.toString());
		assertEquals(2, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("not a directory"), r.err());
		assertEquals("a file", Files.readString(out));
	}

	static List<String> list(Path dir) throws IOException {
		try (Stream<Path> s = Files.list(dir)) {
			return s.map(p -> p.getFileName().toString()).sorted().toList();
		}
	}

	static Map<String, String> snapshot(Path dir) throws IOException {
		Map<String, String> files = new TreeMap<>();
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.filter(Files::isRegularFile).toList()) {
				files.put(dir.relativize(p).toString(), Files.readString(p));
			}
		}
		return files;
	}

	private static void deleteTree(Path dir) throws IOException {
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(p);
			}
		}
	}
}
