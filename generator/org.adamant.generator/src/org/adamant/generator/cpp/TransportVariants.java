package org.adamant.generator.cpp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.contract.RuntimeContract.Parameter;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.generator.Banner;

/**
 * The transport setups of an experiment's native benchmark: each of its transports once per
 * combination of the swept parameters that transport has (a sweep of `nak_timeout` multiplies
 * NAKcast, not Ricochet; a sweep of `r` the reverse), in the model's order. The OpenDDS bench expands
 * its ant_* transports the same way ({@link #of(Experiment, Transport)}, {@link Variant#params()}).
 */
public final class TransportVariants {

	/** The runtime parameters a Variant carries (the harness's points apply them), by their runtime names. */
	private static final Set<String> CARRIED = Set.of("nak_timeout", "r", "c");

	/** Whether the harness applies a sweep of the parameter a model calls {@code modelName}. */
	private static boolean applied(String modelName) {
		return runtimeName(modelName).filter(CARRIED::contains).isPresent();
	}

	/** The runtime name of the parameter a model calls {@code modelName} (the contract table). */
	private static Optional<String> runtimeName(String modelName) {
		return RuntimeContract.get().modelParameter(modelName).map(Parameter::name);
	}

	/** One transport setup: the runtime transport with the swept values applied, and what was swept. */
	public record Variant(RuntimeTransports.Resolved transport, long nakTimeoutUs, int lecR, int lecC,
			List<String> swept) {
		/** The engine parameters of this setup, named as the runtime and its OpenDDS plugin name them. */
		public Map<String, String> params() {
			return RuntimeTransports.engineParams(transport.name(), nakTimeoutUs, lecR, lecC);
		}
	}

	private TransportVariants() {
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
		RuntimeTransports.Resolved rt = RuntimeTransports.resolve(t).orElseThrow();
		List<Variant> out = new ArrayList<>();
		expand(out, rt, owned(x, t), 0, new Variant(rt, rt.nakTimeoutUs(), rt.lecR(), rt.lecC(), List.of()));
		return out;
	}

	/** The experiment's sweeps this transport has (the validator's rule) and the harness applies. */
	public static List<ParameterSweep> owned(Experiment x, Transport t) {
		Set<String> known = Quantities.knownParameters(t);
		return x.getSweeps().stream().filter(s -> known.contains(s.getName()) && applied(s.getName()))
				.toList();
	}

	/** Sweeps no transport of the experiment applies natively (named for a comment). */
	public static List<ParameterSweep> notApplied(Experiment x) {
		return x.getSweeps().stream().filter(s -> !applied(s.getName())).toList();
	}

	private static void expand(List<Variant> out, RuntimeTransports.Resolved rt, List<ParameterSweep> sweeps, int i,
			Variant v) {
		if (i == sweeps.size()) {
			out.add(v);
			return;
		}
		ParameterSweep sweep = sweeps.get(i);
		for (Quantity q : sweep.getValues()) {
			List<String> swept = new ArrayList<>(v.swept());
			swept.add(sweep.getName() + " " + Banner.quantity(q));
			Variant next = switch (runtimeName(sweep.getName()).orElse("")) {
			case "nak_timeout" -> new Variant(rt,
					Math.round(Quantities.toBase(q, Dimension.DURATION) * 1e6), v.lecR(), v.lecC(), swept);
			case "r" -> new Variant(rt, v.nakTimeoutUs(), (int) Math.round(q.getValue()), v.lecC(), swept);
			case "c" -> new Variant(rt, v.nakTimeoutUs(), v.lecR(), (int) Math.round(q.getValue()), swept);
			default -> throw new IllegalStateException("unapplied parameter " + sweep.getName());
			};
			expand(out, rt, sweeps, i + 1, next);
		}
	}
}
