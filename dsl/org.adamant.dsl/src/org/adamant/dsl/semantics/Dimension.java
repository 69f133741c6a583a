package org.adamant.dsl.semantics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The physical dimension of a quantity and the units the language accepts for it, each with its
 * factor to the dimension's base unit (seconds, hertz, bytes, bytes per second, percent).
 */
public enum Dimension {
	DURATION("a duration", "s", units("us", 1e-6, "ms", 1e-3, "s", 1.0)),
	RATE("a rate", "Hz", units("Hz", 1.0)),
	SIZE("a size", "B", units("B", 1.0, "KB", 1024.0, "MB", 1024.0 * 1024.0)),
	BANDWIDTH("a bandwidth", "B/s", units("B/s", 1.0, "KB/s", 1024.0, "kbit/s", 1000.0 / 8, "Mbit/s", 1e6 / 8)),
	PERCENT("a percentage", "%", units("%", 1.0));

	private final String description;
	private final String baseUnit;
	private final Map<String, Double> factors;

	Dimension(String description, String baseUnit, Map<String, Double> factors) {
		this.description = description;
		this.baseUnit = baseUnit;
		this.factors = factors;
	}

	/** "a duration", "a rate", ... for messages. */
	public String description() {
		return description;
	}

	public String baseUnit() {
		return baseUnit;
	}

	public boolean accepts(String unit) {
		return factors.containsKey(unit);
	}

	/** The units of this dimension, comma separated, for messages ("us, ms, s"). */
	public String unitList() {
		return String.join(", ", factors.keySet());
	}

	/** The first unit in the list: the one a quick fix proposes. */
	public String defaultUnit() {
		return factors.keySet().iterator().next();
	}

	/** Converts {@code value} in {@code unit} to the base unit; the unit must be accepted. */
	public double toBase(double value, String unit) {
		Double factor = factors.get(unit);
		if (factor == null) {
			throw new IllegalArgumentException("'" + unit + "' is not a unit of " + description);
		}
		return value * factor;
	}

	private static Map<String, Double> units(Object... pairs) {
		Map<String, Double> map = new LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			map.put((String) pairs[i], (Double) pairs[i + 1]);
		}
		return map;
	}
}
