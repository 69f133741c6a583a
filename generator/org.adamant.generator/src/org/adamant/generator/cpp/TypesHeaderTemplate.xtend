package org.adamant.generator.cpp

import org.adamant.dsl.adamant.EnumType
import org.adamant.dsl.adamant.Member
import org.adamant.dsl.adamant.SequenceRef
import org.adamant.dsl.adamant.StructType
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

import static extension org.adamant.generator.cpp.CppTypes.*

/** native/include/<model>/types.hpp: a C++ struct per model struct, and its wire codec. */
class TypesHeaderTemplate {

	/** The widest line of generated C++ (NativeTargetTest checks every generated native file). */
	static val MAX_COLUMNS = 120

	def static String path(ModelInfo info) '''native/include/«info.identifier»/types.hpp'''

	def CharSequence generate(ModelInfo info) '''
		«Banner.of(info, "//", "Data types of model " + info.name + " and their wire encoding.")»
		//
		// Encoding and wire primitives: adamant/codec.hpp (integers, bool, char, float, double, strings,
		// sequences, arrays). Each type here adds its own wire_put, wire_get and wire_size, and
		// encode() / decode() / encoded_size() of each struct are the codec's entry points.
		#pragma once

		#include <adamant/codec.hpp>

		#include <array>
		#include <cstddef>
		#include <cstdint>
		#include <string>
		#include <vector>

		namespace «info.identifier» {

		using adamant::codec::WireReader;
		using adamant::codec::wire_get;
		using adamant::codec::wire_put;
		using adamant::codec::wire_size;
		«FOR type : info.types»

			«IF type instanceof StructType»«struct(type)»«ELSEIF type instanceof EnumType»«enumType(type)»«ENDIF»
		«ENDFOR»

		}  // namespace «info.identifier»
	'''

	def private enumType(EnumType e) '''
		«Banner.rule("//", "enum " + e.name + " (" + ModelInfo.sourceOf(e) + ")")»

		enum class «e.name» : std::uint32_t {
		  «FOR l : e.literals SEPARATOR ","»
		  	«l.name»
		  «ENDFOR»
		};

		inline void wire_put(std::vector<std::uint8_t>& out, «e.name» value) {
		  wire_put(out, static_cast<std::uint32_t>(value));
		}
		inline bool wire_get(WireReader& in, «e.name»& value) {
		  std::uint32_t raw = 0;
		  if (!wire_get(in, raw) || raw >= «e.literals.size»u) {
		    return false;
		  }
		  value = static_cast<«e.name»>(raw);
		  return true;
		}
		inline std::size_t wire_size(«e.name») { return 4; }
	'''

	def private struct(StructType s) '''
		«Banner.rule("//", "struct " + s.name + " (" + ModelInfo.sourceOf(s) + ")")»

		struct «s.name» {
		  «FOR m : s.members»
		  	«m.memberType» «m.name»{};«IF !m.memberNote.empty»  // «m.memberNote»«ENDIF»
		  «ENDFOR»
		};
		«IF s.fixedSize.present»

			// Every «s.name» encodes to «s.fixedSize.asLong» bytes.
			inline constexpr std::size_t k«s.name»EncodedSize = «s.fixedSize.asLong»;
		«ENDIF»

		inline void wire_put(std::vector<std::uint8_t>& out, const «s.name»& value) {
		  «IF s.members.empty»
		  	(void)out;
		  	(void)value;
		  «ENDIF»
		  «FOR m : s.members»
		  	wire_put(out, value.«m.name»);
		  «ENDFOR»
		}
		inline bool wire_get(WireReader& in, «s.name»& value) {
		  «IF s.members.empty»
		  	(void)in;
		  	(void)value;
		  	return true;
		  «ELSE»
		  	return «FOR m : s.members SEPARATOR " &&\n       "»«m.getter»«ENDFOR»;
		  «ENDIF»
		}
		inline std::size_t wire_size(const «s.name»& value) {
		  «IF s.members.empty»
		  	(void)value;
		  	return 0;
		  «ELSE»
		  	return «FOR m : s.members SEPARATOR " +\n       "»wire_size(value.«m.name»)«ENDFOR»;
		  «ENDIF»
		}

		// Appends the encoding of value to out.
		«function("inline void encode(const " + s.name + "& value, std::vector<std::uint8_t>& out)", "wire_put(out, value);")»

		// Decodes exactly one «s.name» from bytes; false if bytes is short, long or malformed.
		«function("inline bool decode(adamant::ByteView bytes, " + s.name + "& value)", "return adamant::codec::decode_exactly(bytes, value);")»

		«function("inline std::size_t encoded_size(const " + s.name + "& value)", "return wire_size(value);")»
	'''

	/** A one-statement function on one line when it fits in MAX_COLUMNS, else its body on its own line. */
	def private static String function(String signature, String statement) {
		val line = signature + " { " + statement + " }"
		if (line.length <= MAX_COLUMNS) line else signature + " {\n  " + statement + "\n}"
	}

	/** wire_get of one member, with the bound check of a bounded sequence or string. */
	def private getter(Member m) {
		val bound = m.boundOf
		if (bound > 0 && m.dims.empty) {
			return '''wire_get(in, value.«m.name») && value.«m.name».size() <= «bound»u'''
		}
		return '''wire_get(in, value.«m.name»)'''
	}

	def private int boundOf(Member m) {
		val t = m.type
		if (t instanceof SequenceRef) return t.bound
		if (t instanceof org.adamant.dsl.adamant.StringRef) return t.bound
		return 0
	}
}
