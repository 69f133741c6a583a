package org.adamant.dsl.ui.contentassist;

import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Content assist through Xtext's UI-independent {@link ContentAssistService}, the very service
 * the language server answers completion requests with: keywords, units, profile, topic and
 * transport names and transport parameters all come from the language's proposal provider.
 */
public class AdamantContentAssistProcessor implements IContentAssistProcessor {

	@Override
	public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
		String text = viewer.getDocument().get();
		try {
			return proposals(text, offset, AdamantDocuments.parse(text, AdamantDocuments.uriOf(viewer.getDocument())))
					.toArray(ICompletionProposal[]::new);
		} catch (RuntimeException e) {
			AdamantUiPlugin.log().error("content assist failed at offset " + offset, e);
			return new ICompletionProposal[0];
		}
	}

	/** The proposals at {@code offset} of {@code text} (parsed as {@code resource}). */
	public static List<ICompletionProposal> proposals(String text, int offset, XtextResource resource) {
		ContentAssistService service = AdamantUiPlugin.injector().getInstance(ContentAssistService.class);
		Document document = new Document(1, text);
		CompletionParams params = new CompletionParams(new TextDocumentIdentifier(resource.getURI().toString()),
				document.getPosition(offset));
		CompletionList list = service.createCompletionList(document, resource, params, CancelIndicator.NullImpl);
		List<ICompletionProposal> result = new ArrayList<>();
		for (CompletionItem item : list.getItems()) {
			String insert = item.getInsertText() != null ? item.getInsertText() : item.getLabel();
			int start = offset;
			int length = 0;
			if (item.getTextEdit() != null && item.getTextEdit().isLeft()) {
				TextEdit edit = item.getTextEdit().getLeft();
				Range range = edit.getRange();
				start = document.getOffSet(range.getStart());
				length = document.getOffSet(range.getEnd()) - start;
				insert = edit.getNewText();
			}
			String display = item.getDetail() == null || item.getDetail().isEmpty() ? item.getLabel()
					: item.getLabel() + " - " + item.getDetail();
			result.add(new CompletionProposal(insert, start, length, insert.length(), null, display, null,
					item.getDocumentation() == null ? null
							: item.getDocumentation().isLeft() ? item.getDocumentation().getLeft()
									: item.getDocumentation().getRight().getValue()));
		}
		return result;
	}

	@Override
	public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
		return null;
	}

	@Override
	public char[] getCompletionProposalAutoActivationCharacters() {
		return new char[] { '.' };
	}

	@Override
	public char[] getContextInformationAutoActivationCharacters() {
		return null;
	}

	@Override
	public String getErrorMessage() {
		return null;
	}

	@Override
	public IContextInformationValidator getContextInformationValidator() {
		return null;
	}
}
