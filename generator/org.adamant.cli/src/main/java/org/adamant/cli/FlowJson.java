package org.adamant.cli;

import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.EffectiveQos;

/**
 * {@code validate --explain --format json}: the flows of {@link FlowTable} as a JSON array, in SI
 * units named by the keys (seconds, bytes per second, hertz; delivery as a fraction). Numbers that
 * are unknown or unbounded are null; {@code qos} lists the writer's policies ({@code default}: the
 * DDS default, not stated), {@code unpaired} the subscriptions it does not reach.
 */
final class FlowJson {

	private FlowJson() {
	}

	/** The array, one flow per element, indented by {@code indent} spaces. */
	static String array(List<FlowExplanation> flows, int indent) {
		String pad = " ".repeat(indent);
		List<String> items = new ArrayList<>();
		for (FlowExplanation f : flows) {
			items.add(pad + "  " + flow(f));
		}
		return items.isEmpty() ? "[]" : "[\n" + String.join(",\n", items) + "\n" + pad + "]";
	}

	static String flow(FlowExplanation f) {
		StringBuilder b = new StringBuilder("{");
		b.append("\"application\":").append(Json.string(f.application()));
		b.append(",\"topic\":").append(Json.string(f.topic()));
		if (f.failure() != null) {
			return b.append(",\"failure\":").append(Json.string(f.failure())).append('}').toString();
		}
		b.append(",\"binding\":").append(Json.string(f.binding()));
		b.append(",\"transport\":").append(Json.string(f.transport()));
		if ("auto".equals(f.binding())) {
			List<String> targets = new ArrayList<>();
			for (FlowExplanation.TargetChoice t : f.targets()) {
				targets.add(Json.string(t.target()) + ":{\"transport\":" + Json.string(t.transport()) + ",\"fallback\":"
						+ t.fallback() + "}");
			}
			b.append(",\"targets\":{").append(String.join(",", targets)).append('}');
		}
		if (f.adaptive() != null) {
			b.append(",\"adaptive\":").append(AdaptiveSection.json(f.adaptive()));
		}
		b.append(",\"receivers\":").append(f.receivers());
		b.append(",\"rateHz\":").append(Json.number(f.rateHz()));
		b.append(",\"lossPct\":").append(Json.number(f.lossPct()));
		prediction(b, f.prediction());
		List<String> ranking = new ArrayList<>();
		int rank = 1;
		for (Assessment a : f.ranking()) {
			ranking.add(assessment(rank++, a));
		}
		b.append(",\"ranking\":[").append(String.join(",", ranking)).append(']');
		List<String> qos = new ArrayList<>();
		for (EffectiveQos.Row r : f.qos()) {
			qos.add("{\"policy\":" + Json.string(r.keyword()) + ",\"value\":" + Json.string(r.value())
					+ ",\"default\":" + !r.stated() + "}");
		}
		b.append(",\"qos\":[").append(String.join(",", qos)).append(']');
		List<String> unpaired = new ArrayList<>();
		for (FlowExplanation.Unpaired u : f.unpaired()) {
			List<String> m = u.mismatches().stream().map(x -> "{\"code\":" + Json.string(x.code()) + ",\"policy\":"
					+ Json.string(x.policy()) + ",\"writer\":" + Json.string(x.offered()) + ",\"reader\":"
					+ Json.string(x.requested()) + "}").toList();
			unpaired.add("{\"reader\":" + Json.string(u.reader()) + ",\"mismatches\":[" + String.join(",", m) + "]}");
		}
		b.append(",\"unpaired\":[").append(String.join(",", unpaired)).append(']');
		return b.append('}').toString();
	}

	private static void prediction(StringBuilder b, FlowPrediction pr) {
		b.append(",\"loadBytesPerSecond\":").append(Json.number(pr == null ? null : pr.offeredLoad()));
		b.append(",\"meanLatencySeconds\":").append(Json.number(pr == null ? null : pr.meanLatency()));
		b.append(",\"delivery\":").append(Json.number(pr == null ? null : pr.delivery()));
		b.append(",\"relate2Seconds\":").append(Json.number(pr == null ? null : pr.relate2()));
	}

	private static String assessment(int rank, Assessment a) {
		StringBuilder b = new StringBuilder("{\"rank\":").append(rank);
		b.append(",\"transport\":").append(Json.string(a.name()));
		b.append(",\"feasible\":").append(a.feasible());
		prediction(b, a.prediction());
		List<String> reasons = new ArrayList<>();
		for (Finding f : FlowTable.excludedBecause(a)) {
			reasons.add("{\"code\":" + Json.string(f.code()) + ",\"message\":" + Json.string(f.message()) + "}");
		}
		b.append(",\"excludedBecause\":[").append(String.join(",", reasons)).append(']');
		return b.append('}').toString();
	}
}
