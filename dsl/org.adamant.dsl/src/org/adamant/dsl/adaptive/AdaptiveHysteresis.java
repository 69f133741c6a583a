package org.adamant.dsl.adaptive;

import java.util.Optional;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;

/**
 * An adaptive flow's hysteresis: at most one switch per {@code hold}, and only to a candidate whose
 * interpolated score is more than {@code margin} below the current one's. The writer's binding may state
 * them ({@code transport adaptive among nakcast, ricochet_reliable hold 2 s margin 10 %}); what it does not
 * state is the runtime contract's default (its parameters {@code hold} and {@code margin}).
 *
 * @param holdUs    the least time between two switches, in µs (the contract's unit)
 * @param marginPct the least gain of a switch, in percent of the current candidate's score
 */
public record AdaptiveHysteresis(long holdUs, double marginPct, boolean holdStated, boolean marginStated) {

	/** The contract's parameter names (runtime/contract/contract.json), also the .ini keys of ant_adaptive. */
	public static final String HOLD = "hold";
	public static final String MARGIN = "margin";
	private static final String KIND = "adaptive";

	/** The writer's stated values, the contract's defaults for the others (a wrong unit counts as not stated). */
	public static AdaptiveHysteresis of(Publication flow) {
		TransportBinding b = flow.getBinding();
		Optional<Double> hold = b == null ? Optional.empty() : holdUs(b.getHold());
		Optional<Double> margin = b == null ? Optional.empty() : marginPct(b.getMargin());
		RuntimeContract c = RuntimeContract.get();
		return new AdaptiveHysteresis(Math.round(hold.orElseGet(() -> c.defaultValue(HOLD, KIND))),
				margin.orElseGet(() -> c.defaultValue(MARGIN, KIND)), hold.isPresent(), margin.isPresent());
	}

	/** A stated hold in the contract's unit (µs); empty when absent or not a duration. */
	public static Optional<Double> holdUs(Quantity q) {
		RuntimeContract c = RuntimeContract.get();
		String unit = c.parameter(HOLD).orElseThrow().unit();
		return Quantities.base(q, Dimension.DURATION).map(s -> s / c.toBase(1, unit));
	}

	/** A stated margin in percent; empty when absent or not a percentage. */
	public static Optional<Double> marginPct(Quantity q) {
		return Quantities.base(q, Dimension.PERCENT);
	}

	/** The contract's range of {@code hold} (µs) or {@code margin} (%). */
	public static RuntimeContract.Parameter contract(String name) {
		return RuntimeContract.get().parameter(name).orElseThrow();
	}

	/** The hold as the language writes it: "2 s", "500 ms". */
	public String hold() {
		return Format.duration(holdUs / 1e6);
	}

	/** The margin as the language writes it: "10 %". */
	public String margin() {
		return Format.number(marginPct) + " %";
	}

	/** For comments: "the contract's hold and margin", or "hold 500 ms, margin 10 % (the contract's)". */
	public String describe() {
		if (!holdStated && !marginStated) {
			return "the contract's hold and margin";
		}
		return "hold " + hold() + (holdStated ? "" : " (the contract's)") + ", margin " + margin()
				+ (marginStated ? "" : " (the contract's)");
	}
}
