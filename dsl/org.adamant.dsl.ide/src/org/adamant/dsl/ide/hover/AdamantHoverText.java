package org.adamant.dsl.ide.hover;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.AdaptiveExplanation;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Pairing;
import org.adamant.dsl.semantics.QosCompatibility;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The prediction hover of a {@code publish} or {@code subscribe} (anywhere in it, including its
 * transport reference), as Markdown: the flow (rate, payload, receivers, environment), the transport
 * it uses (bound, or the one {@code transport auto} picks) with predicted mean latency, delivery and
 * ReLate2, and the ranking of every catalog transport for the flow. Predictions come from the
 * language's {@link TransportRanking}, the same code the validator and the generator use.
 *
 * <p>Usage, from any editor holding a parsed {@link XtextResource}:
 * <pre>{@code
 * AdamantHoverText.at(resource, offset).ifPresent(h -> show(h.markdown(), h.offset(), h.length()));
 * String md = AdamantHoverText.markdown(resource, offset).orElse(null);   // just the text
 * }</pre>
 * The language server's hover ({@link org.adamant.dsl.ide.server.AdamantHoverService}) returns the
 * same text. Offsets outside every endpoint give no hover.
 */
public final class AdamantHoverText {

	/** Hover text and the region of the endpoint it describes. */
	public record Hover(int offset, int length, String markdown) {
	}

	/** Transports in the ranking table at most (the standard catalogs have 13 with tactical's 15). */
	static final int MAX_RANKED = 16;

	private AdamantHoverText() {
	}

	/** The hover at {@code offset} of {@code resource}'s text, if the offset is inside a publish or subscribe. */
	public static Optional<Hover> at(XtextResource resource, int offset) {
		if (resource.getParseResult() == null) {
			return Optional.empty();
		}
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(resource.getParseResult().getRootNode(), offset);
		if (leaf == null) {
			return Optional.empty();
		}
		EObject at = NodeModelUtils.findActualSemanticObjectFor(leaf);
		Endpoint endpoint = at == null ? null : EcoreUtil2.getContainerOfType(at, Endpoint.class);
		if (endpoint == null) {
			return Optional.empty();
		}
		INode node = NodeModelUtils.findActualNodeFor(endpoint);
		return Optional.of(new Hover(node.getOffset(), node.getLength(), markdown(endpoint)));
	}

	/** Just the Markdown of {@link #at(XtextResource, int)}. */
	public static Optional<String> markdown(XtextResource resource, int offset) {
		return at(resource, offset).map(Hover::markdown);
	}

	/** The hover text of one endpoint. */
	public static String markdown(Endpoint endpoint) {
		StringBuilder md = new StringBuilder();
		if (endpoint instanceof Publication p) {
			publication(p, md);
		} else if (endpoint instanceof Subscription s) {
			subscription(s, md);
		}
		unpaired(endpoint, md);
		qos(endpoint, md);
		return md.toString();
	}

	/** The endpoint's QoS, policy by policy: as its profile states it, or the DDS default of its role. */
	private static void qos(Endpoint endpoint, StringBuilder md) {
		EffectiveQos qos = EffectiveQos.of(endpoint);
		md.append("\nQoS of this ").append(qos.role().word())
				.append(qos.source() == null ? " (no profile)" : " (profile `" + qos.source().getName() + "`)")
				.append("; *italic*: the DDS default:\n\n| policy | value |\n|---|---|\n");
		for (EffectiveQos.Row row : qos.rows()) {
			md.append("| ").append(row.keyword()).append(" | ")
					.append(row.stated() ? "`" + row.value() + "`" : "*" + row.value() + "*").append(" |\n");
		}
	}

	/** The other side's endpoints this one does not communicate with, and why ({@link Pairing}). */
	private static void unpaired(Endpoint endpoint, StringBuilder md) {
		if (endpoint.getTopic() == null || endpoint.getTopic().eIsProxy()) {
			return;
		}
		List<? extends Endpoint> others = endpoint instanceof Publication ? Flow.subscriptionsOf(endpoint.getTopic(), endpoint)
				: Flow.publicationsOf(endpoint.getTopic(), endpoint);
		for (Endpoint other : others) {
			Publication w = endpoint instanceof Publication p ? p : (Publication) other;
			Subscription r = endpoint instanceof Subscription s ? s : (Subscription) other;
			List<QosCompatibility.Mismatch> mismatches = Pairing.mismatches(w, r);
			if (!mismatches.isEmpty()) {
				md.append("\nNo exchange with ").append(TransportRanking.describe(other)).append(": ")
						.append(String.join("; ", mismatches.stream().map(m -> m.policy() + " " + m.offered()
								+ " (writer) vs " + m.requested() + " (reader)").toList()))
						.append(".\n");
			}
		}
	}

	private static void publication(Publication p, StringBuilder md) {
		Flow flow = Flow.of(p);
		md.append("**publish ").append(flow.topicName()).append("** in application `").append(flow.applicationName())
				.append("`\n\n");
		scenario(flow, md);
		if (flow.scenario().isEmpty()) {
			md.append(flow.rateHz().isPresent() ? "No prediction: no subscription receives this flow.\n"
					: "No prediction: the publication needs a rate with a unit, e.g. `rate 10 Hz`.\n");
			return;
		}
		List<TransportRanking.Assessment> ranking = TransportRanking.rank(p);
		if (AdaptiveCandidates.isAdaptive(p)) {
			md.append(AdaptiveExplanation.of(p).summary().replaceFirst("^adaptive: ", "`transport adaptive`: ")
					.replace("; ", ";\n- ")).append("\n\n");
		}
		Transport used = transportOf(p, ranking);
		if (used != null) {
			summary(flow, used, isAuto(p) ? "chosen by `transport auto`"
					: AdaptiveCandidates.isAdaptive(p) ? "the adaptive table's pick at the modeled environment" : "bound", md);
		} else if (isAuto(p)) {
			md.append("`transport auto` finds no transport that satisfies every constraint of this flow.\n\n");
		} else {
			md.append("No transport bound: write `transport auto` or name one of the ranking below.\n\n");
		}
		table(ranking, used, md);
	}

	private static void subscription(Subscription s, StringBuilder md) {
		String topic = s.getTopic() == null || s.getTopic().eIsProxy() ? "?" : s.getTopic().getName();
		String app = s.eContainer() instanceof Application a ? a.getName() : "?";
		md.append("**subscribe ").append(topic).append("** in application `").append(app).append("`\n\n");
		List<Publication> writers = s.getTopic() == null ? List.of() : Flow.publicationsOf(s.getTopic(), s);
		if (writers.isEmpty()) {
			md.append("No application the model sees publishes `").append(topic).append("`, so there is nothing to predict.\n");
			return;
		}
		Transport own = s.getBinding() != null && s.getBinding().getTransport() != null
				&& !s.getBinding().getTransport().eIsProxy() ? s.getBinding().getTransport() : null;
		for (Publication w : writers) {
			Flow flow = Flow.of(w);
			md.append("From ").append(TransportRanking.describe(w)).append(":\n\n");
			scenario(flow, md);
			if (flow.scenario().isEmpty()) {
				md.append("No prediction: that publication has no rate with a unit.\n\n");
				continue;
			}
			List<TransportRanking.Assessment> ranking = TransportRanking.rank(w);
			Transport used = own != null ? own : transportOf(w, ranking);
			if (used != null) {
				summary(flow, used, own != null ? "this reader's binding" : "the writer's", md);
			}
			if (w == writers.get(0)) {
				table(ranking, used, md);
			}
		}
	}

	private static void scenario(Flow flow, StringBuilder md) {
		Optional<FlowScenario> s = flow.scenario();
		md.append("Flow: ");
		if (s.isPresent()) {
			md.append(Format.number(s.get().rateHz())).append(" Hz × ").append(Format.number(s.get().payloadBytes()))
					.append(" B to ");
		}
		md.append(flow.receivers()).append(" receiver(s)");
		Environment env = flow.environment();
		if (env != null) {
			md.append("; environment `").append(env.getName()).append("`: loss ")
					.append(Format.percent(Flow.lossPercent(env)));
			if (s.isPresent() && s.get().rttSeconds() > 0) {
				md.append(", rtt ").append(Format.duration(s.get().rttSeconds()));
			}
			double bandwidth = Flow.minBandwidth(env);
			if (bandwidth > 0) {
				md.append(", bandwidth ").append(Format.bandwidth(bandwidth))
						.append(env.getSchedule() == null ? "" : " (lowest step)");
				if (flow.othersLoad() > 0) {
					md.append(", of which the other flows without replacement need ")
							.append(Format.bandwidth(flow.othersLoad())).append(": ")
							.append(Format.bandwidth(flow.bandwidth())).append(" left for this one");
				}
			}
		} else {
			md.append("; no environment (lossless, unconstrained)");
		}
		md.append("\n\n");
	}

	private static void summary(Flow flow, Transport transport, String how, StringBuilder md) {
		TransportRanking.Assessment a = TransportRanking.assess(flow, transport);
		FlowPrediction p = a.prediction();
		md.append("Transport **").append(transport.getName()).append("** (").append(how).append("): ");
		if (p == null) {
			md.append("no prediction for this transport.\n\n");
			return;
		}
		md.append("predicted mean latency **").append(Format.duration(p.meanLatency())).append("**, delivery **")
				.append(delivery(p.delivery())).append("**, ReLate2 **").append(Format.duration(p.relate2()))
				.append("**; offered load ").append(Format.bandwidth(p.offeredLoad()));
		if (p.recoveryLatency() > 0) {
			md.append(", a recovered update after ").append(Format.duration(p.recoveryLatency()));
		}
		md.append(".\n\n");
		for (Finding f : a.findings()) {
			md.append("- ").append(f.error() ? "error" : "warning").append(" `").append(f.code()).append("`: ")
					.append(f.message()).append('\n');
		}
		if (!a.findings().isEmpty()) {
			md.append('\n');
		}
	}

	private static void table(List<TransportRanking.Assessment> ranking, Transport used, StringBuilder md) {
		if (ranking.isEmpty()) {
			md.append("The model sees no transport catalog: import `profiles/transports.adamant` to rank transports.\n");
			return;
		}
		md.append("Transport ranking (feasible first, then lowest ReLate2):\n\n");
		md.append("| # | transport | mean latency | delivery | ReLate2 | feasible |\n");
		md.append("|---:|---|---:|---:|---:|---|\n");
		int rank = 0;
		for (TransportRanking.Assessment a : ranking) {
			if (++rank > MAX_RANKED) {
				md.append("| | … ").append(ranking.size() - MAX_RANKED).append(" more | | | | |\n");
				break;
			}
			FlowPrediction p = a.prediction();
			md.append("| ").append(rank).append(" | ").append(a.name()).append(a.transport() == used ? " ◀" : "")
					.append(" | ").append(p == null ? "–" : Format.duration(p.meanLatency())).append(" | ")
					.append(p == null ? "–" : delivery(p.delivery())).append(" | ")
					.append(p == null ? "–" : Format.duration(p.relate2())).append(" | ")
					.append(a.feasible() ? "yes" : "no: " + String.join(", ", a.findings().stream().filter(Finding::error)
							.map(f -> f.code().replaceFirst("^adamant\\.", "")).distinct().toList()))
					.append(" |\n");
		}
	}

	private static boolean isAuto(Endpoint e) {
		return e.getBinding() != null && e.getBinding().isAuto();
	}

	/** The bound transport, or the one auto resolves to (null when neither). */
	private static Transport transportOf(Publication p, List<TransportRanking.Assessment> ranking) {
		if (p.getBinding() == null) {
			return null;
		}
		if (p.getBinding().isAdaptive()) {
			return Bindings.resolve(p).transport();
		}
		if (p.getBinding().isAuto()) {
			return ranking.stream().filter(TransportRanking.Assessment::feasible).findFirst()
					.map(TransportRanking.Assessment::transport).orElse(null);
		}
		Transport t = p.getBinding().getTransport();
		return t == null || t.eIsProxy() ? null : t;
	}

	/** Delivery as a percentage with enough digits to tell 99.97 % from 100 %. */
	static String delivery(double fraction) {
		if (Double.isNaN(fraction)) {
			return "n/a";
		}
		BigDecimal percent = new BigDecimal(fraction * 100).setScale(3, RoundingMode.DOWN).stripTrailingZeros();
		return percent.toPlainString() + " %";
	}
}
