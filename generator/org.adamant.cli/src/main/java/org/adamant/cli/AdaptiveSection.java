package org.adamant.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adaptive.AdaptiveExplanation;
import org.adamant.dsl.adaptive.DecisionTableJson;
import org.adamant.dsl.adaptive.ExcludedCandidate;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Format;

/**
 * The part of {@code validate --explain} for a {@code transport adaptive} flow: its candidates, the
 * region of the decision table's grid where each is the pick, the one it starts with, and the catalog
 * transports it does not switch to, with the reasons in words; as text and as JSON.
 */
final class AdaptiveSection {

	private AdaptiveSection() {
	}

	static void print(PrintWriter out, FlowExplanation f) {
		AdaptiveExplanation a = f.adaptive();
		out.println("  adaptive candidates for " + f.application() + " / " + f.topic() + " (lowest predicted ReLate2"
				+ constraints(a) + "):");
		for (AdaptiveExplanation.Region r : a.candidates()) {
			out.println("    " + r.describe());
		}
		if (a.start() != null) {
			out.println("    starts with " + a.start() + " at the modeled environment");
		}
		for (ExcludedCandidate e : a.excluded()) {
			out.println("    not " + e.name() + ":");
			for (Finding reason : e.reasons()) {
				out.println("         [" + reason.code() + "] " + reason.message().replace('\n', ' '));
			}
		}
	}

	private static String constraints(AdaptiveExplanation a) {
		if (a.table() == null) {
			return "";
		}
		List<String> c = new ArrayList<>();
		if (a.table().maxLatencyUs() != null) {
			c.add("max_latency " + Format.duration(a.table().maxLatencyUs() / 1e6));
		}
		if (a.table().maxLossPct() != null) {
			c.add("max_loss " + Format.percent(a.table().maxLossPct()));
		}
		return c.isEmpty() ? "" : " within " + String.join(", ", c);
	}

	/**
	 * {"start", "constraints", "candidates": [{name, kind, params, wins, points, receivers, lossPct, rateHz}],
	 * "excluded": [{transport, reasons: [{code, message}]}]}; a span is [low, high], null where it wins nowhere.
	 */
	static String json(AdaptiveExplanation a) {
		StringBuilder b = new StringBuilder("{\"start\":").append(Json.string(a.start()));
		b.append(",\"constraints\":{\"maxLatencySeconds\":")
				.append(Json.number(a.table() == null || a.table().maxLatencyUs() == null ? null : a.table().maxLatencyUs() / 1e6))
				.append(",\"maxLossPct\":").append(Json.number(a.table() == null ? null : a.table().maxLossPct())).append('}');
		List<String> candidates = new ArrayList<>();
		for (AdaptiveExplanation.Region r : a.candidates()) {
			List<String> params = new ArrayList<>();
			for (Map.Entry<String, Object> p : r.candidate().params().entrySet()) {
				params.add(Json.string(p.getKey()) + ":" + (p.getValue() instanceof String s ? Json.string(s)
						: DecisionTableJson.number(((Number) p.getValue()).doubleValue())));
			}
			candidates.add("{\"name\":" + Json.string(r.candidate().name()) + ",\"kind\":" + Json.string(r.candidate().kind())
					+ ",\"params\":{" + String.join(",", params) + "},\"wins\":" + r.wins() + ",\"points\":" + r.points()
					+ ",\"receivers\":" + span(r, r.receivers()) + ",\"lossPct\":" + span(r, r.lossPct()) + ",\"rateHz\":"
					+ span(r, r.rateHz()) + "}");
		}
		b.append(",\"candidates\":[").append(String.join(",", candidates)).append(']');
		List<String> excluded = new ArrayList<>();
		for (ExcludedCandidate e : a.excluded()) {
			List<String> reasons = e.reasons().stream().map(f -> "{\"code\":" + Json.string(f.code()) + ",\"message\":"
					+ Json.string(f.message()) + "}").toList();
			excluded.add("{\"transport\":" + Json.string(e.name()) + ",\"reasons\":[" + String.join(",", reasons) + "]}");
		}
		return b.append(",\"excluded\":[").append(String.join(",", excluded)).append("]}").toString();
	}

	private static String span(AdaptiveExplanation.Region r, double[] range) {
		return r.wins() == 0 || range == null ? "null"
				: "[" + DecisionTableJson.number(range[0]) + "," + DecisionTableJson.number(range[1]) + "]";
	}
}
