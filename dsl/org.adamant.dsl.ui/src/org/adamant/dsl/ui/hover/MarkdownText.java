package org.adamant.dsl.ui.hover;

import java.util.ArrayList;
import java.util.List;

/**
 * The hover's Markdown (bold, code spans, lists, tables) as plain text for the platform's
 * information control: prose is wrapped, tables become aligned columns (the hover uses the monospace text font), code
 * spans lose their back-ticks and bold text is returned as ranges to style.
 */
public final class MarkdownText {

	/** Prose lines are wrapped at this many characters (tables are not). */
	public static final int WIDTH = 100;

	/** The text and the [offset, length] pairs to show in bold. */
	public record Rendered(String text, List<int[]> bold) {
	}

	private MarkdownText() {
	}

	public static Rendered render(String markdown) {
		StringBuilder out = new StringBuilder();
		List<int[]> bold = new ArrayList<>();
		String[] lines = markdown.split("\n", -1);
		for (int i = 0; i < lines.length; i++) {
			if (lines[i].startsWith("|")) {
				List<List<String>> rows = new ArrayList<>();
				while (i < lines.length && lines[i].startsWith("|")) {
					List<String> cells = cells(lines[i]);
					if (!cells.stream().allMatch(c -> c.matches(":?-+:?"))) {
						rows.add(cells);
					}
					i++;
				}
				i--;
				table(rows, out, bold);
			} else {
				int start = out.length();
				inline(lines[i], out, bold);
				wrap(out, start);
				if (i < lines.length - 1) {
					out.append('\n');
				}
			}
		}
		return new Rendered(out.toString().strip(), bold);
	}

	/** Wraps the prose line that starts at {@code start} at {@value #WIDTH} columns (a space becomes a line break, so offsets stay). */
	private static void wrap(StringBuilder out, int start) {
		int lineStart = start;
		int lastSpace = -1;
		for (int i = start; i < out.length(); i++) {
			if (out.charAt(i) == ' ') {
				lastSpace = i;
			}
			if (i - lineStart >= WIDTH && lastSpace > lineStart) {
				out.setCharAt(lastSpace, '\n');
				lineStart = lastSpace + 1;
				lastSpace = -1;
			}
		}
	}

	private static List<String> cells(String line) {
		String body = line.strip();
		body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
		List<String> cells = new ArrayList<>();
		for (String cell : body.split("\\|", -1)) {
			cells.add(cell.strip().replace("`", "").replace("**", ""));
		}
		return cells;
	}

	private static void table(List<List<String>> rows, StringBuilder out, List<int[]> bold) {
		int columns = rows.stream().mapToInt(List::size).max().orElse(0);
		int[] width = new int[columns];
		for (List<String> row : rows) {
			for (int c = 0; c < row.size(); c++) {
				width[c] = Math.max(width[c], row.get(c).length());
			}
		}
		for (int r = 0; r < rows.size(); r++) {
			List<String> row = rows.get(r);
			int start = out.length();
			for (int c = 0; c < row.size(); c++) {
				String cell = row.get(c);
				out.append(cell);
				if (c < row.size() - 1) {
					out.append(" ".repeat(width[c] - cell.length() + 2));
				}
			}
			// trailing padding is not wanted
			while (out.length() > start && out.charAt(out.length() - 1) == ' ') {
				out.setLength(out.length() - 1);
			}
			if (r == 0) {
				bold.add(new int[] { start, out.length() - start });
			}
			out.append('\n');
		}
	}

	private static void inline(String line, StringBuilder out, List<int[]> bold) {
		int boldStart = -1;
		for (int i = 0; i < line.length(); i++) {
			char ch = line.charAt(i);
			if (ch == '*' && i + 1 < line.length() && line.charAt(i + 1) == '*') {
				if (boldStart < 0) {
					boldStart = out.length();
				} else {
					bold.add(new int[] { boldStart, out.length() - boldStart });
					boldStart = -1;
				}
				i++;
			} else if (ch == '`') {
				continue;
			} else if (ch == '-' && i == 0 && line.startsWith("- ")) {
				out.append('•');
			} else {
				out.append(ch);
			}
		}
	}
}
