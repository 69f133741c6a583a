package org.adamant.cli;

/** One problem in a model file, as the CLI prints it. Line and column are 1-based (0: unknown). */
public record Diagnostic(String file, int line, int column, String severity, String code, String message) {

	/** {@code path:line:col: severity: [code] message} */
	public String toText() {
		StringBuilder b = new StringBuilder();
		b.append(file).append(':').append(line).append(':').append(column).append(": ").append(severity).append(": ");
		if (code != null && !code.isEmpty()) {
			b.append('[').append(code).append("] ");
		}
		b.append(message == null ? "" : message.replace('\n', ' '));
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
