package org.adamant.dsl.validation;

import java.util.Locale;
import java.util.Optional;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportReliability;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;

/**
 * Validation rules of the ADAMANT language. One {@code @Check} method per rule, each with its issue
 * code from {@link IssueCodes}; messages name the elements and numbers involved and say how to fix.
 */
public class AdamantValidator extends AbstractAdamantValidator {

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

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
		if (unit == null) {
			error("Missing unit: " + format(quantity.getValue()) + " must be " + dimension.description()
					+ "; write it with one of " + dimension.unitList() + " (e.g. " + format(quantity.getValue())
					+ " " + dimension.defaultUnit() + ")", quantity, P.getQuantity_Value(), IssueCodes.MISSING_UNIT,
					dimension.defaultUnit());
		} else if (!dimension.accepts(unit)) {
			error("Wrong unit '" + unit + "': this value must be " + dimension.description() + "; use one of "
					+ dimension.unitList(), quantity, P.getQuantity_Unit(), IssueCodes.WRONG_UNIT,
					dimension.defaultUnit());
		} else if (quantity.getValue() < 0) {
			error("Negative value " + format(quantity.getValue()) + " " + unit + ": " + dimension.description()
					+ " cannot be negative", quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		} else if (dimension == Dimension.PERCENT && quantity.getValue() > 100) {
			error("Percentage " + format(quantity.getValue()) + " % is over 100 %", quantity, P.getQuantity_Value(),
					IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}

	/**
	 * A reliable flow must not be bound to a transport that cannot recover losses: the samples the
	 * network drops would be gone although the QoS promised them.
	 */
	@Check
	public void checkReliableOnUnreliableTransport(Endpoint endpoint) {
		if (endpoint.getBinding() == null || endpoint.getBinding().getTransport() == null) {
			return;
		}
		Transport transport = endpoint.getBinding().getTransport();
		if (transport.eIsProxy() || transport.getReliability() != TransportReliability.NONE) {
			return;
		}
		EffectiveQos qos = EffectiveQos.of(endpoint);
		if (qos.isReliable()) {
			String profile = qos.source() == null ? "its QoS" : "QoS profile '" + qos.source().getName() + "'";
			error("Topic '" + endpoint.getTopic().getName() + "' is reliable (" + profile
					+ " sets reliability reliable) but transport '" + transport.getName()
					+ "' does not recover losses (reliability none); bind a reliable transport such as nakcast, "
					+ "or make the profile best_effort", endpoint.getBinding(), P.getTransportBinding_Transport(),
					IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT, transport.getName());
		}
	}

	private static boolean isCountParameter(Quantity quantity) {
		return quantity.eContainingFeature() == P.getParameter_Value();
	}

	private static String format(double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		return String.format(Locale.ROOT, "%s", value);
	}
}
