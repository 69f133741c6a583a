package org.adamant.dsl.ui.highlighting;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.adamant.dsl.ui.highlighting.AdamantHighlighting.Category;
import org.adamant.dsl.ui.highlighting.AdamantHighlighting.Span;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITypedRegion;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.presentation.IPresentationDamager;
import org.eclipse.jface.text.presentation.IPresentationRepairer;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Syntax highlighting for the Generic Editor: keywords, comments, strings and numbers from the
 * language's lexer, then what each name is (type, topic, QoS profile, transport, environment or
 * application), parameters and units from the language's semantic highlighting calculator. Every change
 * recolours the whole document (a comment opened on one line changes all that follow; the models
 * are small and lexing plus parsing take milliseconds).
 */
public class AdamantPresentationReconciler extends PresentationReconciler {

	private static final Map<Category, TextAttribute> STYLES = new EnumMap<>(Category.class);
	static {
		STYLES.put(Category.KEYWORD, new TextAttribute(new Color(127, 0, 85), null, SWT.BOLD));
		STYLES.put(Category.COMMENT, new TextAttribute(new Color(63, 127, 95), null, SWT.ITALIC));
		STYLES.put(Category.STRING, new TextAttribute(new Color(42, 0, 255)));
		STYLES.put(Category.NUMBER, new TextAttribute(new Color(125, 60, 0)));
		STYLES.put(Category.TYPE, new TextAttribute(new Color(0, 80, 50), null, SWT.BOLD));
		STYLES.put(Category.TOPIC, new TextAttribute(new Color(0, 0, 192)));
		STYLES.put(Category.QOS, new TextAttribute(new Color(100, 70, 150), null, SWT.ITALIC));
		STYLES.put(Category.TRANSPORT, new TextAttribute(new Color(170, 80, 0), null, SWT.BOLD));
		STYLES.put(Category.SCOPE, new TextAttribute(new Color(0, 0, 0), null, SWT.BOLD));
		STYLES.put(Category.PARAMETER, new TextAttribute(new Color(80, 80, 80), null, SWT.ITALIC));
		STYLES.put(Category.UNIT, new TextAttribute(new Color(0, 128, 128)));
	}

	public AdamantPresentationReconciler() {
		WholeDocument whole = new WholeDocument();
		setDamager(whole, IDocument.DEFAULT_CONTENT_TYPE);
		setRepairer(whole, IDocument.DEFAULT_CONTENT_TYPE);
	}

	/** The style of a category (tests check that every category has one). */
	public static TextAttribute styleOf(Category category) {
		return STYLES.get(category);
	}

	static final class WholeDocument implements IPresentationDamager, IPresentationRepairer {
		private IDocument document;
		private AdamantHighlighting highlighting;

		@Override
		public void setDocument(IDocument document) {
			this.document = document;
		}

		@Override
		public IRegion getDamageRegion(ITypedRegion partition, DocumentEvent event, boolean documentPartitioningChanged) {
			return new Region(0, event.getDocument().getLength());
		}

		@Override
		public void createPresentation(TextPresentation presentation, ITypedRegion damage) {
			if (document == null) {
				return;
			}
			if (highlighting == null) {
				highlighting = new AdamantHighlighting(AdamantUiPlugin.injector());
			}
			String text = document.get();
			int end = damage.getOffset() + damage.getLength();
			for (Span span : highlighting.lexical(text)) {
				if (span.offset() >= damage.getOffset() && span.offset() + span.length() <= end) {
					presentation.addStyleRange(styleRange(span));
				}
			}
			try {
				XtextResource resource = AdamantDocuments.parse(text, AdamantDocuments.uriOf(document));
				List<Span> semantic = highlighting.semantic(resource);
				StyleRange[] ranges = semantic.stream()
						.filter(s -> s.offset() >= damage.getOffset() && s.offset() + s.length() <= end)
						.map(WholeDocument::styleRange).toArray(StyleRange[]::new);
				presentation.mergeStyleRanges(ranges);
			} catch (RuntimeException e) {
				AdamantUiPlugin.log().warn("semantic highlighting failed: " + e.getMessage());
			}
		}

		private static StyleRange styleRange(Span span) {
			TextAttribute a = STYLES.get(span.category());
			StyleRange range = new StyleRange(span.offset(), span.length(), a.getForeground(), null, a.getStyle());
			return range;
		}
	}
}
