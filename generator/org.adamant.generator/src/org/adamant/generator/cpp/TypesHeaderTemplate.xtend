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

	def static String path(ModelInfo info) '''native/include/«info.identifier»/types.hpp'''

	def CharSequence generate(ModelInfo info) '''
		«Banner.of(info, "//", "Data types of model " + info.name + " and their wire encoding.")»
		//
		// Encoding (little-endian, no padding): integers in their width, bool and char in one byte,
		// float and double as their IEEE-754 bits, enums as uint32, strings and sequences as a uint32
		// count followed by the elements, arrays and structs as their elements in order.
		// encode() appends to a buffer; decode() checks every length against the buffer and returns
		// false on a truncated, oversized or malformed buffer.
		#pragma once

		#include <adamant/adamant.hpp>

		#include <array>
		#include <cstddef>
		#include <cstdint>
		#include <cstring>
		#include <string>
		#include <type_traits>
		#include <vector>

		namespace «info.identifier» {

		«Banner.rule("//", "wire primitives")»

		// Reads a buffer front to back; take() fails instead of reading past the end.
		class WireReader {
		 public:
		  explicit WireReader(adamant::ByteView bytes) : bytes_(bytes) {}

		  bool take(std::size_t n, const std::uint8_t*& p) {
		    if (bytes_.size - pos_ < n) {
		      return false;
		    }
		    p = bytes_.data + pos_;
		    pos_ += n;
		    return true;
		  }
		  std::size_t remaining() const { return bytes_.size - pos_; }
		  bool at_end() const { return pos_ == bytes_.size; }

		 private:
		  adamant::ByteView bytes_;
		  std::size_t pos_ = 0;
		};

		template <typename T>
		using EnableIfWireInt = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int>;

		template <typename T, EnableIfWireInt<T> = 0>
		inline void wire_put(std::vector<std::uint8_t>& out, T value) {
		  using U = std::make_unsigned_t<T>;
		  const U bits = static_cast<U>(value);
		  for (std::size_t i = 0; i < sizeof(T); ++i) {
		    out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
		  }
		}

		template <typename T, EnableIfWireInt<T> = 0>
		inline bool wire_get(WireReader& in, T& value) {
		  const std::uint8_t* p = nullptr;
		  if (!in.take(sizeof(T), p)) {
		    return false;
		  }
		  using U = std::make_unsigned_t<T>;
		  U bits = 0;
		  for (std::size_t i = 0; i < sizeof(T); ++i) {
		    bits = static_cast<U>(bits | (static_cast<U>(p[i]) << (8 * i)));
		  }
		  value = static_cast<T>(bits);
		  return true;
		}

		template <typename T, EnableIfWireInt<T> = 0>
		inline std::size_t wire_size(T) {
		  return sizeof(T);
		}

		inline void wire_put(std::vector<std::uint8_t>& out, bool value) {
		  out.push_back(static_cast<std::uint8_t>(value ? 1 : 0));
		}
		inline bool wire_get(WireReader& in, bool& value) {
		  std::uint8_t byte = 0;
		  if (!wire_get(in, byte) || byte > 1) {
		    return false;
		  }
		  value = byte == 1;
		  return true;
		}
		inline std::size_t wire_size(bool) { return 1; }

		inline void wire_put(std::vector<std::uint8_t>& out, float value) {
		  std::uint32_t bits = 0;
		  std::memcpy(&bits, &value, sizeof bits);
		  wire_put(out, bits);
		}
		inline bool wire_get(WireReader& in, float& value) {
		  std::uint32_t bits = 0;
		  if (!wire_get(in, bits)) {
		    return false;
		  }
		  std::memcpy(&value, &bits, sizeof value);
		  return true;
		}
		inline std::size_t wire_size(float) { return 4; }

		inline void wire_put(std::vector<std::uint8_t>& out, double value) {
		  std::uint64_t bits = 0;
		  std::memcpy(&bits, &value, sizeof bits);
		  wire_put(out, bits);
		}
		inline bool wire_get(WireReader& in, double& value) {
		  std::uint64_t bits = 0;
		  if (!wire_get(in, bits)) {
		    return false;
		  }
		  std::memcpy(&value, &bits, sizeof value);
		  return true;
		}
		inline std::size_t wire_size(double) { return 8; }

		inline void wire_put(std::vector<std::uint8_t>& out, const std::string& value) {
		  wire_put(out, static_cast<std::uint32_t>(value.size()));
		  out.insert(out.end(), value.begin(), value.end());
		}
		inline bool wire_get(WireReader& in, std::string& value) {
		  std::uint32_t n = 0;
		  const std::uint8_t* p = nullptr;
		  if (!wire_get(in, n) || !in.take(n, p)) {
		    return false;
		  }
		  value.assign(reinterpret_cast<const char*>(p), n);
		  return true;
		}
		inline std::size_t wire_size(const std::string& value) { return 4 + value.size(); }

		// Containers: declared first so that they can nest in each other; the element codecs of model
		// types below are found by argument-dependent lookup.
		template <typename T>
		void wire_put(std::vector<std::uint8_t>& out, const std::vector<T>& value);
		template <typename T>
		bool wire_get(WireReader& in, std::vector<T>& value);
		template <typename T>
		std::size_t wire_size(const std::vector<T>& value);
		template <typename T, std::size_t N>
		void wire_put(std::vector<std::uint8_t>& out, const std::array<T, N>& value);
		template <typename T, std::size_t N>
		bool wire_get(WireReader& in, std::array<T, N>& value);
		template <typename T, std::size_t N>
		std::size_t wire_size(const std::array<T, N>& value);

		template <typename T>
		void wire_put(std::vector<std::uint8_t>& out, const std::vector<T>& value) {
		  wire_put(out, static_cast<std::uint32_t>(value.size()));
		  for (const T& element : value) {
		    wire_put(out, element);
		  }
		}
		template <typename T>
		bool wire_get(WireReader& in, std::vector<T>& value) {
		  std::uint32_t n = 0;
		  // Every element takes at least one byte: a count beyond the rest of the buffer is corrupt.
		  if (!wire_get(in, n) || n > in.remaining()) {
		    return false;
		  }
		  value.resize(n);
		  for (T& element : value) {
		    if (!wire_get(in, element)) {
		      return false;
		    }
		  }
		  return true;
		}
		template <typename T>
		std::size_t wire_size(const std::vector<T>& value) {
		  std::size_t n = 4;
		  for (const T& element : value) {
		    n += wire_size(element);
		  }
		  return n;
		}
		template <typename T, std::size_t N>
		void wire_put(std::vector<std::uint8_t>& out, const std::array<T, N>& value) {
		  for (const T& element : value) {
		    wire_put(out, element);
		  }
		}
		template <typename T, std::size_t N>
		bool wire_get(WireReader& in, std::array<T, N>& value) {
		  for (T& element : value) {
		    if (!wire_get(in, element)) {
		      return false;
		    }
		  }
		  return true;
		}
		template <typename T, std::size_t N>
		std::size_t wire_size(const std::array<T, N>& value) {
		  std::size_t n = 0;
		  for (const T& element : value) {
		    n += wire_size(element);
		  }
		  return n;
		}
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
		inline void encode(const «s.name»& value, std::vector<std::uint8_t>& out) { wire_put(out, value); }

		// Decodes exactly one «s.name» from bytes; false if bytes is short, long or malformed.
		inline bool decode(adamant::ByteView bytes, «s.name»& value) {
		  WireReader in(bytes);
		  return wire_get(in, value) && in.at_end();
		}

		inline std::size_t encoded_size(const «s.name»& value) { return wire_size(value); }
	'''

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
