package org.adamant.dsl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract.Parameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.ParameterValue.Source;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.semantics.TransportParameters;

/**
 * The transport setups of an experiment's benchmark: each of its transports once per combination of
 * the swept parameters that transport has (a sweep of `nak_timeout` multiplies NAKcast, not
 * Ricochet; a sweep of `r` the reverse), in the model's order, the first sweep varying slowest. The
 * native bench and the OpenDDS bench's ant_* transports expand them alike.
 */
public final class SweepVariants {

	/** The runtime parameters a variant carries (the harness's points apply them), by their runtime names. */
	private static final Set<String> CARRIED = Set.of("nak_timeout", "r", "c", "pace_mode");

	/** One swept value of a variant, as the model writes it: a quantity, or a word ({@code estimate}). */
	public record Point(String name, Quantity value, String word) {
	}

	/** One transport setup: the runtime transport with the swept values applied, and what was swept. */
	public record Variant(RuntimeTransport transport, List<Point> swept) {
	}

	private SweepVariants() {
	}

	/** Whether the harness applies a sweep of the parameter a model calls {@code modelName}. */
	private static boolean applied(String modelName) {
		return runtimeParameter(modelName).map(Parameter::name).filter(CARRIED::contains).isPresent();
	}

	private static Optional<Parameter> runtimeParameter(String modelName) {
		return RuntimeContract.get().modelParameter(modelName);
	}

	public static List<Variant> of(Experiment x) {
		List<Variant> out = new ArrayList<>();
		for (Transport t : x.getTransports()) {
			out.addAll(of(x, t));
		}
		return out;
	}

	/** The setups of one transport of the experiment, which must run on the runtime (its OpenDDS plugin too). */
	public static List<Variant> of(Experiment x, Transport t) {
		RuntimeTransport rt = TransportLowering.resolve(t).orElseThrow();
		List<Variant> out = new ArrayList<>();
		expand(out, owned(x, t), 0, new Variant(rt, List.of()));
		return out;
	}

	/**
	 * The experiment's sweeps this transport has (the validator's rule), the harness applies, and its
	 * engine runs with (a nak_timeout sweep passes over ricochet without its NAK fallback).
	 */
	public static List<ParameterSweep> owned(Experiment x, Transport t) {
		Set<String> known = Quantities.knownParameters(t);
		Optional<RuntimeTransport> rt = TransportLowering.resolve(t);
		return x.getSweeps().stream().filter(s -> known.contains(s.getName()) && applied(s.getName())
				&& rt.map(r -> runsWith(r, runtimeParameter(s.getName()).orElseThrow())).orElse(true)).toList();
	}

	/** Whether a swept value of {@code p} would be among the transport's engine options. */
	private static boolean runsWith(RuntimeTransport t, Parameter p) {
		ParameterValue d = TransportParameters.contractDefault(p.name(), t.kind());
		return t.with(d.with(d.value(), Source.SWEEP)).engineOptions().containsKey(p.name());
	}

	/** Sweeps no transport of the experiment applies (named for a comment). */
	public static List<ParameterSweep> notApplied(Experiment x) {
		return x.getSweeps().stream().filter(s -> !applied(s.getName())).toList();
	}

	private static void expand(List<Variant> out, List<ParameterSweep> sweeps, int i, Variant v) {
		if (i == sweeps.size()) {
			out.add(v);
			return;
		}
		ParameterSweep sweep = sweeps.get(i);
		Parameter p = runtimeParameter(sweep.getName()).orElseThrow();
		for (Quantity q : sweep.getValues()) {
			double value = p.dimension().isPresent() ? Quantities.toBase(q, Dimension.of(p.dimension().get()))
					: q.getValue();
			next(out, sweeps, i, v, new Point(sweep.getName(), q, null), p, value);
		}
		for (String word : sweep.getWords()) {
			Optional<Double> value = TransportParameters.keywordValue(p, word, v.transport().kind());
			if (value.isPresent()) { // another word is the validator's error
				next(out, sweeps, i, v, new Point(sweep.getName(), null, word), p, value.get());
			}
		}
	}

	private static void next(List<Variant> out, List<ParameterSweep> sweeps, int i, Variant v, Point point, Parameter p,
			double value) {
		List<Point> swept = new ArrayList<>(v.swept());
		swept.add(point);
		ParameterValue pv = new ParameterValue(p.name(), p.type(), value, p.unit(), Source.SWEEP);
		expand(out, sweeps, i + 1, new Variant(v.transport().with(pv), swept));
	}
}
