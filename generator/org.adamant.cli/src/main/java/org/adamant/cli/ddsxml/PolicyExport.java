package org.adamant.cli.ddsxml;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.DestinationOrderPolicy;
import org.adamant.dsl.adamant.DurabilityPolicy;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.LatencyBudgetPolicy;
import org.adamant.dsl.adamant.LifespanPolicy;
import org.adamant.dsl.adamant.LivelinessPolicy;
import org.adamant.dsl.adamant.MaxLatencyRequirement;
import org.adamant.dsl.adamant.MaxLossRequirement;
import org.adamant.dsl.adamant.OwnershipPolicy;
import org.adamant.dsl.adamant.PartitionPolicy;
import org.adamant.dsl.adamant.PresentationPolicy;
import org.adamant.dsl.adamant.PriorityRequirement;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.ResourceLimitsPolicy;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.adamant.TransportPriorityPolicy;
import org.adamant.dsl.adamant.UnsequencedRequirement;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;

/**
 * A model's QoS profile as DDS-XML: the profile's effective policies ({@link EffectiveQos}, parents'
 * policies included) as the generated OpenDDS code applies them (OpenDdsQosTemplate): the modeled
 * priority becomes transport_priority unless the profile sets one, a resource limit left out is
 * LENGTH_UNLIMITED, an ownership strength of 0 is DDS's default and not written.
 */
public final class PolicyExport {

	private PolicyExport() {
	}

	public static DdsProfile of(QosProfile profile) {
		EffectiveQos qos = EffectiveQos.of(profile);
		Map<PolicyElement, XmlNode> p = new EnumMap<>(PolicyElement.class);
		qos.get(ReliabilityPolicy.class).ifPresent(r -> p.put(PolicyElement.RELIABILITY, kindAndDuration("reliability",
				DdsKinds.name(r.getKind(), DdsKinds.RELIABILITY), "max_blocking_time", r.getMaxBlockingTime())));
		qos.get(DurabilityPolicy.class).ifPresent(d -> p.put(PolicyElement.DURABILITY,
				kindOnly("durability", DdsKinds.name(d.getKind(), DdsKinds.DURABILITY))));
		qos.get(HistoryPolicy.class).ifPresent(h -> p.put(PolicyElement.HISTORY, h.isKeepAll()
				? kindOnly("history", DdsKinds.KEEP_ALL)
				: XmlNode.of("history", List.of(XmlNode.leaf("kind", DdsKinds.KEEP_LAST),
						XmlNode.leaf("depth", Integer.toString(h.getDepth()))))));
		qos.get(ResourceLimitsPolicy.class).ifPresent(r -> p.put(PolicyElement.RESOURCE_LIMITS,
				XmlNode.of("resource_limits", List.of(limit("max_samples", r.getMaxSamples()),
						limit("max_instances", r.getMaxInstances()),
						limit("max_samples_per_instance", r.getMaxSamplesPerInstance())))));
		qos.get(DeadlinePolicy.class).ifPresent(d -> p.put(PolicyElement.DEADLINE,
				XmlNode.of("deadline", List.of(DdsDuration.element("period", DdsDuration.nanos(d.getPeriod()))))));
		qos.get(LatencyBudgetPolicy.class).ifPresent(l -> p.put(PolicyElement.LATENCY_BUDGET, XmlNode
				.of("latency_budget", List.of(DdsDuration.element("duration", DdsDuration.nanos(l.getDuration()))))));
		qos.get(LifespanPolicy.class).ifPresent(l -> p.put(PolicyElement.LIFESPAN, XmlNode.of("lifespan",
				List.of(DdsDuration.element("duration", DdsDuration.nanos(l.getDuration()))))));
		qos.get(LivelinessPolicy.class).ifPresent(l -> p.put(PolicyElement.LIVELINESS, kindAndDuration("liveliness",
				DdsKinds.name(l.getKind(), DdsKinds.LIVELINESS), "lease_duration", l.getLease())));
		qos.get(OwnershipPolicy.class).ifPresent(o -> {
			p.put(PolicyElement.OWNERSHIP, kindOnly("ownership", DdsKinds.name(o.getKind(), DdsKinds.OWNERSHIP)));
			if (o.getStrength() != 0) {
				p.put(PolicyElement.OWNERSHIP_STRENGTH, XmlNode.of("ownership_strength",
						List.of(XmlNode.leaf("value", Integer.toString(o.getStrength())))));
			}
		});
		qos.get(DestinationOrderPolicy.class).ifPresent(d -> p.put(PolicyElement.DESTINATION_ORDER,
				kindOnly("destination_order", DdsKinds.name(d.getKind(), DdsKinds.DESTINATION_ORDER))));
		qos.get(TimeBasedFilterPolicy.class).ifPresent(t -> p.put(PolicyElement.TIME_BASED_FILTER, XmlNode.of(
				"time_based_filter",
				List.of(DdsDuration.element("minimum_separation", DdsDuration.nanos(t.getMinimumSeparation()))))));
		Integer transportPriority = qos.get(TransportPriorityPolicy.class).map(TransportPriorityPolicy::getValue)
				.orElse(qos.get(PriorityRequirement.class).map(PriorityRequirement::getValue).orElse(null));
		if (transportPriority != null) {
			p.put(PolicyElement.TRANSPORT_PRIORITY, XmlNode.of("transport_priority",
					List.of(XmlNode.leaf("value", transportPriority.toString()))));
		}
		qos.get(PresentationPolicy.class).ifPresent(pr -> p.put(PolicyElement.PRESENTATION, XmlNode.of("presentation",
				List.of(XmlNode.leaf("access_scope", DdsKinds.name(pr.getScope(), DdsKinds.PRESENTATION)),
						XmlNode.leaf("coherent_access", Boolean.toString(pr.isCoherent())),
						XmlNode.leaf("ordered_access", Boolean.toString(pr.isOrdered()))))));
		qos.get(PartitionPolicy.class).ifPresent(pa -> p.put(PolicyElement.PARTITION, XmlNode.of("partition",
				List.of(XmlNode.of("name", pa.getNames().stream().map(n -> XmlNode.leaf("element", n)).toList())))));
		return new DdsProfile(profile.getName(), profile.getParent() == null ? null : profile.getParent().getName(),
				p, requirements(qos), 0, 0);
	}

	private static Map<Requirement, String> requirements(EffectiveQos qos) {
		Map<Requirement, String> r = new LinkedHashMap<>();
		qos.get(PriorityRequirement.class).ifPresent(p -> r.put(Requirement.PRIORITY, Integer.toString(p.getValue())));
		qos.get(MaxLossRequirement.class).ifPresent(
				m -> r.put(Requirement.MAX_LOSS, DdsKinds.number(Quantities.percent(m.getValue())) + " %"));
		qos.get(MaxLatencyRequirement.class)
				.ifPresent(m -> r.put(Requirement.MAX_LATENCY, DdsDuration.text(DdsDuration.nanos(m.getValue()))));
		qos.get(ReplacementRequirement.class).ifPresent(m -> r.put(Requirement.REPLACEMENT, "true"));
		qos.get(UnsequencedRequirement.class).ifPresent(m -> r.put(Requirement.UNSEQUENCED, "true"));
		return r;
	}

	/** {@code <policy><kind>..</kind><name>duration</name></policy>}, the duration when stated. */
	private static XmlNode kindAndDuration(String policy, String kind, String name, Quantity duration) {
		List<XmlNode> c = new ArrayList<>();
		c.add(XmlNode.leaf("kind", kind));
		if (duration != null) {
			c.add(DdsDuration.element(name, DdsDuration.nanos(duration)));
		}
		return XmlNode.of(policy, c);
	}

	private static XmlNode kindOnly(String policy, String kind) {
		return XmlNode.of(policy, List.of(XmlNode.leaf("kind", kind)));
	}

	private static XmlNode limit(String name, int value) {
		return XmlNode.leaf(name, value > 0 ? Integer.toString(value) : DdsKinds.LENGTH_UNLIMITED);
	}
}
