package org.adamant.dsl.validation;

import java.util.Locale;
import java.util.Optional;

import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Limits;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;

/** Units and value ranges of quantities: each value has a unit of its dimension (a count has none). */
public class UnitValidator extends AbstractAdamantRules {

	@Check
	public void checkUnit(Quantity quantity) {
		Optional<Dimension> expected = Quantities.expectedDimension(quantity);
		if (expected.isEmpty()) {
			if (quantity.getUnit() != null && !isCountParameter(quantity)) {
				return;
			}
			if (quantity.getUnit() != null) {
				error("'" + quantity.getUnit() + "' is not allowed here: this parameter is a plain count; "
						+ "write the number alone", quantity, P.getQuantity_Unit(), IssueCodes.WRONG_UNIT);
			}
			return;
		}
		Dimension dimension = expected.get();
		String unit = quantity.getUnit();
		if (!Double.isFinite(quantity.getValue())) {
			error("Number too large: " + NodeText.of(quantity, P.getQuantity_Value(), 24) + " is beyond what a "
					+ "number can hold; write " + dimension.description() + " in a larger unit or smaller",
					quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		} else if (unit == null) {
			String usual = Quantities.usualUnit(quantity).orElseThrow();
			error("Missing unit: " + format(quantity.getValue()) + " must be " + dimension.description()
					+ "; write it with one of " + dimension.unitList() + " (e.g. " + format(quantity.getValue())
					+ " " + usual + ")", quantity, P.getQuantity_Value(), IssueCodes.MISSING_UNIT, usual);
		} else if (!dimension.accepts(unit)) {
			error("Wrong unit '" + unit + "': this value must be " + dimension.description() + "; use one of "
					+ dimension.unitList(), quantity, P.getQuantity_Unit(), IssueCodes.WRONG_UNIT,
					Quantities.usualUnit(quantity).orElseThrow());
		} else if (quantity.getValue() < 0) {
			error("Negative value " + format(quantity.getValue()) + " " + unit + ": " + dimension.description()
					+ " cannot be negative", quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		} else if (dimension == Dimension.PERCENT && quantity.getValue() > 100) {
			error("Percentage " + format(quantity.getValue()) + " % is over 100 %", quantity, P.getQuantity_Value(),
					IssueCodes.VALUE_OUT_OF_RANGE);
		} else if (dimension == Dimension.RATE) {
			double hz = Quantities.hertz(quantity);
			if (hz == 0) {
				error("A rate of 0 " + unit + " sends nothing; give a rate above 0 (e.g. 10 Hz)", quantity,
						P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
			} else if (hz > Limits.MAX_RATE_HZ) {
				error("Rate " + format(quantity.getValue()) + " " + unit + " is above the limit of "
						+ format(Limits.MAX_RATE_HZ) + " Hz (no transport sends that fast); give a lower rate",
						quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
			}
		} else if (dimension == Dimension.BANDWIDTH && quantity.getValue() == 0) {
			error("A bandwidth of 0 " + unit + " carries nothing; give the link's bandwidth, or leave `bandwidth` "
					+ "out for an unconstrained link", quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}

	private static boolean isCountParameter(Quantity quantity) {
		if (quantity.eContainingFeature() == P.getParameter_Value()) {
			// an OpenDDS option without a dimension, or unknown: OpenDdsOptionValidator says what it takes
			return !(quantity.eContainer().eContainer() instanceof OpenDdsMapping);
		}
		String name = quantity.eContainer() instanceof ParameterSweep s ? s.getName()
				: quantity.eContainer() instanceof TransportParameter t ? t.getName()
				: quantity.eContainer() instanceof org.adamant.dsl.adamant.ParameterBound b ? b.getName() : null;
		return Quantities.isCountParameter(name);
	}

	private static String format(double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		return String.format(Locale.ROOT, "%s", value);
	}
}
