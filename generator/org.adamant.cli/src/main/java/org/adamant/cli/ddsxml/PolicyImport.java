package org.adamant.cli.ddsxml;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.emf.common.util.Enumerator;

/**
 * DDS-XML policies as the language's clauses ("reliability reliable max_blocking_time 100 ms"), the
 * inverse of {@link PolicyExport}. A child element a clause cannot state, and a value out of the
 * language's reach, is reported at its line and column; nothing is dropped.
 */
final class PolicyImport {

	private static final String UNKNOWN = "adamant.dds-xml.unknown-element";
	private static final String UNSUPPORTED = "adamant.dds-xml.unsupported-value";

	private final Problems problems;

	PolicyImport(Problems problems) {
		this.problems = problems;
	}

	/** The clauses of a profile's policies, in {@link PolicyElement} order, then its requirements. */
	List<String> clauses(Map<PolicyElement, XmlNode> policies, Map<Requirement, String> requirements) {
		List<String> result = new ArrayList<>();
		for (Map.Entry<PolicyElement, XmlNode> e : policies.entrySet()) {
			String clause = clause(e.getKey(), e.getValue(), policies);
			if (clause != null) {
				result.add(clause);
			}
		}
		for (Map.Entry<Requirement, String> r : requirements.entrySet()) {
			result.add(r.getKey().clause(r.getValue()));
		}
		return result;
	}

	private String clause(PolicyElement element, XmlNode n, Map<PolicyElement, XmlNode> all) {
		return switch (element) {
		case RELIABILITY -> {
			allow(n, "kind", "max_blocking_time");
			String kind = kind(n, "kind", DdsKinds.RELIABILITY_KINDS, DdsKinds.RELIABILITY, null);
			yield kind == null ? null : "reliability " + kind + duration(n, "max_blocking_time", " max_blocking_time ");
		}
		case DURABILITY -> {
			allow(n, "kind");
			String kind = kind(n, "kind", DdsKinds.DURABILITY_KINDS, DdsKinds.DURABILITY, "volatile");
			yield kind == null ? null : "durability " + kind;
		}
		case HISTORY -> history(n);
		case RESOURCE_LIMITS -> {
			allow(n, "max_samples", "max_instances", "max_samples_per_instance");
			StringBuilder b = new StringBuilder("resource_limits");
			for (String limit : List.of("max_samples", "max_instances", "max_samples_per_instance")) {
				n.child(limit).filter(c -> !c.value().isEmpty() && !c.value().equals(DdsKinds.LENGTH_UNLIMITED))
						.ifPresent(c -> b.append(' ').append(limit).append(' ').append(count(c, 1)));
			}
			yield b.toString();
		}
		case DEADLINE -> durationPolicy(n, "period", "deadline ");
		case LATENCY_BUDGET -> durationPolicy(n, "duration", "latency_budget ");
		case LIFESPAN -> durationPolicy(n, "duration", "lifespan ");
		case TIME_BASED_FILTER -> durationPolicy(n, "minimum_separation", "time_based_filter ");
		case LIVELINESS -> {
			allow(n, "kind", "lease_duration");
			String kind = kind(n, "kind", DdsKinds.LIVELINESS_KINDS, DdsKinds.LIVELINESS, "automatic");
			yield kind == null ? null : "liveliness " + kind + duration(n, "lease_duration", " lease ");
		}
		case OWNERSHIP -> {
			allow(n, "kind");
			String kind = kind(n, "kind", DdsKinds.OWNERSHIP_KINDS, DdsKinds.OWNERSHIP, "shared");
			yield kind == null ? null : "ownership " + kind + strength(all.get(PolicyElement.OWNERSHIP_STRENGTH));
		}
		// a strength without an ownership policy: DDS's default kind, shared
		case OWNERSHIP_STRENGTH -> all.containsKey(PolicyElement.OWNERSHIP) ? null : "ownership shared" + strength(n);
		case DESTINATION_ORDER -> {
			allow(n, "kind");
			String kind = kind(n, "kind", DdsKinds.DESTINATION_ORDER_KINDS, DdsKinds.DESTINATION_ORDER,
					"by_reception_timestamp");
			yield kind == null ? null : "destination_order " + kind;
		}
		case TRANSPORT_PRIORITY -> {
			allow(n, "value");
			yield "transport_priority " + n.child("value").map(c -> count(c, 0)).orElse(0);
		}
		case PRESENTATION -> {
			allow(n, "access_scope", "coherent_access", "ordered_access");
			String scope = kind(n, "access_scope", DdsKinds.PRESENTATION_SCOPES, DdsKinds.PRESENTATION, "instance");
			yield scope == null ? null
					: "presentation scope " + scope + (flag(n, "coherent_access") ? " coherent" : "")
							+ (flag(n, "ordered_access") ? " ordered" : "");
		}
		case PARTITION -> partition(n);
		};
	}

	private String history(XmlNode n) {
		allow(n, "kind", "depth");
		boolean keepAll = n.child("kind").map(k -> k.value().equals(DdsKinds.KEEP_ALL)).orElse(false);
		n.child("kind").filter(k -> !k.value().equals(DdsKinds.KEEP_ALL) && !k.value().equals(DdsKinds.KEEP_LAST))
				.ifPresent(k -> problems.error(k, UNSUPPORTED, "'" + k.value() + "' is not a history kind: write "
						+ DdsKinds.KEEP_LAST + " or " + DdsKinds.KEEP_ALL));
		if (keepAll) {
			n.child("depth").ifPresent(d -> problems.error(d, UNSUPPORTED,
					"depth has no meaning with " + DdsKinds.KEEP_ALL + " and the language cannot state it: remove it"));
			return "history keep_all";
		}
		return "history keep_last " + n.child("depth").map(d -> count(d, 1)).orElse(1);
	}

	private String partition(XmlNode n) {
		allow(n, "name");
		List<String> names = new ArrayList<>();
		n.child("name").ifPresent(seq -> {
			allow(seq, "element");
			seq.children().forEach(e -> names.add(e.text() == null ? "" : e.text())); // a name's spaces are its own
		});
		if (names.isEmpty()) {
			problems.error(n, UNSUPPORTED, "partition without a name: the language states one or more names; "
					+ "leave the policy out for DDS's default partition");
			return null;
		}
		return "partition " + String.join(", ",
				names.stream().map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"").toList());
	}

	private String durationPolicy(XmlNode n, String child, String keyword) {
		allow(n, child);
		if (n.child(child).isEmpty()) {
			problems.error(n, UNSUPPORTED, n.name() + " without <" + child + ">: state the " + child
					+ " (the language has no form for DDS's default)");
			return null;
		}
		return keyword + duration(n, child, "").strip();
	}

	/** " keyword D" for the optional duration child, "" without it. */
	private String duration(XmlNode n, String child, String prefix) {
		return n.child(child).map(d -> {
			allow(d, "sec", "nanosec");
			return prefix + DdsDuration.text(DdsDuration.nanos(d, problems));
		}).orElse("");
	}

	private String strength(XmlNode strength) {
		if (strength == null) {
			return "";
		}
		allow(strength, "value");
		return strength.child("value").map(v -> " strength " + count(v, 0)).orElse("");
	}

	private <E extends Enumerator> String kind(XmlNode n, String child, List<E> literals, String suffix,
			String absent) {
		XmlNode k = n.child(child).orElse(null);
		if (k == null) {
			if (absent == null) {
				problems.error(n, UNSUPPORTED, n.name() + " without <" + child + ">: state one of "
						+ DdsKinds.names(literals, suffix));
			}
			return absent;
		}
		E literal = DdsKinds.literal(literals, suffix, k.value());
		if (literal == null) {
			problems.error(k, UNSUPPORTED, "'" + k.value() + "' is not a " + n.name() + " " + child
					+ ": write one of " + DdsKinds.names(literals, suffix));
			return null;
		}
		return literal.getLiteral();
	}

	private boolean flag(XmlNode n, String child) {
		return n.child(child).map(c -> {
			String v = c.value();
			if (!Set.of("true", "false", "1", "0").contains(v)) {
				problems.error(c, UNSUPPORTED, "'" + v + "' is not a boolean: write true or false");
			}
			return v.equals("true") || v.equals("1");
		}).orElse(false);
	}

	private int count(XmlNode n, int min) {
		try {
			int v = Integer.parseInt(n.value());
			if (v >= min) {
				return v;
			}
		} catch (NumberFormatException e) {
			// reported below
		}
		problems.error(n, UNSUPPORTED, "'" + n.value() + "' is not a valid " + n.name() + ": write a whole number"
				+ (min > 0 ? " from " + min : "") + (n.name().startsWith("max_") ? " or LENGTH_UNLIMITED" : ""));
		return min;
	}

	/** Reports the children of {@code n} other than {@code names}. */
	private void allow(XmlNode n, String... names) {
		Set<String> allowed = Set.of(names);
		Function<XmlNode, String> hint = c -> allowed.isEmpty() ? "" : " (it takes " + String.join(", ", names) + ")";
		for (XmlNode c : n.children()) {
			if (!allowed.contains(c.name())) {
				problems.error(c, UNKNOWN, "<" + c.name() + "> in <" + n.name()
						+ "> has no form in an ADAMANT profile: remove it" + hint.apply(c));
			}
		}
	}
}
