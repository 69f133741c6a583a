package org.adamant.cli.ddsxml;

import java.math.BigDecimal;
import java.util.List;

import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.semantics.Quantities;

/**
 * Durations between the language (a number with us, ms or s) and DDS-XML ({@code <sec>} and
 * {@code <nanosec>}, as DDS::Duration_t), through whole nanoseconds.
 */
final class DdsDuration {

	static final long NANOS_PER_SECOND = 1_000_000_000L;

	private DdsDuration() {
	}

	static long nanos(Quantity q) {
		return Math.round(Quantities.seconds(q) * NANOS_PER_SECOND);
	}

	/** {@code <name><sec>..</sec><nanosec>..</nanosec></name>} */
	static XmlNode element(String name, long nanos) {
		return XmlNode.of(name, List.of(XmlNode.leaf("sec", Long.toString(nanos / NANOS_PER_SECOND)),
				XmlNode.leaf("nanosec", Long.toString(nanos % NANOS_PER_SECOND))));
	}

	/**
	 * The nanoseconds of a DDS-XML duration; a missing sec or nanosec is 0. Infinite durations
	 * (DURATION_INFINITY, DURATION_INFINITE_SEC/NSEC) have no form in the language.
	 */
	static long nanos(XmlNode duration, Problems problems) {
		return field(duration, "sec", NANOS_PER_SECOND, problems) + field(duration, "nanosec", 1, problems);
	}

	private static long field(XmlNode duration, String name, long scale, Problems problems) {
		XmlNode node = duration.child(name).orElse(null);
		if (node == null || node.value().isEmpty()) {
			return 0;
		}
		String v = node.value();
		if (v.startsWith("DURATION_INFINIT")) {
			problems.error(node, "adamant.dds-xml.unsupported-value", duration.name() + " is infinite (" + v
					+ "): the language states finite durations only; leave the policy out for DDS's infinite default");
			return 0;
		}
		try {
			return Math.multiplyExact(Long.parseLong(v), scale);
		} catch (NumberFormatException | ArithmeticException e) {
			problems.error(node, "adamant.dds-xml.unsupported-value", "'" + v + "' is not a " + name
					+ " value: write a whole number");
			return 0;
		}
	}

	/** A duration in the largest of s, ms and us that states it exactly ("100 ms", "1.5 us"). */
	static String text(long nanos) {
		if (nanos % NANOS_PER_SECOND == 0) {
			return (nanos / NANOS_PER_SECOND) + " s";
		}
		if (nanos % 1_000_000L == 0) {
			return (nanos / 1_000_000L) + " ms";
		}
		return BigDecimal.valueOf(nanos, 3).stripTrailingZeros().toPlainString() + " us";
	}
}
