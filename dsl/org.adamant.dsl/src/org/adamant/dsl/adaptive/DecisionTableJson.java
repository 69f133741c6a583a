package org.adamant.dsl.adaptive;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link DecisionTable} as the runtime reads it (format {@value DecisionTable#FORMAT}): one object,
 * the scores (and the unconstrained ones, when the table has them) one line per grid point (its candidates' scores side by side). Numbers are written so that
 * they read back as the same doubles, so the runtime interpolates exactly what Java did.
 */
public final class DecisionTableJson {

	private DecisionTableJson() {
	}

	public static String write(DecisionTable t) {
		return write(t, "") + "\n";
	}

	/** The table's object, its lines after the first indented by {@code pad}. */
	public static String write(DecisionTable t, String pad) {
		StringBuilder b = new StringBuilder("{\n");
		String in = pad + "  ";
		b.append(in).append("\"format\": ").append(string(DecisionTable.FORMAT)).append(",\n");
		b.append(in).append("\"flow\": ").append(string(t.flow())).append(",\n");
		b.append(in).append("\"objective\": \"relate2\",\n");
		b.append(in).append("\"constraints\": {\"max_latency_us\": ").append(number(t.maxLatencyUs()))
				.append(", \"max_loss_pct\": ").append(number(t.maxLossPct())).append("},\n");
		if (t.rttUs() != null) {
			b.append(in).append("\"rtt_us\": ").append(number(t.rttUs())).append(",\n");
		}
		b.append(in).append("\"axes\": {\n");
		b.append(in).append("  \"receivers\": ").append(numbers(t.axes().receivers())).append(",\n");
		b.append(in).append("  \"loss_pct\": ").append(numbers(t.axes().lossPct())).append(",\n");
		b.append(in).append("  \"rate_hz\": ").append(numbers(t.axes().rateHz())).append("\n");
		b.append(in).append("},\n");
		b.append(in).append("\"candidates\": [\n");
		List<String> candidates = new ArrayList<>();
		for (AdaptiveCandidate c : t.candidates()) {
			List<String> params = new ArrayList<>();
			for (Map.Entry<String, Object> p : c.params().entrySet()) {
				params.add(string(p.getKey()) + ": " + (p.getValue() instanceof String s ? string(s)
						: number(((Number) p.getValue()).doubleValue())));
			}
			String head = in + "  {\"name\": " + string(c.name()) + ", \"kind\": " + string(c.kind()) + ",";
			String tail = "\"params\": {" + String.join(", ", params) + "}}";
			// one line per candidate while it fits in the generated code's 120 columns
			candidates.add(head.length() + 1 + tail.length() <= 120 ? head + " " + tail : head + "\n" + in + "   " + tail);
		}
		b.append(String.join(",\n", candidates)).append("\n").append(in).append("],\n");
		b.append(in).append("\"scores\": ");
		rows(b, t.scores(), t.candidates().size(), in);
		if (t.unconstrained() != null) {
			b.append(",\n").append(in).append("\"unconstrained\": ");
			rows(b, t.unconstrained(), t.candidates().size(), in);
		}
		return b.append("\n").append(pad).append("}").toString();
	}

	/** An array of scores, one line per grid point (its {@code n} candidates side by side). */
	private static void rows(StringBuilder b, List<Double> scores, int n, String in) {
		List<String> rows = new ArrayList<>();
		for (int i = 0; i < scores.size(); i += n) {
			List<String> row = new ArrayList<>();
			for (Double s : scores.subList(i, i + n)) {
				row.add(number(s));
			}
			rows.add(in + "  " + String.join(", ", row));
		}
		b.append("[\n").append(String.join(",\n", rows)).append("\n").append(in).append("]");
	}

	/** A number as its shortest decimal that reads back as the same double (no exponent), or null. */
	public static String number(Double v) {
		if (v == null || !Double.isFinite(v)) {
			return "null";
		}
		if (v == Math.rint(v) && Math.abs(v) < 1e15) {
			return Long.toString(v.longValue());
		}
		return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
	}

	private static String numbers(List<Double> values) {
		List<String> items = new ArrayList<>();
		for (double v : values) {
			items.add(number(v));
		}
		return "[" + String.join(", ", items) + "]";
	}

	/** A JSON string (RFC 8259: quotes, backslashes and control characters escaped); the CLI's too. */
	public static String string(String s) {
		if (s == null) {
			return "null";
		}
		StringBuilder b = new StringBuilder("\"");
		for (char ch : s.toCharArray()) {
			switch (ch) {
			case '"' -> b.append("\\\"");
			case '\\' -> b.append("\\\\");
			case '\n' -> b.append("\\n");
			case '\r' -> b.append("\\r");
			case '\t' -> b.append("\\t");
			default -> {
				if (ch < 0x20) {
					b.append(String.format("\\u%04x", (int) ch));
				} else {
					b.append(ch);
				}
			}
			}
		}
		return b.append('"').toString();
	}
}
