package org.adamant.dsl.ide.server;

import java.util.List;

import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.resource.XtextResource;

/**
 * "Format document" and "format selection" in the language's one style: indentation is a tab
 * whatever the editor's tab settings, so that an editor formats a model exactly as
 * {@code adamant format} does (and {@code adamant format --check} accepts the result).
 */
public class AdamantFormattingService extends FormattingService {

	@Override
	public List<TextEdit> format(XtextResource resource, Document document, int offset, int length,
			FormattingOptions options) {
		return super.format(resource, document, offset, length, null);
	}
}
