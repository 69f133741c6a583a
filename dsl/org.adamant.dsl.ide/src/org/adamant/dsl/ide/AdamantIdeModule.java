package org.adamant.dsl.ide;

import org.adamant.dsl.ide.contentassist.AdamantContentProposalProvider;
import org.adamant.dsl.ide.highlighting.AdamantSemanticHighlightingCalculator;
import org.adamant.dsl.ide.server.AdamantCodeActionService;
import org.adamant.dsl.ide.server.AdamantFormattingService;
import org.adamant.dsl.ide.server.AdamantHoverService;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.ide.server.hover.IHoverService;

/**
 * Guice bindings of the UI-independent IDE services: content assist, semantic highlighting, and for the language server
 * quick fixes as code actions, the prediction hover and formatting (the runtime module binds the formatter). Editors without LSP can use this module too
 * (the bundle requires lsp4j, which the target platform has); they call
 * {@link org.adamant.dsl.ide.fixes.AdamantQuickFixes} and {@link org.adamant.dsl.ide.hover.AdamantHoverText}.
 */
public class AdamantIdeModule extends AbstractAdamantIdeModule {

	public Class<? extends IdeContentProposalProvider> bindIdeContentProposalProvider() {
		return AdamantContentProposalProvider.class;
	}

	public Class<? extends ISemanticHighlightingCalculator> bindISemanticHighlightingCalculator() {
		return AdamantSemanticHighlightingCalculator.class;
	}

	public Class<? extends ICodeActionService2> bindICodeActionService2() {
		return AdamantCodeActionService.class;
	}

	public Class<? extends IHoverService> bindIHoverService() {
		return AdamantHoverService.class;
	}

	public Class<? extends FormattingService> bindFormattingService() {
		return AdamantFormattingService.class;
	}
}
