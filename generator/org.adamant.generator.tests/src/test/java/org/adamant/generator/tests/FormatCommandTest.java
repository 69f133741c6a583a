package org.adamant.generator.tests;

import static org.adamant.generator.tests.CliTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.adamant.generator.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code adamant format FILE... [--check]}. */
class FormatCommandTest {

	static final String MESSY = """
			model m
			// the scan
			struct Scan {  @key uint32 id ; float t; }
			qos Q { reliability reliable // must arrive
			  history keep_last 1 }
			""";

	static final String FORMATTED = """
			model m
			// the scan
			struct Scan { @key uint32 id; float t; }
			qos Q {
				reliability reliable // must arrive
				history keep_last 1
			}
			""";

	@Test
	void formatRewritesTheFileInPlaceAndAgainChangesNothing(@TempDir Path dir) throws IOException {
		Path file = Models.write(dir, "m.adamant", MESSY);
		Result r = cli("format", file.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertEquals(FORMATTED, Files.readString(file));
		assertEquals("formatted " + file, r.out().strip());
		FileTime written = Files.getLastModifiedTime(file);
		Result again = cli("format", file.toString());
		assertEquals(0, again.code(), again.out() + again.err());
		assertEquals("", again.out());
		assertEquals(written, Files.getLastModifiedTime(file));
		assertEquals(FORMATTED, Files.readString(file));
	}

	@Test
	void checkWritesNothingListsWhatWouldChangeAndExitsWith1(@TempDir Path dir) throws IOException {
		Path messy = Models.write(dir, "messy.adamant", MESSY);
		Path clean = Models.write(dir, "clean.adamant", FORMATTED);
		Result r = cli("format", "--check", messy.toString(), clean.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertEquals(messy.toString(), r.out().strip());
		assertTrue(r.err().contains("1 of 2 files not formatted"), r.err());
		assertEquals(MESSY, Files.readString(messy));
		Result ok = cli("format", "--check", clean.toString());
		assertEquals(0, ok.code(), ok.out() + ok.err());
		assertEquals("", ok.out() + ok.err());
	}

	@Test
	void aFileWithSyntaxErrorsIsNotTouchedAndReportedWithItsPosition(@TempDir Path dir) throws IOException {
		Path broken = Models.write(dir, "broken.adamant", CliTest.SYNTAX_ERROR);
		Path messy = Models.write(dir, "messy.adamant", MESSY);
		Result r = cli("format", broken.toString(), messy.toString());
		assertEquals(2, r.code(), r.out() + r.err());
		assertTrue(r.err().startsWith(broken + ":4:1: error: "), r.err());
		assertTrue(r.err().contains("not formatted"), r.err());
		assertFalse(r.err().contains("Exception"), r.err());
		assertEquals(CliTest.SYNTAX_ERROR, Files.readString(broken));
		assertEquals(FORMATTED, Files.readString(messy), "the other files are still formatted");
		Result check = cli("format", "--check", broken.toString());
		assertEquals(2, check.code(), check.out() + check.err());
		assertEquals(CliTest.SYNTAX_ERROR, Files.readString(broken));
	}

	@Test
	void badArgumentsAreUsageErrorsAndNothingIsWritten(@TempDir Path dir) throws IOException {
		Path messy = Models.write(dir, "messy.adamant", MESSY);
		assertEquals(2, cli("format").code());
		Result missing = cli("format", messy.toString(), dir.resolve("nope.adamant").toString());
		assertEquals(2, missing.code());
		assertTrue(missing.err().contains("nope.adamant: no such file"), missing.err());
		assertEquals(MESSY, Files.readString(messy), "no file is written when an argument is wrong");
		Path text = Models.write(dir, "notes.txt", "hello");
		assertEquals(2, cli("format", text.toString()).code());
	}

	@Test
	void theCheckedInModelsAreFormatted() {
		Path root = Models.repoRoot();
		Result r = cli("format", "--check", root.resolve("examples/sar/sar.adamant").toString(),
				root.resolve("examples/blueforce/blueforce.adamant").toString(),
				root.resolve("profiles/transports.adamant").toString(), root.resolve("profiles/rtesp.adamant").toString(),
				root.resolve("profiles/tactical.adamant").toString());
		assertEquals(0, r.code(), r.out() + r.err());
	}

	@Test
	void helpNamesTheVerb() {
		Result help = cli("--help");
		assertTrue(help.out().contains("format"), help.out());
		Result format = cli("format", "--help");
		assertEquals(0, format.code());
		assertTrue(format.out().contains("--check"), format.out());
	}
}
