package org.adamant.dsl.adaptive;

import java.util.Optional;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.eclipse.xtext.EcoreUtil2;

/**
 * The flow an experiment's {@code transports ..., adaptive} runs: the publication of the experiment's
 * topic, in the experiment's model, that binds {@code transport adaptive}; the bench runs the adaptive
 * transport on that flow's decision table.
 */
public final class AdaptiveExperiments {

	private AdaptiveExperiments() {
	}

	public static Optional<Publication> flowOf(Experiment x) {
		Model model = EcoreUtil2.getContainerOfType(x, Model.class);
		if (model == null || x.getTopic() == null || x.getTopic().eIsProxy()) {
			return Optional.empty();
		}
		for (Application a : EcoreUtil2.typeSelect(model.getElements(), Application.class)) {
			for (Endpoint e : a.getEndpoints()) {
				if (e instanceof Publication p && p.getTopic() == x.getTopic() && AdaptiveCandidates.isAdaptive(p)) {
					return Optional.of(p);
				}
			}
		}
		return Optional.empty();
	}
}
