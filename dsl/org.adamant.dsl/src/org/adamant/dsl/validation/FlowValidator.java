package org.adamant.dsl.validation;

import java.util.Comparator;
import java.util.List;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Bindings;
import org.eclipse.xtext.validation.Check;

/**
 * One flow against its transport: receivers, the deadline against the rate, flow-dependent
 * parameters, the predicted feasibility, and {@code transport auto}'s choice (capabilities:
 * {@link CapabilityValidator}).
 */
public class FlowValidator extends AbstractAdamantRules {

	/** A flow without receivers: nobody gets its updates, and nothing can be predicted for it. */
	@Check
	public void checkSubscribed(Publication publication) {
		if (publication.getTopic() == null || publication.getTopic().eIsProxy()) {
			return;
		}
		if (Flow.of(publication).receivers() == 0) {
			String topic = publication.getTopic().getName();
			warning(TransportRanking.describe(publication) + " has no receivers: no application in this model or "
					+ "its imports subscribes to '" + topic + "', so its updates reach nobody and no latency, "
					+ "delivery or load is predicted for it; add `subscribe " + topic + "` to an application, or "
					+ "remove the publication", publication, P.getEndpoint_Topic(), IssueCodes.NO_SUBSCRIBER);
		}
	}

	@Check
	public void checkDeadlineVsPeriod(Publication publication) {
		TransportRanking.deadlineVsPeriod(publication)
				.ifPresent(f -> report(f, publication, P.getPublication_Rate()));
	}

	/** Parameters that depend on the flow (c below the receivers), as {@code auto}'s ranking applies them. */
	@Check
	public void checkFlowParameters(Publication publication) {
		Transport transport = Bindings.bound(publication);
		if (transport != null) {
			for (Finding f : TransportRanking.parameters(Flow.of(publication), transport)) {
				report(f, publication.getBinding(), P.getTransportBinding_Transport());
			}
		}
	}

	@Check
	public void checkFeasibility(Publication publication) {
		Transport transport = Bindings.bound(publication);
		if (transport == null) {
			return;
		}
		Flow flow = Flow.of(publication);
		TransportRanking.predict(flow, transport).ifPresent(p -> {
			for (Finding f : TransportRanking.feasibility(flow, transport, p)) {
				if (publication.isOverloadIntended() && !f.error() && f.code().equals(IssueCodes.BANDWIDTH_EXCEEDED)) {
					info(f.message() + " (overload intended)", publication.getBinding(), P.getTransportBinding_Transport(),
							f.code());
				} else {
					report(f, publication.getBinding(), P.getTransportBinding_Transport());
				}
			}
		});
	}

	/** `transport auto`: some catalog transport must satisfy every constraint of the flow. */
	@Check
	public void checkAuto(Publication publication) {
		if (publication.getBinding() == null || !publication.getBinding().isAuto()) {
			return;
		}
		List<TransportRanking.Assessment> ranking = TransportRanking.rank(publication);
		if (ranking.isEmpty()) {
			error(TransportRanking.describe(publication) + " uses transport auto but the model sees no transport "
					+ "catalog; import \"profiles/transports.adamant\"", publication.getBinding(),
					P.getTransportBinding_Auto(), IssueCodes.NO_FEASIBLE_TRANSPORT);
		} else if (!ranking.get(0).feasible()) {
			TransportRanking.Assessment best = ranking.stream()
					.min(Comparator.comparingLong((TransportRanking.Assessment a) -> a.findings().stream()
							.filter(Finding::error).count()).thenComparingDouble(TransportRanking.Assessment::relate2))
					.get();
			String why = best.findings().stream().filter(Finding::error).map(Finding::message).findFirst().orElse("");
			error(TransportRanking.describe(publication) + " uses transport auto but none of the " + ranking.size()
					+ " catalog transports satisfies every constraint; the closest, '" + best.name() + "', fails: "
					+ why, publication.getBinding(), P.getTransportBinding_Auto(), IssueCodes.NO_FEASIBLE_TRANSPORT);
		}
	}
}
