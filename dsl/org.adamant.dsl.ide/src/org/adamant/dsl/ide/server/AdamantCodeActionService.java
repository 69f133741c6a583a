package org.adamant.dsl.ide.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.resource.XtextResource;

/**
 * LSP code actions: one quick fix per {@link AdamantQuickFixes.Fix} of each diagnostic in the
 * request, as a workspace edit of the diagnostic's document.
 */
public class AdamantCodeActionService implements ICodeActionService2 {

	@Override
	public List<Either<Command, CodeAction>> getCodeActions(Options options) {
		List<Either<Command, CodeAction>> actions = new ArrayList<>();
		if (!(options.getResource() instanceof XtextResource resource) || options.getCodeActionParams() == null
				|| options.getCodeActionParams().getContext() == null) {
			return actions;
		}
		Document document = options.getDocument();
		List<String> only = options.getCodeActionParams().getContext().getOnly();
		if (only != null && !only.isEmpty() && only.stream().noneMatch(k -> CodeActionKind.QuickFix.startsWith(k))) {
			return actions;
		}
		for (Diagnostic diagnostic : options.getCodeActionParams().getContext().getDiagnostics()) {
			if (options.getCancelIndicator() != null && options.getCancelIndicator().isCanceled()) {
				break;
			}
			String code = diagnostic.getCode() == null ? null
					: diagnostic.getCode().isLeft() ? diagnostic.getCode().getLeft() : null;
			if (code == null) {
				continue;
			}
			int start = document.getOffSet(diagnostic.getRange().getStart());
			int end = document.getOffSet(diagnostic.getRange().getEnd());
			for (AdamantQuickFixes.Fix fix : AdamantQuickFixes.fixesFor(resource, code, start, end - start)) {
				List<TextEdit> edits = fix.edits().stream()
						.map(e -> new TextEdit(new Range(document.getPosition(e.offset()),
								document.getPosition(e.offset() + e.length())), e.replacement()))
						.toList();
				CodeAction action = new CodeAction(fix.title());
				action.setKind(CodeActionKind.QuickFix);
				action.setDiagnostics(List.of(diagnostic));
				action.setEdit(new WorkspaceEdit(Map.of(options.getURI(), edits)));
				actions.add(Either.forRight(action));
			}
		}
		return actions;
	}
}
