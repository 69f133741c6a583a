package org.adamant.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.generator.opendds.OpenDdsTransports;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;

/**
 * {@code validate --explain}: one row per flow (publication) with the transport, receivers, rate,
 * predicted load, mean latency, delivery and ReLate2, then the {@code auto} ranking of the catalog.
 */
final class FlowTable {

	private static final String[] HEADER = { "application", "topic", "transport", "receivers", "rate", "load",
			"mean latency", "delivery", "ReLate2" };

	private FlowTable() {
	}

	static void print(PrintWriter out, List<Model> models) {
		List<String[]> rows = new ArrayList<>();
		List<String> rankings = new ArrayList<>();
		for (Model model : models) {
			if (model == null) {
				continue;
			}
			for (TreeIterator<EObject> it = model.eAllContents(); it.hasNext();) {
				if (it.next() instanceof Publication p) {
					try {
						explain(p, rows, rankings);
					} catch (RuntimeException e) {
						rows.add(new String[] { "?", "?", "(cannot analyse: " + e.getClass().getSimpleName() + ")", "",
								"", "", "", "", "" });
					}
				}
			}
		}
		out.println();
		out.println("Flows (predicted; see docs/language.md for the formulas):");
		if (rows.isEmpty()) {
			out.println("  (no publications)");
		} else {
			table(out, rows);
		}
		for (String r : rankings) {
			out.println(r);
		}
		out.println();
	}

	private static void explain(Publication p, List<String[]> rows, List<String> rankings) {
		Flow flow = Flow.of(p);
		Bindings.Resolution binding = Bindings.resolve(p);
		List<Assessment> ranking = binding.isAuto() ? binding.ranking() : TransportRanking.rank(p);
		Assessment chosen = null;
		String transport;
		if (binding.isAuto()) {
			chosen = binding.assessment().orElse(null);
			transport = "auto -> " + (chosen == null ? "none feasible" : chosen.name()) + targets(p, binding);
		} else if (binding.transport() != null) {
			chosen = TransportRanking.assess(flow, binding.transport());
			transport = binding.transport().getName();
		} else {
			transport = "(none)";
		}
		FlowPrediction pr = chosen == null ? null : chosen.prediction();
		String rate = flow.rateHz().map(f -> Format.number(f) + " Hz").orElse("?");
		String receivers = flow.receivers() == 0 ? "no receivers" : Integer.toString(flow.receivers());
		rows.add(new String[] { flow.applicationName(), flow.topicName(), transport, receivers,
				rate, pr == null ? "-" : Format.bandwidth(pr.offeredLoad()),
				pr == null ? "-" : Format.duration(pr.meanLatency()),
				pr == null ? "-" : Format.percent(100 * pr.delivery()), pr == null ? "-" : Format.duration(pr.relate2()) });
		StringBuilder b = new StringBuilder("  auto ranking for " + flow.applicationName() + " / " + flow.topicName() + ":");
		int i = 1;
		for (Assessment a : ranking) {
			b.append("\n    ").append(i++).append(". ").append(a.name()).append("  ReLate2 ")
					.append(a.prediction() == null ? "-" : Format.duration(a.relate2()));
			if (!a.feasible()) {
				b.append("  (excluded: ").append(String.join("; ", a.findings().stream().filter(Finding::error)
						.map(Finding::code).distinct().toList())).append(")");
			}
		}
		rankings.add(b.toString());
	}

	/**
	 * What each generator target runs for an {@code auto} flow when it differs from the catalog-wide
	 * choice: the same ranking ({@link Bindings#resolve}), restricted to the transports the target runs.
	 */
	private static String targets(Publication p, Bindings.Resolution catalog) {
		List<String> differ = new ArrayList<>();
		Transport nativeChoice = Bindings.resolve(p, TransportLowering::runs).transport();
		if (nativeChoice != catalog.transport()) {
			differ.add("native: " + (nativeChoice != null ? nativeChoice.getName()
					: TransportLowering.resolve(p).map(RuntimeTransport::kind).orElse("none") + " (default)"));
		}
		Transport ddsChoice = Bindings.resolve(p, OpenDdsTransports::runs).transport();
		if (ddsChoice != catalog.transport()) {
			differ.add("opendds: " + (ddsChoice != null ? ddsChoice.getName()
					: OpenDdsTransports.resolve(p).kind().key + " (default)"));
		}
		return differ.isEmpty() ? "" : " (" + String.join(", ", differ) + ")";
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
