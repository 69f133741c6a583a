package org.adamant.dsl.ui.highlighting;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.antlr.runtime.ANTLRStringStream;
import org.antlr.runtime.CommonToken;
import org.antlr.runtime.Token;
import org.adamant.dsl.ide.highlighting.AdamantSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.parser.antlr.ITokenDefProvider;
import org.eclipse.xtext.parser.antlr.Lexer;
import org.eclipse.xtext.parser.antlr.LexerBindings;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.name.Names;

/**
 * What to colour where, without SWT: lexical categories from the language's own ANTLR lexer (the
 * one the parser uses) and semantic categories from the parse tree (declared names, references,
 * units). {@link AdamantPresentationReconciler} turns these into styles.
 */
public final class AdamantHighlighting {

	public enum Category {
		KEYWORD, COMMENT, STRING, NUMBER, TYPE, TOPIC, QOS, TRANSPORT, SCOPE, PARAMETER, UNIT
	}

	/** The calculator's style ids (LSP semantic token types) as categories. */
	private static final Map<String, Category> SEMANTIC = Map.of(
			AdamantSemanticHighlightingCalculator.TYPE, Category.TYPE,
			AdamantSemanticHighlightingCalculator.TOPIC, Category.TOPIC,
			AdamantSemanticHighlightingCalculator.QOS, Category.QOS,
			AdamantSemanticHighlightingCalculator.TRANSPORT, Category.TRANSPORT,
			AdamantSemanticHighlightingCalculator.SCOPE, Category.SCOPE,
			AdamantSemanticHighlightingCalculator.PARAMETER, Category.PARAMETER,
			AdamantSemanticHighlightingCalculator.UNIT, Category.UNIT);

	/** A coloured stretch of text. */
	public record Span(int offset, int length, Category category) {
	}

	private final Injector injector;
	private final Map<Integer, String> tokenNames;
	private final ISemanticHighlightingCalculator calculator;

	public AdamantHighlighting(Injector injector) {
		this.injector = injector;
		this.tokenNames = injector.getInstance(ITokenDefProvider.class).getTokenDefMap();
		this.calculator = injector.getInstance(ISemanticHighlightingCalculator.class);
	}

	/** Lexical spans of {@code text}, in order (whitespace and plain identifiers have none). */
	public List<Span> lexical(String text) {
		Lexer lexer = injector.getInstance(Key.get(Lexer.class, Names.named(LexerBindings.RUNTIME)));
		lexer.setCharStream(new ANTLRStringStream(text));
		List<Span> spans = new ArrayList<>();
		for (Token token = lexer.nextToken(); token.getType() != Token.EOF; token = lexer.nextToken()) {
			Category category = categoryOf(tokenNames.get(token.getType()));
			if (category != null && token instanceof CommonToken common) {
				int start = common.getStartIndex();
				int length = common.getStopIndex() - start + 1;
				if (length > 0) {
					spans.add(new Span(start, length, category));
				}
			}
		}
		return spans;
	}

	static Category categoryOf(String tokenName) {
		if (tokenName == null) {
			return null;
		}
		if (tokenName.startsWith("'")) {
			// keywords; punctuation ('{', ';', ...) stays plain
			return Character.isLetter(tokenName.charAt(1)) || tokenName.charAt(1) == '@' ? Category.KEYWORD : null;
		}
		return switch (tokenName) {
			case "RULE_ML_COMMENT", "RULE_SL_COMMENT" -> Category.COMMENT;
			case "RULE_STRING" -> Category.STRING;
			case "RULE_INT" -> Category.NUMBER;
			default -> null;
		};
	}

	/**
	 * Semantic spans of a parsed model from the language's semantic highlighting calculator (the
	 * one the language server uses): names of types, topics, QoS profiles, transports, scopes
	 * (environments, applications, experiments) at declarations and references, parameters, units.
	 */
	public List<Span> semantic(XtextResource resource) {
		List<Span> spans = new ArrayList<>();
		calculator.provideHighlightingFor(resource, (offset, length, ids) -> {
			Category category = ids.length == 0 ? null : SEMANTIC.get(ids[0]);
			if (category != null && length > 0) {
				spans.add(new Span(offset, length, category));
			}
		}, CancelIndicator.NullImpl);
		spans.sort(Comparator.comparingInt(Span::offset));
		return spans;
	}
}
