package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.semantics.OpenDdsOptions;
import org.eclipse.xtext.validation.Check;

/**
 * Options of an OpenDDS built-in transport ({@code maps to opendds rtps_udp(heartbeat_period = 1 s)}):
 * each is one OpenDDS documents for the kind ({@link OpenDdsOptions}), stated once, with a value of its
 * type in its range. A missing or wrong unit is reported by {@link UnitValidator}.
 */
public class OpenDdsOptionValidator extends AbstractAdamantRules {

	@Check
	public void checkOpenDdsOption(Parameter parameter) {
		if (!(parameter.eContainer() instanceof OpenDdsMapping mapping) || parameter.getName() == null
				|| mapping.getKind() == null) {
			return; // a parameter without a name is a syntax error
		}
		if (OpenDdsOptions.find(mapping.getKind(), parameter.getName()).isEmpty()) {
			OpenDdsOptions.problem(mapping, parameter).ifPresent(m -> error(m + "; remove it or use one of those",
					parameter, P.getParameter_Name(), IssueCodes.UNKNOWN_PARAMETER));
			return;
		}
		Parameter first = mapping.getParams().stream().filter(p -> parameter.getName().equals(p.getName())).findFirst()
				.orElse(parameter);
		if (first != parameter) {
			error(parameter.getName() + " is stated twice; keep one", parameter, P.getParameter_Name(),
					IssueCodes.PARAMETER_OUT_OF_RANGE);
			return;
		}
		OpenDdsOptions.problem(mapping, parameter).ifPresent(m -> error(m, parameter,
				parameter.getValue() != null ? P.getParameter_Value() : P.getParameter_Keyword(),
				IssueCodes.PARAMETER_OUT_OF_RANGE));
	}
}
