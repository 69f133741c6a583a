package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.ParameterRange;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;

/**
 * Transport parameters: a runtime mapping's parameters, a transport's declared parameters and an
 * experiment's sweeps name parameters the transport has, with values in its and the runtime's range.
 */
public class ParameterValidator extends AbstractAdamantRules {

	@Check
	public void checkRuntimeParameter(Parameter parameter) {
		if (!(parameter.eContainer() instanceof RuntimeMapping mapping) || parameter.getName() == null) {
			return; // a parameter without a name is a syntax error
		}
		Transport transport = mapping.eContainer() instanceof Transport t ? t : null;
		Set<String> known = Quantities.knownParameters(transport);
		if (!known.contains(parameter.getName())) {
			error("Unknown parameter '" + parameter.getName() + "' for runtime " + mapping.getKind().getLiteral()
					+ (known.isEmpty() ? ", which takes no parameters; remove it"
							: "; its parameters are " + String.join(", ", known)),
					parameter, P.getParameter_Name(), IssueCodes.UNKNOWN_PARAMETER);
			return;
		}
		if (parameter.getKeyword() != null) {
			checkKeyword(transport, parameter);
			return;
		}
		checkRange(transport, parameter.getName(), parameter.getValue(), parameter, P.getParameter_Value());
	}

	/** A word for a value ({@code timeout = auto}) is one the contract defines for the transport's kind. */
	private void checkKeyword(Transport transport, Parameter parameter) {
		RuntimeContract.Parameter p = RuntimeContract.get().modelParameter(parameter.getName()).orElse(null);
		String kind = TransportParameters.kind(transport);
		if (TransportParameters.keywordValue(p, parameter.getKeyword(), kind).isPresent()) {
			return;
		}
		error(parameter.getName() + " = " + parameter.getKeyword() + ": '" + parameter.getKeyword()
				+ "' is not a value of " + parameter.getName() + (kind == null ? "" : " for runtime " + kind) + "; "
				+ valuesOf(p, kind), parameter, P.getParameter_Keyword(), IssueCodes.PARAMETER_OUT_OF_RANGE);
	}

	/** What values a parameter takes, in words: its choices, or a number with its unit (or its keyword). */
	private static String valuesOf(RuntimeContract.Parameter p, String kind) {
		if (p != null && !p.choices().isEmpty()) {
			return "write one of " + String.join(", ", p.choices());
		}
		return "write a number with its unit" + (p == null ? "" : p.keywordFor(kind).map(k -> " or " + k.name()).orElse(""));
	}

	@Check
	public void checkTransportParameter(TransportParameter parameter) {
		Optional<Double> min = Quantities.parameter(parameter.getName(), parameter.getMin());
		Optional<Double> max = Quantities.parameter(parameter.getName(), parameter.getMax());
		if (min.isPresent() && max.isPresent() && min.get() > max.get()) {
			error("Parameter '" + parameter.getName() + "': range " + Format.number(min.get()) + ".."
					+ Format.number(max.get()) + " is empty; write the lower bound first", parameter,
					P.getTransportParameter_Min(), IssueCodes.PARAMETER_OUT_OF_RANGE);
			return;
		}
		if (parameter.getDefaultValue() != null && parameter.eContainer() instanceof Transport t) {
			checkRange(t, parameter.getName(), parameter.getDefaultValue(), parameter,
					P.getTransportParameter_DefaultValue());
		}
	}

	@Check
	public void checkSweep(ParameterSweep sweep) {
		Experiment x = sweep.eContainer() instanceof Experiment e ? e : null;
		if (x == null) {
			return;
		}
		List<Transport> owners = new ArrayList<>();
		Set<String> all = new TreeSet<>();
		for (Transport t : x.getTransports()) {
			if (t != null && !t.eIsProxy()) {
				Set<String> known = Quantities.knownParameters(t);
				all.addAll(known);
				if (known.contains(sweep.getName())) {
					owners.add(t);
				}
			}
		}
		if (owners.isEmpty()) {
			error("Unknown parameter '" + sweep.getName() + "': none of the experiment's transports has it"
					+ (all.isEmpty() ? "" : " (they have " + String.join(", ", all) + ")")
					+ "; sweep one of those, or add a transport that has it", sweep, P.getParameterSweep_Name(),
					IssueCodes.UNKNOWN_PARAMETER);
			return;
		}
		for (Quantity value : sweep.getValues()) {
			checkRange(owners.get(0), sweep.getName(), value, value, P.getQuantity_Value());
		}
		RuntimeContract.Parameter p = RuntimeContract.get().modelParameter(sweep.getName()).orElse(null);
		for (int i = 0; i < sweep.getWords().size(); i++) {
			String word = sweep.getWords().get(i);
			for (Transport owner : owners) {
				String kind = TransportParameters.kind(owner);
				if (TransportParameters.keywordValue(p, word, kind).isEmpty()) {
					error(sweep.getName() + " " + word + ": '" + word + "' is not a value of " + sweep.getName()
							+ (kind == null ? "" : " for runtime " + kind) + "; " + valuesOf(p, kind), sweep,
							P.getParameterSweep_Words(), i, IssueCodes.PARAMETER_OUT_OF_RANGE);
					break;
				}
			}
		}
	}

	private void checkRange(Transport transport, String name, Quantity q, EObject where, EStructuralFeature feature) {
		Optional<Double> value = Quantities.parameter(name, q);
		if (value.isEmpty()) {
			return; // unit errors are reported by checkUnit
		}
		ParameterRange.problem(transport, name, value.get())
				.ifPresent(problem -> error(problem, where, feature, IssueCodes.PARAMETER_OUT_OF_RANGE));
	}
}
