package org.adamant.cli.ddsxml;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One element of a DDS-XML document: its local name, attributes, text (for a leaf) and children, with
 * the line and column of its start tag (0 for elements built by the exporter). Content comparisons
 * ({@link #sameContent}) ignore the position.
 */
public record XmlNode(String name, Map<String, String> attributes, String text, List<XmlNode> children, int line,
		int column) {

	public static XmlNode leaf(String name, String text) {
		return new XmlNode(name, Map.of(), text, List.of(), 0, 0);
	}

	public static XmlNode of(String name, List<XmlNode> children) {
		return new XmlNode(name, Map.of(), null, List.copyOf(children), 0, 0);
	}

	public Optional<XmlNode> child(String childName) {
		return children.stream().filter(c -> c.name.equals(childName)).findFirst();
	}

	/** The text of a leaf, trimmed (an element without text: the empty string). */
	public String value() {
		return text == null ? "" : text.strip();
	}

	/** Same name, attributes, text and children, wherever they stand in their files. */
	public boolean sameContent(XmlNode other) {
		if (!name.equals(other.name) || !attributes.equals(other.attributes) || !value().equals(other.value())
				|| children.size() != other.children.size()) {
			return false;
		}
		for (int i = 0; i < children.size(); i++) {
			if (!children.get(i).sameContent(other.children.get(i))) {
				return false;
			}
		}
		return true;
	}
}
