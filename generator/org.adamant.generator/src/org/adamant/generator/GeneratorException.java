package org.adamant.generator;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.LineAndColumn;

/**
 * The model cannot be turned into code (e.g. a name that is a C++ keyword). Carries the offending
 * element's location so that the CLI can print {@code file:line:col: error: message}.
 */
public class GeneratorException extends RuntimeException {
	private static final long serialVersionUID = 1L;

	private final transient URI uri;
	private final int line;
	private final int column;

	public GeneratorException(EObject element, String message) {
		this(element, null, message);
	}

	/** Located at {@code feature} of {@code element} (e.g. its name) when the node model has it. */
	public GeneratorException(EObject element, EStructuralFeature feature, String message) {
		super(message);
		Resource resource = element == null ? null : element.eResource();
		this.uri = resource == null ? null : resource.getURI();
		INode node = null;
		if (element != null && feature != null) {
			var nodes = NodeModelUtils.findNodesForFeature(element, feature);
			node = nodes.isEmpty() ? null : nodes.get(0);
		}
		if (node == null && element != null) {
			node = NodeModelUtils.findActualNodeFor(element);
		}
		if (node != null) {
			LineAndColumn lc = NodeModelUtils.getLineAndColumn(node, node.getOffset());
			this.line = lc.getLine();
			this.column = lc.getColumn();
		} else {
			this.line = 0;
			this.column = 0;
		}
	}

	/** The model file of the offending element, or null. */
	public URI getUri() {
		return uri;
	}

	/** 1-based line, 0 when unknown. */
	public int getLine() {
		return line;
	}

	/** 1-based column, 0 when unknown. */
	public int getColumn() {
		return column;
	}
}
