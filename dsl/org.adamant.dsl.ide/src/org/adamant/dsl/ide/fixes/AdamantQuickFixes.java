package org.adamant.dsl.ide.fixes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;

/**
 * Quick fixes of the ADAMANT validator's issues as plain text edits, independent of any UI or
 * protocol: the language server turns them into LSP code actions
 * ({@link org.adamant.dsl.ide.server.AdamantCodeActionService}) and the Eclipse editor into marker
 * resolutions.
 *
 * <p>Usage: parse and validate a document into an {@link XtextResource}, then for each issue
 * <pre>{@code
 * for (AdamantQuickFixes.Fix fix : AdamantQuickFixes.fixesFor(resource, issue)) {
 *     String title = fix.title();            // e.g. "Switch to transport 'nakcast' (ReLate2 2.3 ms)"
 *     String newText = fix.apply(oldText);   // or apply fix.edits() (offset, length, replacement) yourself
 * }
 * }</pre>
 * Without an {@link Issue} (e.g. from an LSP diagnostic or an Eclipse marker), call
 * {@link #fixesFor(XtextResource, String, int, int)} with the issue code and the problem's offset and
 * length. Edits refer to the text the resource was parsed from; they never overlap, and
 * {@link Fix#apply(String)} applies them back to front. Fixes only edit the issue's own document:
 * an element in an imported file (e.g. a catalog transport or a shared QoS profile) gets no fix
 * that would have to change that file.
 *
 * <p>Fixable codes: {@link #FIXABLE_CODES}, and {@link #LINKING} (a name that resolves to nothing: the
 * closest visible names, for typos). The pair codes ({@code incompatible-*}) align the reader to the
 * writer or back ({@link PairFixes}), except {@code incompatible-type}; {@code no-feasible-transport}
 * gets no fix: it needs a new transport, which the message explains.
 */
public final class AdamantQuickFixes {

	/** Replace {@code length} characters at {@code offset} with {@code replacement} (empty = delete). */
	public record Edit(int offset, int length, String replacement) {
	}

	/** One way to fix an issue: a title for menus and the edits that make it. */
	public record Fix(String title, List<Edit> edits) {

		/** {@code text} with this fix's edits applied. */
		public String apply(String text) {
			StringBuilder b = new StringBuilder(text);
			edits.stream().sorted(Comparator.comparingInt(Edit::offset).reversed())
					.forEach(e -> b.replace(e.offset(), e.offset() + e.length(), e.replacement()));
			return b.toString();
		}
	}

	/** A group of fixes: the issue codes it answers and how to make its fixer for one issue. */
	private record Group(Set<String> codes, BiFunction<Resource, List<Fix>, Fixer> fixer) {
	}

	/** The fix groups, one per concern; each issue code belongs to one group. */
	private static final List<Group> GROUPS = List.of(new Group(UnitFixes.CODES, UnitFixes::new),
			new Group(QosFixes.CODES, QosFixes::new), new Group(TransportFixes.CODES, TransportFixes::new),
			new Group(ParameterFixes.CODES, ParameterFixes::new), new Group(PairFixes.CODES, PairFixes::new),
			new Group(DuplicateFixes.CODES, DuplicateFixes::new), new Group(AdaptiveFixes.CODES, AdaptiveFixes::new));

	/** Issue codes that get at least one fix when the element to change is in the issue's document. */
	public static final Set<String> FIXABLE_CODES = GROUPS.stream().flatMap(g -> g.codes().stream())
			.collect(Collectors.toUnmodifiableSet());

	/** Xtext's code for a name that resolves to nothing; fixed by the closest visible names. */
	public static final String LINKING = org.eclipse.xtext.diagnostics.Diagnostic.LINKING_DIAGNOSTIC;

	private AdamantQuickFixes() {
	}

	/** The fixes for a validation issue of {@code resource}. */
	public static List<Fix> fixesFor(XtextResource resource, Issue issue) {
		if (issue.getCode() == null || issue.getOffset() == null) {
			return List.of();
		}
		int length = issue.getLength() == null ? 0 : issue.getLength();
		return fixesFor(resource, issue.getCode(), issue.getOffset(), length);
	}

	/**
	 * The fixes for the issue with {@code code} reported at {@code offset}/{@code length} of
	 * {@code resource}'s text (the region of an LSP diagnostic or an Eclipse marker).
	 */
	public static List<Fix> fixesFor(XtextResource resource, String code, int offset, int length) {
		if (code == null || resource.getParseResult() == null
				|| !FIXABLE_CODES.contains(code) && !LINKING.equals(code)) {
			return List.of();
		}
		ICompositeNode root = resource.getParseResult().getRootNode();
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(root, offset);
		if (leaf == null) {
			return List.of();
		}
		if (LINKING.equals(code)) {
			return NameFixes.closestNames(resource, leaf);
		}
		EObject at = NodeModelUtils.findActualSemanticObjectFor(leaf);
		if (at == null) {
			return List.of();
		}
		List<Fix> fixes = new ArrayList<>();
		for (Group group : GROUPS) {
			if (group.codes().contains(code)) {
				group.fixer().apply(resource, fixes).fix(code, at);
			}
		}
		return fixes;
	}
}
