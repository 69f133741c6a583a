package org.adamant.dsl.semantics;

import java.util.Optional;

import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.ParameterValue.Source;

/**
 * The value a transport's engine parameter runs with: the model's (the mapping's arguments), else
 * the catalog's (the default its entry declares), else the runtime's (the contract table). The one
 * resolution the predictions, the validator and both targets read.
 */
public final class TransportParameters {

	private TransportParameters() {
	}

	/**
	 * The value a model gives the parameter it calls {@code modelName}, in base units: the mapping's,
	 * else the catalog's declared default. Empty when neither is given or its unit is wrong.
	 */
	public static Optional<ParameterValue> given(Transport transport, String modelName) {
		if (transport == null) {
			return Optional.empty();
		}
		RuntimeContract.Parameter p = RuntimeContract.get().modelParameter(modelName).orElse(null);
		String name = p == null ? modelName : p.name();
		String type = p == null ? "count" : p.type();
		String unit = p == null ? "" : p.unit();
		if (transport.getMapping() instanceof RuntimeMapping m) {
			for (Parameter given : m.getParams()) {
				if (modelName.equals(given.getName())) {
					Optional<Double> v = given.getKeyword() != null
							? keywordValue(p, given.getKeyword(), kind(transport))
							: Quantities.parameter(modelName, given.getValue());
					return v.map(x -> new ParameterValue(name, type, x, unit, Source.MODEL));
				}
			}
		}
		for (TransportParameter declared : transport.getParameters()) {
			if (modelName.equals(declared.getName()) && declared.getDefaultValue() != null) {
				return Quantities.parameter(modelName, declared.getDefaultValue())
						.map(v -> new ParameterValue(name, type, v, unit, Source.CATALOG));
			}
		}
		return Optional.empty();
	}

	/**
	 * The value in base units of {@code word} for parameter {@code p} of runtime kind {@code kind}: the
	 * contract's keyword value when the kind takes that word, or the index of one of a choice's words
	 * ({@code pace_mode = estimate}: 1), else empty (the validator reports it).
	 */
	public static Optional<Double> keywordValue(RuntimeContract.Parameter p, String word, String kind) {
		if (p == null) {
			return Optional.empty();
		}
		if (p.choices().contains(word)) {
			return Optional.of((double) p.choices().indexOf(word));
		}
		return p.keywordFor(kind).filter(k -> k.name().equals(word))
				.map(k -> RuntimeContract.get().toBase(k.value(), p.unit()));
	}

	/** {@link #given}'s value in base units. */
	public static Optional<Double> value(Transport transport, String modelName) {
		return given(transport, modelName).map(ParameterValue::value);
	}

	/**
	 * The runtime parameter {@code runtimeName} of {@code transport}: the first of its model names
	 * (the contract's order: timeout before nak_timeout) the model or catalog gives, else the
	 * contract's default for the transport's runtime kind. A duration of zero or less counts as not
	 * given, unless it is the contract's word for a value ({@code auto}).
	 */
	public static ParameterValue resolve(Transport transport, String runtimeName) {
		RuntimeContract.Parameter p = contractParameter(runtimeName);
		for (String modelName : p.modelNames()) {
			Optional<ParameterValue> v = given(transport, modelName);
			if (v.isPresent()) {
				if (!"duration".equals(p.type()) || v.get().value() > 0 || v.get().keyword().isPresent()) {
					return v.get();
				}
				break;
			}
		}
		return contractDefault(runtimeName, kind(transport));
	}

	/**
	 * The contract's default of {@code runtimeName} for runtime kind {@code kind}; for a kind that does
	 * not take the parameter (or none: an OpenDDS mapping) the first fixed default of a kind that does
	 * (r and c: ricochet's), else the contract's fixed value for it (nak_timeout: timing
	 * {@code nak_timeout_fixed}, 50 ms, as nakcast's and ricochet's default is {@code auto}).
	 */
	public static ParameterValue contractDefault(String runtimeName, String kind) {
		RuntimeContract.Parameter p = contractParameter(runtimeName);
		String of = kind != null && p.takes(kind) ? kind
				: p.kinds().stream().filter(k -> !defaultsToKeyword(p, k)).findFirst().orElse(null);
		double value = of != null ? RuntimeContract.get().defaultValue(p.name(), of)
				: RuntimeContract.get().timing(p.name() + "_fixed");
		return new ParameterValue(p.name(), p.type(), value, p.unit(), Source.CONTRACT);
	}

	/**
	 * The NAK timeout of a transport in seconds (also OpenDDS's reliable multicast and rtps_udp); 0 for
	 * nakcast's {@code auto} ({@link #isAuto}).
	 */
	public static double nakTimeout(Transport transport) {
		return resolve(transport, "nak_timeout").value();
	}

	/** Whether a NAK timeout of {@code seconds} is the contract's word ({@code auto}) rather than a duration. */
	public static boolean isAuto(double seconds) {
		return contractDefault("nak_timeout", "nakcast").with(seconds, Source.CONTRACT).keyword().isPresent();
	}

	/**
	 * The runtime kind whose defaults a transport takes: its runtime mapping's ("fifo" for replace
	 * without the catalog's {@code replacement}); null for other mappings.
	 */
	public static String kind(Transport transport) {
		if (transport == null || !(transport.getMapping() instanceof RuntimeMapping m) || m.getKind() == null) {
			return null;
		}
		return m.getKind() == RuntimeTransportKind.REPLACE && !transport.isReplacement() ? "fifo"
				: m.getKind().getLiteral();
	}

	private static boolean defaultsToKeyword(RuntimeContract.Parameter p, String kind) {
		return p.keywordFor(kind).map(k -> p.defaultFor(kind).orElse(Double.NaN) == k.value()).orElse(false);
	}

	private static RuntimeContract.Parameter contractParameter(String runtimeName) {
		return RuntimeContract.get().parameter(runtimeName)
				.orElseThrow(() -> new IllegalArgumentException("no runtime parameter " + runtimeName));
	}
}
