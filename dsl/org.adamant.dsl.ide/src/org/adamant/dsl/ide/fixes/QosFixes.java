package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.decimal;
import static org.adamant.dsl.ide.fixes.FixText.durationAtLeast;
import static org.adamant.dsl.ide.fixes.FixText.keywordBefore;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.previousEnd;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;
import static org.adamant.dsl.ide.fixes.FixText.text;
import static org.adamant.dsl.ide.fixes.FixText.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.ResourceLimitsPolicy;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of a QoS profile's DDS consistency (history depth, resource limits, time-based filter,
 * an extends cycle) and of a deadline shorter than the publication's send period.
 */
final class QosFixes extends Fixer {

	/** The issue codes these fixes answer. */
	static final Set<String> CODES = Set.of(IssueCodes.HISTORY_DEPTH_INVALID,
			IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS, IssueCodes.RESOURCE_LIMITS_INCONSISTENT,
			IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE, IssueCodes.EXTENDS_CYCLE, IssueCodes.DEADLINE_SHORTER_THAN_PERIOD);

	QosFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		switch (code) {
		case IssueCodes.HISTORY_DEPTH_INVALID -> within(at, HistoryPolicy.class)
				.ifPresent(h -> replace("Keep the newest sample (keep_last 1)", h, P.getHistoryPolicy_Depth(), "1"));
		case IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS -> within(at, ResourceLimitsPolicy.class)
				.ifPresent(this::historyWithinLimits);
		case IssueCodes.RESOURCE_LIMITS_INCONSISTENT -> within(at, ResourceLimitsPolicy.class)
				.ifPresent(this::consistentLimits);
		case IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE -> within(at, TimeBasedFilterPolicy.class)
				.ifPresent(this::filterWithinDeadline);
		case IssueCodes.EXTENDS_CYCLE -> within(at, QosProfile.class).ifPresent(this::breakCycle);
		case IssueCodes.DEADLINE_SHORTER_THAN_PERIOD -> within(at, Publication.class).ifPresent(this::deadlineVsPeriod);
		}
	}

	private void historyWithinLimits(ResourceLimitsPolicy limits) {
		int max = limits.getMaxSamplesPerInstance();
		for (QosProfile profile : EcoreUtil2.getAllContentsOfType(root(), QosProfile.class)) {
			EffectiveQos qos = EffectiveQos.of(profile);
			Optional<HistoryPolicy> history = qos.get(HistoryPolicy.class);
			if (qos.get(ResourceLimitsPolicy.class).orElse(null) == limits && history.isPresent()
					&& !history.get().isKeepAll() && history.get().getDepth() > max) {
				int depth = history.get().getDepth();
				replace("Raise max_samples_per_instance to " + depth, limits,
						P.getResourceLimitsPolicy_MaxSamplesPerInstance(), Integer.toString(depth));
				if (limits.getMaxSamples() > 0 && depth > limits.getMaxSamples()) {
					// the raised limit must not exceed max_samples either: raise both in one fix
					Fix raise = fixes.remove(fixes.size() - 1);
					List<Edit> edits = new ArrayList<>(raise.edits());
					INode samples = node(limits, P.getResourceLimitsPolicy_MaxSamples());
					if (samples != null) {
						edits.add(replaceEdit(samples, Integer.toString(depth)));
					}
					fixes.add(new Fix(raise.title() + " and max_samples to " + depth, edits));
				}
				replace("Lower history keep_last to " + max, history.get(), P.getHistoryPolicy_Depth(),
						Integer.toString(max));
				return;
			}
		}
	}

	private void consistentLimits(ResourceLimitsPolicy limits) {
		replace("Raise max_samples to " + limits.getMaxSamplesPerInstance(), limits,
				P.getResourceLimitsPolicy_MaxSamples(), Integer.toString(limits.getMaxSamplesPerInstance()));
		replace("Lower max_samples_per_instance to " + limits.getMaxSamples(), limits,
				P.getResourceLimitsPolicy_MaxSamplesPerInstance(), Integer.toString(limits.getMaxSamples()));
	}

	private void filterWithinDeadline(TimeBasedFilterPolicy filter) {
		QosProfile profile = EcoreUtil2.getContainerOfType(filter, QosProfile.class);
		Optional<DeadlinePolicy> deadline = EffectiveQos.of(profile).get(DeadlinePolicy.class);
		if (deadline.isEmpty() || deadline.get().getPeriod() == null) {
			return;
		}
		String period = text(deadline.get().getPeriod());
		String separation = text(filter.getMinimumSeparation());
		replace("Shorten minimum_separation to the deadline (" + period + ")", filter,
				P.getTimeBasedFilterPolicy_MinimumSeparation(), period);
		replace("Lengthen the deadline to the minimum_separation (" + separation + ")", deadline.get(),
				P.getDeadlinePolicy_Period(), separation);
	}

	private void breakCycle(QosProfile profile) {
		INode parent = node(profile, P.getQosProfile_Parent());
		ILeafNode keyword = keywordBefore(parent, "extends");
		if (parent == null || keyword == null) {
			return;
		}
		int from = previousEnd(keyword);
		add("Remove 'extends " + NodeModelUtils.getTokenText(parent) + "'",
				new Edit(from, parent.getEndOffset() - from, ""));
	}

	private void deadlineVsPeriod(Publication publication) {
		Optional<Double> rate = Quantities.base(publication.getRate(), Dimension.RATE);
		Optional<DeadlinePolicy> deadline = EffectiveQos.of(publication).get(DeadlinePolicy.class);
		if (rate.isEmpty() || !(rate.get() > 0) || deadline.isEmpty()) {
			return;
		}
		Optional<Double> period = Quantities.base(deadline.get().getPeriod(), Dimension.DURATION);
		if (period.isEmpty() || period.get() <= 0) {
			return;
		}
		String sendPeriod = durationAtLeast(1.0 / rate.get());
		replace("Raise the deadline to the send period (" + sendPeriod + ")", deadline.get(),
				P.getDeadlinePolicy_Period(), sendPeriod);
		String minRate = decimal(Math.ceil(1.0 / period.get())) + " Hz";
		replace("Publish at " + minRate + " (one update per deadline)", publication, P.getPublication_Rate(), minRate);
	}
}
