package org.adamant.cli;

/** Minimal JSON writing: strings and numbers (the CLI writes small records by hand). */
final class Json {
	private Json() {
	}

	static String string(String s) {
		return org.adamant.dsl.adaptive.DecisionTableJson.string(s);
	}

	/** A number; null for none, NaN or infinity (JSON has no such numbers). */
	static String number(Double v) {
		if (v == null || v.isNaN() || v.isInfinite()) {
			return "null";
		}
		if (v == Math.rint(v) && Math.abs(v) < 1e15) {
			return Long.toString(v.longValue());
		}
		return v.toString(); // 0.0125, 1.5E-5: valid JSON numbers
	}
}
