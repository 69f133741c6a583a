package org.adamant.cli.ddsxml;

import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads a DDS-XML file with StAX into {@link XmlNode}s that keep the line and column of each start tag,
 * and the processing instructions before the root element. Elements outside the OMG DDS namespace (or
 * no namespace, as some vendors write it) are kept with a prefix so that the importer reports them.
 * DTDs and external entities are refused.
 */
final class QosXmlParser {

	static final String DDS_NAMESPACE = "http://www.omg.org/dds";

	/** A processing instruction before the root element. */
	record Instruction(String target, String data, int line, int column) {
	}

	record Document(XmlNode root, List<Instruction> instructions) {
	}

	private QosXmlParser() {
	}

	/** The document, or null with the reason in {@code problems} when it is not well-formed XML. */
	static Document parse(String text, Problems problems) {
		XMLInputFactory factory = XMLInputFactory.newFactory();
		factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
		factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
		factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
		String[] lines = text.split("\n", -1);
		List<Instruction> instructions = new ArrayList<>();
		Deque<Building> open = new ArrayDeque<>();
		XmlNode root = null;
		XMLStreamReader r = null;
		try {
			r = factory.createXMLStreamReader(new StringReader(text));
			while (r.hasNext()) {
				int event = r.next();
				Location at = r.getLocation();
				switch (event) {
				case XMLStreamConstants.START_ELEMENT -> {
					String qname = r.getPrefix() == null || r.getPrefix().isEmpty() ? r.getLocalName()
							: r.getPrefix() + ":" + r.getLocalName();
					int[] start = startTag(lines, at.getLineNumber(), at.getColumnNumber(), qname);
					open.push(new Building(name(r.getNamespaceURI(), r.getLocalName()), attributes(r), start[0],
							start[1]));
				}
				case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
					if (!open.isEmpty()) {
						open.peek().text.append(r.getText());
					}
				}
				case XMLStreamConstants.END_ELEMENT -> {
					XmlNode node = open.pop().build(problems);
					if (open.isEmpty()) {
						root = node;
					} else {
						open.peek().children.add(node);
					}
				}
				case XMLStreamConstants.PROCESSING_INSTRUCTION -> {
					if (root == null && open.isEmpty()) {
						int[] start = startTag(lines, at.getLineNumber(), at.getColumnNumber(), "?" + r.getPITarget());
						instructions.add(new Instruction(r.getPITarget(), r.getPIData() == null ? "" : r.getPIData(),
								start[0], start[1]));
					}
				}
				default -> {
					// comments, whitespace outside the root, the XML declaration
				}
				}
			}
		} catch (XMLStreamException e) {
			Location at = e.getLocation();
			problems.error(at == null ? 0 : at.getLineNumber(), at == null ? 0 : at.getColumnNumber(),
					"adamant.dds-xml.malformed", "not well-formed XML: " + message(e) + "; fix the file and import again");
			return null;
		} finally {
			if (r != null) {
				try {
					r.close();
				} catch (XMLStreamException ignored) {
					// nothing was left open that matters
				}
			}
		}
		return new Document(root, instructions);
	}

	/** The local name in the DDS namespace (or none), else "{namespace}name". */
	private static String name(String namespace, String local) {
		return namespace == null || namespace.isEmpty() || namespace.equals(DDS_NAMESPACE) ? local
				: "{" + namespace + "}" + local;
	}

	/** Attributes other than namespace declarations and xsi:*, by local name. */
	private static Map<String, String> attributes(XMLStreamReader r) {
		Map<String, String> a = new LinkedHashMap<>();
		for (int i = 0; i < r.getAttributeCount(); i++) {
			String ns = r.getAttributeNamespace(i);
			if (XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI.equals(ns)) {
				continue;
			}
			a.put(name(ns, r.getAttributeLocalName(i)), r.getAttributeValue(i));
		}
		return a;
	}

	/**
	 * Where the start tag (or processing instruction, "?target") that ends at (line, column) begins:
	 * StAX reports the position after it; the user wants the '<'. Searches back from there, across lines
	 * for a tag that spans several.
	 */
	private static int[] startTag(String[] lines, int line, int column, String qname) {
		String needle = "<" + qname;
		for (int l = Math.min(line, lines.length); l >= 1; l--) {
			String s = lines[l - 1];
			int from = l == line ? Math.min(s.length(), Math.max(0, column - 1)) : s.length();
			int i = s.lastIndexOf(needle, from);
			if (i >= 0) {
				return new int[] { l, i + 1 };
			}
		}
		return new int[] { line, column };
	}

	/** The parser's message without its "ParseError at [row,col]" preamble. */
	private static String message(XMLStreamException e) {
		String m = e.getMessage() == null ? "unreadable" : e.getMessage();
		int i = m.indexOf("Message: ");
		String text = (i >= 0 ? m.substring(i + "Message: ".length()) : m).strip();
		return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
	}

	private static final class Building {
		final String name;
		final Map<String, String> attributes;
		final int line;
		final int column;
		final StringBuilder text = new StringBuilder();
		final List<XmlNode> children = new ArrayList<>();

		Building(String name, Map<String, String> attributes, int line, int column) {
			this.name = name;
			this.attributes = attributes;
			this.line = line;
			this.column = column;
		}

		/** The element; text beside child elements has no meaning in DDS-XML and is reported. */
		XmlNode build(Problems problems) {
			String t = text.toString();
			if (!children.isEmpty() && !t.isBlank()) {
				problems.error(line, column, "adamant.dds-xml.unknown-element", "text '" + t.strip() + "' in <" + name
						+ "> beside its elements has no meaning: remove it");
			}
			return new XmlNode(name, Map.copyOf(attributes), children.isEmpty() ? t : null, List.copyOf(children),
					line, column);
		}
	}
}
