package org.adamant.cli.ddsxml;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes profiles as a DDS-XML QoS document in the shape of OpenDDS's docs/schema/dds_qos.xsd:
 * {@code <dds>} with one {@code <qos_profile>} per profile, each with the topic_qos, datawriter_qos,
 * datareader_qos, publisher_qos and subscriber_qos its policies apply to (an entity without any is left
 * out). ADAMANT's requirements go into {@code <?adamant-qos?>} instructions before the root element.
 * With a library name, the profiles are wrapped in an OMG DDS-XML {@code <qos_library>} (which OpenDDS's
 * schema does not have) and base_name is qualified with it. Indented with two spaces, one element per
 * line: the same profiles always give the same bytes.
 */
final class QosXmlWriter {

	private static final String INDENT = "  ";

	private final XMLStreamWriter w;
	private final StringWriter out = new StringWriter();
	/** The OMG DDS-XML qos_library around the profiles, or null for OpenDDS's shape (none). */
	private final String library;
	private final int depth;

	private QosXmlWriter(String library) throws XMLStreamException {
		w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
		this.library = library;
		this.depth = library == null ? 1 : 2;
	}

	static String write(List<DdsProfile> profiles, String library) {
		try {
			QosXmlWriter x = new QosXmlWriter(library);
			x.document(profiles);
			return x.out.toString();
		} catch (XMLStreamException e) {
			throw new IllegalStateException("writing DDS-XML: " + e.getMessage(), e);
		}
	}

	private void document(List<DdsProfile> profiles) throws XMLStreamException {
		w.writeStartDocument("UTF-8", "1.0");
		w.writeCharacters("\n");
		w.writeComment(" QoS profiles exported by ADAMANT (adamant export-qos). Each profile carries all its "
				+ "policies; base_name names the profile it extends. <?" + Requirement.TARGET + "?> carries what "
				+ "DDS has no policy for (see docs/dds-xml.md). ");
		w.writeCharacters("\n");
		for (DdsProfile p : profiles) {
			if (!p.requirements().isEmpty()) {
				w.writeProcessingInstruction(Requirement.TARGET, "profile=\"" + p.name() + "\" " + p.requirements()
						.entrySet().stream().map(e -> e.getKey().attribute() + "=\"" + e.getValue() + "\"")
						.collect(Collectors.joining(" ")));
				w.writeCharacters("\n");
			}
		}
		w.setDefaultNamespace(QosXmlParser.DDS_NAMESPACE);
		w.writeStartElement(QosXmlParser.DDS_NAMESPACE, "dds");
		w.writeDefaultNamespace(QosXmlParser.DDS_NAMESPACE);
		w.writeNamespace("xsi", XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI);
		w.writeAttribute(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "schemaLocation",
				QosXmlParser.DDS_NAMESPACE + " dds_qos.xsd");
		if (library != null) {
			newline(1);
			w.writeStartElement(QosXmlParser.DDS_NAMESPACE, "qos_library");
			w.writeAttribute("name", library);
		}
		for (DdsProfile p : profiles) {
			profile(p);
		}
		if (library != null) {
			newline(1);
			w.writeEndElement();
		}
		newline(0);
		w.writeEndElement();
		w.writeCharacters("\n");
		w.writeEndDocument();
		w.flush();
	}

	private void profile(DdsProfile p) throws XMLStreamException {
		newline(depth);
		boolean empty = p.policies().isEmpty();
		if (empty) {
			w.writeEmptyElement(QosXmlParser.DDS_NAMESPACE, "qos_profile");
		} else {
			w.writeStartElement(QosXmlParser.DDS_NAMESPACE, "qos_profile");
		}
		w.writeAttribute("name", p.name());
		if (p.baseName() != null) {
			w.writeAttribute("base_name", library == null ? p.baseName() : library + "::" + p.baseName());
		}
		if (empty) {
			return;
		}
		for (DdsEntity entity : DdsEntity.values()) {
			List<XmlNode> policies = p.policies().entrySet().stream().filter(e -> e.getKey().appliesTo(entity))
					.map(Map.Entry::getValue).toList();
			if (!policies.isEmpty()) {
				element(XmlNode.of(entity.element(), policies), depth + 1);
			}
		}
		newline(depth);
		w.writeEndElement();
	}

	private void element(XmlNode n, int depth) throws XMLStreamException {
		newline(depth);
		w.writeStartElement(QosXmlParser.DDS_NAMESPACE, n.name());
		if (n.children().isEmpty()) {
			w.writeCharacters(n.text() == null ? "" : n.text());
		} else {
			for (XmlNode c : n.children()) {
				element(c, depth + 1);
			}
			newline(depth);
		}
		w.writeEndElement();
	}

	private void newline(int depth) throws XMLStreamException {
		w.writeCharacters("\n" + INDENT.repeat(depth));
	}
}
