package org.adamant.dsl.semantics;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.contract.RuntimeContract.Parameter;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * Which dimension each quantity-valued feature of the language has, and conversion of quantities to
 * base units. One table here serves the validator (unit checks) and the generators (conversion).
 */
public final class Quantities {

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	/**
	 * Each quantity-valued feature with the unit its values are usually written in: the feature's
	 * dimension is that unit's, and the unit is the one hints and quick fixes offer for a bare number
	 * (a deadline of 50 means 50 ms, not 50 us).
	 */
	private static final Map<EStructuralFeature, String> USUAL_UNITS = Map.ofEntries(
			Map.entry(P.getReliabilityPolicy_MaxBlockingTime(), "ms"),
			Map.entry(P.getDeadlinePolicy_Period(), "ms"),
			Map.entry(P.getLatencyBudgetPolicy_Duration(), "ms"),
			Map.entry(P.getLifespanPolicy_Duration(), "s"),
			Map.entry(P.getMaxLossRequirement_Value(), "%"),
			Map.entry(P.getMaxLatencyRequirement_Value(), "ms"),
			Map.entry(P.getEnvironment_Loss(), "%"),
			Map.entry(P.getEnvironment_LossUpper(), "%"),
			Map.entry(P.getEnvironment_Bandwidth(), "KB/s"),
			Map.entry(P.getEnvironment_Rtt(), "ms"),
			Map.entry(P.getPublication_Rate(), "Hz"),
			Map.entry(P.getPublication_Payload(), "B"),
			Map.entry(P.getExperiment_Loss(), "%"),
			Map.entry(P.getExperiment_Rates(), "Hz"),
			Map.entry(P.getExperiment_Payload(), "B"),
			Map.entry(P.getExperimentStream_Rate(), "Hz"),
			Map.entry(P.getExperimentStream_Payload(), "B"),
			Map.entry(P.getExperimentStream_Start(), "s"),
			Map.entry(P.getLivelinessPolicy_Lease(), "s"),
			Map.entry(P.getTimeBasedFilterPolicy_MinimumSeparation(), "ms"),
			Map.entry(P.getBandwidthStep_Bandwidth(), "KB/s"),
			Map.entry(P.getBandwidthStep_Duration(), "s"),
			Map.entry(P.getLossStep_Loss(), "%"),
			Map.entry(P.getLossStep_Duration(), "s"),
			Map.entry(P.getReadersStep_Duration(), "s"),
			Map.entry(P.getTransportBinding_Hold(), "s"),
			Map.entry(P.getTransportBinding_Margin(), "%"));

	/**
	 * The unit a transport parameter (or an OpenDDS option) of a dimension is usually written in: its
	 * durations are timeouts and holds of milliseconds, its bandwidth a pace of KB/s.
	 */
	private static final Map<Dimension, String> USUAL_PARAMETER_UNITS = Map.of(Dimension.DURATION, "ms",
			Dimension.BANDWIDTH, "KB/s");

	private static final Map<EStructuralFeature, Dimension> DIMENSIONS = USUAL_UNITS.entrySet().stream()
			.collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> Dimension.ofUnit(e.getValue())));

	/** A runtime parameter's range in base units (seconds for durations), from the contract table. */
	public record Range(double min, double max) {
		public boolean contains(double v) {
			return v >= min && v <= max;
		}
	}

	private Quantities() {
	}

	/** The dimension a quantity must have where it stands, if the language fixes one. */
	public static Optional<Dimension> expectedDimension(Quantity quantity) {
		EStructuralFeature feature = quantity.eContainingFeature();
		if (feature == P.getParameter_Value()) {
			String name = ((org.adamant.dsl.adamant.Parameter) quantity.eContainer()).getName();
			if (quantity.eContainer().eContainer() instanceof OpenDdsMapping m) {
				return OpenDdsOptions.dimension(m, name);
			}
			return parameterDimension(name);
		}
		if (feature == P.getParameterSweep_Values()) {
			return parameterDimension(((org.adamant.dsl.adamant.ParameterSweep) quantity.eContainer()).getName());
		}
		if (feature == P.getTransportParameter_DefaultValue() || feature == P.getTransportParameter_Min()
				|| feature == P.getTransportParameter_Max()) {
			return parameterDimension(((org.adamant.dsl.adamant.TransportParameter) quantity.eContainer()).getName());
		}
		if (feature == P.getParameterBound_Min() || feature == P.getParameterBound_Max()) {
			return parameterDimension(((org.adamant.dsl.adamant.ParameterBound) quantity.eContainer()).getName());
		}
		return Optional.ofNullable(DIMENSIONS.get(feature));
	}

	/**
	 * The unit to offer for a quantity written without one (or with one of another dimension): the
	 * unit values of its feature are usually written in; empty where the language fixes no dimension.
	 */
	public static Optional<String> usualUnit(Quantity quantity) {
		String unit = USUAL_UNITS.get(quantity.eContainingFeature());
		if (unit != null) {
			return Optional.of(unit);
		}
		return expectedDimension(quantity).map(d -> USUAL_PARAMETER_UNITS.getOrDefault(d, d.firstUnit()));
	}

	/**
	 * Parameters a transport accepts: its mapping kind's (the names a model uses for the runtime
	 * kind's parameters in the contract table, e.g. NAKcast: timeout/nak_timeout, Ricochet and FEC: r,
	 * c; OpenDDS multicast_reliable and rtps_udp: nak_timeout) and the ones it declares.
	 */
	public static Set<String> knownParameters(Transport transport) {
		Set<String> known = new TreeSet<>();
		if (transport == null) {
			return known;
		}
		if (transport.getMapping() instanceof RuntimeMapping m) {
			known.addAll(RuntimeContract.get().modelNames(m.getKind().getLiteral()));
		} else if (transport.getMapping() instanceof OpenDdsMapping m
				&& (m.getKind() == OpenDdsTransportKind.MULTICAST_RELIABLE || m.getKind() == OpenDdsTransportKind.RTPS_UDP)) {
			known.add("nak_timeout");
		}
		for (TransportParameter p : transport.getParameters()) {
			if (p.getName() != null) {
				known.add(p.getName());
			}
		}
		return known;
	}

	/** Whether {@code name} is a transport parameter the runtime knows (a model name in the contract table). */
	public static boolean isKnownParameter(String name) {
		return name != null && RuntimeContract.get().modelParameter(name).isPresent();
	}

	/** The dimension of a transport parameter (empty: a plain count, or not a known parameter). */
	public static Optional<Dimension> parameterDimension(String name) {
		if (name == null) {
			return Optional.empty();
		}
		return RuntimeContract.get().modelParameter(name).flatMap(Parameter::dimension).map(Dimension::of);
	}

	/** Whether {@code name} is a known transport parameter that is a plain count (r, c). */
	public static boolean isCountParameter(String name) {
		return isKnownParameter(name) && parameterDimension(name).isEmpty();
	}

	/** The runtime's range of the parameter a model calls {@code name}, in base units (the contract table). */
	public static Optional<Range> runtimeRange(String name) {
		if (name == null) {
			return Optional.empty();
		}
		RuntimeContract c = RuntimeContract.get();
		return c.modelParameter(name).map(p -> new Range(c.toBase(p.min(), p.unit()), c.toBase(p.max(), p.unit())));
	}

	/**
	 * A transport parameter's value in base units: a duration parameter (timeout) in seconds, a count
	 * (r, c, or a parameter the runtime does not know) as written. Empty when absent, or when its unit
	 * is missing, wrong, or given on a count (the validator reports those).
	 */
	public static Optional<Double> parameter(String name, Quantity q) {
		if (q == null) {
			return Optional.empty();
		}
		Optional<Dimension> d = parameterDimension(name);
		if (d.isPresent()) {
			return base(q, d.get());
		}
		return q.getUnit() == null ? Optional.of(q.getValue()) : Optional.empty();
	}

	/**
	 * The quantity in base units if it carries a unit of {@code dimension}, else empty (missing or
	 * wrong units are reported by the validator; analyses then skip the value).
	 */
	public static Optional<Double> base(Quantity quantity, Dimension dimension) {
		if (quantity == null || quantity.getUnit() == null || !dimension.accepts(quantity.getUnit())) {
			return Optional.empty();
		}
		return Optional.of(dimension.toBase(quantity.getValue(), quantity.getUnit()));
	}

	/** The quantity in its dimension's base unit (s, Hz, B, B/s, %). */
	public static double toBase(Quantity quantity, Dimension dimension) {
		return dimension.toBase(quantity.getValue(), quantity.getUnit());
	}

	public static double seconds(Quantity q) {
		return toBase(q, Dimension.DURATION);
	}

	public static double hertz(Quantity q) {
		return toBase(q, Dimension.RATE);
	}

	public static double bytes(Quantity q) {
		return toBase(q, Dimension.SIZE);
	}

	public static double percent(Quantity q) {
		return toBase(q, Dimension.PERCENT);
	}

	public static double bytesPerSecond(Quantity q) {
		return toBase(q, Dimension.BANDWIDTH);
	}
}
