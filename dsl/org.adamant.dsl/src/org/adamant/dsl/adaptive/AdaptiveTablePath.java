package org.adamant.dsl.adaptive;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;

/**
 * Where a generated target keeps an adaptive flow's decision table, relative to the target's directory:
 * {@code adaptive/<application>.<topic>.json} (both targets write it; the runtime reads it from there).
 */
public final class AdaptiveTablePath {

	private AdaptiveTablePath() {
	}

	public static String of(Publication publication) {
		String app = publication.eContainer() instanceof Application a ? a.getName() : "flow";
		String topic = publication.getTopic() == null || publication.getTopic().eIsProxy() ? "topic"
				: publication.getTopic().getName();
		return "adaptive/" + app + "." + topic + ".json";
	}
}
