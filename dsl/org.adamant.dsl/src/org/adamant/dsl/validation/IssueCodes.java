package org.adamant.dsl.validation;

/**
 * Issue codes of the ADAMANT validator. Each names one rule; quick fixes, the language server and
 * the CLI's JSON output key on them, and docs/language.md documents each one.
 */
public final class IssueCodes {
	private static final String PREFIX = "adamant.";

	/** A quantity without a unit. */
	public static final String MISSING_UNIT = PREFIX + "missing-unit";
	/** A unit that is not one of its dimension's units (e.g. Hz for a duration). */
	public static final String WRONG_UNIT = PREFIX + "wrong-unit";
	/** A negative rate, size, duration or bandwidth, or a percentage over 100. */
	public static final String VALUE_OUT_OF_RANGE = PREFIX + "value-out-of-range";
	/** A reliable QoS bound to a transport that does not recover losses. */
	public static final String RELIABLE_ON_UNRELIABLE_TRANSPORT = PREFIX + "reliable-on-unreliable-transport";

	private IssueCodes() {
	}
}
