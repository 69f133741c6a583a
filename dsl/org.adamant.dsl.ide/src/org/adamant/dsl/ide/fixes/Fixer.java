package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.firstLeaf;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.previousEnd;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;

import java.util.List;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Collects the fixes of one issue in its document. A subclass fixes one group of issue codes
 * ({@code CODES}); {@link AdamantQuickFixes} registers each group with its codes.
 */
abstract class Fixer {

	static final AdamantPackage P = AdamantPackage.eINSTANCE;

	final Resource resource;
	final List<Fix> fixes;

	Fixer(Resource resource, List<Fix> fixes) {
		this.resource = resource;
		this.fixes = fixes;
	}

	/** Adds the fixes of the issue with {@code code} reported at {@code at}. */
	abstract void fix(String code, EObject at);

	protected EObject root() {
		return resource.getContents().isEmpty() ? null : resource.getContents().get(0);
	}

	protected boolean local(EObject o) {
		return o != null && o.eResource() == resource;
	}

	protected void add(String title, Edit... edits) {
		fixes.add(new Fix(title, List.of(edits)));
	}

	/** Replaces the text of {@code feature} of {@code o}, if {@code o} is in this document. */
	protected void replace(String title, EObject o, EStructuralFeature feature, String text) {
		INode n = local(o) ? node(o, feature) : null;
		if (n != null) {
			add(title, replaceEdit(n, text));
		}
	}

	/** Removes an element and the white space before it, if it is in this document. */
	protected void remove(String title, EObject o) {
		if (!local(o)) {
			return;
		}
		INode n = NodeModelUtils.findActualNodeFor(o);
		ILeafNode first = firstLeaf(n);
		int from = first == null ? n.getOffset() : previousEnd(first);
		add(title, new Edit(from, n.getEndOffset() - from, ""));
	}
}
