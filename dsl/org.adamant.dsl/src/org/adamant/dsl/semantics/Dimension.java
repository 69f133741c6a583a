package org.adamant.dsl.semantics;

import java.util.LinkedHashMap;
import java.util.Map;

import org.adamant.dsl.contract.RuntimeContract;

/**
 * The physical dimension of a quantity and the units the language accepts for it, each with its
 * factor to the dimension's base unit (seconds, hertz, bytes, bytes per second, percent). The units
 * and factors are the runtime contract's ({@link RuntimeContract}: 1 KB = 1024 B on both sides), read
 * from the table this bundle was built with.
 */
public enum Dimension {
	DURATION("a duration", "duration"),
	RATE("a rate", "rate"),
	SIZE("a size", "size"),
	BANDWIDTH("a bandwidth", "bandwidth"),
	PERCENT("a percentage", "percent");

	private final String description;
	private final String contractName;
	private final String baseUnit;
	private final Map<String, Double> factors;

	Dimension(String description, String contractName) {
		this.description = description;
		this.contractName = contractName;
		RuntimeContract contract = RuntimeContract.bundled();
		this.baseUnit = contract.baseUnit(contractName);
		this.factors = new LinkedHashMap<>();
		contract.units(contractName).forEach(u -> factors.put(u.symbol(), u.toBase()));
		if (factors.isEmpty()) {
			throw new IllegalStateException(contract.source() + ": the contract table has no units of " + contractName);
		}
	}

	/** The dimension the contract table calls {@code contractName} ("duration", "bandwidth", ...). */
	public static Dimension of(String contractName) {
		for (Dimension d : values()) {
			if (d.contractName.equals(contractName)) {
				return d;
			}
		}
		throw new IllegalArgumentException("no dimension '" + contractName + "'");
	}

	/** The dimension whose units include {@code unit} ("ms": a duration). */
	public static Dimension ofUnit(String unit) {
		for (Dimension d : values()) {
			if (d.accepts(unit)) {
				return d;
			}
		}
		throw new IllegalArgumentException("no dimension has the unit '" + unit + "'");
	}

	/** The contract table's name of this dimension ("duration"). */
	public String contractName() {
		return contractName;
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

	/** The first unit in the contract's list (the smallest). */
	public String firstUnit() {
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
}
