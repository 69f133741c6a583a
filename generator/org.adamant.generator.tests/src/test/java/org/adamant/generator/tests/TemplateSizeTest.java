package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * No generator template holds more than {@link #MAX_FIXED_LINES} lines of fixed text: code that
 * does not depend on the model belongs in the runtime (runtime/include/adamant, runtime/opendds),
 * compiled and tested once, and generated code only declares what the model decides. A template's
 * fixed text is what its ''' ''' templates write whatever the model: each of their lines that still
 * has a character other than white space once every «…» expression (with any template nested in
 * it) is removed.
 */
class TemplateSizeTest {

	static final int MAX_FIXED_LINES = 150;

	/** The lines of fixed text in the ''' ''' templates of Xtend source {@code src}. */
	static int fixedLines(String src) {
		int count = 0;
		StringBuilder line = new StringBuilder();
		boolean inTemplate = false;
		int depth = 0;
		for (int i = 0; i < src.length(); i++) {
			if (!inTemplate) {
				if (src.startsWith("'''", i)) {
					inTemplate = true;
					line.setLength(0);
					i += 2;
				}
				continue;
			}
			char c = src.charAt(i);
			if (depth == 0 && src.startsWith("'''", i)) {
				count += line.toString().isBlank() ? 0 : 1;
				inTemplate = false;
				i += 2;
			} else if (c == '«') {
				depth++;
			} else if (c == '»') {
				depth--;
			} else if (depth > 0 && src.startsWith("'''", i)) {
				// a template inside an expression, e.g. «FOR x : xs.map['''«name»''']»: part of the expression
				i = src.indexOf("'''", i + 3) + 2;
			} else if (depth == 0 && c == '\n') {
				count += line.toString().isBlank() ? 0 : 1;
				line.setLength(0);
			} else if (depth == 0) {
				line.append(c);
			}
		}
		return count;
	}

	@Test
	void everyTemplateStaysSmall() throws IOException {
		Map<String, Integer> sizes = new TreeMap<>();
		List<Path> sources;
		try (Stream<Path> s = Files.walk(Models.repoRoot().resolve("generator"))) {
			sources = s.filter(p -> p.toString().endsWith(".xtend") && !p.toString().contains("/target/")).toList();
		}
		assertFalse(sources.isEmpty(), "no .xtend under generator/");
		for (Path p : sources) {
			sizes.put(Models.repoRoot().relativize(p).toString(), fixedLines(Files.readString(p)));
		}
		Map<String, Integer> over = new TreeMap<>(sizes);
		over.values().removeIf(n -> n <= MAX_FIXED_LINES);
		assertTrue(over.isEmpty(), "templates with more than " + MAX_FIXED_LINES
				+ " lines of fixed text (move the model-independent code into the runtime): " + over);
	}

	@Test
	void theMeasureCountsFixedLinesOnly() {
		String src = "class T {\n\tdef a(M m) '''\n\t\t#include <x>\n\t\t«FOR t : m.types»\n\t\t\tstruct «t.name» {};\n"
				+ "\t\t«ENDFOR»\n\t\t«IF m.x»«m.y»«ENDIF»\n\n\t\tint f() { return «m.n»; }\n\t'''\n"
				+ "\tdef b() { '''«FOR x : xs.map['''«name»''']»«x»«ENDFOR»''' }\n\tdef c() '''one line''' }\n";
		// #include, struct …{};, int f() …; and "one line"; not the lines of control or expressions only.
		assertEquals(4, fixedLines(src));
	}
}
