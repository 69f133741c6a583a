package org.adamant.dsl.semantics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Policy;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.adamant.ReliabilityPolicy;

/**
 * The QoS an endpoint ends up with: its own profile if it names one, else its topic's, with
 * {@code extends} chains resolved so that a policy in a derived profile overrides the parent's.
 */
public final class EffectiveQos {

	private final List<Policy> policies;
	private final QosProfile source;

	private EffectiveQos(QosProfile source, List<Policy> policies) {
		this.source = source;
		this.policies = policies;
	}

	public static EffectiveQos of(Endpoint endpoint) {
		QosProfile profile = endpoint.getQos();
		if (profile == null && endpoint.getTopic() != null) {
			profile = endpoint.getTopic().getQos();
		}
		return of(profile);
	}

	public static EffectiveQos of(QosProfile profile) {
		// Walk from the most derived profile to the root; the first policy of each kind wins.
		List<Policy> result = new ArrayList<>();
		Set<Class<?>> seen = new HashSet<>();
		Set<QosProfile> visited = new HashSet<>(); // an extends cycle is reported by the validator
		for (QosProfile p = profile; p != null && !p.eIsProxy() && visited.add(p); p = p.getParent()) {
			for (Policy policy : p.getPolicies()) {
				if (seen.add(policy.eClass().getInstanceClass())) {
					result.add(policy);
				}
			}
		}
		return new EffectiveQos(profile, result);
	}

	/** The profile the QoS came from (null when the endpoint and its topic name none). */
	public QosProfile source() {
		return source;
	}

	public <T extends Policy> Optional<T> get(Class<T> kind) {
		return policies.stream().filter(kind::isInstance).map(kind::cast).findFirst();
	}

	/**
	 * Whether the QoS asks for reliable delivery. Without a reliability policy the flow is taken as
	 * best-effort (DDS's reader default); DDS writers default to reliable, so say it in the model.
	 */
	public boolean isReliable() {
		return get(ReliabilityPolicy.class).map(r -> r.getKind() == ReliabilityKind.RELIABLE).orElse(false);
	}
}
