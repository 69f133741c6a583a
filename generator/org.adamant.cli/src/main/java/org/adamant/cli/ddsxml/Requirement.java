package org.adamant.cli.ddsxml;

import java.util.regex.Pattern;

/**
 * ADAMANT requirements that no DDS policy states. The exporter writes them as pseudo-attributes of an
 * {@code <?adamant-qos profile="..." ...?>} processing instruction before the root element, where DDS
 * loaders, which read the root element only, never see them; the importer reads them back.
 */
public enum Requirement {
	PRIORITY("priority", "[0-9]+", "a whole number, e.g. priority=\"10\""),
	MAX_LOSS("max_loss", "[0-9]+(\\.[0-9]+)? %", "a percentage, e.g. max_loss=\"5 %\""),
	MAX_LATENCY("max_latency", "[0-9]+(\\.[0-9]+)? (us|ms|s)", "a duration in us, ms or s, e.g. max_latency=\"100 ms\""),
	REPLACEMENT("replacement", "true", "replacement=\"true\" (leave it out when the profile asks for no replacement)"),
	UNSEQUENCED("unsequenced", "true", "unsequenced=\"true\" (leave it out when the profile's delivery is in order)");

	/** The processing instruction's target. */
	public static final String TARGET = "adamant-qos";

	private final String attribute;
	private final Pattern form;
	private final String expected;

	Requirement(String attribute, String form, String expected) {
		this.attribute = attribute;
		this.form = Pattern.compile(form);
		this.expected = expected;
	}

	/** The pseudo-attribute's name, which is also the language's keyword. */
	public String attribute() {
		return attribute;
	}

	public boolean accepts(String value) {
		return form.matcher(value).matches();
	}

	public String expected() {
		return expected;
	}

	/** The language's clause for the value ("max_loss 5 %", "replacement"). */
	public String clause(String value) {
		return this == REPLACEMENT || this == UNSEQUENCED ? attribute : attribute + " " + value;
	}

	public static Requirement byAttribute(String name) {
		for (Requirement r : values()) {
			if (r.attribute.equals(name)) {
				return r;
			}
		}
		return null;
	}
}
