package org.adamant.dsl.prediction;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.BandwidthStep;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.util.OnChangeEvictingCache;

/**
 * The load every flow of an environment puts on its link, summed: each publication of an application
 * in the environment offers its predicted load over its transport ({@link Bindings#resolve}: bound
 * or {@code auto}) — data × fan-out for unicast, plus repairs, NAKs, retransmissions and ACKs — or,
 * without a transport, its data alone (multicast where the environment has it, else one copy per
 * receiver). Flows without receivers send nothing and are left out.
 *
 * <p>Each flow's prediction accounts for the others ({@link #othersFixedLoad}): the link a flow sees is
 * the environment's bandwidth less what the other flows without replacement need (they send every
 * update); flows with replacement yield, sending only the newest update when the link is busy.
 */
public final class LinkLoad {

	/** One flow's part of the link's load. */
	public record Share(Publication publication, Transport transport, double load) {
		public boolean replacement() {
			return transport != null && transport.isReplacement();
		}

		public String describe() {
			return TransportRanking.describe(publication) + " " + Format.bandwidth(load)
					+ (transport == null ? " (no transport bound: data only)" : " over " + transport.getName()
							+ (replacement() ? " (replacement)" : ""));
		}
	}

	/** One phase of the link: its bandwidth in B/s and how long it lasts (0: constant). */
	public record Phase(double bandwidth, double seconds) {
	}

	private LinkLoad() {
	}

	/** Every flow that sends over {@code env}, in the order the model's resources list them. */
	public static List<Share> shares(Environment env, EObject context) {
		List<Share> result = new ArrayList<>();
		for (Publication p : publicationsIn(env, context)) {
			share(p).ifPresent(result::add);
		}
		return result;
	}

	/** The publications of the applications in {@code env}, in the order the model's resources list them. */
	private static List<Publication> publicationsIn(Environment env, EObject context) {
		List<Publication> result = new ArrayList<>();
		for (Resource r : Flow.resources(context)) {
			result.addAll(publicationsByEnvironment(r).getOrDefault(env, List.of()));
		}
		return result;
	}

	/** One resource's publications by their application's environment: one walk per resource version. */
	private static Map<Environment, List<Publication>> publicationsByEnvironment(Resource r) {
		return CACHE.get(LinkLoad.class.getName() + ".byEnvironment", r, () -> {
			Map<Environment, List<Publication>> result = new HashMap<>();
			for (TreeIterator<EObject> it = r.getAllContents(); it.hasNext();) {
				if (it.next() instanceof Publication p && p.eContainer() instanceof Application a
						&& a.getEnvironment() != null) {
					result.computeIfAbsent(a.getEnvironment(), k -> new ArrayList<>()).add(p);
				}
			}
			return result;
		});
	}

	private static Optional<Share> share(Publication p) {
		Flow flow = Flow.of(p);
		if (flow.scenario().isEmpty()) {
			return Optional.empty();
		}
		return share(p, flow, Bindings.resolve(p).transport());
	}

	private static Optional<Share> share(Publication p, Flow flow, Transport t) {
		Optional<FlowPrediction> prediction = t == null ? Optional.empty() : TransportRanking.predict(flow, t);
		if (prediction.isPresent()) {
			return Optional.of(new Share(p, t, prediction.get().offeredLoad()));
		}
		boolean multicast = flow.environment() == null || !flow.environment().isMulticastUnavailable();
		return Optional.of(new Share(p, null, Predictions.unreliable("data", flow.scenario().get(), multicast).offeredLoad()));
	}

	/**
	 * What the other flows of the publication's environment that send every update (no replacement)
	 * offer its link, in B/s: each predicted alone ({@link Flow#standalone}), over its bound transport
	 * or the one {@code auto} ranks first for it alone. 0 without an environment or a bandwidth.
	 */
	public static double othersFixedLoad(Publication publication, Environment env) {
		if (env == null || publication.eResource() == null || phases(env).isEmpty()) {
			return 0;
		}
		double sum = 0;
		for (Map.Entry<Publication, Share> e : standaloneShares(env, publication).entrySet()) {
			if (e.getKey() != publication && !e.getValue().replacement()) {
				sum += e.getValue().load();
			}
		}
		return sum;
	}

	/** Evicted when the publication's resource changes, like {@link Flow}'s endpoint index. */
	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

	/** Every flow of {@code env}, each predicted alone on the whole link; computed once per resource version. */
	private static Map<Publication, Share> standaloneShares(Environment env, EObject context) {
		return CACHE.get(List.of(LinkLoad.class.getName(), env), context.eResource(), () -> {
			Map<Publication, Share> result = new LinkedHashMap<>();
			for (Publication p : publicationsIn(env, context)) {
				standaloneShare(p).ifPresent(s -> result.put(p, s));
			}
			return result;
		});
	}

	private static Optional<Share> standaloneShare(Publication p) {
		Flow flow = Flow.standalone(p);
		if (flow.scenario().isEmpty()) {
			return Optional.empty();
		}
		Transport t = Bindings.bound(p);
		if (t == null && p.getBinding() != null && p.getBinding().isAuto()) {
			t = TransportRanking.rank(flow, TransportRanking.catalog(p)).stream()
					.filter(TransportRanking.Assessment::feasible).map(TransportRanking.Assessment::transport).findFirst()
					.orElse(null);
		}
		return share(p, flow, t);
	}

	/** The link's phases: one for a constant bandwidth, the steps of a schedule; empty when unconstrained. */
	public static List<Phase> phases(Environment env) {
		List<Phase> result = new ArrayList<>();
		if (env == null) {
			return result;
		}
		if (env.getSchedule() != null) {
			for (BandwidthStep step : env.getSchedule().getSteps()) {
				double b = Quantities.base(step.getBandwidth(), Dimension.BANDWIDTH).orElse(0.0);
				double d = Quantities.base(step.getDuration(), Dimension.DURATION).orElse(0.0);
				if (b > 0) {
					result.add(new Phase(b, d));
				}
			}
		} else {
			Quantities.base(env.getBandwidth(), Dimension.BANDWIDTH).filter(b -> b > 0)
					.ifPresent(b -> result.add(new Phase(b, 0)));
		}
		return result;
	}
}
