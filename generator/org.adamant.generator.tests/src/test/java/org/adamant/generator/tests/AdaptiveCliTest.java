package org.adamant.generator.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code transport adaptive} through the CLI and the generator: --explain, the generated tables, train. */
class AdaptiveCliTest {

	static final Path MODEL = Models.repoRoot().resolve("tests/models/adaptive.adamant");

	@Test
	void explainSaysWhatTheFlowSwitchesBetween() {
		CliTest.Result r = CliTest.cli("validate", "--explain", MODEL.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		for (String s : new String[] { "adaptive -> ricochet_r4 (at the modeled environment)",
				"adaptive candidates for radar / Tracks (lowest predicted ReLate2 within max_latency 100 ms, max_loss 1 %)",
				"ricochet_r4 (ricochet r=4, c=3) wins at", "starts with ricochet_r4" }) {
			assertTrue(r.out().contains(s), () -> "'" + s + "' not in:\n" + r.out());
		}
		CliTest.Result json = CliTest.cli("validate", "--explain", "--format", "json", MODEL.toString());
		JsonObject flow = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("flows").get(0)
				.getAsJsonObject();
		assertEquals("adaptive", flow.get("binding").getAsString());
		JsonObject adaptive = flow.getAsJsonObject("adaptive");
		assertEquals("ricochet_r4", adaptive.get("start").getAsString());
		assertEquals(0.1, adaptive.getAsJsonObject("constraints").get("maxLatencySeconds").getAsDouble(), 1e-12);
		JsonArray candidates = adaptive.getAsJsonArray("candidates");
		assertEquals(5, candidates.size());
		int wins = 0;
		for (var c : candidates) {
			wins += c.getAsJsonObject().get("wins").getAsInt();
		}
		assertEquals(candidates.get(0).getAsJsonObject().get("points").getAsInt(), wins, json.out());
	}

	@Test
	void bothTargetsWriteTheTableAndRunItsPick() {
		Map<String, CharSequence> files = new AdamantGenerator().generate(Models.load(MODEL), Target.ALL);
		for (String path : Set.of("native/adaptive/radar.Tracks.json", "opendds/adaptive/radar.Tracks.json")) {
			assertTrue(files.containsKey(path), files.keySet()::toString);
			JsonObject t = JsonParser.parseString(files.get(path).toString()).getAsJsonObject();
			assertEquals("adamant-adaptive-table/1", t.get("format").getAsString());
			int points = t.getAsJsonObject("axes").getAsJsonArray("receivers").size()
					* t.getAsJsonObject("axes").getAsJsonArray("loss_pct").size()
					* t.getAsJsonObject("axes").getAsJsonArray("rate_hz").size();
			assertEquals(points * t.getAsJsonArray("candidates").size(), t.getAsJsonArray("scores").size());
		}
		String app = files.entrySet().stream().filter(e -> e.getKey().startsWith("native/") && e.getKey().endsWith(".cpp")
				&& e.getValue().toString().contains("transport adaptive")).map(e -> e.getValue().toString()).findFirst()
				.orElseThrow(() -> new AssertionError("no native source names the adaptive binding"));
		assertTrue(app.contains("adaptive/radar.Tracks.json"), app);
	}

	/**
	 * train over a stand-in ant-bench whose ReLate2 is a known function of the point: FEC is best above
	 * 1 % loss, NAKcast below; the fitted table must pick well on held-out points.
	 */
	@Test
	void trainFitsTheTableAndScoresItsPicks(@TempDir Path dir) throws IOException {
		Path bench = dir.resolve("ant-bench");
		Files.writeString(bench, """
				#!/bin/sh
				echo "$@" >> "$(dirname "$0")/args"
				while [ $# -gt 0 ]; do case "$1" in
				  --transport) t=$2; shift;; --loss) l=$2; shift;; --receivers) n=$2; shift;; --csv) csv=$2; shift;;
				  --c) c=$2; shift;; esac; shift; done
				case "$t" in nakcast) r=$(awk "BEGIN { print 1000 + 900 * $l }");;
				  fec) r=$(awk "BEGIN { print 1900 + 10 * $n + 100 * ${c:-1} }");; *) r=$(awk "BEGIN { print 5000 + 10 * $n }");; esac
				echo "transport,delivery,lat_mean_us,lat_p99_us,relate2" > "$csv"
				echo "$t,1,$r,$r,$r" >> "$csv"
				""");
		assertTrue(bench.toFile().setExecutable(true));
		CliTest.Result r = CliTest.cli("train", MODEL.toString(), "--bench", bench.toString(), "--out", dir.toString(),
				"--held-out", "20", "--jobs", "2");
		assertEquals(0, r.code(), r.out() + r.err());
		assertTrue(r.out().contains("fitted table (simulator):   picks the best candidate at"), r.out());
		assertTrue(r.out().contains("goal: within 5 % of the best on at least 99 % of held-out points: fitted met"), r.out());
		JsonObject fitted = JsonParser.parseString(Files.readString(dir.resolve("radar.Tracks.json"))).getAsJsonObject();
		assertEquals(27 * 5, fitted.getAsJsonArray("scores").size());
		assertTrue(Files.readString(dir.resolve("radar.Tracks.train.csv")).lines().count() == 27 * 5 + 1);
		// every point on the flow's link: half its 20 ms round trip, its environment's 100 Mbit/s
		String args = Files.readString(dir.resolve("args"));
		assertTrue(args.lines().allMatch(l -> l.contains("--delay-us 10000") && l.matches(".*--bandwidth \\d+B/s.*")),
				args);
	}

	/**
	 * train passes a flag parameter as ant-bench takes it (ricochet_reliable's nak_fallback: bare
	 * {@code --nak-fallback}), and a point ant-bench refuses is named with what ant-bench said.
	 */
	@Test
	void trainPassesFlagsBareAndNamesAFailedPoint(@TempDir Path dir) throws IOException {
		Path sar = Models.repoRoot().resolve("examples/sar/sar.adamant");
		Path bench = dir.resolve("ant-bench");
		Files.writeString(bench, """
				#!/bin/sh
				echo "$@" >> "$(dirname "$0")/args"
				while [ $# -gt 0 ]; do case "$1" in
				  --nak-fallback) case "$2" in --*|"") ;; *) echo "The following argument was not expected: $2"; exit 109;; esac;;
				  --csv) csv=$2; shift;; esac; shift; done
				echo "transport,delivery,lat_mean_us,lat_p99_us,relate2" > "$csv"
				echo "x,1,100,100,100" >> "$csv"
				""");
		assertTrue(bench.toFile().setExecutable(true));
		CliTest.Result r = CliTest.cli("train", sar.toString(), "--bench", bench.toString(), "--out", dir.toString(),
				"--receivers", "3,25", "--loss", "0,3", "--rate", "100", "--held-out", "2", "--jobs", "1");
		assertEquals(0, r.code(), r.out() + r.err());
		String args = Files.readString(dir.resolve("args"));
		assertTrue(args.lines().anyMatch(l -> l.contains("--transport ricochet") && l.contains("--nak-fallback")), args);

		Files.writeString(bench, """
				#!/bin/sh
				echo "The following argument was not expected: 1"
				exit 109
				""");
		r = CliTest.cli("train", sar.toString(), "--bench", bench.toString(), "--out", dir.resolve("again").toString(),
				"--receivers", "3", "--loss", "0", "--rate", "100", "--held-out", "0", "--jobs", "1");
		assertEquals(2, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("ant-bench failed for ricochet_reliable at 3 readers, 0 % loss, 100 Hz: "
				+ "The following argument was not expected: 1"), r.err());
	}
}
