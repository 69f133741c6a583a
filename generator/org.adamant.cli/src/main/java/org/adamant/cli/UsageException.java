package org.adamant.cli;

/** Bad input that is not a model problem (missing file, unwritable directory): exit code 2. */
public class UsageException extends RuntimeException {
	private static final long serialVersionUID = 1L;

	public UsageException(String message) {
		super(message);
	}
}
