package org.adamant.dsl.ui.format;

import java.util.List;

import org.adamant.dsl.formatting2.ModelFormatter;
import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.text.edits.MalformedTreeException;
import org.eclipse.text.edits.MultiTextEdit;
import org.eclipse.text.edits.ReplaceEdit;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.resource.XtextResource;

/** Formats an editor's document with the language's formatter, as {@code adamant format} formats files. */
public final class AdamantFormat {

	/** What formatting did to a document. */
	public enum Outcome {
		/** The text was changed. */
		FORMATTED,
		/** The text was formatted already. */
		UNCHANGED,
		/** The model has syntax errors: nothing was changed. */
		SYNTAX_ERRORS
	}

	private AdamantFormat() {
	}

	/** Applies the formatter's edits to the document, all in one change. */
	public static Outcome format(IDocument document) throws BadLocationException {
		XtextResource resource = AdamantDocuments.parse(document);
		if (resource.getParseResult() == null || resource.getParseResult().hasSyntaxErrors()) {
			return Outcome.SYNTAX_ERRORS;
		}
		List<ITextReplacement> edits = AdamantUiPlugin.injector().getInstance(ModelFormatter.class).edits(resource);
		if (edits.isEmpty()) {
			return Outcome.UNCHANGED;
		}
		MultiTextEdit all = new MultiTextEdit();
		try {
			for (ITextReplacement edit : edits) {
				all.addChild(new ReplaceEdit(edit.getOffset(), edit.getLength(), edit.getReplacementText()));
			}
		} catch (MalformedTreeException e) {
			throw new IllegalStateException("the formatter produced overlapping edits", e);
		}
		all.apply(document, 0);
		return Outcome.FORMATTED;
	}
}
