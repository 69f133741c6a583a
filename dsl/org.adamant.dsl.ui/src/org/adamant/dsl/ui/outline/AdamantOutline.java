package org.adamant.dsl.ui.outline;

import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.adamant.Model;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The outline of a model, without SWT: one node per element (struct, topic, qos, transport,
 * environment, application, experiment) labelled as it is written ("qos Fused"), with its contents
 * (members, policies, publish/subscribe, parameters) as children.
 */
public final class AdamantOutline {

	/** A line of the outline and the text region it stands for. */
	public record Node(String label, int offset, int length, List<Node> children) {
	}

	/** Labels longer than this are cut (a long publish line). */
	static final int MAX_LABEL = 70;

	private AdamantOutline() {
	}

	public static List<Node> of(XtextResource resource) {
		List<Node> nodes = new ArrayList<>();
		if (resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model model)) {
			return nodes;
		}
		for (EObject element : model.getElements()) {
			List<Node> children = new ArrayList<>();
			for (EObject child : element.eContents()) {
				Node node = node(child, List.of());
				if (node != null) {
					children.add(node);
				}
			}
			Node node = node(element, children);
			if (node != null) {
				nodes.add(node);
			}
		}
		return nodes;
	}

	private static Node node(EObject object, List<Node> children) {
		ICompositeNode node = NodeModelUtils.findActualNodeFor(object);
		if (node == null) {
			return null;
		}
		String label = label(NodeModelUtils.getTokenText(node));
		return label.isEmpty() ? null : new Node(label, node.getOffset(), node.getLength(), children);
	}

	/** The element's text up to its block, on one line, cut at {@link #MAX_LABEL}. */
	static String label(String tokenText) {
		int brace = tokenText.indexOf('{');
		String head = (brace >= 0 ? tokenText.substring(0, brace) : tokenText).replaceAll("\\s+", " ").strip();
		if (head.endsWith(";")) {
			head = head.substring(0, head.length() - 1).strip();
		}
		return head.length() > MAX_LABEL ? head.substring(0, MAX_LABEL - 1) + "…" : head;
	}
}
