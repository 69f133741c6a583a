package org.adamant.dsl.validation;

import java.util.Set;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.TransportCapabilities;
import org.adamant.dsl.semantics.TransportCapabilities.Capability;
import org.eclipse.xtext.validation.Check;

/**
 * The capability table ({@link TransportCapabilities}) applied: every endpoint's stated policies
 * against what its transport offers — bound, or followed by a subscription's {@code transport auto}
 * (a publication's {@code auto} only chooses transports that pass) — and every catalog transport's
 * declaration against what its kind offers.
 */
public class CapabilityValidator extends AbstractAdamantRules {

	@Check
	public void checkTransportCapabilities(Endpoint endpoint) {
		Transport bound = Bindings.bound(endpoint);
		Transport transport = bound != null ? bound
				: endpoint instanceof Subscription && endpoint.getBinding() != null && endpoint.getBinding().isAuto()
						? Bindings.resolve(endpoint).transport() : null;
		if (transport == null) {
			return;
		}
		for (Finding f : TransportRanking.capability(endpoint, transport)) {
			report(f, endpoint.getBinding(), bound != null ? P.getTransportBinding_Transport() : P.getTransportBinding_Auto());
		}
	}

	@Check
	public void checkDeclaredCapabilities(Transport transport) {
		Set<Capability> over = TransportCapabilities.overclaims(transport);
		if (!over.isEmpty()) {
			warning("Transport '" + transport.getName() + "' declares " + over.stream().map(c -> c.word)
					.collect(Collectors.joining(", ")) + ", which its kind does not offer (it cannot "
					+ over.stream().map(c -> c.does).collect(Collectors.joining(", nor ")) + "); the checks take it "
					+ "as it is: remove the declaration, or map it to a kind that offers it", transport,
					P.getTransport_Mapping(), IssueCodes.CAPABILITY_NOT_OFFERED);
		}
	}
}
