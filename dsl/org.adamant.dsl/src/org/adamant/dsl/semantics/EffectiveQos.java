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
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.semantics.DdsDefaults.Role;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * The QoS an endpoint ends up with: its own profile if it names one, else its topic's, with
 * {@code extends} chains resolved so that a policy in a derived profile overrides the parent's. A
 * policy the profile leaves out has the value {@link DdsDefaults} gives the endpoint's role.
 */
public final class EffectiveQos {

	private final List<Policy> policies;
	private final QosProfile source;
	private final Role role;

	private EffectiveQos(QosProfile source, List<Policy> policies, Role role) {
		this.source = source;
		this.policies = policies;
		this.role = role;
	}

	/** One policy as an entity has it: stated in its profile (with the text written), or the default. */
	public record Row(String keyword, String value, boolean stated) {
	}

	public static EffectiveQos of(Endpoint endpoint) {
		QosProfile profile = endpoint.getQos();
		if (profile == null && endpoint.getTopic() != null) {
			profile = endpoint.getTopic().getQos();
		}
		return of(profile, endpoint instanceof Publication ? Role.WRITER : Role.READER);
	}

	/** A profile by itself, as a reader would have it (the reader's defaults are the weaker ones). */
	public static EffectiveQos of(QosProfile profile) {
		return of(profile, Role.READER);
	}

	public static EffectiveQos of(QosProfile profile, Role role) {
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
		return new EffectiveQos(profile, result, role);
	}

	public Role role() {
		return role;
	}

	/** The profile the QoS came from (null when the endpoint and its topic name none). */
	public QosProfile source() {
		return source;
	}

	/** The stated policies, the most derived profile's first. */
	public List<Policy> policies() {
		return List.copyOf(policies);
	}

	public <T extends Policy> Optional<T> get(Class<T> kind) {
		return policies.stream().filter(kind::isInstance).map(kind::cast).findFirst();
	}

	/**
	 * Whether the profile states reliability reliable: the delivery a flow needs from its transport.
	 * A writer left at its default (reliable) delivers best effort to a reader left at its default,
	 * so only a stated reliable makes the flow reliable; {@link #reliability()} is the entity's own.
	 */
	public boolean isReliable() {
		return get(ReliabilityPolicy.class).map(r -> r.getKind() == ReliabilityKind.RELIABLE).orElse(false);
	}

	/** The entity's reliability kind: stated, else its role's default (writer reliable, reader best effort). */
	public ReliabilityKind reliability() {
		return get(ReliabilityPolicy.class).map(ReliabilityPolicy::getKind).orElse(DdsDefaults.reliability(role));
	}

	/** Every policy of {@link DdsDefaults#TABLE}, stated or defaulted, in the table's order. */
	public List<Row> rows() {
		List<Row> rows = new ArrayList<>();
		for (DdsDefaults.Entry e : DdsDefaults.TABLE) {
			Optional<Policy> stated = policies.stream().filter(p -> p.eClass() == e.policy()).findFirst();
			rows.add(stated.map(p -> new Row(e.keyword(), text(p, e.keyword()), true))
					.orElseGet(() -> new Row(e.keyword(), e.forRole(role), false)));
		}
		return rows;
	}

	/** The policy as a model writes it ("reliability reliable max_blocking_time 50 ms"), for messages. */
	public static String written(Policy p) {
		INode node = NodeModelUtils.findActualNodeFor(p);
		return node == null ? p.eClass().getName() : NodeModelUtils.getTokenText(node).trim();
	}

	/** The policy as written, without its keyword ("reliable max_blocking_time 50 ms"). */
	private static String text(Policy p, String keyword) {
		String text = written(p);
		String value = text.startsWith(keyword) ? text.substring(keyword.length()).trim() : text;
		return value.isEmpty() ? "required" : value;
	}
}
