package org.adamant.cli;

/** One problem in a model file, as the CLI prints it. Line and column are 1-based (0: unknown). */
public record Diagnostic(String file, int line, int column, String severity, String code, String message) {

	/** Control characters of the file name and message (a NUL or newline copied from the model) are escaped. */
	public Diagnostic {
		file = printable(file);
		message = printable(message);
	}

	/**
	 * {@code s} on one line: line breaks and tabs as spaces, other control characters (a NUL, an
	 * escape) as a backslash, 'u' and four hex digits.
	 */
	public static String printable(String s) {
		if (s == null || s.chars().noneMatch(Character::isISOControl)) {
			return s;
		}
		StringBuilder b = new StringBuilder();
		for (char c : s.toCharArray()) {
			if (c == '\n' || c == '\r' || c == '\t') {
				b.append(' ');
			} else if (Character.isISOControl(c)) {
				b.append(String.format("\\u%04x", (int) c));
			} else {
				b.append(c);
			}
		}
		return b.toString();
	}

	/** {@code path:line:col: severity: [code] message} */
	public String toText() {
		StringBuilder b = new StringBuilder();
		b.append(file).append(':').append(line).append(':').append(column).append(": ").append(severity).append(": ");
		if (code != null && !code.isEmpty()) {
			b.append('[').append(code).append("] ");
		}
		b.append(message == null ? "" : message);
		return b.toString();
	}

	public String toJson() {
		return "{\"file\":" + Json.string(file) + ",\"line\":" + line + ",\"column\":" + column + ",\"severity\":"
				+ Json.string(severity) + ",\"code\":" + (code == null ? "null" : Json.string(code)) + ",\"message\":"
				+ Json.string(message) + "}";
	}

	public boolean isError() {
		return "error".equals(severity);
	}
}
