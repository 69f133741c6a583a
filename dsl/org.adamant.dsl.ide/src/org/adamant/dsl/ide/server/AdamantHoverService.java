package org.adamant.dsl.ide.server;

import org.adamant.dsl.ide.hover.AdamantHoverText;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * LSP hover: on a publish or subscribe, the predictions of {@link AdamantHoverText}; elsewhere
 * Xtext's default (the documentation comment of the element under the cursor).
 */
public class AdamantHoverService extends HoverService {

	@Override
	public Hover hover(Document document, XtextResource resource, HoverParams params, CancelIndicator cancelIndicator) {
		int offset = document.getOffSet(params.getPosition());
		return AdamantHoverText.at(resource, offset).map(h -> {
			Range range = new Range(document.getPosition(h.offset()), document.getPosition(h.offset() + h.length()));
			return new Hover(new MarkupContent(MarkupKind.MARKDOWN, h.markdown()), range);
		}).orElseGet(() -> super.hover(document, resource, params, cancelIndicator));
	}
}
