package org.adamant.dsl.semantics;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;

/**
 * The one place that decides which transport an endpoint runs on — for the validator, the
 * {@code --explain} table and every generator. A bound transport is used as written. {@code transport
 * auto} takes the first feasible transport of the flow's ranking ({@link TransportRanking#rank}) that
 * the caller can run (a generator passes the transports its target implements; the language itself
 * accepts every catalog transport); a subscriber's {@code auto} follows its topic's (first) publisher:
 * a bound publisher's transport, else the publisher flow's ranking.
 */
public final class Bindings {

	/** How the transport was found. */
	public enum How {
		/** {@code transport T}. */
		BOUND,
		/** {@code transport auto} on a publication: the ranking of its flow. */
		AUTO,
		/** {@code transport auto} on a subscription: whatever its topic's publisher uses. */
		FOLLOWS_PUBLISHER,
		/**
		 * {@code transport adaptive} (writer or reader): the candidate the writer's decision table picks at
		 * the modeled environment, which a runtime without an adaptive channel runs fixed.
		 */
		ADAPTIVE,
		/** No transport written, or a reference that does not resolve. */
		UNBOUND
	}

	/**
	 * @param how       how the transport was found
	 * @param transport the transport (null: unbound, or auto with no eligible feasible transport)
	 * @param flow      the publication whose flow was ranked (auto), else null
	 * @param ranking   that flow's full ranking, best first (empty unless auto)
	 */
	public record Resolution(How how, Transport transport, Publication flow, List<Assessment> ranking) {
		public Optional<Transport> chosen() {
			return Optional.ofNullable(transport);
		}

		public boolean isAuto() {
			return how == How.AUTO || how == How.FOLLOWS_PUBLISHER;
		}

		/** The chosen transport's assessment in the ranking (auto only). */
		public Optional<Assessment> assessment() {
			return ranking.stream().filter(a -> a.transport() == transport).findFirst();
		}
	}

	private Bindings() {
	}

	/** The transport an endpoint is bound to ({@code transport T}, resolved), else null; never ranks. */
	public static Transport bound(Endpoint e) {
		TransportBinding b = e.getBinding();
		if (b == null || b.isAuto() || b.getTransport() == null || b.getTransport().eIsProxy()) {
			return null;
		}
		return b.getTransport();
	}

	/** {@link #resolve(Endpoint, Predicate)} over the whole catalog. */
	public static Resolution resolve(Endpoint e) {
		return resolve(e, t -> true);
	}

	/** The endpoint's transport; {@code auto} chooses among the transports {@code eligible} accepts. */
	public static Resolution resolve(Endpoint e, Predicate<Transport> eligible) {
		TransportBinding b = e.getBinding();
		if (b != null && b.isAdaptive()) {
			Publication publication = e instanceof Publication p ? p
					: Flow.publicationsOf(e.getTopic(), e).stream().filter(AdaptiveCandidates::isAdaptive).findFirst()
							.orElse(null);
			Transport start = publication == null ? null
					: TablePrediction.start(publication).map(AdaptiveCandidate::transport).filter(eligible).orElse(null);
			return new Resolution(How.ADAPTIVE, start, publication, List.of());
		}
		if (b == null || !b.isAuto()) {
			Transport t = bound(e);
			return new Resolution(t == null ? How.UNBOUND : How.BOUND, t, null, List.of());
		}
		Publication publication = e instanceof Publication p ? p
				: Flow.publicationsOf(e.getTopic(), e).stream().findFirst().orElse(null);
		if (publication == null) {
			return new Resolution(How.AUTO, null, null, List.of());
		}
		if (publication != e) {
			Transport t = bound(publication);
			if (t != null) {
				return new Resolution(How.FOLLOWS_PUBLISHER, t, publication, List.of());
			}
		}
		List<Assessment> ranking = TransportRanking.rank(publication);
		Transport chosen = ranking.stream().filter(Assessment::feasible).map(Assessment::transport).filter(eligible)
				.findFirst().orElse(null);
		return new Resolution(publication == e ? How.AUTO : How.FOLLOWS_PUBLISHER, chosen, publication, ranking);
	}
}
