package org.adamant.dsl.ui.format;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRewriteTarget;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.ITextEditorExtension2;

/**
 * The Format command (Ctrl+Shift+F, the editor's context menu, Source &gt; Format) of ADAMANT
 * editors: formats the whole model as one undoable change, or says in the status line why not.
 */
public class FormatHandler extends AbstractHandler {

	public static final String COMMAND_ID = "org.adamant.dsl.ui.format";

	@Override
	public Object execute(ExecutionEvent event) throws ExecutionException {
		IEditorPart part = HandlerUtil.getActiveEditor(event);
		ITextEditor editor = part == null ? null : part.getAdapter(ITextEditor.class);
		if (editor == null) {
			return null;
		}
		if (editor instanceof ITextEditorExtension2 checked && !checked.validateEditorInputState()) {
			return null; // read-only: the editor has told the user
		}
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		IRewriteTarget target = editor.getAdapter(IRewriteTarget.class);
		AdamantFormat.Outcome outcome;
		if (target != null) {
			target.beginCompoundChange();
		}
		try {
			outcome = AdamantFormat.format(document);
		} catch (BadLocationException | RuntimeException e) {
			AdamantUiPlugin.log().log(Status.error("formatting " + editor.getTitle() + " failed", e));
			throw new ExecutionException("formatting failed: " + e.getMessage(), e);
		} finally {
			if (target != null) {
				target.endCompoundChange();
			}
		}
		IStatusLineManager status = editor.getEditorSite().getActionBars().getStatusLineManager();
		if (outcome == AdamantFormat.Outcome.SYNTAX_ERRORS) {
			status.setErrorMessage("Not formatted: the model has syntax errors (fix them first)");
		} else {
			status.setErrorMessage(null);
			status.setMessage(outcome == AdamantFormat.Outcome.FORMATTED ? "Formatted" : "Already formatted");
		}
		return null;
	}
}
