package org.adamant.dsl.lowering;

import java.util.Optional;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OrderingKind;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.adaptive.AdaptiveTablePath;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.TransportParameters;

/**
 * Lowers the model's transports onto the ADAMANT runtime: which runtime kind a catalog transport is
 * and the parameters it runs with ({@link TransportParameters}), and which one an endpoint runs.
 * The native target prints these; the OpenDDS target runs the same kinds as its ant_* transports.
 */
public final class TransportLowering {

	private TransportLowering() {
	}

	/** Empty when the transport does not map to a transport the runtime implements. */
	public static Optional<RuntimeTransport> resolve(Transport t) {
		if (t == null || t.eIsProxy() || !(t.getMapping() instanceof RuntimeMapping m) || m.getKind() == null) {
			return Optional.empty();
		}
		String kind = TransportParameters.kind(t);
		if (!RuntimeContract.get().kinds().contains(kind)) {
			return Optional.empty();
		}
		ParameterValue timeout = TransportParameters.resolve(t, "nak_timeout");
		ParameterValue rValue = TransportParameters.resolve(t, "r");
		ParameterValue cValue = TransportParameters.resolve(t, "c");
		long r = rValue.inUnit();
		long c = cValue.inUnit();
		String cast = t.getCast().getLiteral();
		String description = switch (kind) {
		case "nakcast" -> "reliable " + cast + ", " + nakAfter(timeout)
				+ (timeout.source() == ParameterValue.Source.CONTRACT ? " (runtime default)" : "");
		case "ricochet" -> "lateral error correction over " + cast + ": each receiver XORs every " + r
				+ " packets into a repair for " + c + " other receivers"
				+ (TransportParameters.resolve(t, "nak_fallback").value() != 0
						? "; what the repairs have not rebuilt is NAKed to the writer, " + nakAfter(timeout)
						: "");
		case "fec" -> "forward error correction over " + cast + ": the writer follows every " + r + " packets with "
				+ c + " XOR repair" + (c == 1 ? "" : "s") + ", receivers send nothing";
		case "replace" -> "Mockets-style reliable " + cast
				+ " with replacement: a newer update of a tag supersedes the queued or unacknowledged older one";
		case "fifo" -> "Mockets-style reliable " + cast
				+ " without replacement (no `replacement` in the catalog): runtime fifo, every update is sent in order";
		default -> "best-effort " + cast + ", no recovery";
		};
		return Optional.of(new RuntimeTransport(kind, t, timeout, rValue, cValue, replace(t, kind), description, ""));
	}

	/**
	 * The replace/fifo parameters of {@code t} (null: the runtime's defaults): the timeouts and the pace
	 * mode as the model or catalog gives them; the delivery class unsequenced when the catalog says {@code ordering unordered}.
	 */
	private static RuntimeTransport.Replace replace(Transport t, String kind) {
		ParameterValue sequenced = TransportParameters.contractDefault("sequenced", kind);
		if (t != null && t.getOrdering() == OrderingKind.UNORDERED && "flag".equals(sequenced.type())) {
			sequenced = new ParameterValue(sequenced.name(), sequenced.type(), 0, sequenced.unit(),
					ParameterValue.Source.CATALOG);
		}
		return new RuntimeTransport.Replace(t == null ? TransportParameters.contractDefault("enqueue_timeout", kind)
				: TransportParameters.resolve(t, "enqueue_timeout"),
				t == null ? TransportParameters.contractDefault("retry_timeout", kind)
						: TransportParameters.resolve(t, "retry_timeout"),
				t == null ? TransportParameters.contractDefault("pace_mode", kind) : TransportParameters.resolve(t, "pace_mode"),
				sequenced);
	}

	/** When a nakcast receiver NAKs a gap, in words. */
	private static String nakAfter(ParameterValue timeout) {
		return timeout.keyword().map(k -> "NAK after a random delay scaled to the measured round trip (" + k + ")")
				.orElseGet(() -> "NAK after " + Format.microseconds(Math.round(timeout.value() * 1e6)));
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

	/** Whether the runtime runs {@code t} (the transports {@code auto} may choose for the native target). */
	public static boolean runs(Transport t) {
		return resolve(t).isPresent();
	}

	/**
	 * The runtime transport of an endpoint: its bound transport, or for {@code auto} the language's
	 * choice among the transports the runtime runs ({@link Bindings#resolve}), or when it binds none
	 * (or auto finds none) nakcast for a reliable QoS and baseline otherwise, with the contract's
	 * parameters. Empty when the bound transport cannot run on the runtime.
	 */
	public static Optional<RuntimeTransport> resolve(Endpoint e) {
		Bindings.Resolution binding = Bindings.resolve(e, TransportLowering::runs);
		if (binding.how() == Bindings.How.BOUND) {
			return resolve(binding.transport());
		}
		if (binding.how() == Bindings.How.ADAPTIVE && binding.transport() != null) {
			return resolve(binding.transport()).map(r -> r.withReason(adaptiveTable(e).isPresent()
					? "transport adaptive: the runtime switches between the candidates of table " + adaptiveTable(e).get()
							+ " as readers, loss and rate change; it starts with " + start(binding)
							+ ", the table's pick at the modeled environment" + ofPublisher(e, binding)
					: adaptiveReason(e, binding) + "; the flow has no decision table, so it runs fixed"));
		}
		if (binding.isAuto() && binding.transport() != null) {
			return resolve(binding.transport()).map(r -> r.withReason(why(e, binding)));
		}
		String how = binding.isAuto() ? "transport auto" : "no transport bound";
		boolean reliable = EffectiveQos.of(e).isReliable();
		String kind = reliable ? "nakcast" : "baseline";
		ParameterValue timeout = TransportParameters.contractDefault("nak_timeout", kind);
		String reason = reliable
				? how + ": the QoS is reliable, so nakcast (" + nakAfter(timeout) + ", runtime default)"
				: how + ": the QoS is best-effort, so baseline (no recovery)";
		return Optional.of(new RuntimeTransport(kind, null, timeout, TransportParameters.contractDefault("r", kind),
				TransportParameters.contractDefault("c", kind), replace(null, kind), "", reason));
	}

	/**
	 * The decision table an adaptive endpoint's runtime transport (kind {@code adaptive}) reads, relative to
	 * the target's directory ({@link AdaptiveTablePath}, the file the generators write); empty when the
	 * endpoint binds another transport or its flow has no table.
	 */
	public static Optional<String> adaptiveTable(Endpoint e) {
		Bindings.Resolution binding = Bindings.resolve(e, TransportLowering::runs);
		if (binding.how() != Bindings.How.ADAPTIVE || binding.flow() == null
				|| TablePrediction.of(binding.flow()).isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(AdaptiveTablePath.of(binding.flow()));
	}

	/** The hysteresis of an adaptive endpoint's flow (its writer's hold and margin), where it has a table. */
	public static Optional<AdaptiveHysteresis> adaptiveHysteresis(Endpoint e) {
		return adaptiveTable(e).map(t -> AdaptiveHysteresis.of(Bindings.resolve(e, TransportLowering::runs).flow()));
	}

	/**
	 * What an adaptive endpoint starts with where it runs a fixed transport (a target without an adaptive
	 * channel): the candidate the table picks at the modeled environment, and the table generated beside the
	 * code ({@link org.adamant.dsl.adaptive.DecisionTableJson}).
	 */
	public static String adaptiveReason(Endpoint e, Bindings.Resolution binding) {
		return "transport adaptive: " + start(binding) + ", the decision table's pick at the modeled environment"
				+ ofPublisher(e, binding) + "; table "
				+ (binding.flow() == null ? "none" : AdaptiveTablePath.of(binding.flow()));
	}

	private static String start(Bindings.Resolution binding) {
		return binding.flow() == null ? "?"
				: TablePrediction.start(binding.flow()).map(AdaptiveCandidate::name).orElse("?");
	}

	private static String ofPublisher(Endpoint e, Bindings.Resolution binding) {
		return binding.flow() == e ? "" : " (of the publisher of " + e.getTopic().getName() + ")";
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
}
