package org.adamant.dsl.formatting2;

import java.util.IdentityHashMap;
import java.util.Map;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.BandwidthSchedule;
import org.adamant.dsl.adamant.LossSchedule;
import org.adamant.dsl.adamant.ReadersSchedule;
import org.adamant.dsl.adamant.EnumType;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Transport;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.formatting2.AbstractFormatter2;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.IHiddenRegionFormatting;
import org.eclipse.xtext.formatting2.ITextReplacer;
import org.eclipse.xtext.formatting2.regionaccess.IComment;
import org.eclipse.xtext.formatting2.regionaccess.IEObjectRegion;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ITextRegionAccess;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The layout of ADAMANT models, as the examples and profiles write them: one top-level element per
 * line (at most one blank line between them), blocks with a space before <code>{</code>, one clause
 * per line indented by one tab and <code>}</code> on its own line; single spaces between the words
 * of a clause; no space before <code>; , ) &gt; ]</code>, none inside <code>( &lt; [</code> and around
 * <code>..</code>. A block written on one line (<code>qos Voip extends Multimedia { max_loss 5 % }</code>)
 * stays on one line. Comments are kept verbatim (see {@link CommentKeepingReplacer}); a model with
 * syntax errors is not formatted at all, so that nothing of what was typed is lost.
 */
public class AdamantFormatter extends AbstractFormatter2 {

	/** The words that start a clause of a block, per kind of block (sub-objects start their own). */
	private static final String[] TRANSPORT_CLAUSES = { "cast", "reliability", "ordering", "replacement", "maps",
			"priorities", "flow_control" };
	private static final String[] ENVIRONMENT_CLAUSES = { "multicast", "loss", "bandwidth", "receivers", "rtt", "queue" };
	private static final String[] APPLICATION_CLAUSES = { "environment", "domain", "instances", "interop", "key" };
	private static final String[] EXPERIMENT_CLAUSES = { "topic", "topics", "transports", "receivers", "loss", "rate",
			"updates", "payload", "runs", "warmup", "environment", "overload" };

	/** Per block of the model: whether it stays on one line (see {@link #block}). */
	private final Map<EObject, Boolean> inlineBlocks = new IdentityHashMap<>();

	@Override
	public void format(Object object, IFormattableDocument document) {
		if (object instanceof XtextResource resource) {
			formatResource(resource, document);
		} else if (object instanceof Model model) {
			formatModel(model, document);
		} else if (object instanceof StructType struct) {
			block(struct, document);
			struct.getMembers().forEach(member -> clause(regionOf(member), document));
		} else if (object instanceof EnumType enumType) {
			boolean inline = block(enumType, document);
			if (!inline) {
				enumType.getLiterals().forEach(literal -> clause(regionOf(literal), document));
			}
		} else if (object instanceof QosProfile qos) {
			block(qos, document);
			qos.getPolicies().forEach(policy -> clause(regionOf(policy), document));
		} else if (object instanceof Transport transport) {
			block(transport, document);
			clauses(transport, TRANSPORT_CLAUSES, document);
			transport.getParameters().forEach(parameter -> clause(regionOf(parameter), document));
		} else if (object instanceof Environment environment) {
			block(environment, document);
			clauses(environment, ENVIRONMENT_CLAUSES, document);
		} else if (object instanceof Application application) {
			block(application, document);
			clauses(application, APPLICATION_CLAUSES, document);
			application.getEndpoints().forEach(endpoint -> clause(regionOf(endpoint), document));
		} else if (object instanceof Experiment experiment) {
			block(experiment, document);
			clauses(experiment, EXPERIMENT_CLAUSES, document);
			experiment.getSweeps().forEach(sweep -> clause(regionOf(sweep), document));
		} else if (object instanceof BandwidthSchedule || object instanceof LossSchedule
				|| object instanceof ReadersSchedule) {
			EObject schedule = (EObject) object;
			ISemanticRegion open = textRegionExtensions.regionFor(schedule).keyword("{");
			ISemanticRegion close = textRegionExtensions.regionFor(schedule).keyword("}");
			if (open != null && close != null) {
				document.interior(open, close, it -> it.indent());
			}
		}
		if (object instanceof EObject eObject && !(object instanceof XtextResource)) {
			for (EObject child : eObject.eContents()) {
				document.format(child);
			}
		}
	}

	/**
	 * Spacing between tokens, for the whole file: one space by default (at low priority, so that every
	 * rule of the constructs wins over it), none where the punctuation binds to its neighbour.
	 */
	private void formatResource(XtextResource resource, IFormattableDocument document) {
		ITextRegionAccess access = getTextRegionAccess();
		IEObjectRegion root = access.regionForRootEObject();
		if (root == null || access.hasSyntaxError()) {
			return;
		}
		ISemanticRegion first = null;
		ISemanticRegion last = null;
		for (ISemanticRegion region : root.getAllSemanticRegions()) {
			if (first == null) {
				first = region;
			}
			last = region;
			document.append(region, it -> {
				it.oneSpace();
				it.lowPriority();
			});
			switch (region.getText()) {
			case ";", ",", ")", ">", "]" -> document.prepend(region, it -> it.noSpace());
			case "(", "<", "[" -> {
				document.prepend(region, it -> it.noSpace());
				document.append(region, it -> it.noSpace());
			}
			case ".." -> document.surround(region, it -> it.noSpace());
			default -> {
			}
			}
		}
		if (first != null) {
			document.prepend(first, it -> it.noSpace());
			document.append(last, it -> it.setNewLines(1));
		}
		document.format(resource.getContents().isEmpty() ? null : resource.getContents().get(0));
	}

	/** {@code model}, then the imports, then the elements: each on its own line. */
	private void formatModel(Model model, IFormattableDocument document) {
		model.getImports().forEach(imported -> topLevel(regionOf(imported), document));
		model.getElements().forEach(element -> topLevel(regionOf(element), document));
	}

	/** A top-level line: on a line of its own, at most one blank line before it. */
	private void topLevel(IEObjectRegion region, IFormattableDocument document) {
		if (region == null) {
			return;
		}
		IHiddenRegion before = region.getPreviousHiddenRegion();
		if (before != null && before.getPreviousSemanticRegion() != null) {
			document.set(before, it -> it.setNewLines(1, 1, 2));
		}
	}

	/**
	 * Lays out the braces of a block and indents what is inside; returns whether the block stays on one
	 * line (it is written on one line).
	 */
	private boolean block(EObject owner, IFormattableDocument document) {
		ISemanticRegion open = textRegionExtensions.regionFor(owner).keyword("{");
		ISemanticRegion close = textRegionExtensions.regionFor(owner).keyword("}");
		if (open == null || close == null) {
			return true;
		}
		document.interior(open, close, it -> it.indent());
		boolean inline = !getTextRegionAccess().textForOffset(open.getOffset(), close.getEndOffset() - open.getOffset())
				.contains("\n");
		if (!inline) {
			document.append(open, it -> {
				it.newLine();
				it.highPriority();
			});
			document.prepend(close, it -> {
				it.newLine();
				it.highPriority();
			});
		}
		inlineBlocks.put(owner, inline);
		return inline;
	}

	/** The clauses of a block that its own keywords start. */
	private void clauses(EObject owner, String[] keywords, IFormattableDocument document) {
		if (Boolean.TRUE.equals(inlineBlocks.get(owner))) {
			return;
		}
		for (ISemanticRegion keyword : textRegionExtensions.regionFor(owner).keywords(keywords)) {
			lineStart(keyword.getPreviousHiddenRegion(), document);
		}
	}

	/** A clause that a sub-object (member, policy, endpoint, parameter, sweep) forms. */
	private void clause(IEObjectRegion region, IFormattableDocument document) {
		if (region == null) {
			return;
		}
		EObject owner = region.getSemanticElement().eContainer();
		if (Boolean.TRUE.equals(inlineBlocks.get(owner))) {
			return;
		}
		lineStart(region.getPreviousHiddenRegion(), document);
	}

	/** A clause on a line of its own, keeping at most one blank line before it. */
	private void lineStart(IHiddenRegion before, IFormattableDocument document) {
		if (before != null) {
			document.set(before, it -> it.setNewLines(1, 1, 2));
		}
	}

	private IEObjectRegion regionOf(EObject object) {
		return getTextRegionAccess().regionForEObject(object);
	}

	/** Hidden regions with comments keep the comments' text; see {@link CommentKeepingReplacer}. */
	@Override
	public ITextReplacer createHiddenRegionReplacer(IHiddenRegion region, IHiddenRegionFormatting formatting) {
		if (region.getParts().stream().anyMatch(IComment.class::isInstance)) {
			return new CommentKeepingReplacer(region, formatting);
		}
		return super.createHiddenRegionReplacer(region, formatting);
	}
}
