package org.adamant.cli;

import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveExplanation;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Pairing;
import org.adamant.dsl.semantics.QosCompatibility;
import org.adamant.generator.opendds.OpenDdsTransports;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;

/**
 * What {@code validate --explain} says about one flow (publication): its binding, the transport it
 * gets, the prediction for that transport and the ranking of the catalog. {@link FlowTable} prints
 * it as text, {@link FlowJson} as JSON.
 *
 * @param binding    "auto", the bound transport's name, or null when the flow names none
 * @param transport  the transport the flow gets (for auto: the catalog-wide choice), null when none
 * @param targets    for auto: what each generator target runs (it may differ from the catalog choice)
 * @param rateHz     null when the rate is unknown
 * @param lossPct    the end-host loss of the flow's environment in percent; null when unknown
 * @param prediction for {@code transport}; null when there is none
 * @param qos        the writer's QoS, policy by policy, stated or the DDS default ({@link EffectiveQos#rows})
 * @param unpaired   the subscriptions of the topic that do not pair with the writer, and why
 * @param failure    why the flow could not be analysed, else null (the other fields are then empty)
 * @param adaptive   for {@code transport adaptive}: its candidates, where each wins, what is excluded; else null
 */
record FlowExplanation(String application, String topic, String binding, String transport, List<TargetChoice> targets,
		int receivers, Double rateHz, Double lossPct, FlowPrediction prediction, List<Assessment> ranking,
		List<EffectiveQos.Row> qos, List<Unpaired> unpaired, String failure, AdaptiveExplanation adaptive) {

	/** A subscription of the flow's topic that gets nothing from it, with each mismatch. */
	record Unpaired(String reader, List<QosCompatibility.Mismatch> mismatches) {
	}

	/**
	 * What a generator target runs for an auto flow: the same ranking restricted to the transports it
	 * runs ({@link Bindings#resolve}); {@code fallback} when none of them is feasible and the target's
	 * default is used.
	 */
	record TargetChoice(String target, String transport, boolean fallback, boolean differs) {
	}

	/** Every publication of the models, in file order. */
	static List<FlowExplanation> of(List<Model> models) {
		List<FlowExplanation> flows = new ArrayList<>();
		for (Model model : models) {
			if (model == null) {
				continue;
			}
			for (TreeIterator<EObject> it = model.eAllContents(); it.hasNext();) {
				if (it.next() instanceof Publication p) {
					try {
						flows.add(of(p));
					} catch (RuntimeException e) {
						flows.add(new FlowExplanation("?", "?", null, null, List.of(), 0, null, null, null, List.of(),
								List.of(), List.of(), "cannot analyse: " + e.getClass().getSimpleName(), null));
					}
				}
			}
		}
		return flows;
	}

	static FlowExplanation of(Publication p) {
		Flow flow = Flow.of(p);
		Bindings.Resolution resolution = Bindings.resolve(p);
		List<Assessment> ranking = resolution.isAuto() ? resolution.ranking() : TransportRanking.rank(p);
		Assessment chosen = null;
		String binding = null;
		List<TargetChoice> targets = List.of();
		AdaptiveExplanation adaptive = null;
		if (AdaptiveCandidates.isAdaptive(p)) {
			binding = "adaptive";
			adaptive = AdaptiveExplanation.of(p);
			String start = adaptive.start();
			chosen = adaptive.candidates().stream().filter(r -> r.candidate().name().equals(start)).findFirst()
					.map(r -> TransportRanking.assess(flow, r.candidate().transport())).orElse(null);
		} else if (resolution.isAuto()) {
			binding = "auto";
			chosen = resolution.assessment().orElse(null);
			targets = targets(p, resolution.transport());
		} else if (resolution.transport() != null) {
			binding = resolution.transport().getName();
			chosen = TransportRanking.assess(flow, resolution.transport());
		}
		List<Unpaired> unpaired = new ArrayList<>();
		if (flow.topic() != null) {
			for (Subscription s : Flow.subscriptionsOf(flow.topic(), p)) {
				List<QosCompatibility.Mismatch> m = Pairing.mismatches(p, s);
				if (!m.isEmpty()) {
					unpaired.add(new Unpaired(TransportRanking.describe(s), m));
				}
			}
		}
		return new FlowExplanation(flow.applicationName(), flow.topicName(), binding,
				adaptive != null ? adaptive.start() : chosen == null ? null : chosen.name(), targets, flow.receivers(), flow.rateHz().orElse(null),
				flow.scenario().map(s -> s.lossFraction() * 100).orElse(null),
				chosen == null ? null : chosen.prediction(), ranking, EffectiveQos.of(p).rows(), unpaired, null, adaptive);
	}

	private static List<TargetChoice> targets(Publication p, Transport catalogChoice) {
		Transport nativeChoice = Bindings.resolve(p, TransportLowering::runs).transport();
		Transport ddsChoice = Bindings.resolve(p, OpenDdsTransports::runs).transport();
		return List.of(
				nativeChoice != null ? new TargetChoice("native", nativeChoice.getName(), false, nativeChoice != catalogChoice)
						: new TargetChoice("native", TransportLowering.resolve(p).map(RuntimeTransport::kind)
								.orElse("none"), true, true),
				ddsChoice != null ? new TargetChoice("opendds", ddsChoice.getName(), false, ddsChoice != catalogChoice)
						: new TargetChoice("opendds", OpenDdsTransports.resolve(p).kind().key, true, true));
	}
}
