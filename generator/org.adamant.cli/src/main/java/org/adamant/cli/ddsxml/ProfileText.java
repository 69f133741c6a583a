package org.adamant.cli.ddsxml;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Imported profiles in the language's syntax: {@code qos Name extends Base { clause... }}. A profile
 * with a {@code base_name} states only the clauses in which it differs from its base (the exporter
 * writes every profile flattened), so {@code extends} comes back as the model had it.
 */
final class ProfileText {

	private static final String TRANSPORT_PRIORITY = PolicyElement.TRANSPORT_PRIORITY.element();
	private static final Pattern ID = Pattern.compile("\\^?[a-zA-Z_][a-zA-Z0-9_]*");

	private final Problems problems;
	private final PolicyImport policies;
	private final Map<String, DdsProfile> byName = new LinkedHashMap<>();
	/** Every clause a profile ends up with (its own and its bases'), by keyword. */
	private final Map<String, Map<String, String>> effective = new LinkedHashMap<>();
	private final Map<String, Map<String, String>> own = new LinkedHashMap<>();

	private ProfileText(Problems problems) {
		this.problems = problems;
		this.policies = new PolicyImport(problems);
	}

	/** The profiles as model text (one clause per line), or null when {@code problems} has errors. */
	static String of(List<DdsProfile> profiles, String header, Problems problems) {
		ProfileText t = new ProfileText(problems);
		profiles.forEach(p -> t.byName.put(p.name(), p));
		StringBuilder b = new StringBuilder(header);
		for (DdsProfile p : profiles) {
			b.append('\n').append(t.profile(p));
		}
		return problems.any() ? null : b.toString();
	}

	private String profile(DdsProfile p) {
		if (!ID.matcher(p.name()).matches()) {
			problems.error(p.line(), p.column(), "adamant.dds-xml.unsupported-value", "profile name '" + p.name()
					+ "' is not a name in the language (letters, digits and _, not starting with a digit): rename it");
		}
		Map<String, String> base = base(p, new HashSet<>());
		StringBuilder b = new StringBuilder("qos ").append(p.name());
		if (p.baseName() != null) {
			b.append(" extends ").append(p.baseName());
		}
		b.append(" {\n");
		for (Map.Entry<String, String> c : stated(p, base).entrySet()) {
			if (!c.getValue().equals(base.get(c.getKey()))) {
				b.append('\t').append(c.getValue()).append('\n');
			}
		}
		return b.append("}\n").toString();
	}

	/** What the profile's base ends up with (nothing without a base). */
	private Map<String, String> base(DdsProfile p, Set<String> visiting) {
		return p.baseName() == null ? Map.of() : effective(p.baseName(), p, visiting);
	}

	/** The profile's clauses by keyword, its bases' where it states none. */
	private Map<String, String> effective(String name, DdsProfile from, Set<String> visiting) {
		Map<String, String> known = effective.get(name);
		if (known != null) {
			return known;
		}
		DdsProfile p = byName.get(name);
		if (p == null || !visiting.add(name)) {
			problems.error(from.line(), from.column(), "adamant.dds-xml.unsupported-value", p == null
					? "base_name '" + name + "' is not a profile of this file: import the file that defines it too, "
							+ "or remove base_name"
					: "profile '" + name + "' derives from itself through base_name: break the cycle");
			return Map.of();
		}
		Map<String, String> base = base(p, visiting);
		Map<String, String> result = new LinkedHashMap<>(base);
		result.putAll(stated(p, base));
		effective.put(name, result);
		return result;
	}

	/**
	 * The clauses the profile states or inherits, without the transport_priority the exporter derives
	 * from priority (a profile with priority N and no transport_priority of its own or of its bases is
	 * written with transport_priority N, as the generated code applies it).
	 */
	private Map<String, String> stated(DdsProfile p, Map<String, String> base) {
		Map<String, String> clauses = new LinkedHashMap<>(clauses(p));
		String priority = p.requirements().get(Requirement.PRIORITY);
		if (priority != null && !base.containsKey(TRANSPORT_PRIORITY)
				&& (TRANSPORT_PRIORITY + " " + priority).equals(clauses.get(TRANSPORT_PRIORITY))) {
			clauses.remove(TRANSPORT_PRIORITY);
		}
		return clauses;
	}

	/** The profile's own clauses by keyword (read once: each problem is reported once). */
	private Map<String, String> clauses(DdsProfile p) {
		return own.computeIfAbsent(p.name(), n -> {
			Map<String, String> byKeyword = new LinkedHashMap<>();
			for (String clause : policies.clauses(p.policies(), p.requirements())) {
				byKeyword.put(clause.split(" ", 2)[0], clause);
			}
			return byKeyword;
		});
	}
}
