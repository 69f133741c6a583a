package org.adamant.dsl.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader for the contract's JSON (RFC 8259): objects become {@link LinkedHashMap}s in file
 * order, arrays {@link List}s, numbers {@link Double}s, plus strings, booleans and null. The
 * language bundle needs no JSON library for one small file it reads once; errors name the line and
 * column.
 */
final class Json {

	private final String text;
	private final String source;
	private int pos;

	private Json(String text, String source) {
		this.text = text;
		this.source = source;
	}

	/** The value {@code text} holds; {@code source} names it in errors. */
	static Object parse(String text, String source) {
		Json json = new Json(text, source);
		json.skipSpace();
		Object value = json.value();
		json.skipSpace();
		if (json.pos != text.length()) {
			throw json.error("unexpected text after the value");
		}
		return value;
	}

	private Object value() {
		if (pos >= text.length()) {
			throw error("unexpected end of the file");
		}
		char ch = text.charAt(pos);
		return switch (ch) {
		case '{' -> object();
		case '[' -> array();
		case '"' -> string();
		case 't' -> literal("true", Boolean.TRUE);
		case 'f' -> literal("false", Boolean.FALSE);
		case 'n' -> literal("null", null);
		default -> {
			if (ch == '-' || Character.isDigit(ch)) {
				yield number();
			}
			throw error("unexpected character '" + ch + "'");
		}
		};
	}

	private Map<String, Object> object() {
		Map<String, Object> map = new LinkedHashMap<>();
		pos++;
		skipSpace();
		if (peek('}')) {
			pos++;
			return map;
		}
		while (true) {
			skipSpace();
			if (!peek('"')) {
				throw error("expected a key in quotes");
			}
			String key = string();
			skipSpace();
			expect(':');
			skipSpace();
			if (map.put(key, value()) != null) {
				throw error("key \"" + key + "\" given twice");
			}
			skipSpace();
			if (peek(',')) {
				pos++;
				continue;
			}
			expect('}');
			return map;
		}
	}

	private List<Object> array() {
		List<Object> list = new ArrayList<>();
		pos++;
		skipSpace();
		if (peek(']')) {
			pos++;
			return list;
		}
		while (true) {
			skipSpace();
			list.add(value());
			skipSpace();
			if (peek(',')) {
				pos++;
				continue;
			}
			expect(']');
			return list;
		}
	}

	private String string() {
		StringBuilder out = new StringBuilder();
		pos++;
		while (true) {
			if (pos >= text.length()) {
				throw error("unterminated string");
			}
			char ch = text.charAt(pos++);
			if (ch == '"') {
				return out.toString();
			}
			if (ch < 0x20) {
				throw error("control character in a string");
			}
			if (ch != '\\') {
				out.append(ch);
				continue;
			}
			if (pos >= text.length()) {
				throw error("unterminated escape");
			}
			char esc = text.charAt(pos++);
			switch (esc) {
			case '"', '\\', '/' -> out.append(esc);
			case 'b' -> out.append('\b');
			case 'f' -> out.append('\f');
			case 'n' -> out.append('\n');
			case 'r' -> out.append('\r');
			case 't' -> out.append('\t');
			case 'u' -> {
				if (pos + 4 > text.length()) {
					throw error("short \\u escape");
				}
				try {
					out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
				} catch (NumberFormatException e) {
					throw error("bad \\u escape");
				}
				pos += 4;
			}
			default -> throw error("bad escape \\" + esc);
			}
		}
	}

	private Double number() {
		int start = pos;
		if (peek('-')) {
			pos++;
		}
		digits();
		if (peek('.')) {
			pos++;
			digits();
		}
		if (peek('e') || peek('E')) {
			pos++;
			if (peek('+') || peek('-')) {
				pos++;
			}
			digits();
		}
		return Double.valueOf(text.substring(start, pos));
	}

	private void digits() {
		int start = pos;
		while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
			pos++;
		}
		if (pos == start) {
			throw error("expected a digit");
		}
	}

	private Object literal(String word, Object value) {
		if (!text.startsWith(word, pos)) {
			throw error("expected " + word);
		}
		pos += word.length();
		return value;
	}

	private boolean peek(char ch) {
		return pos < text.length() && text.charAt(pos) == ch;
	}

	private void expect(char ch) {
		if (!peek(ch)) {
			throw error("expected '" + ch + "'");
		}
		pos++;
	}

	private void skipSpace() {
		while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
			pos++;
		}
	}

	private IllegalArgumentException error(String what) {
		int line = 1;
		int column = 1;
		for (int i = 0; i < Math.min(pos, text.length()); i++) {
			if (text.charAt(i) == '\n') {
				line++;
				column = 1;
			} else {
				column++;
			}
		}
		return new IllegalArgumentException(source + ":" + line + ":" + column + ": " + what);
	}
}
