package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.ResourceLimitsPolicy;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Limits;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;

/**
 * DDS consistency of a QoS profile (history, resource limits, time-based filter, extends, history
 * against replacement). Writer/reader compatibility is {@link PairCompatibilityValidator}'s.
 */
public class QosValidator extends AbstractAdamantRules {

	// ------------------------------------------------------------------ DDS consistency in a QoS

	@Check
	public void checkHistoryDepth(HistoryPolicy history) {
		if (!history.isKeepAll() && history.getDepth() < 1
				&& NodeText.of(history, P.getHistoryPolicy_Depth(), 24).matches("\\d{1,9}")) { // else a syntax error
			error("history keep_last " + history.getDepth() + " keeps no sample: the depth must be at least 1; write "
					+ "keep_last 1 (only the newest) or more", history, P.getHistoryPolicy_Depth(),
					IssueCodes.HISTORY_DEPTH_INVALID);
		}
	}

	@Check
	public void checkQosConsistency(QosProfile profile) {
		if (inExtendsCycle(profile)) {
			return;
		}
		EffectiveQos qos = EffectiveQos.of(profile);
		String name = "QoS profile '" + profile.getName() + "'";
		Optional<HistoryPolicy> history = qos.get(HistoryPolicy.class);
		Optional<ResourceLimitsPolicy> limits = qos.get(ResourceLimitsPolicy.class);
		if (limits.isPresent()) {
			ResourceLimitsPolicy l = limits.get();
			boolean own = l.eContainer() == profile || history.map(h -> h.eContainer() == profile).orElse(false);
			if (own && history.isPresent() && !history.get().isKeepAll() && l.getMaxSamplesPerInstance() > 0
					&& history.get().getDepth() > l.getMaxSamplesPerInstance()) {
				error(name + ": history keep_last " + history.get().getDepth() + " exceeds resource_limits "
						+ "max_samples_per_instance " + l.getMaxSamplesPerInstance() + "; DDS requires depth <= "
						+ "max_samples_per_instance: lower the depth or raise the limit", l,
						P.getResourceLimitsPolicy_MaxSamplesPerInstance(), IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS);
			}
			if (l.eContainer() == profile && l.getMaxSamples() > 0 && l.getMaxSamplesPerInstance() > l.getMaxSamples()) {
				error(name + ": resource_limits max_samples_per_instance " + l.getMaxSamplesPerInstance()
						+ " exceeds max_samples " + l.getMaxSamples() + "; DDS requires max_samples_per_instance <= "
						+ "max_samples: raise max_samples or lower max_samples_per_instance", l,
						P.getResourceLimitsPolicy_MaxSamples(), IssueCodes.RESOURCE_LIMITS_INCONSISTENT);
			}
		}
		Optional<ReplacementRequirement> replacement = qos.get(ReplacementRequirement.class);
		if (replacement.isPresent() && history.isPresent() && history.get().isKeepAll()
				&& (replacement.get().eContainer() == profile || history.get().eContainer() == profile)) {
			error(name + ": history keep_all keeps every sample, but replacement lets a newer update supersede a "
					+ "queued one; keep_last 1 if only the newest matters, or drop replacement if every sample does",
					history.get(), P.getHistoryPolicy_KeepAll(), IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT);
		}
		Optional<TimeBasedFilterPolicy> filter = qos.get(TimeBasedFilterPolicy.class);
		Optional<DeadlinePolicy> deadline = qos.get(DeadlinePolicy.class);
		if (filter.isPresent() && deadline.isPresent()
				&& (filter.get().eContainer() == profile || deadline.get().eContainer() == profile)) {
			Optional<Double> sep = Quantities.base(filter.get().getMinimumSeparation(), Dimension.DURATION);
			Optional<Double> period = Quantities.base(deadline.get().getPeriod(), Dimension.DURATION);
			if (sep.isPresent() && period.isPresent() && sep.get() > period.get()) {
				error(name + ": time_based_filter minimum_separation " + Format.duration(sep.get())
						+ " is longer than the deadline " + Format.duration(period.get())
						+ "; a reader that filters that much misses every deadline: make the separation "
						+ Format.duration(period.get()) + " or shorter, or the deadline longer", filter.get(),
						P.getTimeBasedFilterPolicy_MinimumSeparation(), IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE);
			}
		}
	}

	/**
	 * True when the profile's `extends` chain loops. A cycle is reported once, on its first profile in
	 * the file, naming its length and a few of its profiles; a profile above a cycle is left to it.
	 */
	private boolean inExtendsCycle(QosProfile profile) {
		Set<QosProfile> seen = new HashSet<>();
		List<QosProfile> chain = new ArrayList<>();
		for (QosProfile p = profile; p != null && !p.eIsProxy(); p = p.getParent()) {
			if (!seen.add(p)) {
				if (p == profile && chain.stream().noneMatch(q -> q.eResource() == profile.eResource()
						&& q.eContainer() == profile.eContainer() && before(q, profile))) {
					List<String> names = new ArrayList<>();
					for (int i = 0; i <= Math.min(chain.size(), Limits.CYCLE_NAMES_SHOWN); i++) {
						names.add(chain.get(i % chain.size()).getName());
					}
					String how = chain.size() == 1 ? "extends itself" : "is in an extends cycle of " + chain.size()
							+ " profiles";
					error("QoS profile '" + profile.getName() + "' " + how + " (" + String.join(" extends ", names)
							+ (names.size() <= chain.size() ? " extends ..." : "")
							+ "); remove one 'extends' from the cycle", profile, P.getQosProfile_Parent(),
							IssueCodes.EXTENDS_CYCLE);
				}
				return true;
			}
			chain.add(p);
		}
		return false;
	}

	private static boolean before(QosProfile a, QosProfile b) {
		List<?> elements = (List<?>) b.eContainer().eGet(b.eContainingFeature());
		return elements.indexOf(a) < elements.indexOf(b);
	}
}
