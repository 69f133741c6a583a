package org.adamant.dsl.semantics;

import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;

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

/**
 * Bytes of one encoded sample, the one table the predictions and the generators share. The encoding
 * is packed (no alignment padding): integers in their width, boolean and char one byte, float and
 * double 4 and 8, enums 4 (uint32), strings and sequences a 4-byte count then the elements, arrays
 * and structs their elements in order.
 */
public final class EncodedSize {

	/** A string or sequence's count prefix. */
	public static final long COUNT_BYTES = 4;
	/** An enum's encoding (uint32). */
	public static final long ENUM_BYTES = 4;

	private EncodedSize() {
	}

	public static long primitive(PrimitiveKind kind) {
		return switch (kind) {
		case INT8, UINT8, BOOLEAN, CHAR -> 1;
		case INT16, UINT16 -> 2;
		case INT32, UINT32, FLOAT -> 4;
		case INT64, UINT64, DOUBLE -> 8;
		};
	}

	/**
	 * The size when every value of the type encodes to the same number of bytes (no string or sequence).
	 * Empty too for a type nested deeper than {@link Limits#MAX_TYPE_NESTING} (or containing itself),
	 * which the validator reports.
	 */
	public static OptionalLong fixed(TypeDecl type) {
		return fixed(type, 0);
	}

	public static OptionalLong fixed(Member m) {
		return fixed(m, 0);
	}

	public static OptionalLong fixed(TypeRef ref) {
		return fixed(ref, 0);
	}

	private static OptionalLong fixed(TypeDecl type, int depth) {
		if (type instanceof EnumType) {
			return OptionalLong.of(ENUM_BYTES);
		}
		if (!(type instanceof StructType struct) || depth > Limits.MAX_TYPE_NESTING) {
			return OptionalLong.empty();
		}
		long total = 0;
		for (Member m : struct.getMembers()) {
			OptionalLong size = fixed(m, depth + 1);
			if (size.isEmpty()) {
				return OptionalLong.empty();
			}
			total += size.getAsLong();
		}
		return OptionalLong.of(total);
	}

	private static OptionalLong fixed(Member m, int depth) {
		OptionalLong element = fixed(m.getType(), depth);
		if (element.isEmpty()) {
			return element;
		}
		long n = element.getAsLong();
		for (ArrayDim d : m.getDims()) {
			n *= d.getSize();
		}
		return OptionalLong.of(n);
	}

	private static OptionalLong fixed(TypeRef ref, int depth) {
		if (ref instanceof PrimitiveRef p) {
			return OptionalLong.of(primitive(p.getKind()));
		} else if (ref instanceof NamedRef n) {
			return fixed(n.getType(), depth);
		}
		return OptionalLong.empty(); // strings and sequences carry a count
	}

	/**
	 * The largest encoding of a sample of {@code type}: strings and sequences at their bound (an
	 * unbounded one counts its count prefix only). Equals {@link #fixed} when the type is fixed-size.
	 * Types nested deeper than {@link Limits#MAX_TYPE_NESTING} count nothing (the validator reports them).
	 */
	public static double atBounds(StructType type) {
		return structSize(type, new HashSet<>());
	}

	private static double structSize(StructType type, Set<StructType> open) {
		if (type == null || type.eIsProxy() || open.size() > Limits.MAX_TYPE_NESTING || !open.add(type)) {
			return 0;
		}
		double size = 0;
		for (Member m : type.getMembers()) {
			double s = typeSize(m.getType(), open, 0);
			for (ArrayDim d : m.getDims()) {
				s *= Math.max(0, d.getSize());
			}
			size += s;
		}
		open.remove(type);
		return size;
	}

	/** {@code depth} counts the sequences around {@code ref}; deeper than the limit counts nothing. */
	private static double typeSize(TypeRef ref, Set<StructType> open, int depth) {
		if (ref instanceof PrimitiveRef p) {
			return primitive(p.getKind());
		}
		if (ref instanceof StringRef s) {
			return COUNT_BYTES + s.getBound();
		}
		if (ref instanceof SequenceRef s) {
			return depth > Limits.MAX_TYPE_NESTING ? 0 : COUNT_BYTES + s.getBound() * typeSize(s.getElement(), open, depth + 1);
		}
		if (ref instanceof NamedRef n) {
			TypeDecl t = n.getType();
			if (t instanceof StructType st) {
				return structSize(st, open);
			}
			if (t instanceof EnumType) {
				return ENUM_BYTES;
			}
		}
		return 0;
	}
}
