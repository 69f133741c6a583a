package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveExplanation;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.eclipse.xtext.validation.Check;

/**
 * {@code transport adaptive}: errors for a listed candidate that cannot carry the flow, a bound outside
 * the catalog's or the contract's range, and an empty candidate set; an info that says what the flow
 * may switch between, where each candidate wins and what is excluded ({@link AdaptiveExplanation}).
 */
public class AdaptiveValidator extends AbstractAdamantRules {

	@Check
	public void checkAdaptive(Publication publication) {
		if (!AdaptiveCandidates.isAdaptive(publication)) {
			return;
		}
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
}
