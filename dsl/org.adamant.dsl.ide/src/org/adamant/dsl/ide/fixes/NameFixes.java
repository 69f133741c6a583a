package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.scoping.IScopeProvider;

/** Fixes of a name that resolves to nothing ({@link AdamantQuickFixes#LINKING}): the closest visible names. */
final class NameFixes {

	/** How many alternative names a linking fix offers at most. */
	static final int MAX_NAMES = 3;

	private NameFixes() {
	}

	/** "Change to 'x'" for the visible names closest to an unresolved reference (typos). */
	static List<Fix> closestNames(XtextResource resource, ILeafNode leaf) {
		// the reference's node: the leaf itself (ID) or a datatype rule around it (QualifiedName)
		INode node = leaf;
		while (node != null && !(node.getGrammarElement() instanceof CrossReference)) {
			node = node.getParent();
		}
		EObject owner = NodeModelUtils.findActualSemanticObjectFor(leaf);
		if (node == null || owner == null) {
			return List.of();
		}
		EReference reference = GrammarUtil.getReference((CrossReference) node.getGrammarElement(), owner.eClass());
		IScopeProvider scopes = resource.getResourceServiceProvider().get(IScopeProvider.class);
		if (reference == null || scopes == null) {
			return List.of();
		}
		String typed = NodeModelUtils.getTokenText(node);
		record Candidate(String name, int distance) {
		}
		Set<String> seen = new LinkedHashSet<>();
		List<Candidate> candidates = new ArrayList<>();
		for (IEObjectDescription d : scopes.getScope(owner, reference).getAllElements()) {
			String name = d.getName().toString();
			int distance = editDistance(typed.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
			if (seen.add(name) && distance <= Math.max(2, typed.length() / 3)) {
				candidates.add(new Candidate(name, distance));
			}
		}
		candidates.sort(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name));
		List<Fix> fixes = new ArrayList<>();
		for (Candidate c : candidates.subList(0, Math.min(MAX_NAMES, candidates.size()))) {
			fixes.add(new Fix("Change to '" + c.name() + "'", List.of(replaceEdit(node, c.name()))));
		}
		return fixes;
	}

	/** Levenshtein distance. */
	static int editDistance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
				current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}
}
