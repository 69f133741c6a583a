package org.adamant.cli.ddsxml;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.adamant.cli.Diagnostic;
import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Element;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Topic;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.LineAndColumn;

/** OMG DDS-XML QoS out of a model and back into the language: the entry points of the two verbs. */
public final class DdsXml {

	/** dds_qos.xsd's elementName: the names a qos_profile may have. */
	private static final Pattern ELEMENT_NAME = Pattern.compile("[a-zA-Z0-9 ]+");

	/** The text of an export or of an import, or the problems that stopped it. */
	public record Result(String text, List<Diagnostic> problems) {
		public boolean ok() {
			return problems.isEmpty();
		}
	}

	private DdsXml() {
	}

	/**
	 * The model's QoS profiles and the imported ones its topics, publications and subscriptions use, in
	 * the order the model states or first uses them, each preceded by the profiles it extends (so that
	 * every base_name names a profile of the document), as DDS-XML; inside an OMG DDS-XML
	 * {@code <qos_library>} of that name when {@code library} is not null.
	 */
	public static Result export(Model model, String displayName, String library) {
		Set<QosProfile> ordered = new LinkedHashSet<>();
		for (Element e : model.getElements()) {
			if (e instanceof QosProfile p) {
				withAncestors(p, ordered, new LinkedHashSet<>());
			} else if (e instanceof Topic t) {
				withAncestors(t.getQos(), ordered, new LinkedHashSet<>());
			} else if (e instanceof Application a) {
				for (Endpoint endpoint : a.getEndpoints()) {
					withAncestors(endpoint.getQos(), ordered, new LinkedHashSet<>());
				}
			}
		}
		List<Diagnostic> problems = new ArrayList<>();
		List<DdsProfile> profiles = new ArrayList<>();
		for (QosProfile p : ordered) {
			if (!isElementName(p.getName())) {
				List<INode> name = NodeModelUtils.findNodesForFeature(p, AdamantPackage.Literals.ELEMENT__NAME);
				LineAndColumn at = name.isEmpty() ? LineAndColumn.from(0, 0)
						: NodeModelUtils.getLineAndColumn(name.get(0), name.get(0).getOffset());
				problems.add(new Diagnostic(displayName, at.getLine(), at.getColumn(), "error",
						"adamant.dds-xml.unsupported-value", "profile name '" + p.getName() + "' is not a DDS-XML "
								+ "profile name (letters, digits and spaces: dds_qos.xsd's elementName): rename the profile"));
			}
			profiles.add(PolicyExport.of(p));
		}
		return problems.isEmpty() ? new Result(QosXmlWriter.write(profiles, library), List.of())
				: new Result(null, List.copyOf(problems));
	}

	/** Whether {@code name} can name a profile or library in DDS-XML (dds_qos.xsd's elementName). */
	public static boolean isElementName(String name) {
		return ELEMENT_NAME.matcher(name).matches();
	}

	private static void withAncestors(QosProfile p, Set<QosProfile> ordered, Set<QosProfile> visiting) {
		if (p == null || p.eIsProxy() || !visiting.add(p)) {
			return; // an unresolved parent or an extends cycle: the validator reports both
		}
		withAncestors(p.getParent(), ordered, visiting);
		ordered.add(p);
	}

	/** The profiles of a DDS-XML document as model text starting with {@code header}. */
	public static Result importXml(String xml, String displayName, String header) {
		Problems problems = new Problems(displayName);
		QosXmlParser.Document doc = QosXmlParser.parse(xml, problems);
		if (doc == null) {
			return new Result(null, problems.diagnostics());
		}
		List<DdsProfile> profiles = QosXmlImport.read(doc, problems);
		String text = ProfileText.of(profiles, header, problems);
		if (!problems.any()) {
			return new Result(text, List.of());
		}
		List<Diagnostic> sorted = new ArrayList<>(problems.diagnostics());
		sorted.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
		return new Result(null, List.copyOf(sorted));
	}
}
