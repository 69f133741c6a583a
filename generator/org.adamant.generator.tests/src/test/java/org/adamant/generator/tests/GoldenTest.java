package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compares the generated tree of each example with src/test/resources/golden/<example>/. After an
 * intended change to a template, refresh the trees with -Dadamant.updateGolden=true and review the
 * diff.
 */
class GoldenTest {

	private static final boolean UPDATE = Boolean.getBoolean("adamant.updateGolden");

	@ParameterizedTest
	@ValueSource(strings = { "sar" })
	void matchesGoldenTree(String example) throws IOException {
		Path model = Models.repoRoot().resolve("examples/" + example + "/" + example + ".adamant");
		Map<String, CharSequence> files = new AdamantGenerator().generate(Models.load(model), Target.ALL);
		Path golden = Path.of(System.getProperty("adamant.goldenDir", "src/test/resources/golden")).resolve(example);
		if (UPDATE) {
			deleteTree(golden);
			for (Map.Entry<String, CharSequence> e : files.entrySet()) {
				Path p = golden.resolve(e.getKey());
				Files.createDirectories(p.getParent());
				Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
			}
			return;
		}
		if (!Files.isDirectory(golden)) {
			fail("no golden tree " + golden + "; create it with -Dadamant.updateGolden=true");
		}
		TreeSet<String> expected = new TreeSet<>();
		try (Stream<Path> s = Files.walk(golden)) {
			s.filter(Files::isRegularFile).forEach(p -> expected.add(golden.relativize(p).toString().replace('\\', '/')));
		}
		assertEquals(expected, new TreeSet<>(files.keySet()), "generated file set differs from " + golden);
		for (String path : expected) {
			assertEquals(Files.readString(golden.resolve(path), StandardCharsets.UTF_8), files.get(path).toString(),
					path + " differs from the golden file (rerun with -Dadamant.updateGolden=true if intended)");
		}
	}

	private static void deleteTree(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(p);
			}
		}
	}
}
