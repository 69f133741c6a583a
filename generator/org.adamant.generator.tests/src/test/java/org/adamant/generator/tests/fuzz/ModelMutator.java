package org.adamant.generator.tests.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grammar-aware mutations of ADAMANT models: whole declarations and clauses (balanced {@code { }}
 * blocks with their header) deleted, duplicated, swapped or taken from another seed; numbers,
 * units and identifiers replaced by hostile values; deep nesting; files cut at a token boundary or
 * spliced. Tokens keep the whitespace before them, so diagnostics keep their lines. The token-level
 * edits are those of the DSL's FuzzTest.
 */
final class ModelMutator {

	/** The FuzzTest's tokens (strings, identifiers, numbers, {@code ..}, any other character). */
	private static final Pattern TOKEN = Pattern.compile("\\s*(\"[^\"]*\"|[A-Za-z_][A-Za-z_0-9]*|\\d+|\\.\\.|\\S)");
	private static final String[] NUMBERS = { "0", "-1", "-0", "1", "4294967296", "2147483648", "99999999999999999999",
			"1e308", "1e-308", "0.0000001", "NaN", "Infinity", "1.5", "9".repeat(400) };
	private static final String[] UNITS = { "ms", "s", "us", "ns", "min", "Hz", "kHz", "%", "B", "KB", "MB", "B/s",
			"KB/s", "MB/s", "Mbit/s", "Gbit/s", "furlongs" };
	private static final String[] KEYWORDS = { "model", "import", "struct", "qos", "extends", "topic", "transport",
			"auto", "environment", "application", "experiment", "publish", "subscribe", "schedule", "repeat", "param",
			"range", "for", "reliability", "reliable", "history", "keep_last", "keep_all", "deadline", "sequence",
			"string", "uint8", "@key" };
	private static final String[] NAMES = { "\u00e9t\u00e9", "\u540d\u524d", "a\u0000b", "x\u202ey", "line\nbreak",
			"tab\tbed", "\uFEFFbom", "\"", "\\", "%s%n", "../../../etc/passwd", "CON", "x".repeat(5000), "_", "int",
			"class", "namespace", "main", "std" };

	private final List<List<String>> seeds = new ArrayList<>();
	private final Random random;

	ModelMutator(List<String> seedTexts, long seed) {
		for (String text : seedTexts) {
			seeds.add(tokens(text));
		}
		random = new Random(seed);
	}

	/** Tokens, each with the whitespace before it; the text is their concatenation. */
	static List<String> tokens(String text) {
		List<String> tokens = new ArrayList<>();
		Matcher m = TOKEN.matcher(text);
		int end = 0;
		while (m.find()) {
			tokens.add(m.group());
			end = m.end();
		}
		if (end < text.length()) {
			tokens.add(text.substring(end));
		}
		return tokens;
	}

	/** The first seed, unchanged. */
	String seedText() {
		return String.join("", seeds.get(0));
	}

	/** The next mutated model and the names of the mutations applied. */
	String[] next() {
		List<String> t = new ArrayList<>(pick());
		int edits = 1 + random.nextInt(4);
		List<String> applied = new ArrayList<>();
		for (int e = 0; e < edits && !t.isEmpty(); e++) {
			applied.add(mutate(t));
		}
		return new String[] { String.join("", t), String.join(",", applied) };
	}

	private List<String> pick() {
		return seeds.get(random.nextInt(seeds.size()));
	}

	private String mutate(List<String> t) {
		int i = random.nextInt(t.size());
		switch (random.nextInt(14)) {
		case 0 -> {
			int[] s = segment(t);
			if (s != null) {
				t.subList(s[0], s[1]).clear();
			}
			return "delete-clause";
		}
		case 1 -> {
			int[] s = segment(t);
			if (s != null) {
				t.addAll(s[1], new ArrayList<>(t.subList(s[0], s[1])));
			}
			return "duplicate-clause";
		}
		case 2 -> {
			int[] a = segment(t);
			int[] b = segment(t);
			if (a != null && b != null && (a[1] <= b[0] || b[1] <= a[0])) {
				int[] first = a[0] < b[0] ? a : b;
				int[] second = first == a ? b : a;
				List<String> x = new ArrayList<>(t.subList(first[0], first[1]));
				List<String> y = new ArrayList<>(t.subList(second[0], second[1]));
				t.subList(second[0], second[1]).clear();
				t.addAll(second[0], x);
				t.subList(first[0], first[1]).clear();
				t.addAll(first[0], y);
			}
			return "swap-clauses";
		}
		case 3 -> {
			List<String> other = pick();
			int[] s = segment(other);
			if (s != null) {
				t.addAll(boundary(t), other.subList(s[0], s[1]));
			}
			return "foreign-clause";
		}
		case 4 -> {
			replace(t, "\\s*-?\\d+", NUMBERS);
			return "extreme-number";
		}
		case 5 -> {
			replace(t, "\\s*(ms|s|us|ns|min|Hz|kHz|%|B|KB|MB|GB|B/s|KB/s|MB/s|Mbit/s|Kbit/s|Gbit/s)", UNITS);
			return "unit";
		}
		case 6 -> {
			String[] names = random.nextBoolean() ? NAMES : KEYWORDS;
			replace(t, "\\s*[A-Za-z_][A-Za-z_0-9]*", names);
			return "identifier";
		}
		case 7 -> {
			// an identifier of the model where another one stands: duplicates and dangling references
			List<Integer> ids = indices(t, "\\s*[A-Za-z_][A-Za-z_0-9]*");
			if (ids.size() > 1) {
				t.set(ids.get(random.nextInt(ids.size())), t.get(ids.get(random.nextInt(ids.size()))));
			}
			return "identifier-duplicate";
		}
		case 8 -> {
			nest(t, i);
			return "deep-nesting";
		}
		case 9 -> {
			t.subList(i, t.size()).clear();
			return "cut";
		}
		case 10 -> {
			List<String> other = pick();
			t.subList(i, t.size()).clear();
			t.addAll(other.subList(random.nextInt(other.size()), other.size()));
			return "splice";
		}
		default -> {
			tokenEdit(t, i);
			return "token";
		}
		}
	}

	/** The FuzzTest's edits: delete, insert a keyword, duplicate or swap a token. */
	private void tokenEdit(List<String> t, int i) {
		switch (random.nextInt(4)) {
		case 0 -> t.remove(i);
		case 1 -> t.add(i, " " + KEYWORDS[random.nextInt(KEYWORDS.length)]);
		case 2 -> t.add(i, t.get(random.nextInt(t.size())));
		default -> {
			int j = random.nextInt(t.size());
			String s = t.get(i);
			t.set(i, t.get(j));
			t.set(j, s);
		}
		}
	}

	private void nest(List<String> t, int i) {
		int depth = 1 + random.nextInt(random.nextBoolean() ? 100 : 3000);
		List<String> n = new ArrayList<>();
		switch (random.nextInt(3)) {
		case 0 -> {
			n.add(" struct Deep {");
			n.add(" " + "sequence<".repeat(depth) + "uint8" + ">".repeat(depth) + " d;");
			n.add(" }");
			i = boundary(t);
		}
		case 1 -> n.add(" " + "{".repeat(depth) + "}".repeat(random.nextInt(depth + 1)));
		default -> {
			for (int k = 0; k < depth; k++) {
				n.add("\nstruct N" + k + " { N" + (k + 1) + " n; }");
			}
			i = boundary(t);
		}
		}
		t.addAll(i, n);
	}

	private void replace(List<String> t, String regex, String[] values) {
		List<Integer> at = indices(t, regex);
		if (!at.isEmpty()) {
			t.set(at.get(random.nextInt(at.size())), " " + values[random.nextInt(values.length)]);
		}
	}

	private static List<Integer> indices(List<String> t, String regex) {
		Pattern p = Pattern.compile(regex);
		List<Integer> at = new ArrayList<>();
		for (int k = 0; k < t.size(); k++) {
			if (p.matcher(t.get(k)).matches()) {
				at.add(k);
			}
		}
		return at;
	}

	/** A random index just after a top-level {@code }} (or 0 or the end): a declaration boundary. */
	private int boundary(List<String> t) {
		List<Integer> at = new ArrayList<>(List.of(0, t.size()));
		int depth = 0;
		for (int k = 0; k < t.size(); k++) {
			String s = t.get(k).strip();
			depth += s.equals("{") ? 1 : s.equals("}") ? -1 : 0;
			if (depth == 0 && s.equals("}")) {
				at.add(k + 1);
			}
		}
		return at.get(random.nextInt(at.size()));
	}

	/**
	 * A declaration or clause: a random balanced {@code { }} block with its header (the tokens after
	 * the previous {@code {}, {@code }} or {@code ;}), as [start, end); null when there is none.
	 */
	private int[] segment(List<String> t) {
		List<Integer> opens = indices(t, "\\s*\\{");
		if (opens.isEmpty()) {
			return null;
		}
		int open = opens.get(random.nextInt(opens.size()));
		int depth = 0;
		int end = -1;
		for (int k = open; k < t.size(); k++) {
			String s = t.get(k).strip();
			depth += s.equals("{") ? 1 : s.equals("}") ? -1 : 0;
			if (depth == 0) {
				end = k + 1;
				break;
			}
		}
		if (end < 0) {
			return null;
		}
		int start = open;
		while (start > 0 && !List.of("{", "}", ";").contains(t.get(start - 1).strip())) {
			start--;
		}
		return new int[] { start, end };
	}
}
