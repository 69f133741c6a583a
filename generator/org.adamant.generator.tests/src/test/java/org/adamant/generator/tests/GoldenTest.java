package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares the generated tree of each example with src/test/resources/golden/<example>/. After an
 * intended change to a template, refresh the trees with -Dadamant.updateGolden=true and review the
 * diff.
 */
class GoldenTest {

	private static final boolean UPDATE = Boolean.getBoolean("adamant.updateGolden");

	/**
	 * Every model under examples/: examples/<dir>/<dir>.adamant has its golden tree in golden/<dir>/,
	 * any other examples/<dir>/<name>.adamant in golden/<dir>/<name>/; and tests/models/<name>.adamant
	 * in golden/tests/<name>/.
	 */
	static Stream<Arguments> examples() throws IOException {
		Path root = Models.repoRoot().resolve("examples");
		List<Arguments> result = new ArrayList<>();
		try (Stream<Path> dirs = Files.list(root)) {
			for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
				try (Stream<Path> files = Files.list(dir)) {
					for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".adamant")).sorted().toList()) {
						String stem = f.getFileName().toString().replaceFirst("\\.adamant$", "");
						String dirName = dir.getFileName().toString();
						result.add(Arguments.of(dirName.equals(stem) ? dirName : dirName + "/" + stem, f));
					}
				}
			}
		}
		if (result.isEmpty()) {
			fail("no example models under " + root);
		}
		// test models of one feature each (tests/models/<name>.adamant: golden/tests/<name>/)
		try (Stream<Path> files = Files.list(Models.repoRoot().resolve("tests/models"))) {
			for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".adamant")).sorted().toList()) {
				result.add(Arguments.of("tests/" + f.getFileName().toString().replaceFirst("\\.adamant$", ""), f));
			}
		}
		return result.stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("examples")
	void matchesGoldenTree(String example, Path model) throws IOException {
		Map<String, CharSequence> files = new AdamantGenerator().generate(Models.load(model), Target.ALL);
		Path golden = Path.of(System.getProperty("adamant.goldenDir", "src/test/resources/golden")).resolve(example);
		if (UPDATE) {
			// only the target directories: golden/<dir>/ may also hold other models' trees
			deleteTree(golden.resolve("native"));
			deleteTree(golden.resolve("opendds"));
			for (Map.Entry<String, CharSequence> e : files.entrySet()) {
				Path p = golden.resolve(e.getKey());
				Files.createDirectories(p.getParent());
				Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
			}
			return;
		}
		if (!Files.isDirectory(golden)) {
			fail("example " + model + " has no golden tree " + golden + "; create it with\n  ./mvnw -B install -pl "
					+ "generator/org.adamant.generator.tests -Dadamant.updateGolden=true\nand review the generated files");
		}
		TreeSet<String> expected = new TreeSet<>();
		try (Stream<Path> s = Files.walk(golden)) {
			s.filter(Files::isRegularFile).map(p -> golden.relativize(p).toString().replace('\\', '/'))
					.filter(p -> p.startsWith("native/") || p.startsWith("opendds/")).forEach(expected::add);
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
