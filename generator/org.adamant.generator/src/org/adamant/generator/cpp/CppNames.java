package org.adamant.generator.cpp;

import java.util.Set;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.EnumLiteral;
import org.adamant.dsl.adamant.EnumType;
import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Topic;
import org.adamant.generator.GeneratorException;
import org.adamant.generator.ModelInfo;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * C++ identifiers (model names become C++ names unchanged, so C++ keywords are rejected) and the
 * bodies of the string literals the templates write.
 */
public final class CppNames {

	/** C++17 keywords and alternative tokens, plus C++20 keywords (the code should build as C++20 too). */
	public static final Set<String> KEYWORDS = Set.of("alignas", "alignof", "and", "and_eq", "asm", "auto",
			"bitand", "bitor", "bool", "break", "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class",
			"compl", "concept", "const", "consteval", "constexpr", "constinit", "const_cast", "continue",
			"co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
			"else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
			"inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
			"operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
			"requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
			"switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
			"union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq");

	/**
	 * Names at global scope in the generated native code besides the model's namespace: the
	 * runtime's and the standard library's namespaces, and the helpers the application and
	 * benchmark files declare. A model namespace with one of these names would make them ambiguous.
	 */
	public static final Set<String> GENERATED_GLOBALS = Set.of("adamant", "std", "main", "transport",
			"make_payload", "check_payload", "kPayloadBytes");

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	private CppNames() {
	}

	public static boolean isKeyword(String name) {
		return KEYWORDS.contains(name);
	}

	/**
	 * Rejects every model name the C++ code uses as an identifier that is a C++ keyword (or is
	 * reserved: a double underscore or a leading underscore and capital).
	 */
	public static void check(ModelInfo info) {
		Model model = info.getModel();
		for (String segment : info.getName().split("\\.")) {
			checkName(model, P.getModel_ModelName(), segment, "model name");
		}
		if (GENERATED_GLOBALS.contains(info.getIdentifier())) {
			throw new GeneratorException(model, P.getModel_ModelName(), "the model name '" + info.getName()
					+ "' would be the C++ namespace " + info.getIdentifier() + ", which the generated code already uses"
					+ " for something else; rename the model");
		}
		for (var type : info.getTypes()) {
			if (type instanceof StructType s) {
				checkName(s, P.getElement_Name(), s.getName(), "struct");
				for (Member m : s.getMembers()) {
					checkName(m, P.getMember_Name(), m.getName(), "member of struct '" + s.getName() + "'");
				}
			} else if (type instanceof EnumType e) {
				checkName(e, P.getElement_Name(), e.getName(), "enum");
				for (EnumLiteral l : e.getLiterals()) {
					checkName(l, P.getEnumLiteral_Name(), l.getName(), "literal of enum '" + e.getName() + "'");
				}
			}
		}
		for (Topic t : info.getTopics()) {
			checkName(t, P.getElement_Name(), t.getName(), "topic");
		}
		for (var a : info.getApplications()) {
			checkName(a, P.getElement_Name(), a.getName(), "application");
		}
		for (var x : info.getExperiments()) {
			checkName(x, P.getElement_Name(), x.getName(), "experiment");
		}
	}

	private static void checkName(EObject element, EStructuralFeature feature, String name, String what) {
		if (name == null) {
			return;
		}
		if (isKeyword(name)) {
			throw new GeneratorException(element, feature, "the " + what + " name '" + name
					+ "' is a C++ keyword; rename it (generated C++ uses model names as identifiers)");
		}
		if (name.contains("__") || name.matches("_[A-Z].*")) {
			throw new GeneratorException(element, feature, "the " + what + " name '" + name
					+ "' is reserved in C++ (double underscore, or underscore and capital letter); rename it");
		}
	}

	/**
	 * The body of a C++ string literal holding {@code s}: quotes and backslashes escaped, control
	 * characters as three-digit octal escapes (a hex escape would swallow the digits after it).
	 */
	public static String stringLiteralBody(String s) {
		StringBuilder b = new StringBuilder();
		for (char c : s.toCharArray()) {
			if (c == '"' || c == '\\') {
				b.append('\\').append(c);
			} else if (c < 0x20 || c == 0x7f) {
				b.append(String.format("\\%03o", (int) c));
			} else {
				b.append(c);
			}
		}
		return b.toString();
	}
}
