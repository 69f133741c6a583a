package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The runtime's defaults, wire sizes and timing rules are read from its contract table
 * (org.adamant.dsl.contract.RuntimeContract), never spelt again in the Java and Xtend sources of the
 * language, its IDE services and the generators. Comments may cite values; code may not.
 */
class NoSpelledDefaultsTest {

	/** What a spelt default looks like in code, and what it is. */
	private record Spelling(Pattern pattern, String what) {
	}

	private static final List<Spelling> FORBIDDEN = List.of(
			new Spelling(Pattern.compile("\\b0\\.050?\\b"), "50 ms in seconds (NAK timeout, lec/fec flush)"),
			new Spelling(Pattern.compile("\\b50_?000\\b"), "50 ms in microseconds (NAK timeout)"),
			new Spelling(Pattern.compile("\\b[rR]\\s*=\\s*8\\b"), "Ricochet's r = 8"),
			new Spelling(Pattern.compile("\\b[cC]\\s*=\\s*3\\b"), "Ricochet's c = 3"),
			new Spelling(Pattern.compile("\\bDEFAULT_(NAK_TIMEOUT|R|C|LEC_R|LEC_C|FEC_R|FEC_C)(_US)?\\s*="),
					"a constant for a runtime default"),
			new Spelling(Pattern.compile("\\b36\\s*\\+|\\b64L\\b|HEADER_BYTES\\s*=|\\b8\\s*\\+\\s*20\\b"),
					"wire header sizes"),
			new Spelling(Pattern.compile("Math\\.max\\([^;]*0\\.001\\)[^;]*0\\.010"), "the heartbeat rule"));

	@Test
	void runtimeDefaultsAreNotSpeltOutsideTheContractLoader() throws IOException {
		List<String> found = new ArrayList<>();
		for (Path source : sources()) {
			List<String> lines = Files.readAllLines(source);
			for (int i = 0; i < lines.size(); i++) {
				String code = code(lines.get(i));
				for (Spelling s : FORBIDDEN) {
					if (s.pattern().matcher(code).find()) {
						found.add(AdamantTestSupport.ROOT.relativize(source) + ":" + (i + 1) + ": " + s.what()
								+ " spelt again; read it from RuntimeContract.get(): " + lines.get(i).strip());
					}
				}
			}
		}
		assertTrue(found.isEmpty(), () -> String.join("\n", found));
	}

	/** The test would pass on no files at all: make sure it reads the sources that take defaults from the contract. */
	@Test
	void scansTheSourcesThatReadTheContract() throws IOException {
		List<String> names = sources().stream().map(p -> p.getFileName().toString()).toList();
		for (String expected : List.of("Predictions.java", "TransportRanking.java", "Quantities.java",
				"TransportLowering.java", "TransportParameters.java", "RealLinkTemplate.xtend",
				"AdamantContentProposalProvider.java")) {
			assertTrue(names.contains(expected), expected + " not scanned");
		}
	}

	/** Main Java and Xtend sources of the language, IDE and generator bundles (no generated code, no tests). */
	private static List<Path> sources() throws IOException {
		List<Path> out = new ArrayList<>();
		for (String root : List.of("dsl", "generator")) {
			try (Stream<Path> walk = Files.walk(AdamantTestSupport.ROOT.resolve(root))) {
				walk.filter(Files::isRegularFile)
						.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".xtend"))
						.filter(p -> {
							String s = AdamantTestSupport.ROOT.relativize(p).toString().replace('\\', '/');
							return s.matches("(dsl|generator)/[^/]+/src/.*") && !s.contains("/src/test/")
									&& !s.contains("/src-gen/") && !s.contains("/xtend-gen/") && !s.contains("/target/")
									&& !s.contains("/org/adamant/dsl/contract/") && !s.matches("[^/]+/[^/]+\\.tests/.*")
									&& !s.contains("/node_modules/");
						}).forEach(out::add);
			}
		}
		return out;
	}

	/** The line without its comment (a line comment, or a line inside a block comment). */
	private static String code(String line) {
		String t = line.strip();
		if (t.startsWith("*") || t.startsWith("/*") || t.startsWith("//")) {
			return "";
		}
		int comment = t.indexOf("//");
		return comment >= 0 ? t.substring(0, comment) : t;
	}
}
