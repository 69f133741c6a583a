package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.INJECTOR;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.adamant.dsl.tests.AdamantTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An import must be a regular .adamant file relative to the importing file: anything else is an
 * {@code adamant.bad-import} error on the import line, found without reading (or hanging on) it.
 */
class ImportValidationTest {

	private static final Duration QUICK = Duration.ofSeconds(20);

	/** Loads {@code main.adamant} importing {@code path}, resolves everything and returns the bad-import errors. */
	private static List<Issue> importing(Path dir, String path) throws IOException {
		Path main = dir.resolve("main.adamant");
		Files.writeString(main, "model main\n\nimport \"" + path + "\"\nstruct S { uint32 id; }\n");
		return assertTimeoutPreemptively(QUICK, () -> {
			XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
			Resource resource = set.getResource(URI.createFileURI(main.toString()), true);
			EcoreUtil2.resolveAll(resource);
			List<Issue> bad = withCode(validate(resource), IssueCodes.BAD_IMPORT);
			for (Issue issue : bad) {
				assertEquals(3, issue.getLineNumber(), issue.toString()); // on the import line
				assertEquals(8, issue.getColumn(), issue.toString());
			}
			return bad;
		}, path);
	}

	private static void assertBad(Path dir, String path, String expected) throws IOException {
		List<Issue> bad = importing(dir, path);
		assertEquals(1, bad.size(), path + ": " + bad);
		assertTrue(bad.get(0).getMessage().contains(expected), path + ": " + bad.get(0).getMessage());
	}

	@Test
	void aRegularFileBesideTheImporterIsFine(@TempDir Path dir) throws IOException {
		Files.createDirectories(dir.resolve("sub"));
		Files.writeString(dir.resolve("sub/lib.adamant"), "model lib\nstruct T { uint32 id; }\n");
		assertEquals(List.of(), importing(dir, "sub/lib.adamant"));
	}

	@Test
	void aMissingFileIsReported(@TempDir Path dir) throws IOException {
		assertBad(dir, "nowhere.adamant", "does not exist");
	}

	@Test
	void anEmptyImportIsReported(@TempDir Path dir) throws IOException {
		assertBad(dir, "", "empty import");
	}

	@Test
	void aDirectoryIsReported(@TempDir Path dir) throws IOException {
		Files.createDirectories(dir.resolve("lib.adamant"));
		assertBad(dir, "lib.adamant", "is a directory");
		Files.createDirectories(dir.resolve("profiles"));
		assertBad(dir, "profiles", "not an ADAMANT model");
	}

	@Test
	void anAbsolutePathOrAUriIsReported(@TempDir Path dir) throws IOException {
		assertBad(dir, "/etc/passwd", "absolute path");
		assertBad(dir, "file:///etc/passwd", "is a URI");
		Files.writeString(dir.resolve("lib.adamant"), "model lib\n");
		assertBad(dir, dir.resolve("lib.adamant").toUri().toString(), "is a URI");
		assertBad(dir, "../" + dir.getFileName() + "/main.adamant", "this file itself");
	}

	@Test
	void aFifoIsReportedWithoutHanging(@TempDir Path dir) throws Exception {
		Path fifo = dir.resolve("pipe.adamant");
		assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
		assertBad(dir, "pipe.adamant", "not a regular file");
	}

	@Test
	void aSymbolicLinkToADeviceIsReportedWithoutReadingIt(@TempDir Path dir) throws IOException {
		Files.createSymbolicLink(dir.resolve("zero.adamant"), Path.of("/dev/zero"));
		assertBad(dir, "zero.adamant", "not a regular file");
		Files.createSymbolicLink(dir.resolve("dangling.adamant"), dir.resolve("gone.adamant"));
		assertBad(dir, "dangling.adamant", "symbolic link to nothing");
	}

	@Test
	void aHugeFileIsReportedWithoutReadingIt(@TempDir Path dir) throws IOException {
		try (var file = new java.io.RandomAccessFile(dir.resolve("huge.adamant").toFile(), "rw")) {
			file.setLength(17L * 1024 * 1024); // sparse: no disk space used
		}
		assertBad(dir, "huge.adamant", "over the limit");
	}
}
