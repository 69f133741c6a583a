package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.previousEnd;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;
import static org.adamant.dsl.ide.fixes.FixText.within;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.adamant.dsl.adamant.DestinationOrderKind;
import org.adamant.dsl.adamant.DestinationOrderPolicy;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.MaxLossRequirement;
import org.adamant.dsl.adamant.PresentationPolicy;
import org.adamant.dsl.adamant.PriorityRequirement;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of a flow that its bound transport cannot carry as required: switch to a transport (or
 * {@code auto}) without the issue, or relax the requirement in the QoS profile.
 */
final class TransportFixes extends Fixer {

	/** How many alternative transports a "switch transport" fix list offers at most. */
	static final int MAX_TRANSPORTS = 3;

	/** The issue codes these fixes answer. */
	static final Set<String> CODES = Set.of(IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT,
			IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, IssueCodes.MULTICAST_UNAVAILABLE, IssueCodes.REPLACEMENT_UNSUPPORTED,
			IssueCodes.PRIORITY_UNSUPPORTED, IssueCodes.BANDWIDTH_EXCEEDED, IssueCodes.UNBOUNDED_QUEUE_GROWTH,
			IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND, IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS,
			IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT, IssueCodes.DDS_POLICY_UNSUPPORTED);

	TransportFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		within(at, TransportBinding.class).ifPresent(b -> transportFixes(code, b));
	}

	private void transportFixes(String code, TransportBinding binding) {
		Endpoint endpoint = EcoreUtil2.getContainerOfType(binding, Endpoint.class);
		INode bound = node(binding, P.getTransportBinding_Transport());
		if (endpoint == null || bound == null) {
			return;
		}
		Predicate<Transport> extra = t -> true;
		if (IssueCodes.UNBOUNDED_QUEUE_GROWTH.equals(code) || IssueCodes.BANDWIDTH_EXCEEDED.equals(code)) {
			extra = Transport::isReplacement; // the fix is replacement: only the newest update queues
		}
		switchTransport(code, endpoint, binding.getTransport(), bound, extra);
		EffectiveQos qos = EffectiveQos.of(endpoint);
		switch (code) {
		case IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT -> qos.get(ReliabilityPolicy.class).ifPresent(r -> {
			INode kind = node(r, P.getReliabilityPolicy_Kind());
			if (kind != null && local(r)) {
				add("Make QoS profile '" + profileName(r) + "' best_effort", replaceEdit(kind, "best_effort"));
			}
		});
		case IssueCodes.REPLACEMENT_UNSUPPORTED -> qos.get(ReplacementRequirement.class)
				.ifPresent(r -> remove("Drop the replacement requirement from QoS profile '" + profileName(r) + "'", r));
		case IssueCodes.PRIORITY_UNSUPPORTED -> qos.get(PriorityRequirement.class)
				.ifPresent(r -> remove("Drop the priority requirement from QoS profile '" + profileName(r) + "'", r));
		case IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT -> {
			qos.get(PresentationPolicy.class).filter(PresentationPolicy::isOrdered).ifPresent(this::dropOrdered);
			qos.get(DestinationOrderPolicy.class).filter(d -> d.getKind() == DestinationOrderKind.BY_SOURCE_TIMESTAMP)
					.ifPresent(d -> replace("Order by reception timestamp in QoS profile '" + profileName(d) + "'", d,
							P.getDestinationOrderPolicy_Kind(), DestinationOrderKind.BY_RECEPTION_TIMESTAMP.getLiteral()));
		}
		case IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT -> qos.get(HistoryPolicy.class).filter(this::local)
				.ifPresent(h -> add("Keep only the newest sample (history keep_last 1) in QoS profile '"
						+ profileName(h) + "'", replaceEdit(NodeModelUtils.findActualNodeFor(h), "history keep_last 1")));
		case IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS -> raiseMaxLoss(endpoint, binding.getTransport(), qos);
		default -> {
		}
		}
	}

	/**
	 * "Switch to transport 'x'" for the best transports that satisfy every constraint of the flow
	 * (a reader's: of every flow it receives) and do not have the issue being fixed, and "auto".
	 */
	void switchTransport(String code, Endpoint endpoint, Transport current, INode bound,
			Predicate<Transport> extra) {
		Predicate<TransportRanking.Assessment> clean = a -> a.feasible()
				&& a.findings().stream().noneMatch(f -> f.code().equals(code));
		if (IssueCodes.BANDWIDTH_EXCEEDED.equals(code)) {
			clean = TransportRanking.Assessment::feasible; // a replacement transport keeps the warning, bounded
		}
		List<TransportRanking.Assessment> candidates = new ArrayList<>();
		if (endpoint instanceof Publication p) {
			candidates.addAll(TransportRanking.rank(p).stream().filter(clean).toList());
		} else if (endpoint instanceof Subscription s && s.getTopic() != null) {
			List<Publication> writers = Flow.publicationsOf(s.getTopic(), s);
			for (Transport t : TransportRanking.catalog(s)) {
				TransportRanking.Assessment reader = new TransportRanking.Assessment(t, null,
						TransportRanking.capability(s, t));
				List<TransportRanking.Assessment> flows = writers.stream()
						.map(w -> TransportRanking.assess(Flow.of(w), t)).toList();
				if (clean.test(reader) && flows.stream().allMatch(clean)) {
					candidates.add(flows.isEmpty() ? reader : flows.get(0));
				}
			}
			candidates.sort(Comparator.comparingDouble(TransportRanking.Assessment::relate2)
					.thenComparing(a -> String.valueOf(a.name())));
		}
		int offered = 0;
		for (TransportRanking.Assessment a : candidates) {
			if (offered == MAX_TRANSPORTS) {
				break;
			}
			if (a.transport() != current && extra.test(a.transport())) {
				add("Switch to transport '" + a.name() + "'" + relate2(a.prediction()), replaceEdit(bound, a.name()));
				offered++;
			}
		}
		// auto picks the best feasible transport: offer it when that one also lacks the issue
		if (endpoint instanceof Publication p) {
			TransportRanking.rank(p).stream().filter(TransportRanking.Assessment::feasible).findFirst().filter(clean).filter(a -> extra.test(a.transport()))
					.ifPresent(best -> add("Use transport auto (now '" + best.name() + "')", replaceEdit(bound, "auto")));
		}
	}

	private void dropOrdered(PresentationPolicy presentation) {
		if (!local(presentation)) {
			return;
		}
		for (ILeafNode leaf : NodeModelUtils.findActualNodeFor(presentation).getLeafNodes()) {
			if (!leaf.isHidden() && "ordered".equals(leaf.getText())) {
				int from = previousEnd(leaf);
				add("Drop 'ordered' from QoS profile '" + profileName(presentation) + "'",
						new Edit(from, leaf.getEndOffset() - from, ""));
			}
		}
	}

	private void raiseMaxLoss(Endpoint endpoint, Transport transport, EffectiveQos qos) {
		Optional<MaxLossRequirement> maxLoss = qos.get(MaxLossRequirement.class);
		if (!(endpoint instanceof Publication p) || maxLoss.isEmpty() || transport == null) {
			return;
		}
		Optional<FlowPrediction> prediction = TransportRanking.predict(Flow.of(p), transport);
		if (prediction.isPresent()) {
			String bound = new BigDecimal(prediction.get().lossPercent()).setScale(3, RoundingMode.CEILING)
					.stripTrailingZeros().toPlainString() + " %";
			replace("Raise max_loss to the predicted " + bound, maxLoss.get(), P.getMaxLossRequirement_Value(), bound);
		}
	}

	private static String profileName(EObject policy) {
		QosProfile p = EcoreUtil2.getContainerOfType(policy, QosProfile.class);
		return p == null ? "?" : p.getName();
	}

	private static String relate2(FlowPrediction p) {
		if (p == null || Double.isNaN(p.relate2()) || Double.isInfinite(p.relate2())) {
			return "";
		}
		return " (predicted ReLate2 " + Format.duration(p.relate2()) + ")";
	}
}
