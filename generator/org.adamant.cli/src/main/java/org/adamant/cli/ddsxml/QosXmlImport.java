package org.adamant.cli.ddsxml;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The QoS profiles of a DDS-XML document ({@code <dds>} with {@code <qos_profile>}s, as OpenDDS's
 * dds_qos.xsd has it, or inside OMG DDS-XML {@code <qos_library>}s) and the ADAMANT requirements of its
 * {@code <?adamant-qos?>} instructions. Everything the language cannot state is reported at its line and
 * column: elements and attributes it has no form for, entity QoS that disagree within a profile.
 */
final class QosXmlImport {

	private static final String UNKNOWN = "adamant.dds-xml.unknown-element";
	private static final String UNSUPPORTED = "adamant.dds-xml.unsupported-value";
	private static final Pattern PSEUDO_ATTRIBUTE = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)=\"([^\"]*)\"");
	private static final Pattern LIBRARY_PREFIX = Pattern.compile("^.*::");

	private final Problems problems;
	private final Map<String, DdsProfile> profiles = new LinkedHashMap<>();

	private QosXmlImport(Problems problems) {
		this.problems = problems;
	}

	/** The profiles in document order; check {@code problems} before using them. */
	static List<DdsProfile> read(QosXmlParser.Document doc, Problems problems) {
		QosXmlImport in = new QosXmlImport(problems);
		XmlNode root = doc.root();
		if (!root.name().equals("dds")) {
			problems.error(root, UNKNOWN, "the root element is <" + root.name() + ">, not <dds> (namespace "
					+ QosXmlParser.DDS_NAMESPACE + "): not a DDS-XML QoS file");
			return List.of();
		}
		for (XmlNode c : root.children()) {
			if (c.name().equals("qos_profile")) {
				in.profile(c);
			} else if (c.name().equals("qos_library")) {
				in.attributes(c, Set.of("name"));
				c.children().forEach(p -> {
					if (p.name().equals("qos_profile")) {
						in.profile(p);
					} else {
						in.unknown(p, c, "qos_profile");
					}
				});
			} else {
				in.unknown(c, root, "qos_profile, qos_library");
			}
		}
		for (QosXmlParser.Instruction i : doc.instructions()) {
			in.instruction(i);
		}
		if (in.profiles.isEmpty() && !problems.any()) {
			problems.error(root, UNSUPPORTED, "no <qos_profile> in <dds>: nothing to import");
		}
		return List.copyOf(in.profiles.values());
	}

	private void profile(XmlNode p) {
		attributes(p, Set.of("name", "base_name"));
		String name = p.attributes().get("name");
		if (name == null || name.isBlank()) {
			problems.error(p, UNSUPPORTED, "<qos_profile> without a name: give it name=\"...\"");
			return;
		}
		if (profiles.containsKey(name)) {
			problems.error(p, UNSUPPORTED, "a second profile '" + name + "': profile names must be unique");
			return;
		}
		String base = p.attributes().get("base_name");
		Map<PolicyElement, XmlNode> policies = new EnumMap<>(PolicyElement.class);
		Map<PolicyElement, XmlNode> from = new EnumMap<>(PolicyElement.class);
		for (XmlNode entityQos : p.children()) {
			DdsEntity entity = DdsEntity.byElement(entityQos.name());
			if (entity == null) {
				unknown(entityQos, p, "topic_qos, datawriter_qos, datareader_qos, publisher_qos, subscriber_qos");
				continue;
			}
			for (String a : entityQos.attributes().keySet()) {
				problems.error(entityQos, UNKNOWN, "attribute " + a + " of <" + entityQos.name() + ">: an ADAMANT "
						+ "profile gives every entity and topic the same QoS; remove the attribute");
			}
			for (XmlNode policy : entityQos.children()) {
				merge(entity, entityQos, policy, policies, from);
			}
		}
		profiles.put(name, new DdsProfile(name, base == null ? null : LIBRARY_PREFIX.matcher(base).replaceFirst(""),
				policies, new EnumMap<>(Requirement.class), p.line(), p.column()));
	}

	private void merge(DdsEntity entity, XmlNode entityQos, XmlNode policy, Map<PolicyElement, XmlNode> policies,
			Map<PolicyElement, XmlNode> from) {
		PolicyElement element = PolicyElement.byElement(policy.name());
		if (element == null) {
			problems.error(policy, UNKNOWN, "<" + policy.name() + "> in <" + entityQos.name()
					+ "> has no form in an ADAMANT profile: remove it (see docs/dds-xml.md for the policies "
					+ "the language states)");
			return;
		}
		if (!element.appliesTo(entity)) {
			problems.error(policy, UNKNOWN, "<" + policy.name() + "> is not a policy of <" + entityQos.name()
					+ ">: move it to the entity QoS it belongs to");
			return;
		}
		XmlNode earlier = policies.get(element);
		if (earlier == null) {
			policies.put(element, policy);
			from.put(element, entityQos);
		} else if (!earlier.sameContent(policy)) {
			problems.error(policy, UNSUPPORTED, "<" + policy.name() + "> in <" + entityQos.name()
					+ "> differs from the one in <" + from.get(element).name() + "> at line " + earlier.line()
					+ ": an ADAMANT profile gives every entity the same policy; make them equal or split the profile");
		}
	}

	private void instruction(QosXmlParser.Instruction i) {
		if (!i.target().equals(Requirement.TARGET)) {
			problems.error(i.line(), i.column(), UNKNOWN, "processing instruction <?" + i.target()
					+ "?> is not ADAMANT's (<?" + Requirement.TARGET + "?>): remove it");
			return;
		}
		Map<String, String> attrs = new LinkedHashMap<>();
		Matcher m = PSEUDO_ATTRIBUTE.matcher(i.data());
		int end = 0;
		while (m.find() && m.start() == end) {
			attrs.put(m.group(1), m.group(2));
			end = m.end();
		}
		if (!i.data().substring(end).isBlank()) {
			problems.error(i.line(), i.column(), UNSUPPORTED, "<?" + Requirement.TARGET + "?> cannot be read from '"
					+ i.data().substring(end).strip() + "': write name=\"value\" pairs");
			return;
		}
		String name = attrs.remove("profile");
		DdsProfile profile = name == null ? null : profiles.get(name);
		if (profile == null) {
			problems.error(i.line(), i.column(), UNSUPPORTED, "<?" + Requirement.TARGET + "?> "
					+ (name == null ? "names no profile: add profile=\"...\"" : "names profile '" + name
							+ "', which the file does not define"));
			return;
		}
		for (Map.Entry<String, String> a : attrs.entrySet()) {
			Requirement r = Requirement.byAttribute(a.getKey());
			if (r == null) {
				problems.error(i.line(), i.column(), UNKNOWN, "'" + a.getKey() + "' in <?" + Requirement.TARGET
						+ "?> is not an ADAMANT requirement: use " + String.join(", ",
								List.of(Requirement.values()).stream().map(Requirement::attribute).toList()));
			} else if (!r.accepts(a.getValue())) {
				problems.error(i.line(), i.column(), UNSUPPORTED, "'" + a.getValue() + "' is not a value of "
						+ r.attribute() + ": write " + r.expected());
			} else {
				profile.requirements().put(r, a.getValue());
			}
		}
	}

	private void attributes(XmlNode n, Set<String> allowed) {
		for (String a : n.attributes().keySet()) {
			if (!allowed.contains(a)) {
				problems.error(n, UNKNOWN, "attribute " + a + " of <" + n.name() + "> has no form in ADAMANT: remove it");
			}
		}
	}

	private void unknown(XmlNode n, XmlNode parent, String expected) {
		problems.error(n, UNKNOWN, "<" + n.name() + "> in <" + parent.name() + "> has no form in ADAMANT: remove it"
				+ " (expected " + expected + ")");
	}
}
