package org.adamant.dsl.semantics;

import java.util.List;
import java.util.Optional;

import org.adamant.dsl.contract.RuntimeContract;

/**
 * One engine parameter of a lowered transport: its runtime name and type from the contract table,
 * its value in the language's base unit (seconds for durations, counts as they are), the contract's
 * unit for it, and where the value came from.
 */
public record ParameterValue(String name, String type, double value, String unit, Source source) {

	/** Where a value comes from, strongest first. */
	public enum Source {
		/** The experiment's sweep of the parameter. */
		SWEEP,
		/** The transport's mapping in the model ({@code runtime nakcast(timeout = 25 ms)}). */
		MODEL,
		/** The default the catalog entry declares ({@code parameter timeout default 50 ms}). */
		CATALOG,
		/** The runtime's default (the contract table). */
		CONTRACT
	}

	/** The value in the contract's unit, rounded (microseconds for durations). */
	public long inUnit() {
		return Math.round(value / RuntimeContract.get().toBase(1, unit));
	}

	/**
	 * The value as the runtime writes and parses options: the contract's word for it ({@link #keyword}),
	 * a choice's word ({@code estimate}), else a duration in its largest exact unit (2s, 25ms, 1500us,
	 * from microseconds), anything else as a whole number.
	 */
	public String option() {
		Optional<String> word = keyword().or(this::choice);
		if (word.isPresent()) {
			return word.get();
		}
		if (!"duration".equals(type)) {
			return String.valueOf(inUnit());
		}
		long us = Math.round(value * 1e6);
		if (us != 0 && us % 1_000_000 == 0) {
			return (us / 1_000_000) + "s";
		}
		return us % 1000 == 0 ? (us / 1000) + "ms" : us + "us";
	}

	/**
	 * The contract's word for this value ({@code auto} for a nak_timeout held as 0), when it is one:
	 * the word's value is outside the parameter's range, so no number is mistaken for it.
	 */
	public Optional<String> keyword() {
		return RuntimeContract.get().parameter(name).flatMap(RuntimeContract.Parameter::keyword)
				.filter(k -> RuntimeContract.get().toBase(k.value(), unit) == value).map(RuntimeContract.Keyword::name);
	}

	/** The word of a choice parameter's value ({@code pace_mode} 1: {@code estimate}). */
	public Optional<String> choice() {
		List<String> choices = RuntimeContract.get().parameter(name).map(RuntimeContract.Parameter::choices)
				.orElse(List.of());
		int i = (int) Math.round(value);
		return i >= 0 && i < choices.size() ? Optional.of(choices.get(i)) : Optional.empty();
	}

	/** The same parameter with another value from {@code from}. */
	public ParameterValue with(double newValue, Source from) {
		return new ParameterValue(name, type, newValue, unit, from);
	}
}
