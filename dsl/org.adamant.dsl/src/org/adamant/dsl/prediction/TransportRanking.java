package org.adamant.dsl.prediction;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.CastKind;
import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.LatencyBudgetPolicy;
import org.adamant.dsl.adamant.MaxLatencyRequirement;
import org.adamant.dsl.adamant.MaxLossRequirement;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.Policy;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.ParameterRange;
import org.adamant.dsl.semantics.TransportCapabilities;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.util.OnChangeEvictingCache;

/**
 * Assesses every catalog transport for a flow — capabilities against the QoS of the writer and of
 * every reader, and feasibility of the prediction against bandwidth, max_loss, max_latency and the
 * latency budget — and ranks them: transports without errors first, by predicted ReLate2 (lowest
 * first), then by name. {@code transport auto} picks the first feasible one. The validator reports
 * the same findings for bound transports, so the ranking and the diagnostics never disagree.
 */
public final class TransportRanking {

	/** Retransmission timeout of ACK-based unicast transports (Linux's minimum RTO). */
	public static final double DEFAULT_RTO = 0.200;

	/** One transport assessed for one flow; {@code prediction} is null when the flow's rate is unknown. */
	public record Assessment(Transport transport, FlowPrediction prediction, List<Finding> findings) {
		public boolean feasible() {
			return findings.stream().noneMatch(Finding::error);
		}

		/** Predicted ReLate2 in seconds (infinite when unknown or unbounded). */
		public double relate2() {
			if (prediction == null) {
				return Double.POSITIVE_INFINITY;
			}
			double r = prediction.relate2();
			return Double.isNaN(r) ? Double.POSITIVE_INFINITY : r;
		}

		public String name() {
			return transport.getName();
		}
	}

	private TransportRanking() {
	}

	/** Every transport of the catalog the model sees (its own file and, transitively, its imports), in file order. */
	public static List<Transport> catalog(EObject context) {
		Set<Transport> result = new LinkedHashSet<>();
		for (Resource r : visible(context.eResource())) {
			result.addAll(transportsOf(r));
		}
		return new ArrayList<>(result);
	}

	/** Evicted when the resource changes; one list per file, not one walk of the model per flow. */
	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

	/** The named transports of one file, in file order. */
	private static List<Transport> transportsOf(Resource r) {
		return CACHE.get(TransportRanking.class.getName() + ".transports", r, () -> {
			List<Transport> result = new ArrayList<>();
			for (EObject root : r.getContents()) {
				for (EObject e : root.eContents()) {
					if (e instanceof Transport t && t.getName() != null) {
						result.add(t);
					}
				}
			}
			return result;
		});
	}

	/** {@code resource} and the resources it imports, transitively (imports resolved like the linker does). */
	static List<Resource> visible(Resource resource) {
		List<Resource> result = new ArrayList<>();
		if (resource == null) {
			return result;
		}
		java.util.Deque<Resource> todo = new java.util.ArrayDeque<>();
		todo.add(resource);
		while (!todo.isEmpty()) {
			Resource r = todo.poll();
			if (result.contains(r)) {
				continue;
			}
			result.add(r);
			for (EObject root : r.getContents()) {
				if (root instanceof org.adamant.dsl.adamant.Model m) {
					for (org.adamant.dsl.adamant.Import imp : m.getImports()) {
						Resource target = resolveImport(r, imp.getImportURI());
						if (target != null) {
							todo.add(target);
						}
					}
				}
			}
		}
		return result;
	}

	private static Resource resolveImport(Resource from, String importUri) {
		if (importUri == null || from.getResourceSet() == null || from.getURI() == null) {
			return null;
		}
		try {
			org.eclipse.emf.common.util.URI uri = org.eclipse.emf.common.util.URI.createURI(importUri);
			if (from.getURI().isHierarchical() && !from.getURI().isRelative() && uri.isRelative()) {
				uri = uri.resolve(from.getURI());
			}
			return from.getResourceSet().getResource(uri, false);
		} catch (RuntimeException e) {
			return null; // a malformed import is reported by the linker
		}
	}

	/** The ranking for the flow of {@code publication} over the whole catalog. */
	public static List<Assessment> rank(Publication publication) {
		Resource resource = publication.eResource();
		if (resource == null) {
			return rank(Flow.of(publication), catalog(publication));
		}
		// validators, --explain and every generator template ask for the same flow's ranking
		return CACHE.get(List.of(TransportRanking.class.getName() + ".rank", publication), resource,
				() -> List.copyOf(rank(Flow.of(publication), catalog(publication))));
	}

	public static List<Assessment> rank(Flow flow, Collection<Transport> candidates) {
		List<Assessment> result = new ArrayList<>();
		for (Transport t : candidates) {
			result.add(assess(flow, t));
		}
		result.sort(Comparator.comparing((Assessment a) -> !a.feasible()).thenComparingDouble(Assessment::relate2)
				.thenComparing(a -> String.valueOf(a.name())));
		return result;
	}

	/** Capabilities (writer and every reader) and feasibility of {@code transport} for the flow. */
	public static Assessment assess(Flow flow, Transport transport) {
		List<Finding> findings = new ArrayList<>();
		findings.addAll(capability(flow.publication(), transport));
		for (Subscription s : flow.subscriptions()) {
			findings.addAll(capability(s, transport));
		}
		findings.addAll(parameters(flow, transport));
		FlowPrediction prediction = predict(flow, transport).orElse(null);
		if (prediction != null) {
			findings.addAll(feasibility(flow, transport, prediction));
		}
		return new Assessment(transport, prediction, findings);
	}

	/** "application 'gw' (publish Scans)" */
	public static String describe(Endpoint endpoint) {
		String app = endpoint.eContainer() instanceof Application a && a.getName() != null ? a.getName() : "?";
		String topic = endpoint.getTopic() == null || endpoint.getTopic().eIsProxy() || endpoint.getTopic().getName() == null
				? "?" : endpoint.getTopic().getName();
		return "application '" + app + "' (" + (endpoint instanceof Publication ? "publish " : "subscribe ") + topic + ")";
	}

	private static String profile(EffectiveQos qos) {
		return qos.source() == null ? "its QoS" : "QoS profile '" + qos.source().getName() + "'";
	}

	/**
	 * What {@code endpoint}'s QoS and environment need from {@code transport} and it does not offer:
	 * each stated policy's needs ({@link TransportCapabilities#NEEDS}) against what the transport
	 * offers, and multicast where the environment has none.
	 */
	public static List<Finding> capability(Endpoint endpoint, Transport transport) {
		List<Finding> result = new ArrayList<>();
		if (transport == null || transport.eIsProxy()) {
			return result;
		}
		EffectiveQos qos = EffectiveQos.of(endpoint);
		String who = describe(endpoint);
		String t = "transport '" + transport.getName() + "'";
		for (Policy policy : qos.policies()) {
			for (TransportCapabilities.Need need : TransportCapabilities.needs(policy)) {
				if (!TransportCapabilities.satisfies(transport, need)) {
					result.add(new Finding(need.code(), need.error(), who + " " + need.asks() + " ("
							+ EffectiveQos.written(policy) + " in " + profile(qos) + ") but " + t
							+ (need.needs() ? " cannot " : " can ") + need.capability().does
							+ "; " + need.fix()));
				}
			}
		}
		Environment env = endpoint.eContainer() instanceof Application a ? a.getEnvironment() : null;
		if (env != null && !env.eIsProxy() && env.isMulticastUnavailable() && transport.getCast() == CastKind.MULTICAST) {
			result.add(new Finding(IssueCodes.MULTICAST_UNAVAILABLE, true, who + " runs in environment '" + env.getName()
					+ "' where multicast is unavailable, but " + t + " is multicast; bind a unicast transport such as "
					+ "opendds_tcp or opendds_udp"));
		}
		return result;
	}

	/**
	 * Parameters that depend on the flow: Ricochet sends each repair to c other receivers, so
	 * 1 &le; c &lt; receivers (r &ge; 2 and c &ge; 1 alone are checked where they are written). FEC's c
	 * counts repairs per block of r, which the sender's own group covers, so it needs no such bound.
	 */
	public static List<Finding> parameters(Flow flow, Transport transport) {
		return parameters(flow, transport, flow.receivers());
	}

	/** {@link #parameters(Flow, Transport)} with {@code receivers} in place of the flow's (an adaptive table's point). */
	public static List<Finding> parameters(Flow flow, Transport transport, int receivers) {
		List<Finding> result = new ArrayList<>();
		for (String name : Quantities.knownParameters(transport)) {
			// a word the contract gives the parameter (nak_timeout auto) is checked where it is written
			TransportParameters.given(transport, name).filter(v -> v.keyword().isEmpty())
					.flatMap(v -> ParameterRange.problem(transport, name, v.value()))
					.ifPresent(problem -> result.add(new Finding(IssueCodes.PARAMETER_OUT_OF_RANGE, true,
							"transport '" + transport.getName() + "': " + problem)));
		}
		if (transport.getMapping() instanceof RuntimeMapping m
				&& m.getKind() == RuntimeTransportKind.RICOCHET
				&& receivers > 0) {
			double c = TransportParameters.resolve(transport, "c").value();
			if (c >= receivers) {
				result.add(new Finding(IssueCodes.PARAMETER_OUT_OF_RANGE, true, describe(flow.publication()) + " has "
						+ receivers + " receiver(s) but transport '" + transport.getName()
						+ "' sends each repair to c = " + Format.number(c) + " others; c must be below the number of "
						+ "receivers: use c = " + Math.max(1, receivers - 1) + " or fewer, or another transport"));
			}
		}
		if (transport.getMapping() instanceof RuntimeMapping m && m.getKind() == RuntimeTransportKind.FEC) {
			double r = TransportParameters.resolve(transport, "r").value();
			double c = TransportParameters.resolve(transport, "c").value();
			if (c > r) {
				result.add(new Finding(IssueCodes.PARAMETER_OUT_OF_RANGE, true, "transport '" + transport.getName()
						+ "' sends c = " + Format.number(c) + " repairs per block of r = " + Format.number(r)
						+ " data packets; a repair covers at least one packet, so c must not exceed r: use c = "
						+ Format.number(r) + " or fewer"));
			}
		}
		return result;
	}

	/** Numbers: bandwidth, residual loss and recovery latency of the prediction against the QoS. */
	public static List<Finding> feasibility(Flow flow, Transport transport, FlowPrediction p) {
		List<Finding> result = new ArrayList<>();
		String who = "application '" + flow.applicationName() + "' (publish " + flow.topicName() + ")";
		String t = "transport '" + transport.getName() + "'";
		Environment env = flow.environment();
		EffectiveQos qos = flow.qos();
		double min = flow.bandwidth();
		double mean = flow.meanBandwidthLeft();
		double load = p.offeredLoad();
		if (min > 0 && load > min) {
			// "of environment 'radio_link'", or what its other flows leave of it
			String of = flow.othersLoad() > 0
					? " left of environment '" + env.getName() + "' by its other flows without replacement (they need "
							+ Format.bandwidth(flow.othersLoad()) + ")"
					: " of environment '" + env.getName() + "'";
			if (transport.isReplacement()) {
				result.add(new Finding(IssueCodes.BANDWIDTH_EXCEEDED, false, who + " over " + t + " offers "
						+ Format.bandwidth(load) + ", " + Format.percent(100 * load / min) + " of the "
						+ Format.bandwidth(min) + of + "; replacement keeps the queue bounded by sending only the "
						+ "newest update (about " + Format.percent(100 * min / load) + " of them); lower the rate or "
						+ "payload if every update matters"));
			} else if (mean > 0 && load > mean || env.getSchedule() == null) {
				double base = env.getSchedule() == null ? min : mean;
				result.add(new Finding(IssueCodes.UNBOUNDED_QUEUE_GROWTH, true, who + " over " + t + " offers "
						+ Format.bandwidth(load) + ", " + Format.percent(100 * load / base) + " of the "
						+ Format.bandwidth(base) + (env.getSchedule() == null ? "" : " mean") + " bandwidth" + of
						+ ": the queue grows by " + Format.number(load - base) + " B/s without bound and "
						+ "latency with it; lower the rate or payload, or bind a transport with replacement"));
			} else {
				result.add(new Finding(IssueCodes.BANDWIDTH_EXCEEDED, false, who + " over " + t + " offers "
						+ Format.bandwidth(load) + ", " + Format.percent(100 * load / min) + " of the "
						+ Format.bandwidth(min) + " low phase" + of + ": the queue grows by "
						+ Format.number(load - min) + " B/s while it lasts and drains afterwards; bind a transport "
						+ "with replacement to keep latency flat"));
			}
		}
		Optional<MaxLossRequirement> maxLoss = qos.get(MaxLossRequirement.class);
		if (maxLoss.isPresent()) {
			Optional<Double> bound = Quantities.base(maxLoss.get().getValue(), Dimension.PERCENT);
			if (bound.isPresent() && p.lossPercent() > bound.get() + 1e-9) {
				result.add(new Finding(IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS, true, who + " over " + t
						+ " is predicted to lose " + Format.percent(p.lossPercent()) + " of its updates with "
						+ Format.percent(Flow.lossPercent(env)) + " loss and " + flow.receivers()
						+ " receiver(s), above max_loss " + Format.percent(bound.get()) + "; bind a transport that "
						+ "recovers more (e.g. nakcast), or raise max_loss"));
			}
		}
		double latency = p.recoveryLatency() > 0 && p.delivery() > 0 ? Math.max(p.recoveryLatency(), p.baseLatency())
				: p.baseLatency();
		Optional<MaxLatencyRequirement> maxLatency = qos.get(MaxLatencyRequirement.class);
		if (maxLatency.isPresent()) {
			Optional<Double> bound = Quantities.base(maxLatency.get().getValue(), Dimension.DURATION);
			if (bound.isPresent() && latency > bound.get()) {
				result.add(new Finding(IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND, true, who + " over " + t
						+ ": a recovered update is predicted to arrive after " + Format.duration(latency)
						+ ", above max_latency " + Format.duration(bound.get()) + "; use a shorter NAK timeout or "
						+ "smaller r, a faster transport, or raise max_latency"));
			}
		}
		Optional<LatencyBudgetPolicy> budget = qos.get(LatencyBudgetPolicy.class);
		if (budget.isPresent()) {
			Optional<Double> bound = Quantities.base(budget.get().getDuration(), Dimension.DURATION);
			if (bound.isPresent() && latency > bound.get()) {
				result.add(new Finding(IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND, false, who + " over " + t
						+ ": a recovered update is predicted to arrive after " + Format.duration(latency)
						+ ", above latency_budget " + Format.duration(bound.get()) + "; use a faster transport or "
						+ "raise the budget"));
			}
		}
		return result;
	}

	/** The prediction for the flow over {@code transport}, when the flow's rate is known. */
	public static Optional<FlowPrediction> predict(Flow flow, Transport transport) {
		return flow.scenario().flatMap(s -> predict(s, transport));
	}

	/**
	 * The prediction for a scenario over {@code transport}: empty when the transport has no mapping or
	 * a parameter out of range (reported where it is written).
	 */
	public static Optional<FlowPrediction> predict(FlowScenario s, Transport transport) {
		if (transport == null || transport.eIsProxy() || transport.getMapping() == null
				|| !ParameterRange.allInRange(transport)) {
			return Optional.empty();
		}
		String name = transport.getName();
		boolean multicast = transport.getCast() == CastKind.MULTICAST;
		FlowPrediction p;
		if (transport.getMapping() instanceof RuntimeMapping m) {
			p = switch (m.getKind()) {
			case BASELINE -> Predictions.unreliable(name, s, multicast);
			case NAKCAST -> withHeartbeats(Predictions.nakcast(name, s, TransportParameters.nakTimeout(transport)), s,
					Heartbeats.Timing.NAKS, TransportParameters.nakTimeout(transport));
			case RICOCHET, FEC -> {
				int r = (int) Math.max(2, TransportParameters.resolve(transport, "r").value());
				int c = (int) Math.max(1, TransportParameters.resolve(transport, "c").value());
				if (m.getKind() == RuntimeTransportKind.FEC) { // FEC takes no NAK timeout: the writer's is auto
					yield withHeartbeats(Predictions.fec(name, s, r, c), s, Heartbeats.Timing.FEC,
							TransportParameters.contractDefault("nak_timeout", "nakcast").value());
				}
				double nakTimeout = TransportParameters.nakTimeout(transport);
				yield TransportParameters.resolve(transport, "nak_fallback").value() != 0
						? withHeartbeats(Predictions.ricochetReliable(name, s, r, c, nakTimeout), s,
								Heartbeats.Timing.NAKS, nakTimeout)
						: withHeartbeats(Predictions.ricochet(name, s, r, c), s, Heartbeats.Timing.NO_NAKS, nakTimeout);
			}
			case REPLACE -> transport.isReplacement() ? Predictions.replacement(name, s) : Predictions.fifo(name, s);
			};
		} else if (transport.getMapping() instanceof OpenDdsMapping m) {
			p = switch (m.getKind()) {
			case UDP -> Predictions.unreliable(name, s, false);
			case MULTICAST_BEST_EFFORT -> Predictions.unreliable(name, s, true);
			case TCP -> Predictions.ackUnicast(name, s, DEFAULT_RTO);
			case MULTICAST_RELIABLE, RTPS_UDP -> Predictions.nakcast(name, s, TransportParameters.nakTimeout(transport));
			case SHMEM -> Predictions.unreliable(name, new FlowScenario(s.rateHz(), s.payloadBytes(), s.receivers(), 0,
					0, 0), true);
			};
		} else {
			return Optional.empty();
		}
		if (transport.isReplacement() && !(transport.getMapping() instanceof RuntimeMapping rm
				&& rm.getKind() == RuntimeTransportKind.REPLACE)) {
			p = capAtBandwidth(p, s);
		} else if (!transport.isReplacement() && s.bandwidth() > 0 && p.offeredLoad() > s.bandwidth()) {
			// the busier link's queue grows without bound: so does latency
			p = p.withMeanLatency(Double.POSITIVE_INFINITY);
		} else if (!transport.isReplacement()) {
			p = p.delayedBy(Predictions.writerQueueWait(p, s));
		}
		return Optional.of(p);
	}

	/** The runtime writer's idle heartbeats ({@link Heartbeats}) on its link, beside what the transport's model sends. */
	private static FlowPrediction withHeartbeats(FlowPrediction p, FlowScenario s, Heartbeats.Timing timing,
			double nakTimeout) {
		return p.withWriterLoad(p.writerLoad() + Heartbeats.load(s, timing, nakTimeout));
	}

	private static FlowPrediction capAtBandwidth(FlowPrediction p, FlowScenario s) {
		if (s.bandwidth() <= 0 || p.offeredLoad() <= s.bandwidth()) {
			return p;
		}
		double sent = s.bandwidth() / p.offeredLoad();
		return p.withDelivery(p.delivery() * sent);
	}

	/** Send period vs deadline: a deadline shorter than the period is missed by every update. */
	public static Optional<Finding> deadlineVsPeriod(Publication publication) {
		Optional<Double> rate = Quantities.base(publication.getRate(), Dimension.RATE);
		Optional<DeadlinePolicy> deadline = EffectiveQos.of(publication).get(DeadlinePolicy.class);
		if (rate.isEmpty() || !(rate.get() > 0) || deadline.isEmpty()) {
			return Optional.empty();
		}
		Optional<Double> period = Quantities.base(deadline.get().getPeriod(), Dimension.DURATION);
		double sendPeriod = 1.0 / rate.get();
		if (period.isEmpty() || period.get() <= 0 || sendPeriod <= period.get() * (1 + 1e-12)) {
			return Optional.empty();
		}
		return Optional.of(new Finding(IssueCodes.DEADLINE_SHORTER_THAN_PERIOD, true, describe(publication)
				+ " sends every " + Format.duration(sendPeriod) + " (" + Format.number(rate.get()) + " Hz) but its deadline is "
				+ Format.duration(period.get()) + ": every period misses the deadline; publish at "
				+ Format.number(Math.ceil(1.0 / period.get())) + " Hz or more, or set deadline "
				+ Format.duration(sendPeriod) + " or longer"));
	}
}
