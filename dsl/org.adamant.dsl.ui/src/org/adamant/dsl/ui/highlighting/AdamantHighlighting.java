package org.adamant.dsl.ui.highlighting;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.antlr.runtime.ANTLRStringStream;
import org.antlr.runtime.CommonToken;
import org.antlr.runtime.Token;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.parser.antlr.ITokenDefProvider;
import org.eclipse.xtext.parser.antlr.Lexer;
import org.eclipse.xtext.parser.antlr.LexerBindings;
import org.eclipse.xtext.resource.XtextResource;

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
		KEYWORD, COMMENT, STRING, NUMBER, DECLARATION, REFERENCE, UNIT
	}

	/** A coloured stretch of text. */
	public record Span(int offset, int length, Category category) {
	}

	private final Injector injector;
	private final Map<Integer, String> tokenNames;

	public AdamantHighlighting(Injector injector) {
		this.injector = injector;
		this.tokenNames = injector.getInstance(ITokenDefProvider.class).getTokenDefMap();
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

	/** Semantic spans of a parsed model: declared names, references to other elements, units. */
	public List<Span> semantic(XtextResource resource) {
		List<Span> spans = new ArrayList<>();
		if (resource.getParseResult() == null) {
			return spans;
		}
		ICompositeNode root = resource.getParseResult().getRootNode();
		for (INode node : root.getAsTreeIterable()) {
			EObject element = node.getGrammarElement();
			Category category = null;
			if (element instanceof CrossReference) {
				category = Category.REFERENCE;
			} else if (element instanceof RuleCall call) {
				AbstractRule rule = call.getRule();
				Assignment assignment = GrammarUtil.containingAssignment(call);
				if (rule != null && "Unit".equals(rule.getName())) {
					category = Category.UNIT;
				} else if (assignment != null && "name".equals(assignment.getFeature())
						&& GrammarUtil.containingCrossReference(call) == null) {
					category = Category.DECLARATION;
				}
			}
			if (category != null && node.getLength() > 0) {
				spans.add(new Span(node.getOffset(), node.getLength(), category));
			}
		}
		return spans;
	}
}
