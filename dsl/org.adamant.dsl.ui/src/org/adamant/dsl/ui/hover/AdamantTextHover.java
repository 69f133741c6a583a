package org.adamant.dsl.ui.hover;

import org.adamant.dsl.ide.hover.AdamantHoverText;
import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.text.DefaultInformationControl;
import org.eclipse.jface.text.IInformationControlCreator;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextHoverExtension;
import org.eclipse.jface.text.ITextHoverExtension2;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Drawable;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.editors.text.EditorsUI;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The prediction hover on every publish and subscribe: predicted mean latency, delivery and
 * ReLate2 of the transport in use, and the ranking of the catalog's transports. The text is the
 * language server's ({@link AdamantHoverText}), rendered for the platform's information control.
 */
public class AdamantTextHover implements ITextHover, ITextHoverExtension, ITextHoverExtension2 {

	@Override
	public IRegion getHoverRegion(ITextViewer viewer, int offset) {
		return new Region(offset, 0);
	}

	@Override
	public Object getHoverInfo2(ITextViewer viewer, IRegion region) {
		return hoverMarkdown(viewer, region.getOffset());
	}

	@Override
	@Deprecated
	public String getHoverInfo(ITextViewer viewer, IRegion region) {
		return hoverMarkdown(viewer, region.getOffset());
	}

	/** The hover's Markdown at {@code offset} of the viewer's document, or null outside endpoints. */
	public static String hoverMarkdown(ITextViewer viewer, int offset) {
		try {
			XtextResource resource = AdamantDocuments.parse(viewer.getDocument());
			return AdamantHoverText.markdown(resource, offset).orElse(null);
		} catch (RuntimeException e) {
			AdamantUiPlugin.log().error("prediction hover failed at offset " + offset, e);
			return null;
		}
	}

	@Override
	public IInformationControlCreator getHoverControlCreator() {
		return parent -> new DefaultInformationControl(parent, EditorsUI.getTooltipAffordanceString(),
				new MarkdownPresenter()) {
			@Override
			protected void createContent(Composite content) {
				super.createContent(content);
				// monospace, so that the ranking's columns line up
				for (Control child : content.getChildren()) {
					if (child instanceof StyledText text) {
						text.setFont(JFaceResources.getTextFont());
					}
				}
			}
		};
	}

	/** Shows the Markdown as {@link MarkdownText} renders it, bold where the Markdown says. */
	static final class MarkdownPresenter implements DefaultInformationControl.IInformationPresenter,
			DefaultInformationControl.IInformationPresenterExtension {
		@Override
		@Deprecated
		public String updatePresentation(org.eclipse.swt.widgets.Display display, String markdown,
				TextPresentation presentation, int maxWidth, int maxHeight) {
			return updatePresentation((Drawable) null, markdown, presentation, maxWidth, maxHeight);
		}

		@Override
		public String updatePresentation(Drawable drawable, String markdown, TextPresentation presentation,
				int maxWidth, int maxHeight) {
			MarkdownText.Rendered rendered = MarkdownText.render(markdown);
			for (int[] b : rendered.bold()) {
				presentation.addStyleRange(new StyleRange(b[0], b[1], null, null, SWT.BOLD));
			}
			return rendered.text();
		}
	}
}
