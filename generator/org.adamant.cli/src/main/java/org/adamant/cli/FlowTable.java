package org.adamant.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking.Assessment;

/**
 * {@code validate --explain} as text: one row per flow (publication) with the transport, receivers,
 * rate, predicted load, mean latency, delivery and ReLate2, then the {@code auto} ranking of the
 * catalog with the reason each excluded transport cannot carry the flow, the writer's QoS with its
 * DDS defaults, and the subscriptions it does not reach.
 */
final class FlowTable {

	private static final String[] HEADER = { "application", "topic", "transport", "receivers", "rate", "load",
			"mean latency", "delivery", "ReLate2" };

	private FlowTable() {
	}

	static void print(PrintWriter out, List<FlowExplanation> flows) {
		List<String[]> rows = new ArrayList<>();
		for (FlowExplanation f : flows) {
			rows.add(row(f));
		}
		out.println();
		out.println("Flows (predicted; see docs/language.md for the formulas):");
		if (rows.isEmpty()) {
			out.println("  (no publications)");
		} else {
			table(out, rows);
		}
		for (FlowExplanation f : flows) {
			if (f.failure() == null) {
				if (f.adaptive() != null) {
					AdaptiveSection.print(out, f);
				}
				ranking(out, f);
				qos(out, f);
			}
		}
		out.println();
	}

	private static String[] row(FlowExplanation f) {
		if (f.failure() != null) {
			return new String[] { f.application(), f.topic(), "(" + f.failure() + ")", "", "", "", "", "", "" };
		}
		String transport;
		if ("adaptive".equals(f.binding())) {
			transport = "adaptive -> " + (f.transport() == null ? "no table" : f.transport() + " (at the modeled environment)");
		} else if ("auto".equals(f.binding())) {
			List<String> differ = f.targets().stream().filter(FlowExplanation.TargetChoice::differs)
					.map(t -> t.target() + ": " + t.transport() + (t.fallback() ? " (default)" : "")).toList();
			transport = "auto -> " + (f.transport() == null ? "none feasible" : f.transport())
					+ (differ.isEmpty() ? "" : " (" + String.join(", ", differ) + ")");
		} else {
			transport = f.binding() == null ? "(none)" : f.binding();
		}
		FlowPrediction pr = f.prediction();
		return new String[] { f.application(), f.topic(), transport,
				f.receivers() == 0 ? "no receivers" : Integer.toString(f.receivers()),
				f.rateHz() == null ? "?" : Format.number(f.rateHz()) + " Hz",
				pr == null ? "-" : Format.bandwidth(pr.offeredLoad()), pr == null ? "-" : Format.duration(pr.meanLatency()),
				pr == null ? "-" : Format.percent(100 * pr.delivery()), pr == null ? "-" : Format.duration(pr.relate2()) };
	}

	private static void ranking(PrintWriter out, FlowExplanation f) {
		out.println("  auto ranking for " + f.application() + " / " + f.topic() + ":");
		int i = 1;
		for (Assessment a : f.ranking()) {
			out.println("    " + i++ + ". " + a.name() + "  ReLate2 "
					+ (a.prediction() == null ? "-" : Format.duration(a.relate2())) + (a.feasible() ? "" : "  excluded:"));
			for (Finding reason : excludedBecause(a)) {
				out.println("         [" + reason.code() + "] " + reason.message().replace('\n', ' '));
			}
		}
	}

	/** The writer's QoS (a DDS default marked with *) and the readers it does not reach. */
	private static void qos(PrintWriter out, FlowExplanation f) {
		out.println("  QoS of the writer " + f.application() + " / " + f.topic() + " (* = DDS default): "
				+ String.join(", ", f.qos().stream().map(r -> r.keyword() + " " + (r.stated() ? "" : "*") + r.value())
						.toList()));
		for (FlowExplanation.Unpaired u : f.unpaired()) {
			out.println("  not a receiver: " + u.reader() + ": " + String.join("; ", u.mismatches().stream()
					.map(m -> m.policy() + " " + m.offered() + " (writer) vs " + m.requested() + " (reader)").toList()));
		}
	}

	/** The errors that rule a transport out for a flow, each once. */
	static List<Finding> excludedBecause(Assessment a) {
		return a.findings().stream().filter(Finding::error).distinct().toList();
	}

	private static void table(PrintWriter out, List<String[]> rows) {
		int[] width = new int[HEADER.length];
		for (int c = 0; c < HEADER.length; c++) {
			width[c] = HEADER[c].length();
			for (String[] r : rows) {
				width[c] = Math.max(width[c], r[c].length());
			}
		}
		line(out, HEADER, width);
		String[] rule = new String[HEADER.length];
		for (int c = 0; c < HEADER.length; c++) {
			rule[c] = "-".repeat(width[c]);
		}
		line(out, rule, width);
		for (String[] r : rows) {
			line(out, r, width);
		}
	}

	private static void line(PrintWriter out, String[] cells, int[] width) {
		StringBuilder b = new StringBuilder(" ");
		for (int c = 0; c < cells.length; c++) {
			b.append(' ').append(String.format("%-" + width[c] + "s", cells[c])).append(c + 1 < cells.length ? " |" : "");
		}
		out.println(b.toString().stripTrailing());
	}
}
