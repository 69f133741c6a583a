package org.adamant.generator.cpp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.contract.RuntimeContract.Parameter;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.generator.ModelInfo;

/**
 * How a modeled transport runs on the ADAMANT runtime: its name for adamant::parse_transport and
 * its recovery parameters (NAK timeout; Ricochet's r and c).
 */
public final class RuntimeTransports {

	/** The runtime's default NAK timeout in microseconds (the contract table's nak_timeout). */
	public static long defaultNakTimeoutUs() {
		return Math.round(TransportRanking.defaultNakTimeout() * 1e6);
	}

	/** A transport as the runtime sees it, with the comment that says where it came from. */
	public record Resolved(String name, String kindEnum, long nakTimeoutUs, int lecR, int lecC, String comment) {
		/** Without r and c: the contract's Ricochet defaults (the engine ignores them for other kinds). */
		Resolved(String name, String kindEnum, long nakTimeoutUs, String comment) {
			this(name, kindEnum, nakTimeoutUs, TransportRanking.defaultR(), TransportRanking.defaultC(), comment);
		}
	}

	private RuntimeTransports() {
	}

	/** Empty when the transport does not map to a transport the runtime implements. */
	public static Optional<Resolved> resolve(Transport t) {
		if (t == null || t.eIsProxy() || !(t.getMapping() instanceof RuntimeMapping m)) {
			return Optional.empty();
		}
		String kindEnum = switch (m.getKind()) {
		case BASELINE -> "adamant::TransportKind::Baseline";
		case NAKCAST -> "adamant::TransportKind::Nakcast";
		case RICOCHET -> "adamant::TransportKind::Ricochet";
		// The catalog's `replacement` feature picks keep-latest replacement; without it the same
		// Mockets-style sender runs in plain FIFO order.
		case REPLACE -> t.isReplacement() ? "adamant::TransportKind::Replace" : "adamant::TransportKind::Fifo";
		case FEC -> "adamant::TransportKind::Fec";
		default -> null;
		};
		if (kindEnum == null) {
			return Optional.empty();
		}
		// Parameters as the validator reads them: the mapping's value, else the catalog's declared default.
		boolean explicit = TransportRanking.parameter(t, "timeout").isPresent()
				|| TransportRanking.parameter(t, "nak_timeout").isPresent();
		long timeoutUs = Math.round(TransportRanking.nakTimeout(t) * 1e6);
		boolean fec = m.getKind() == RuntimeTransportKind.FEC;
		int r = (int) Math.round(TransportRanking.parameter(t, "r")
				.orElse((double) (fec ? TransportRanking.defaultFecR() : TransportRanking.defaultR())));
		int c = (int) Math.round(TransportRanking.parameter(t, "c")
				.orElse((double) (fec ? TransportRanking.defaultFecC() : TransportRanking.defaultC())));
		String runtimeName = switch (m.getKind()) {
		case REPLACE -> t.isReplacement() ? "replace" : "fifo";
		default -> m.getKind().getLiteral();
		};
		String what = switch (m.getKind()) {
		case NAKCAST -> "reliable " + t.getCast().getLiteral() + ", NAK after " + formatUs(timeoutUs)
				+ (explicit ? "" : " (runtime default)");
		case RICOCHET -> "lateral error correction over " + t.getCast().getLiteral() + ": each receiver XORs every "
				+ r + " packets into a repair for " + c + " other receivers";
		case FEC -> "forward error correction over " + t.getCast().getLiteral() + ": the writer follows every " + r
				+ " packets with " + c + " XOR repair" + (c == 1 ? "" : "s") + ", receivers send nothing";
		case REPLACE -> t.isReplacement()
				? "Mockets-style reliable " + t.getCast().getLiteral()
						+ " with replacement: a newer update of a tag supersedes the queued or unacknowledged older one"
				: "Mockets-style reliable " + t.getCast().getLiteral()
						+ " without replacement (no `replacement` in the catalog): runtime fifo, every update is sent in order";
		default -> "best-effort " + t.getCast().getLiteral() + ", no recovery";
		};
		String comment = "transport " + t.getName() + ": " + what + " — from " + ModelInfo.sourceOf(t);
		return Optional.of(new Resolved(runtimeName, kindEnum, timeoutUs, r, c, comment));
	}

	/** Why a transport cannot run natively, for comments and errors. */
	public static String whyNot(Transport t) {
		if (t == null || t.eIsProxy()) {
			return "its transport is unresolved";
		}
		if (t.getMapping() instanceof OpenDdsMapping o) {
			return "transport " + t.getName() + " maps to OpenDDS " + o.getKind().getLiteral()
					+ " (use --target opendds)";
		}
		if (t.getMapping() instanceof RuntimeMapping m) {
			return "transport " + t.getName() + " maps to runtime " + m.getKind().getLiteral()
					+ ", which the runtime does not implement yet (only baseline, nakcast, ricochet, fec and replace)";
		}
		return "transport " + t.getName() + " has no mapping";
	}

	/** The transport an endpoint binds ({@code transport T}), else null (see {@link Bindings#bound}). */
	public static Transport bound(Endpoint e) {
		return Bindings.bound(e);
	}

	public static boolean isReliable(Endpoint e) {
		return EffectiveQos.of(e).isReliable();
	}

	/** Whether the runtime runs {@code t} (the transports {@code auto} may choose for the native target). */
	public static boolean runs(Transport t) {
		return resolve(t).isPresent();
	}

	/**
	 * The runtime transport of an endpoint: its bound transport, or for {@code auto} the language's
	 * choice among the transports the runtime runs ({@link Bindings#resolve}), or when it binds none
	 * (or auto finds none) nakcast for a reliable QoS and baseline otherwise. Empty when the bound
	 * transport cannot run on the runtime.
	 */
	public static Optional<Resolved> resolve(Endpoint e) {
		Bindings.Resolution binding = Bindings.resolve(e, RuntimeTransports::runs);
		if (binding.how() == Bindings.How.BOUND) {
			return resolve(binding.transport());
		}
		if (binding.isAuto() && binding.transport() != null) {
			return resolve(binding.transport()).map(r -> withComment(r, why(e, binding) + "; " + r.comment()));
		}
		String how = binding.isAuto() ? "transport auto" : "no transport bound";
		if (isReliable(e)) {
			return Optional.of(new Resolved("nakcast", "adamant::TransportKind::Nakcast", defaultNakTimeoutUs(),
					how + ": the QoS is reliable, so nakcast (NAK after " + formatUs(defaultNakTimeoutUs())
							+ ", runtime default)"));
		}
		return Optional.of(new Resolved("baseline", "adamant::TransportKind::Baseline", defaultNakTimeoutUs(),
				how + ": the QoS is best-effort, so baseline (no recovery)"));
	}

	/** Why `transport auto` chose what it chose: the ranking's numbers and runners-up. */
	private static String why(Endpoint e, Bindings.Resolution binding) {
		if (binding.ranking().isEmpty()) {
			return "transport auto: follows the publisher of " + e.getTopic().getName();
		}
		Assessment best = binding.assessment().orElseThrow();
		if (best.prediction() == null) {
			return "transport auto: " + best.name() + ", the first feasible transport the runtime runs by name (the "
					+ "flow has no receivers or no rate, so there is no ReLate2 to rank by)";
		}
		String runnersUp = binding.ranking().stream().filter(Assessment::feasible).filter(a -> runs(a.transport()))
				.filter(a -> a != best).limit(2).map(a -> a.name() + " " + Format.duration(a.relate2()))
				.collect(Collectors.joining(", "));
		String why = "transport auto: " + best.name() + " has the lowest predicted ReLate2 ("
				+ Format.duration(best.relate2()) + ", delivery " + Format.number(best.prediction().delivery() * 100)
				+ " %) of the feasible transports the runtime runs" + (runnersUp.isEmpty() ? "" : "; next: " + runnersUp);
		if (binding.how() == Bindings.How.FOLLOWS_PUBLISHER) {
			why += " (chosen for the publisher of " + e.getTopic().getName() + ")";
		}
		return why;
	}

	private static Resolved withComment(Resolved r, String comment) {
		return new Resolved(r.name(), r.kindEnum(), r.nakTimeoutUs(), r.lecR(), r.lecC(), comment);
	}

	/**
	 * The engine parameters a runtime transport runs with, by the names the runtime and its OpenDDS
	 * plugin share (the native CSV's {@code transport_params}, adamant::bench::transport_params; the
	 * {@code [transport/NAME]} keys of the plugin's ant_* transports, runtime/opendds/README.md), in the
	 * runtime's order: nakcast {@code nak_timeout}; ricochet {@code r}, {@code c}, {@code nak_fallback}
	 * (off, as in the native harness); fec {@code r}, {@code c}; none for baseline, replace and fifo
	 * (their options come from the flow: replacement, pacing). The one place catalog values become
	 * runtime options, for both targets: the native bench's TransportSetup fields carry the same values.
	 */
	public static Map<String, String> engineParams(String runtimeName, long nakTimeoutUs, int r, int c) {
		Map<String, String> params = new LinkedHashMap<>();
		for (Parameter p : RuntimeContract.get().parameters()) { // the contract's names, in its order
			if (!p.takes(runtimeName)) {
				continue;
			}
			switch (p.name()) {
			case "nak_timeout" -> { // ricochet NAKs only with nak_fallback, which stays off
				if (runtimeName.equals("nakcast")) {
					params.put(p.name(), durationOption(nakTimeoutUs));
				}
			}
			case "r" -> params.put(p.name(), String.valueOf(r));
			case "c" -> params.put(p.name(), String.valueOf(c));
			case "nak_fallback" -> params.put(p.name(), String.valueOf(Math.round(p.defaultFor(runtimeName).orElse(0.0))));
			default -> { // replace and fifo: from the flow (replacement, pacing)
			}
			}
		}
		return params;
	}

	/** {@link #engineParams(String, long, int, int)} of a resolved transport (its catalog values). */
	public static Map<String, String> engineParams(Resolved r) {
		return engineParams(r.name(), r.nakTimeoutUs(), r.lecR(), r.lecC());
	}

	/** A duration as the runtime writes and parses it: the largest exact unit (2s, 25ms, 1500us). */
	public static String durationOption(long us) {
		if (us != 0 && us % 1_000_000 == 0) {
			return (us / 1_000_000) + "s";
		}
		return us % 1000 == 0 ? (us / 1000) + "ms" : us + "us";
	}

	public static String formatUs(long us) {
		if (us % 1000 == 0) {
			return (us / 1000) + " ms";
		}
		return us + " us";
	}
}
