package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Element;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.LinkLoad;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.util.OnChangeEvictingCache;
import org.eclipse.xtext.validation.Check;

/** The flows that share an environment's link: their summed predicted load against its bandwidth. */
public class LinkLoadValidator extends AbstractAdamantRules {

	/**
	 * The flows of every application in one environment share its link: their summed predicted load
	 * against its bandwidth, and against every phase of a schedule. Error when the flows without
	 * replacement alone exceed the (mean) bandwidth: their queue grows without bound; warning when the
	 * total exceeds the bandwidth or a phase of it otherwise, unless one bound flow alone does (its own
	 * finding, unbounded-queue-growth / bandwidth-exceeded, says so: the link is not reported twice);
	 * information only when the flows not stated {@code overload intended} fit the link. Reported once
	 * per environment and file, on the file's first application that publishes into it.
	 */
	@Check
	public void checkEnvironmentLoad(Application app) {
		Environment env = app.getEnvironment();
		if (env == null || env.eIsProxy() || firstPublisherIn(app, env) != app) {
			return;
		}
		List<LinkLoad.Share> shares = LinkLoad.shares(env, app);
		List<LinkLoad.Phase> phases = LinkLoad.phases(env);
		if (shares.size() < 2 || phases.isEmpty()) {
			return;
		}
		double total = shares.stream().mapToDouble(LinkLoad.Share::load).sum();
		double fixed = shares.stream().filter(s -> !s.replacement()).mapToDouble(LinkLoad.Share::load).sum();
		double min = Flow.minBandwidth(env);
		double mean = Flow.meanBandwidth(env);
		if (total <= min) {
			return;
		}
		String head = "Environment '" + env.getName() + "' carries " + shares.size() + " flows that together offer "
				+ Format.bandwidth(total) + " (" + shares.stream().map(LinkLoad.Share::describe)
						.collect(Collectors.joining("; ")) + ")";
		boolean schedule = env.getSchedule() != null;
		if (fixed > mean) {
			error(head + "; the flows without replacement alone need " + Format.bandwidth(fixed) + ", "
					+ Format.percent(100 * fixed / mean) + " of its " + Format.bandwidth(mean) + (schedule ? " mean" : "")
					+ " bandwidth: their queue grows by " + Format.number(fixed - mean) + " B/s without bound; lower "
					+ "their rates or payloads, bind transports with replacement, or move flows to another environment",
					app, P.getApplication_Environment(), IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
			return;
		}
		if (shares.stream().anyMatch(s -> s.transport() != null && s.load() > min)) {
			return; // that flow's own finding says the link is over-run
		}
		List<String> over = new ArrayList<>();
		for (LinkLoad.Phase phase : phases) {
			if (total > phase.bandwidth()) {
				over.add((schedule ? "the " + Format.bandwidth(phase.bandwidth()) + " for "
						+ Format.duration(phase.seconds()) : "its " + Format.bandwidth(phase.bandwidth())) + " ("
						+ Format.percent(100 * total / phase.bandwidth()) + "; " + Format.number(total - phase.bandwidth())
						+ " B/s more than the link carries" + (schedule && phase.seconds() > 0 ? ", "
								+ Format.number((total - phase.bandwidth()) * phase.seconds()) + " B over the phase" : "")
						+ ")");
			}
		}
		String effect = fixed > min
				? "the flows without replacement (" + Format.bandwidth(fixed) + ") queue up while a low phase lasts and "
						+ "drain afterwards"
				: "replacement keeps the queue bounded by sending only the newest updates of the flows that have it";
		String message = head + ", above " + String.join(" and ", over) + "; " + effect;
		double unintended = shares.stream().filter(s -> !s.publication().isOverloadIntended())
				.mapToDouble(LinkLoad.Share::load).sum();
		overload(unintended <= min, message, "lower rates or payloads if every update matters, or state `overload "
				+ "intended` on the flows meant to overload the link", app, P.getApplication_Environment());
	}

	/** Information when the model says the overload is intended, else a warning with the advice. */
	private void overload(boolean intended, String message, String advice, EObject where, EStructuralFeature feature) {
		if (intended) {
			info(message + " (overload intended)", where, feature, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		} else {
			warning(message + "; " + advice, where, feature, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		}
	}

	/**
	 * An experiment's streams share the link of its environment: at its heaviest point (most
	 * receivers, highest loss, each stream's highest rate) their summed predicted load over each of its
	 * transports against the bandwidth (the lowest phase of a schedule). A warning, not an error: an
	 * experiment may measure overload on purpose (the Mockets experiments do); information only when
	 * the experiment states {@code overload intended}.
	 */
	@Check
	public void checkExperimentLoad(Experiment x) {
		Environment env = x.getEnvironment();
		if (env == null || env.eIsProxy() || LinkLoad.phases(env).isEmpty() || x.getReceivers().isEmpty()) {
			return;
		}
		int receivers = Math.max(1, x.getReceivers().stream().mapToInt(Integer::intValue).max().getAsInt());
		double loss = x.getLoss().stream().map(q -> Quantities.base(q, Dimension.PERCENT)).flatMap(Optional::stream)
				.mapToDouble(Double::doubleValue).max().orElse(Flow.lossPercent(env));
		double rtt = Quantities.base(env.getRtt(), Dimension.DURATION).orElse(0.0);
		double min = Flow.minBandwidth(env);
		List<Experiments.Stream> streams = Experiments.streams(x).stream().filter(s -> !s.ratesHz().isEmpty()).toList();
		for (Transport t : x.getTransports()) {
			if (t == null || t.eIsProxy()) {
				continue;
			}
			double total = 0;
			List<String> parts = new ArrayList<>();
			for (Experiments.Stream s : streams) {
				double rate = s.ratesHz().stream().mapToDouble(Double::doubleValue).max().getAsDouble();
				FlowScenario scenario = new FlowScenario(rate, s.payloadBytes(), receivers, Math.min(100, loss) / 100, rtt,
						min, Flow.replacementTags(s.topic().getType(), rate));
				Optional<FlowPrediction> p = TransportRanking.predict(scenario, t);
				if (p.isPresent()) {
					total += p.get().offeredLoad();
					parts.add(s.topicName() + " " + Format.number(rate) + " Hz " + Format.bandwidth(p.get().offeredLoad()));
				}
			}
			if (total <= min) {
				continue;
			}
			String effect = t.isReplacement()
					? "'" + t.getName() + "' replaces queued updates, so only about " + Format.percent(100 * min / total)
							+ " of them are sent"
					: "without replacement the queue grows by " + Format.number(total - min) + " B/s for as long as "
							+ (env.getSchedule() == null ? "the experiment runs" : "the low phase lasts")
							+ ", and latency with it";
			String message = "Experiment '" + x.getName() + "' over transport '" + t.getName() + "' offers "
					+ Format.bandwidth(total) + " at its heaviest point (" + receivers + " receiver(s), "
					+ Format.percent(loss) + " loss; " + String.join(", ", parts) + "), "
					+ Format.percent(100 * total / min) + " of the " + Format.bandwidth(min)
					+ (env.getSchedule() == null ? "" : " low phase") + " of environment '" + env.getName() + "'; " + effect;
			overload(x.isOverloadIntended(), message, "if the experiment is not meant to overload the link, lower the "
					+ "rates or payloads; if it is, state `overload intended`", x, P.getExperiment_Environment());
		}
	}

	/** The first application of {@code app}'s file that publishes into {@code env}. */
	private static Application firstPublisherIn(Application app, Environment env) {
		if (!(app.eContainer() instanceof Model model) || app.eResource() == null) {
			return null;
		}
		// one pass over the file per version, not one per application
		Map<Environment, Application> first = CACHE.get(LinkLoadValidator.class.getName(), app.eResource(), () -> {
			Map<Environment, Application> result = new HashMap<>();
			for (Element e : model.getElements()) {
				if (e instanceof Application a && a.getEnvironment() != null
						&& a.getEndpoints().stream().anyMatch(Publication.class::isInstance)) {
					result.putIfAbsent(a.getEnvironment(), a);
				}
			}
			return result;
		});
		return first.get(env);
	}

	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();
}
