package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated codec of a model with every kind of type compiles with -Wall -Wextra -Werror
 * against the runtime's headers and round-trips (skipped when g++ is not installed).
 */
class TypesCompileTest {

	static final String MODEL = """
			model kitchen.sink
			enum Mode { idle, scanning, fault }
			struct Position { double lat; double lon; float alt; }
			struct Frame {
			  @key uint16 id;
			  int8 small;
			  uint8 octet_value;
			  int64 big;
			  boolean ok;
			  char tag;
			  Mode mode;
			  Position where;
			  string<2> label;
			  string note;
			  sequence<uint32, 8> cells;
			  sequence<Position> track;
			  float grid[2][3];
			  Position corners[2];
			}
			topic Frames : Frame
			""";

	@Test
	void variableSizeTypesHaveNoFixedSize(@TempDir Path dir) throws IOException {
		Map<String, CharSequence> files = new AdamantGenerator().generate(Models.load(Models.write(dir, "k.adamant", MODEL)),
				Target.NATIVE);
		String types = files.get("native/include/kitchen_sink/types.hpp").toString();
		assertTrue(types.contains("inline constexpr std::size_t kPositionEncodedSize = 20;"), types);
		assertFalse(types.contains("kFrameEncodedSize"), types);
		assertTrue(types.contains("std::array<std::array<float, 3>, 2> grid{};"), types);
		assertTrue(types.contains("wire_get(in, value.cells) && value.cells.size() <= 8u"), types);
		assertTrue(types.contains("enum class Mode : std::uint32_t {"), types);
	}

	@Test
	void codecCompilesAndRoundTrips(@TempDir Path dir) throws Exception {
		assumeTrue(run(dir, List.of("g++", "--version")) == 0, "g++ not available");
		Path runtimeInclude = Models.repoRoot().resolve("runtime/include");
		assumeTrue(Files.isRegularFile(runtimeInclude.resolve("adamant/adamant.hpp")), "runtime headers not available");
		Path model = Models.write(dir, "k.adamant", MODEL);
		Map<String, CharSequence> files = new AdamantGenerator().generate(Models.load(model), Target.NATIVE);
		for (Map.Entry<String, CharSequence> e : files.entrySet()) {
			Path p = dir.resolve("gen").resolve(e.getKey());
			Files.createDirectories(p.getParent());
			Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
		}
		Files.writeString(dir.resolve("roundtrip.cpp"), """
				#include "kitchen_sink/samples.hpp"
				#include "kitchen_sink/types.hpp"
				#include <cstdio>
				int main() {
				  for (std::uint64_t seq = 0; seq < 50; ++seq) {
				    kitchen_sink::Frame in;
				    kitchen_sink::sample_fill(in, seq);
				    std::vector<std::uint8_t> bytes;
				    kitchen_sink::encode(in, bytes);
				    if (bytes.size() != kitchen_sink::encoded_size(in)) { std::puts("size"); return 1; }
				    kitchen_sink::Frame out;
				    if (!kitchen_sink::decode(adamant::ByteView{bytes.data(), bytes.size()}, out)) { std::puts("decode"); return 2; }
				    std::vector<std::uint8_t> again;
				    kitchen_sink::encode(out, again);
				    if (again != bytes) { std::puts("roundtrip"); return 3; }
				    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
				      if (kitchen_sink::decode(adamant::ByteView{bytes.data(), cut}, out)) { std::puts("truncated accepted"); return 4; }
				    }
				    bytes.push_back(0);
				    if (kitchen_sink::decode(adamant::ByteView{bytes.data(), bytes.size()}, out)) { std::puts("trailing accepted"); return 5; }
				  }
				  kitchen_sink::Position p{1.5, -2.25, 3.0f};
				  std::vector<std::uint8_t> b;
				  kitchen_sink::encode(p, b);
				  // little-endian IEEE-754: 1.5 = 0x3FF8000000000000
				  if (b.size() != kitchen_sink::kPositionEncodedSize || b[7] != 0x3F || b[6] != 0xF8 || b[0] != 0) { std::puts("layout"); return 6; }
				  std::puts("ok");
				  return 0;
				}
				""");
		int rc = run(dir, List.of("g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I", dir.resolve("gen/native/include").toString(),
				"-I", runtimeInclude.toString(), "roundtrip.cpp", "-o", "roundtrip"));
		assertEquals(0, rc, "generated codec does not compile; see " + dir.resolve("log.txt") + ":\n" + Files.readString(dir.resolve("log.txt")));
		assertEquals(0, run(dir, List.of(dir.resolve("roundtrip").toString())), Files.readString(dir.resolve("log.txt")));
	}

	/** Runs `command` in `dir` (output in dir/log.txt); its exit code, -1 when it cannot start, -2 after 120 s. */
	static int run(Path dir, List<String> command) throws IOException, InterruptedException {
		ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
				.redirectOutput(dir.resolve("log.txt").toFile());
		Process p;
		try {
			p = pb.start();
		} catch (IOException e) {
			return -1;
		}
		if (!p.waitFor(120, TimeUnit.SECONDS)) {
			p.destroyForcibly();
			return -2;
		}
		return p.exitValue();
	}
}
