package org.adamant.dsl.validation;

import java.util.Optional;
import java.util.function.Function;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveExplanation;
import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;

/**
 * {@code transport adaptive}: errors for a listed candidate that cannot carry the flow, a bound outside
 * the catalog's or the contract's range, and an empty candidate set; an info that says what the flow
 * may switch between, where each candidate wins and what is excluded ({@link AdaptiveExplanation}); its
 * {@code hold} and {@code margin} within the runtime contract's ranges, and stated on the writer only.
 */
public class AdaptiveValidator extends AbstractAdamantRules {

	@Check
	public void checkAdaptive(Publication publication) {
		if (!AdaptiveCandidates.isAdaptive(publication)) {
			return;
		}
		checkHysteresis(publication.getBinding());
		AdaptiveCandidates.Result result = AdaptiveCandidates.of(publication);
		for (AdaptiveCandidates.Problem p : result.problems()) {
			report(p.finding(), p.where(), null);
		}
		if (result.candidates().isEmpty()) {
			error(TransportRanking.describe(publication) + " uses transport adaptive but has nothing to switch "
					+ "between: " + (publication.getBinding().getCandidates().isEmpty()
							? "no catalog transport of a kind the adaptive channel runs (" + String.join(", ",
									AdaptiveCandidates.KINDS) + ") can carry it"
							: "no transport listed after `among` can carry it")
					+ "; list a transport that offers what its QoS needs, or bind one transport",
					publication.getBinding(), P.getTransportBinding_Adaptive(), IssueCodes.ADAPTIVE_NO_CANDIDATE);
			return;
		}
		info(AdaptiveExplanation.of(publication).summary(), publication.getBinding(), P.getTransportBinding_Adaptive(),
				IssueCodes.ADAPTIVE_CHOICES);
	}

	/** A reader's {@code transport adaptive} follows its writer's adaptive channel: the writer must bind one. */
	@Check
	public void checkAdaptiveReader(Subscription subscription) {
		if (!AdaptiveCandidates.isAdaptive(subscription) || subscription.getTopic() == null
				|| subscription.getTopic().eIsProxy()) {
			return;
		}
		TransportBinding b = subscription.getBinding();
		for (EStructuralFeature f : new EStructuralFeature[] { P.getTransportBinding_Hold(), P.getTransportBinding_Margin() }) {
			if (b.eGet(f) != null) {
				error("a reader's transport adaptive follows its writer's switches; state " + f.getName()
						+ " on the publication of " + subscription.getTopic().getName(), b, f, IssueCodes.ADAPTIVE_HYSTERESIS);
			}
		}
		if (!subscription.getBinding().getCandidates().isEmpty()) {
			error("a reader's transport adaptive follows its writer's candidates; write `among` on the publication "
					+ "of " + subscription.getTopic().getName(), subscription.getBinding(),
					P.getTransportBinding_Candidates(), IssueCodes.ADAPTIVE_NO_CANDIDATE);
		}
		for (Publication p : Flow.publicationsOf(subscription.getTopic(), subscription)) {
			if (!AdaptiveCandidates.isAdaptive(p)) {
				error(TransportRanking.describe(subscription) + " uses transport adaptive but "
						+ TransportRanking.describe(p) + " does not; bind both to transport adaptive, or the reader to "
						+ "the writer's transport", subscription.getBinding(), P.getTransportBinding_Adaptive(),
						IssueCodes.ADAPTIVE_NO_CANDIDATE);
			}
		}
	}

	/**
	 * hold and margin within the contract's ranges (runtime/contract/contract.json); a wrong or missing unit is
	 * the unit validator's. The issue's data is the nearest value in range, for the quick fix.
	 */
	private void checkHysteresis(TransportBinding b) {
		RuntimeContract.Parameter hold = AdaptiveHysteresis.contract(AdaptiveHysteresis.HOLD);
		checkRange(b, P.getTransportBinding_Hold(), AdaptiveHysteresis.holdUs(b.getHold()), hold,
				us -> Format.duration(us / 1e6));
		RuntimeContract.Parameter margin = AdaptiveHysteresis.contract(AdaptiveHysteresis.MARGIN);
		checkRange(b, P.getTransportBinding_Margin(), AdaptiveHysteresis.marginPct(b.getMargin()), margin,
				pct -> Format.number(pct) + " %");
	}

	private void checkRange(TransportBinding b, EStructuralFeature f, Optional<Double> value,
			RuntimeContract.Parameter p, Function<Double, String> show) {
		if (value.isEmpty() || (value.get() >= p.min() && value.get() <= p.max())) {
			return;
		}
		double nearest = Math.max(p.min(), Math.min(p.max(), value.get()));
		error("transport adaptive: " + f.getName() + " " + show.apply(value.get()) + " is outside the runtime's range "
				+ show.apply(p.min()) + " to " + show.apply(p.max()) + "; write " + show.apply(nearest), b, f,
				IssueCodes.ADAPTIVE_HYSTERESIS, show.apply(nearest));
	}
}
