package org.adamant.generator.cpp;

import java.util.List;
import java.util.OptionalLong;

import org.adamant.dsl.adamant.ArrayDim;
import org.adamant.dsl.adamant.EnumType;
import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.NamedRef;
import org.adamant.dsl.adamant.PrimitiveKind;
import org.adamant.dsl.adamant.PrimitiveRef;
import org.adamant.dsl.adamant.SequenceRef;
import org.adamant.dsl.adamant.StringRef;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.TypeDecl;
import org.adamant.dsl.adamant.TypeRef;
import org.adamant.dsl.semantics.EncodedSize;

/**
 * Model types as C++ types, and their wire size. The encoding (types.hpp) is little-endian: integers
 * in their width, bool and char one byte, float/double as IEEE-754 bits, enums as uint32, strings
 * and sequences as a uint32 count then the elements, arrays and structs as their elements in order.
 */
public final class CppTypes {

	private CppTypes() {
	}

	public static String primitive(PrimitiveKind kind) {
		return switch (kind) {
		case INT8 -> "std::int8_t";
		case UINT8 -> "std::uint8_t";
		case INT16 -> "std::int16_t";
		case UINT16 -> "std::uint16_t";
		case INT32 -> "std::int32_t";
		case UINT32 -> "std::uint32_t";
		case INT64 -> "std::int64_t";
		case UINT64 -> "std::uint64_t";
		case FLOAT -> "float";
		case DOUBLE -> "double";
		case BOOLEAN -> "bool";
		case CHAR -> "char";
		};
	}

	public static long primitiveSize(PrimitiveKind kind) {
		return EncodedSize.primitive(kind);
	}

	/** The C++ type of a type reference (without array dimensions). */
	public static String type(TypeRef ref) {
		if (ref instanceof PrimitiveRef p) {
			return primitive(p.getKind());
		} else if (ref instanceof StringRef) {
			return "std::string";
		} else if (ref instanceof SequenceRef s) {
			return "std::vector<" + type(s.getElement()) + ">";
		} else if (ref instanceof NamedRef n) {
			return n.getType().getName();
		}
		throw new IllegalArgumentException("unknown type reference " + ref);
	}

	/** The C++ type of a member: arrays become nested std::array, outermost dimension first. */
	public static String memberType(Member m) {
		String t = type(m.getType());
		List<ArrayDim> dims = m.getDims();
		for (int i = dims.size() - 1; i >= 0; i--) {
			t = "std::array<" + t + ", " + dims.get(i).getSize() + ">";
		}
		return t;
	}

	/** A comment on the member's wire form when it is not obvious from its C++ type. */
	public static String memberNote(Member m) {
		StringBuilder note = new StringBuilder();
		if (m.isKey()) {
			note.append("@key");
		}
		TypeRef t = m.getType();
		if (t instanceof StringRef s && s.getBound() > 0) {
			note.append(note.length() > 0 ? "; " : "").append("at most ").append(s.getBound()).append(" characters");
		} else if (t instanceof SequenceRef s && s.getBound() > 0) {
			note.append(note.length() > 0 ? "; " : "").append("at most ").append(s.getBound()).append(" elements");
		}
		return note.toString();
	}

	/** The encoded size if every value of the type encodes to the same number of bytes (the language's table). */
	public static OptionalLong fixedSize(TypeDecl type) {
		return EncodedSize.fixed(type);
	}

	public static OptionalLong fixedSize(Member m) {
		return EncodedSize.fixed(m);
	}

	public static OptionalLong fixedSize(TypeRef ref) {
		return EncodedSize.fixed(ref);
	}
}
