package org.adamant.dsl.formatting2;

import java.util.List;

import org.eclipse.xtext.formatting2.IHiddenRegionFormatting;
import org.eclipse.xtext.formatting2.ITextReplacerContext;
import org.eclipse.xtext.formatting2.internal.HiddenRegionReplacer;
import org.eclipse.xtext.formatting2.regionaccess.IComment;
import org.eclipse.xtext.formatting2.regionaccess.IHiddenRegion;
import org.eclipse.xtext.formatting2.regionaccess.ITextSegment;

/**
 * Lays out the whitespace of a hidden region that holds comments, never touching a comment's text:
 * a comment that follows code on its line stays there after one space; a comment on a line of its
 * own is indented like the code around it, keeping at most one blank line before it; after the last
 * comment the region's own formatting applies (a new line, or one space after a block comment), and a
 * line comment is always followed by a line break. (Xtext's default comment replacers re-space the
 * text after {@code //} and re-prefix the lines of block comments.)
 */
final class CommentKeepingReplacer extends HiddenRegionReplacer {

	CommentKeepingReplacer(IHiddenRegion region, IHiddenRegionFormatting formatting) {
		super(region, formatting);
	}

	@Override
	public ITextReplacerContext createReplacements(ITextReplacerContext context) {
		IHiddenRegion region = getRegion();
		IHiddenRegionFormatting formatting = getFormatting();
		boolean startOfFile = region.getPreviousSemanticRegion() == null;
		boolean endOfFile = region.getNextSemanticRegion() == null;
		int increase = formatting.getIndentationIncrease() == null ? 0 : formatting.getIndentationIncrease();
		int decrease = formatting.getIndentationDecrease() == null ? 0 : formatting.getIndentationDecrease();
		int inner = Math.max(0, context.getIndentation() + increase);
		int after = Math.max(0, inner - decrease);
		// whitespace, comment, whitespace, ..., comment, whitespace (whitespace possibly empty)
		List<ITextSegment> parts = region.getAlternatingMergedSpaceAndComments();
		IComment previous = null;
		for (ITextSegment part : parts) {
			if (part instanceof IComment comment) {
				ITextSegment space = spaceBefore(parts, part, region);
				int lines = newlines(space) + (endsWithNewline(previous) ? 1 : 0);
				String text;
				if (previous == null && startOfFile) {
					text = "";
				} else if (lines == 0) {
					text = " ";
				} else {
					int wanted = Math.min(lines, 2) - (endsWithNewline(previous) ? 1 : 0);
					text = context.getNewLinesString(wanted) + context.getIndentationString(inner);
				}
				replace(context, space, text);
				previous = comment;
			}
		}
		ITextSegment last = parts.get(parts.size() - 1);
		if (last instanceof IComment comment) {
			last = region.getTextRegionAccess().regionForOffset(comment.getEndOffset(), 0);
		}
		boolean lineCommentBefore = endsWithNewline(previous);
		int existing = newlines(last) + (lineCommentBefore ? 1 : 0);
		int wanted;
		if (endOfFile) {
			wanted = 1;
		} else if (formatting.getNewLineMin() != null || formatting.getNewLineMax() != null
				|| formatting.getNewLineDefault() != null) {
			wanted = existing;
			if (formatting.getNewLineMin() != null) {
				wanted = Math.max(wanted, formatting.getNewLineMin());
			}
			if (formatting.getNewLineMax() != null) {
				wanted = Math.min(wanted, formatting.getNewLineMax());
			}
		} else {
			wanted = 0;
		}
		if (lineCommentBefore) {
			wanted = Math.max(wanted, 1);
		}
		String text;
		if (wanted == 0) {
			text = formatting.getSpace() == null ? " " : formatting.getSpace();
		} else {
			int newlines = wanted - (lineCommentBefore ? 1 : 0);
			text = context.getNewLinesString(newlines) + (endOfFile ? "" : context.getIndentationString(after));
		}
		replace(context, last, text);
		return context.withIndentation(after);
	}

	/** The whitespace before a comment: an empty segment where the comment touches what precedes it. */
	private static ITextSegment spaceBefore(List<ITextSegment> parts, ITextSegment comment, IHiddenRegion region) {
		int index = parts.indexOf(comment);
		if (index > 0 && !(parts.get(index - 1) instanceof IComment)) {
			return parts.get(index - 1);
		}
		return region.getTextRegionAccess().regionForOffset(comment.getOffset(), 0);
	}

	private static void replace(ITextReplacerContext context, ITextSegment space, String text) {
		if (!space.getText().equals(text)) {
			context.addReplacement(space.replaceWith(text));
		}
	}

	private static int newlines(ITextSegment space) {
		return (int) space.getText().chars().filter(c -> c == '\n').count();
	}

	/** Line comments end with their line break (when the file does not end right after them). */
	private static boolean endsWithNewline(IComment comment) {
		return comment != null && comment.getText().endsWith("\n");
	}
}
