package org.adamant.dsl.validation;

import java.util.regex.Pattern;

import org.adamant.dsl.adamant.KeySource;
import org.eclipse.xtext.validation.Check;

/**
 * An application's pre-shared key source ({@code key file "path"} or {@code key env NAME}): a path
 * or a variable name, never the key itself, since a model is read by everyone who builds it.
 */
public class KeySourceValidator extends AbstractAdamantRules {

	/** 32 or more hexadecimal digits (a key file's key line, runtime/include/adamant/key_file.hpp). */
	private static final Pattern HEX_KEY = Pattern.compile("[0-9A-Fa-f]{32,}");

	/** What an environment variable's name may be: letters, digits, underscores, not a digit first. */
	private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	@Check
	public void checkKeySource(KeySource key) {
		String fix = "; write the key to a file only its user can read (openssl rand -hex 32 > FILE; chmod 600 FILE) "
				+ "and write key file \"FILE\" or key env VARIABLE (a variable holding the file's path)";
		if (key.getFile() != null) {
			String path = key.getFile();
			if (path.isBlank()) {
				error("key file: the path is empty" + fix, key, P.getKeySource_File(), IssueCodes.LITERAL_KEY);
			} else if (HEX_KEY.matcher(path.strip()).matches()) {
				error("key file \"...\": this is a key, not the path of a key file" + fix, key, P.getKeySource_File(),
						IssueCodes.LITERAL_KEY);
			} else if (path.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '"' || c == '\\')) {
				// generated C++ string literals and .ini lines carry the path as it is
				error("key file: the path holds a control character (newline, tab, ...), a quote or a backslash", key,
						P.getKeySource_File(), IssueCodes.LITERAL_KEY);
			}
		} else if (key.getVariable() != null) {
			String name = key.getVariable();
			if (HEX_KEY.matcher(name).matches() || !VARIABLE.matcher(name).matches()) {
				error("key env " + (HEX_KEY.matcher(name).matches() ? "...: this is a key, not" : name + ": not")
						+ " the name of an environment variable" + fix, key, P.getKeySource_Variable(),
						IssueCodes.LITERAL_KEY);
			}
		}
	}
}
