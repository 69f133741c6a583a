package org.adamant.cli.ddsxml;

import java.util.ArrayList;
import java.util.List;

import org.adamant.cli.Diagnostic;

/** The errors found in one DDS-XML file, each at the line and column of the element it concerns. */
public final class Problems {

	private final String file;
	private final List<Diagnostic> diagnostics = new ArrayList<>();

	public Problems(String file) {
		this.file = file;
	}

	void error(XmlNode at, String code, String message) {
		error(at.line(), at.column(), code, message);
	}

	void error(int line, int column, String code, String message) {
		diagnostics.add(new Diagnostic(file, line, column, "error", code, message));
	}

	public List<Diagnostic> diagnostics() {
		return List.copyOf(diagnostics);
	}

	public boolean any() {
		return !diagnostics.isEmpty();
	}
}
