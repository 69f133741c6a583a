package org.adamant.dsl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.adamant.dsl.adamant.BandwidthStep;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.LossStep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.ReadersStep;
import org.adamant.dsl.semantics.Quantities;

/**
 * A modeled environment's link as the runtime runs it: the pace a Mockets-style (replace/fifo)
 * writer keeps, and the options that make the runtime's simulator (`--mode sim`) model the link.
 */
public final class LinkSettings {

	/** One option of the benchmark harness's simulator, with its value. */
	public record SimOption(String name, String value) {
	}

	/** How much longer than stated a schedule's last phase lasts when it does not repeat: a day. */
	private static final long HELD_MS = 86_400_000L;

	private LinkSettings() {
	}

	/**
	 * The slowest non-zero bandwidth of the environment in bytes per second (its only one, or the
	 * slowest phase of its schedule): the rate a replace/fifo writer paces itself to, so that its own
	 * queue (where replacement acts) holds the backlog instead of the network's. Empty without one.
	 */
	public static OptionalLong paceBytesPerSecond(Environment env) {
		if (env == null) {
			return OptionalLong.empty();
		}
		if (env.getBandwidth() != null) {
			long bps = Math.round(Quantities.bytesPerSecond(env.getBandwidth()));
			return bps > 0 ? OptionalLong.of(bps) : OptionalLong.empty();
		}
		if (env.getSchedule() != null) {
			return env.getSchedule().getSteps().stream()
					.mapToLong(s -> Math.round(Quantities.bytesPerSecond(s.getBandwidth()))).filter(b -> b > 0).min();
		}
		return OptionalLong.empty();
	}

	/**
	 * The harness options (`--bandwidth`, `--loss-schedule`, `--readers-schedule`, `--queue`,
	 * `--delay-us`) that make the simulator model the environment's link: bandwidth (a schedule as
	 * phases; the simulator repeats them), loss and readers over time, the egress queue in packets, and
	 * half the round-trip time as the one-way delay.
	 */
	public static List<SimOption> simOptions(Environment env) {
		List<SimOption> options = new ArrayList<>();
		if (env == null) {
			return options;
		}
		if (env.getBandwidth() != null) {
			options.add(new SimOption("--bandwidth", bytesPerSecond(env.getBandwidth())));
		} else if (env.getSchedule() != null) {
			List<String> phases = new ArrayList<>();
			for (BandwidthStep s : env.getSchedule().getSteps()) {
				long ms = Math.round(Quantities.seconds(s.getDuration()) * 1000);
				phases.add(bytesPerSecond(s.getBandwidth()) + "@" + ms + "ms");
			}
			options.add(new SimOption("--bandwidth", String.join(",", phases)));
		}
		if (env.getLossSchedule() != null) {
			List<String> phases = new ArrayList<>();
			for (LossStep s : env.getLossSchedule().getSteps()) {
				double pct = Quantities.percent(s.getLoss());
				phases.add((pct == Math.rint(pct) ? Long.toString((long) pct) : Double.toString(pct)) + "%@"
						+ millis(s.getDuration()) + "ms");
			}
			options.add(new SimOption("--loss-schedule", phases(phases, env.getLossSchedule().isRepeat())));
		}
		if (env.getReadersSchedule() != null) {
			List<String> phases = new ArrayList<>();
			for (ReadersStep s : env.getReadersSchedule().getSteps()) {
				phases.add(s.getReaders() + "@" + millis(s.getDuration()) + "ms");
			}
			options.add(new SimOption("--readers-schedule", phases(phases, env.getReadersSchedule().isRepeat())));
		}
		if (env.getQueueDepth() > 0) {
			options.add(new SimOption("--queue", Integer.toString(env.getQueueDepth())));
		}
		if (env.getRtt() != null) {
			long oneWayUs = Math.round(Quantities.seconds(env.getRtt()) * 1e6 / 2);
			options.add(new SimOption("--delay-us", Long.toString(oneWayUs)));
		}
		return options;
	}

	/**
	 * The simulator repeats every schedule; one without {@code repeat} keeps its last phase to the end of
	 * the run, so that phase is lowered a day longer (no run lasts that long).
	 */
	private static String phases(List<String> phases, boolean repeat) {
		if (!repeat) {
			int last = phases.size() - 1;
			String p = phases.get(last);
			int at = p.lastIndexOf('@');
			long ms = Long.parseLong(p.substring(at + 1, p.length() - 2)) + HELD_MS;
			phases.set(last, p.substring(0, at + 1) + ms + "ms");
		}
		return String.join(",", phases);
	}

	private static long millis(Quantity duration) {
		return Math.round(Quantities.seconds(duration) * 1000);
	}

	private static String bytesPerSecond(Quantity q) {
		return Math.round(Quantities.bytesPerSecond(q)) + "B/s";
	}
}
