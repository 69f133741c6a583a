package org.adamant.dsl.validation;

import java.util.regex.Pattern;

import org.adamant.dsl.adamant.KeySource;
import org.adamant.dsl.contract.RuntimeContract;
import org.eclipse.xtext.validation.Check;

/**
 * An application's pre-shared key source ({@code key file "path"} or {@code key env NAME}): a path
 * or a variable name, never the key itself, since a model is read by everyone who builds it.
 */
public class KeySourceValidator extends AbstractAdamantRules {

	/** A key as a key file's key line holds it: hexadecimal, at least the contract's min_key_bytes. */
	private static Pattern hexKey() {
		return Pattern.compile("[0-9A-Fa-f]{" + 2 * RuntimeContract.get().wire("min_key_bytes") + ",}");
	}

	/** What an environment variable's name may be: letters, digits, underscores, not a digit first. */
	private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	@Check
	public void checkKeySource(KeySource key) {
		String fix = "; write the key to a file only its user can read (openssl rand -hex 32 > FILE; chmod 600 FILE) "
				+ "and write key file \"FILE\" or key env VARIABLE (a variable holding the file's path)";
		Pattern hexKey = hexKey();
		if (key.getFile() != null) {
			String path = key.getFile();
			if (path.isBlank()) {
				error("key file: the path is empty" + fix, key, P.getKeySource_File(), IssueCodes.LITERAL_KEY);
			} else if (hexKey.matcher(path.strip()).matches()) {
				error("key file \"...\": this is a key, not the path of a key file" + fix, key, P.getKeySource_File(),
						IssueCodes.LITERAL_KEY);
			} else if (path.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '"' || c == '\\')) {
				// generated C++ string literals and .ini lines carry the path as it is
				error("key file: the path holds a control character (newline, tab, ...), a quote or a backslash", key,
						P.getKeySource_File(), IssueCodes.LITERAL_KEY);
			}
		} else if (key.getVariable() != null) {
			String name = key.getVariable();
			boolean isKey = hexKey.matcher(name).matches();
			if (isKey || !VARIABLE.matcher(name).matches()) {
				error("key env " + (isKey ? "...: this is a key, not" : name + ": not")
						+ " the name of an environment variable" + fix, key, P.getKeySource_Variable(),
						IssueCodes.LITERAL_KEY);
			}
		}
	}
}
