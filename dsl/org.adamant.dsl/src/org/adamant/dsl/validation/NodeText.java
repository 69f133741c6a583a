package org.adamant.dsl.validation;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/** The source text of a feature as written, for messages about values the model cannot hold. */
final class NodeText {

	private NodeText() {
	}

	/** The feature's text (first node), cut to {@code max} characters with "..."; "" when not written. */
	static String of(EObject object, EStructuralFeature feature, int max) {
		List<INode> nodes = NodeModelUtils.findNodesForFeature(object, feature);
		String text = nodes.isEmpty() ? "" : NodeModelUtils.getTokenText(nodes.get(0));
		return text.length() <= max ? text : text.substring(0, max) + "...";
	}

	/** True when the model writes the feature (an int feature left out reads 0 too). */
	static boolean written(EObject object, EStructuralFeature feature) {
		return !NodeModelUtils.findNodesForFeature(object, feature).isEmpty();
	}
}
