package org.adamant.dsl.semantics;

import java.util.Optional;

import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;

/**
 * Whether a transport parameter's value is one its engine can run with: r and c whole (r &ge; 2,
 * c &ge; 1), a positive NAK timeout, within the range the catalog declares and the runtime contract's.
 * The validator reports the problem where the value is written; the ranking excludes the transport.
 */
public final class ParameterRange {

	private ParameterRange() {
	}

	/**
	 * Whether every number the transport gives its parameters (the mapping's or the catalog's default)
	 * is in range: the predictions run only then, so no model number outside the contract reaches them.
	 */
	public static boolean allInRange(Transport transport) {
		return Quantities.knownParameters(transport).stream()
				.allMatch(name -> TransportParameters.given(transport, name).filter(v -> v.keyword().isEmpty())
						.flatMap(v -> problem(transport, name, v.value())).isEmpty());
	}

	/** What is wrong with {@code v} (base units) for parameter {@code name} of {@code transport}, if anything. */
	public static Optional<String> problem(Transport transport, String name, double v) {
		String problem = null;
		if ("r".equals(name) && (v < 2 || v != Math.rint(v))) {
			problem = "r = " + Format.number(v) + " is out of range: Ricochet needs a whole number of at least 2 data "
					+ "packets per repair; use e.g. r = 4 or " + TransportParameters.contractDefault("r", "ricochet").inUnit();
		} else if ("c".equals(name) && (v < 1 || v != Math.rint(v))) {
			problem = "c = " + Format.number(v) + " is out of range: a repair must go to a whole number of at least 1 "
					+ "receivers; use e.g. c = " + TransportParameters.contractDefault("c", "ricochet").inUnit();
		} else if (("timeout".equals(name) || "nak_timeout".equals(name)) && v <= 0) {
			problem = name + " = " + Format.duration(v) + " is out of range: a NAK timeout must be positive; use e.g. "
					+ "25 ms" + RuntimeContract.get().parameter("nak_timeout")
							.flatMap(p -> p.keywordFor(TransportParameters.kind(transport))).map(k -> " or " + k.name())
							.orElse("");
		}
		if (problem == null && transport != null) {
			for (TransportParameter p : transport.getParameters()) {
				if (name.equals(p.getName())) {
					Optional<Double> min = Quantities.parameter(name, p.getMin());
					Optional<Double> max = Quantities.parameter(name, p.getMax());
					if (min.isPresent() && v < min.get() || max.isPresent() && v > max.get()) {
						problem = name + " = " + Format.number(v) + " is outside the range "
								+ min.map(Format::number).orElse("") + ".." + max.map(Format::number).orElse("")
								+ " transport '" + transport.getName() + "' declares; pick a value in the range";
					}
				}
			}
		}
		if (problem == null && (transport == null || transport.getMapping() instanceof RuntimeMapping)) {
			Optional<Quantities.Range> range = Quantities.runtimeRange(name);
			if (range.isPresent() && !range.get().contains(v)) {
				boolean duration = Quantities.parameterDimension(name).isPresent();
				problem = name + " = " + (duration ? Format.duration(v) : Format.number(v)) + " is outside the runtime's range "
						+ (duration ? Format.duration(range.get().min()) + ".." + Format.duration(range.get().max())
								: Format.number(range.get().min()) + ".." + Format.number(range.get().max()))
						+ " (its contract table, runtime/contract/contract.json); pick a value in the range";
			}
		}
		return Optional.ofNullable(problem);
	}
}
