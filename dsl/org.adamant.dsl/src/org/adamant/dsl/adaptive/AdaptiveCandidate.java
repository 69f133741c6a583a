package org.adamant.dsl.adaptive;

import java.util.Map;

import org.adamant.dsl.adamant.Transport;

/**
 * One transport an adaptive flow may switch to: a catalog transport with the parameter values it runs
 * with. {@code transport} is the catalog entry with those values stated (a copy outside the model when
 * a bound sets them), so predictions, capabilities and lowering read it like any catalog transport.
 *
 * @param name      the table's name for it: the catalog name, plus each bounded parameter's value ({@code ricochet_r4})
 * @param kind      the runtime kind (the contract's name)
 * @param params    the engine parameters its catalog entry or bounds state (the runtime takes the contract's
 *                  defaults for the rest), by the contract's names, in the contract's units
 *                  (durations in µs as a {@link Long}, or the contract's word as a {@link String})
 * @param transport the transport to predict and run
 * @param source    the catalog entry it comes from
 */
public record AdaptiveCandidate(String name, String kind, Map<String, Object> params, Transport transport,
		Transport source) {
}
