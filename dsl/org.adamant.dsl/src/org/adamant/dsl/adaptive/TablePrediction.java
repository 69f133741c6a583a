package org.adamant.dsl.adaptive;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.MaxLatencyRequirement;
import org.adamant.dsl.adamant.MaxLossRequirement;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.util.OnChangeEvictingCache;

/**
 * The decision table from the language's predictions: at every grid point the flow is taken to have
 * that many readers, that loss and that rate (its payload, round trip and bandwidth as modeled), and
 * each candidate's predicted ReLate2 is its score, unless {@link TransportRanking#feasibility} or the
 * parameters ({@link TransportRanking#parameters}) find an error there: then null. Its unconstrained
 * score is the same ReLate2, null only where the parameters forbid the candidate.
 */
public final class TablePrediction {

	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

	private TablePrediction() {
	}

	/**
	 * The table of an adaptive publication over the default axes and its own point; empty when it has
	 * no candidates, or no rate or receivers to predict with.
	 */
	public static Optional<DecisionTable> of(Publication publication) {
		AdaptiveCandidates.Result result = AdaptiveCandidates.of(publication);
		Flow flow = Flow.of(publication);
		if (result.candidates().isEmpty() || flow.scenario().isEmpty()) {
			return Optional.empty();
		}
		Resource resource = publication.eResource();
		if (resource == null) {
			return Optional.of(predict(flow, result.candidates(), axesFor(flow)));
		}
		return Optional.of(CACHE.get(List.of(TablePrediction.class.getName(), publication), resource,
				() -> predict(flow, result.candidates(), axesFor(flow))));
	}

	/** The candidate the table picks at the flow's modeled receivers, loss and rate (what it starts with). */
	public static Optional<AdaptiveCandidate> start(Publication publication) {
		return of(publication).map(t -> {
			FlowScenario s = Flow.of(publication).scenario().orElseThrow();
			return t.candidates().get(t.pick(s.receivers(), s.lossFraction() * 100, s.rateHz()));
		});
	}

	/** The default axes with the flow's own receivers, loss and rate on them. */
	public static TableAxes axesFor(Flow flow) {
		FlowScenario s = flow.scenario().orElseThrow();
		return TableAxes.defaults().including(s.receivers(), s.lossFraction() * 100, s.rateHz());
	}

	public static DecisionTable predict(Flow flow, List<AdaptiveCandidate> candidates, TableAxes axes) {
		List<Double> scores = new ArrayList<>();
		List<Double> unconstrained = new ArrayList<>();
		for (double r : axes.receivers()) {
			for (double l : axes.lossPct()) {
				for (double f : axes.rateHz()) {
					FlowScenario s = at(flow, r, l, f);
					for (AdaptiveCandidate c : candidates) {
						scores.add(score(flow, c, s));
						unconstrained.add(unconstrained(flow, c, s));
					}
				}
			}
		}
		double rttUs = Math.round(flow.scenario().orElseThrow().rttSeconds() * 1e9) / 1e3;
		return new DecisionTable(flow.applicationName() + "." + flow.topicName(), maxLatencyUs(flow),
				maxLossPct(flow), rttUs, axes, candidates, scores, unconstrained);
	}

	/** The flow's scenario with {@code receivers} readers, {@code lossPct} loss and {@code rateHz} rate. */
	public static FlowScenario at(Flow flow, double receivers, double lossPct, double rateHz) {
		FlowScenario s = flow.scenario().orElseThrow();
		int tags = flow.topic() == null ? 1 : Flow.replacementTags(flow.topic().getType(), rateHz);
		return new FlowScenario(rateHz, s.payloadBytes(), (int) Math.round(receivers), lossPct / 100, s.rttSeconds(),
				s.bandwidth(), tags);
	}

	/** The candidate's predicted ReLate2 in µs (to the nanosecond) at {@code s}; null where it breaks a constraint. */
	public static Double score(Flow flow, AdaptiveCandidate c, FlowScenario s) {
		Optional<FlowPrediction> p = TransportRanking.predict(s, c.transport());
		return p.isPresent() && feasible(flow, c, p.get()) ? micros(p.get()) : null;
	}

	/** The candidate's predicted ReLate2 in µs at {@code s} whatever the constraints; null where it cannot run. */
	public static Double unconstrained(Flow flow, AdaptiveCandidate c, FlowScenario s) {
		Optional<FlowPrediction> p = TransportRanking.predict(s, c.transport());
		return p.isPresent() && allowed(flow, c) ? micros(p.get()) : null;
	}

	private static Double micros(FlowPrediction p) {
		double us = p.relate2() * 1e6;
		return Double.isFinite(us) ? Math.round(us * 1000) / 1000.0 : null;
	}

	/**
	 * The index of the candidate the predictions rank best at exactly this point (lowest ReLate2 of those
	 * that break no constraint, the lower index on a tie; when none keeps them, of those the parameter
	 * rules allow), or -1 when none qualifies.
	 */
	public static int best(Flow flow, List<AdaptiveCandidate> candidates, double receivers, double lossPct,
			double rateHz) {
		FlowScenario s = at(flow, receivers, lossPct, rateHz);
		int best = best(flow, candidates, s, true);
		return best >= 0 ? best : best(flow, candidates, s, false);
	}

	private static int best(Flow flow, List<AdaptiveCandidate> candidates, FlowScenario s, boolean constrained) {
		int best = -1;
		double bestRelate2 = Double.POSITIVE_INFINITY;
		for (int i = 0; i < candidates.size(); i++) {
			AdaptiveCandidate c = candidates.get(i);
			Optional<FlowPrediction> p = TransportRanking.predict(s, c.transport());
			if (p.isPresent() && (constrained ? feasible(flow, c, p.get()) : allowed(flow, c))
					&& Double.isFinite(p.get().relate2()) && p.get().relate2() < bestRelate2) {
				best = i;
				bestRelate2 = p.get().relate2();
			}
		}
		return best;
	}

	/**
	 * No error at the point. Ricochet's c is not held against the point's readers: with fewer others than
	 * c a reader sends each repair to all of them (the runtime's, and the prediction's c').
	 */
	private static boolean feasible(Flow flow, AdaptiveCandidate c, FlowPrediction p) {
		return allowed(flow, c) && TransportRanking.feasibility(flow, c.transport(), p).stream().noneMatch(Finding::error);
	}

	/** The parameter rules find no error (at any readers: see {@link #feasible}). */
	private static boolean allowed(Flow flow, AdaptiveCandidate c) {
		return TransportRanking.parameters(flow, c.transport(), 0).stream().noneMatch(Finding::error);
	}

	private static Double maxLatencyUs(Flow flow) {
		return flow.qos().get(MaxLatencyRequirement.class)
				.flatMap(m -> Quantities.base(m.getValue(), Dimension.DURATION)).map(v -> v * 1e6).orElse(null);
	}

	private static Double maxLossPct(Flow flow) {
		return flow.qos().get(MaxLossRequirement.class)
				.flatMap(m -> Quantities.base(m.getValue(), Dimension.PERCENT)).orElse(null);
	}
}
