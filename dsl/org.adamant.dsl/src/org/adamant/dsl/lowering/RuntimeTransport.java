package org.adamant.dsl.lowering;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.ParameterValue.Source;
import org.adamant.dsl.semantics.TransportParameters;

/**
 * A transport lowered onto the ADAMANT runtime: its runtime kind (the contract's name, as
 * adamant::parse_transport reads it), the engine parameters it runs with, and in words what it is
 * ({@code description}) and why this endpoint runs it ({@code reason}: empty when the model binds it).
 * {@code transport} is null for the default the runtime picks when the model binds none.
 * Every kind carries nak_timeout, r and c (the engine ignores those its kind does not take);
 * {@link #stated()} gives those of its kind the model states.
 */
public record RuntimeTransport(String kind, Transport transport, ParameterValue nakTimeout, ParameterValue r,
		ParameterValue c, Replace replace, String description, String reason) {

	/**
	 * The replace/fifo writer's own parameters: its queue and retry timeouts (the mapping's
	 * {@code enqueue_timeout}, {@code retry_timeout}), its pacing ({@code pace_mode}: fixed or estimate,
	 * from the mapping or the experiment) and its delivery class ({@code sequenced}: 0 for a catalog entry
	 * with {@code ordering unordered}).
	 */
	public record Replace(ParameterValue enqueueTimeout, ParameterValue retryTimeout, ParameterValue paceMode,
			ParameterValue sequenced) {
		List<ParameterValue> all() {
			return List.of(enqueueTimeout, retryTimeout, paceMode, sequenced);
		}

		Replace with(ParameterValue v) {
			return new Replace(v.name().equals(enqueueTimeout.name()) ? v : enqueueTimeout,
					v.name().equals(retryTimeout.name()) ? v : retryTimeout, v.name().equals(paceMode.name()) ? v : paceMode,
					sequenced);
		}
	}

	/** The nak_timeout in microseconds. */
	public long nakTimeoutUs() {
		return Math.round(nakTimeout.value() * 1e6);
	}

	public int lecR() {
		return (int) r.inUnit();
	}

	public int lecC() {
		return (int) c.inUnit();
	}

	/** The Mockets-style sender (replace, or fifo without replacement): paced, its options from the flow. */
	public boolean isReplaceFamily() {
		return kind.equals("replace") || kind.equals("fifo");
	}

	/** Ricochet's NAK fallback (1: also NAK the writer what the repairs did not rebuild), as the model states it. */
	public ParameterValue nakFallback() {
		return transport == null ? TransportParameters.contractDefault("nak_fallback", kind)
				: TransportParameters.resolve(transport, "nak_fallback");
	}

	public List<ParameterValue> parameters() {
		List<ParameterValue> all = new ArrayList<>(List.of(nakTimeout, r, c, nakFallback()));
		all.addAll(replace.all());
		return all;
	}

	/** The same transport with {@code v} in place of the parameter of its name. */
	public RuntimeTransport with(ParameterValue v) {
		return new RuntimeTransport(kind, transport, v.name().equals(nakTimeout.name()) ? v : nakTimeout,
				v.name().equals(r.name()) ? v : r, v.name().equals(c.name()) ? v : c, replace.with(v), description, reason);
	}

	public RuntimeTransport withReason(String why) {
		return new RuntimeTransport(kind, transport, nakTimeout, r, c, replace, description, why);
	}

	/**
	 * The parameters of {@link #engineOptions()} that the model states (the mapping, the catalog
	 * entry or the experiment's sweep), in the contract's order; the others are the contract's
	 * defaults for the kind, which the runtime applies itself.
	 */
	public List<ParameterValue> stated() {
		List<ParameterValue> stated = new ArrayList<>(engineOptions().keySet().stream()
				.flatMap(name -> parameters().stream().filter(p -> p.name().equals(name)))
				.filter(p -> p.source() != Source.CONTRACT).toList());
		if (isReplaceFamily() && replace.sequenced().source() != Source.CONTRACT) {
			stated.add(replace.sequenced()); // native only: the OpenDDS plugin has no delivery class option
		}
		return stated;
	}

	/**
	 * The engine options this transport runs with, by the names the runtime and its OpenDDS plugin
	 * share (the native CSV's {@code transport_params}, adamant::bench::transport_params; the
	 * {@code [transport/NAME]} keys of the plugin's ant_* transports, runtime/opendds/README.md), in the
	 * contract's order: nakcast {@code nak_timeout}; ricochet {@code nak_timeout} (with the NAK fallback
	 * only), {@code r}, {@code c}, {@code nak_fallback}; fec {@code r}, {@code c}; replace and fifo
	 * {@code enqueue_timeout}, {@code retry_timeout}, {@code pace_mode} when the model states them (the
	 * others come from the flow: replacement, pace); none for baseline.
	 */
	public Map<String, String> engineOptions() {
		Map<String, String> options = new LinkedHashMap<>();
		for (RuntimeContract.Parameter p : RuntimeContract.get().parameters()) {
			if (!p.takes(kind)) {
				continue;
			}
			switch (p.name()) {
			case "nak_timeout" -> { // ricochet NAKs only with nak_fallback
				if (kind.equals("nakcast") || nakFallback().value() != 0) {
					options.put(p.name(), nakTimeout.option());
				}
			}
			case "r" -> options.put(p.name(), r.option());
			case "c" -> options.put(p.name(), c.option());
			case "nak_fallback" -> options.put(p.name(), nakFallback().option());
			case "enqueue_timeout", "retry_timeout", "pace_mode" -> { // replace and fifo, when the model states them
				ParameterValue v = replace.all().stream().filter(x -> x.name().equals(p.name())).findFirst().orElseThrow();
				if (v.source() != Source.CONTRACT) {
					options.put(p.name(), v.option());
				}
			}
			default -> { // replace and fifo: the others from the flow (replacement, pacing)
			}
			}
		}
		return options;
	}
}
