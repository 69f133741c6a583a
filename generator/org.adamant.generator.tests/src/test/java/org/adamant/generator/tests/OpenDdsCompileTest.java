package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.PrimitiveRef;
import org.adamant.dsl.adamant.StructType;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.ModelInfo;
import org.adamant.generator.Target;
import org.adamant.generator.opendds.OpenDdsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Syntax-checks the generated OpenDDS sources with {@code g++ -std=c++17 -fsyntax-only} against
 * a compile-only stand-in for the OpenDDS API (src/test/resources/opendds-standin/opendds_stub.h, the
 * shapes recorded in opendds-whitelist.tsv; every OpenDDS header the code includes is made, in a
 * temporary directory, a redirect to it) plus, per model, a stand-in for opendds_idl's
 * TypeSupportImpl.h, and the runtime's real adamant_opendds/Bench.h (the benches' library). This
 * catches C++ errors in the templates; it does not prove the code builds against real OpenDDS (no
 * OpenDDS installation is available to the test suite).
 */
class OpenDdsCompileTest {

	private static Path includeDir;

	/**
	 * The stand-in include directory: opendds_stub.h, and each OpenDDS header path listed in
	 * headers.txt as a one-line redirect to it. Built once per test run in a temporary directory so
	 * that the repository stores no files at OpenDDS's own paths.
	 */
	static synchronized Path stubs() throws IOException {
		if (includeDir == null) {
			Path standin = Path.of(System.getProperty("adamant.repoRoot", "../..")).toAbsolutePath().normalize()
					.resolve("generator/org.adamant.generator.tests/src/test/resources/opendds-standin");
			Path dir = Files.createTempDirectory("opendds-standin");
			Files.copy(standin.resolve("opendds_stub.h"), dir.resolve("opendds_stub.h"));
			for (String line : Files.readAllLines(standin.resolve("headers.txt"))) {
				String header = line.strip();
				if (header.isEmpty() || header.startsWith("#")) {
					continue;
				}
				Path p = dir.resolve(header);
				Files.createDirectories(p.getParent());
				Files.writeString(p, "#pragma once\n#include \"opendds_stub.h\"\n");
			}
			includeDir = dir;
		}
		return includeDir;
	}

	/**
	 * The runtime's OpenDDS headers (runtime/opendds/include): the benches' library header
	 * adamant_opendds/Bench.h, real, compiled with the generated benches against the stand-in (the
	 * stand-in's adamant_opendds/Ant.h redirect comes first on the include path).
	 */
	static Path runtimeOpenDdsInclude() {
		return Path.of(System.getProperty("adamant.repoRoot", "../..")).toAbsolutePath().normalize()
				.resolve("runtime/opendds/include");
	}

	static boolean haveGxx() {
		try {
			Process p = new ProcessBuilder("g++", "--version").redirectErrorStream(true).start();
			p.getInputStream().readAllBytes();
			return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
		} catch (IOException | InterruptedException e) {
			return false;
		}
	}

	static String cppType(Member m) {
		if (!(m.getType() instanceof PrimitiveRef p) || !m.getDims().isEmpty()) {
			return null;
		}
		return org.adamant.generator.cpp.CppTypes.primitive(p.getKind());
	}

	/** The stand-in for <model>TypeSupportImpl.h: numeric members only (all the code touches). */
	static String typeSupport(ModelInfo info) {
		StringBuilder b = new StringBuilder("#pragma once\n#include \"opendds_stub.h\"\nnamespace ")
				.append(info.getIdentifier()).append(" {\n");
		for (StructType s : info.getStructs()) {
			b.append("struct ").append(s.getName()).append(" {");
			for (Member m : s.getMembers()) {
				String t = cppType(m);
				if (t != null) {
					b.append(' ').append(t).append(' ').append(m.getName()).append(';');
				}
			}
			b.append(" };\nOPENDDS_STUB_TYPE(").append(s.getName()).append(")\n");
		}
		return b.append("}\n").toString();
	}

	static void compileAll(Model model, OpenDdsVersion version, Path dir) throws Exception {
		ModelInfo info = new ModelInfo(model);
		Map<String, CharSequence> files = new AdamantGenerator().generate(model, new GeneratorOptions(Target.OPENDDS, version));
		Path root = dir.resolve(info.getIdentifier() + "-" + version);
		for (Map.Entry<String, CharSequence> e : files.entrySet()) {
			Path p = root.resolve(e.getKey());
			Files.createDirectories(p.getParent());
			Files.writeString(p, e.getValue());
		}
		Files.writeString(root.resolve("opendds/" + info.getIdentifier() + "TypeSupportImpl.h"), typeSupport(info));
		List<Path> sources;
		try (Stream<Path> s = Files.walk(root)) {
			sources = s.filter(p -> p.toString().endsWith(".cpp")).sorted().toList();
		}
		// all sources at once: g++ is single-threaded and each file pulls in the same headers
		List<Process> running = new ArrayList<>();
		for (Path src : sources) {
			List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Werror",
					"-Wno-unused-variable", "-I", stubs().toString(), "-I", root.resolve("opendds").toString(), "-I",
					runtimeOpenDdsInclude().toString(), src.toString()));
			running.add(new ProcessBuilder(cmd).redirectErrorStream(true).start());
		}
		for (int i = 0; i < sources.size(); i++) {
			Process p = running.get(i);
			String out = new String(p.getInputStream().readAllBytes());
			assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "g++ timed out on " + sources.get(i));
			assertEquals(0, p.exitValue(), "OpenDDS " + version + ": " + root.relativize(sources.get(i)) + ":\n" + out);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("org.adamant.generator.tests.GoldenTest#examples")
	void everyExampleCompilesAgainstTheApiStandIn(String example, Path model, @TempDir Path dir) throws Exception {
		assumeTrue(haveGxx(), "g++ not installed");
		Model m = Models.load(model);
		compileAll(m, OpenDdsVersion.CURRENT, dir);
		compileAll(m, OpenDdsVersion.parse("3.13"), dir);
	}

	@Test
	void everyTransportCompilesAgainstTheApiStandIn(@TempDir Path dir) throws Exception {
		assumeTrue(haveGxx(), "g++ not installed");
		Model model = Models.load(Models.write(dir, "alltransports.adamant", OpenDdsWhitelistTest.ALL_TRANSPORTS));
		compileAll(model, OpenDdsVersion.CURRENT, dir);
		compileAll(model, OpenDdsVersion.parse("3.13"), dir);
	}
}
