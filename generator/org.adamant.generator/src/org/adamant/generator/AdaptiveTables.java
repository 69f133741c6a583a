package org.adamant.generator;

import java.util.LinkedHashMap;
import java.util.Map;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveTablePath;
import org.adamant.dsl.adaptive.DecisionTableJson;
import org.adamant.dsl.adaptive.TablePrediction;

/**
 * The decision table of every {@code transport adaptive} publication of the model, as the runtime reads
 * it ({@link DecisionTableJson}), by its path under a target's directory ({@link AdaptiveTablePath}).
 */
public final class AdaptiveTables {

	private AdaptiveTables() {
	}

	public static Map<String, CharSequence> of(ModelInfo info) {
		Map<String, CharSequence> files = new LinkedHashMap<>();
		for (Application a : info.getApplications()) {
			for (Endpoint e : a.getEndpoints()) {
				if (e instanceof Publication p && AdaptiveCandidates.isAdaptive(p)) {
					TablePrediction.of(p).ifPresent(t -> files.put(AdaptiveTablePath.of(p), DecisionTableJson.write(t)));
				}
			}
		}
		return files;
	}
}
