package org.adamant.dsl.ide.fixes;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/** Node and text helpers of the quick fixes: where an element's text is, and numbers as the grammar writes them. */
final class FixText {

	private FixText() {
	}

	static <T extends EObject> Optional<T> within(EObject at, Class<T> type) {
		return Optional.ofNullable(EcoreUtil2.getContainerOfType(at, type));
	}

	static boolean isWithin(INode node, EObject at) {
		INode n = NodeModelUtils.findActualNodeFor(at);
		return n != null && n.getOffset() >= node.getOffset() && n.getEndOffset() <= node.getEndOffset();
	}

	static INode node(EObject o, EStructuralFeature feature) {
		List<INode> nodes = NodeModelUtils.findNodesForFeature(o, feature);
		return nodes.isEmpty() ? null : nodes.get(0);
	}

	static Edit replaceEdit(INode node, String text) {
		return new Edit(node.getOffset(), node.getLength(), text);
	}

	static String text(EObject o) {
		return o == null ? "" : NodeModelUtils.getTokenText(NodeModelUtils.findActualNodeFor(o));
	}

	static ILeafNode firstLeaf(INode node) {
		for (ILeafNode leaf : node.getLeafNodes()) {
			if (!leaf.isHidden()) {
				return leaf;
			}
		}
		return null;
	}

	/** The keyword leaf {@code text} closest before {@code node} inside its parent elements. */
	static ILeafNode keywordBefore(INode node, String text) {
		if (node == null) {
			return null;
		}
		ILeafNode found = null;
		for (ILeafNode leaf : node.getRootNode().getLeafNodes()) {
			if (leaf.getOffset() >= node.getOffset()) {
				break;
			}
			if (!leaf.isHidden()) {
				found = text.equals(leaf.getText()) ? leaf : null;
			}
		}
		return found;
	}

	/** The first non-hidden leaf after {@code node}, if its text is {@code text}. */
	static ILeafNode keywordAfter(INode node, String text) {
		for (ILeafNode leaf : node.getRootNode().getLeafNodes()) {
			if (leaf.getOffset() >= node.getEndOffset() && !leaf.isHidden()) {
				return text.equals(leaf.getText()) ? leaf : null;
			}
		}
		return null;
	}

	/** End of the last non-hidden leaf before {@code leaf} (so that a deletion takes the space before it). */
	static int previousEnd(ILeafNode leaf) {
		int end = leaf.getOffset();
		for (ILeafNode l : leaf.getRootNode().getLeafNodes()) {
			if (l.getOffset() >= leaf.getOffset()) {
				break;
			}
			if (!l.isHidden()) {
				end = l.getEndOffset();
			}
		}
		// keep line breaks: only swallow spaces and tabs on the same line
		String text = leaf.getRootNode().getText();
		int from = leaf.getOffset();
		while (from > end && (text.charAt(from - 1) == ' ' || text.charAt(from - 1) == '\t')) {
			from--;
		}
		return from;
	}

	/** A number as the grammar's Decimal writes it (no exponent, no trailing zeros). */
	static String decimal(double v) {
		return new BigDecimal(v).setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
	}

	/** A duration in s, ms or us, rounded up at the third decimal so that it is never shorter than {@code seconds}. */
	static String durationAtLeast(double seconds) {
		String unit = seconds >= 1 ? "s" : seconds >= 1e-3 ? "ms" : "us";
		double scaled = seconds * (unit.equals("s") ? 1 : unit.equals("ms") ? 1e3 : 1e6);
		// 9 decimals first, so that binary noise (50.000000000000007) does not round up to 50.001
		BigDecimal value = new BigDecimal(scaled).setScale(9, RoundingMode.HALF_UP).setScale(3, RoundingMode.CEILING);
		return value.stripTrailingZeros().toPlainString() + " " + unit;
	}
}
