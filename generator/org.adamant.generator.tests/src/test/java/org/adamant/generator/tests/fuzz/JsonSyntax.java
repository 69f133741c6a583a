package org.adamant.generator.tests.fuzz;

/** A strict JSON syntax check (RFC 8259) for the CLI's {@code --format json} output. */
final class JsonSyntax {

	private final String s;
	private int i;

	private JsonSyntax(String s) {
		this.s = s;
	}

	/** Null when {@code text} is one JSON value, else where and why it is not. */
	static String error(String text) {
		JsonSyntax p = new JsonSyntax(text);
		try {
			p.value();
			p.ws();
			if (p.i != text.length()) {
				throw new IllegalArgumentException("text after the value");
			}
			return null;
		} catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
			return "offset " + p.i + ": " + e.getMessage();
		}
	}

	private void ws() {
		while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
			i++;
		}
	}

	private void value() {
		ws();
		char c = s.charAt(i);
		if (c == '{') {
			i++;
			ws();
			if (s.charAt(i) == '}') {
				i++;
				return;
			}
			do {
				ws();
				string();
				ws();
				expect(':');
				value();
				ws();
			} while (s.charAt(i++) == ',');
			if (s.charAt(i - 1) != '}') {
				throw new IllegalArgumentException("expected } or ,");
			}
		} else if (c == '[') {
			i++;
			ws();
			if (s.charAt(i) == ']') {
				i++;
				return;
			}
			do {
				value();
				ws();
			} while (s.charAt(i++) == ',');
			if (s.charAt(i - 1) != ']') {
				throw new IllegalArgumentException("expected ] or ,");
			}
		} else if (c == '"') {
			string();
		} else if (s.startsWith("true", i) || s.startsWith("null", i)) {
			i += 4;
		} else if (s.startsWith("false", i)) {
			i += 5;
		} else {
			int start = i;
			while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
				i++;
			}
			if (!s.substring(start, i).matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")) {
				throw new IllegalArgumentException("not a value: " + s.substring(start, Math.min(s.length(), start + 20)));
			}
		}
	}

	private void string() {
		expect('"');
		while (true) {
			char c = s.charAt(i++);
			if (c == '"') {
				return;
			}
			if (c < 0x20) {
				throw new IllegalArgumentException("raw control character in a string");
			}
			if (c == '\\') {
				char e = s.charAt(i++);
				if (e == 'u') {
					if (!s.substring(i, i + 4).matches("[0-9a-fA-F]{4}")) {
						throw new IllegalArgumentException("bad \\u escape");
					}
					i += 4;
				} else if ("\"\\/bfnrt".indexOf(e) < 0) {
					throw new IllegalArgumentException("bad escape \\" + e);
				}
			}
		}
	}

	private void expect(char c) {
		if (s.charAt(i) != c) {
			throw new IllegalArgumentException("expected " + c);
		}
		i++;
	}
}
