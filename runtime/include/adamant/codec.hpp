// The wire encoding of model data types (the generated <model>/types.hpp): the primitives and
// containers here, the model's enums and structs in the generated header, which brings these
// into its namespace (using-declarations) and adds an overload per type.
//
// Encoding (little-endian, no padding): integers in their width, bool and char in one byte,
// float and double as their IEEE-754 bits, enums as uint32, strings and sequences as a uint32
// count followed by the elements, arrays and structs as their elements in order.
// wire_put appends to a buffer; wire_get checks every length against the buffer and returns
// false on a truncated, oversized or malformed buffer; wire_size is the encoded size.
#pragma once

#include <adamant/types.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace adamant::codec {

// Reads a buffer front to back; take() fails instead of reading past the end.
class WireReader {
 public:
  explicit WireReader(ByteView bytes) : bytes_(bytes) {}

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
  ByteView bytes_;
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
// types are found by argument-dependent lookup in the model's namespace.
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

// Decodes exactly one value from bytes (no byte left over); false if bytes is short, long or
// malformed.
template <typename T>
bool decode_exactly(ByteView bytes, T& value) {
  WireReader in(bytes);
  return wire_get(in, value) && in.at_end();
}

}  // namespace adamant::codec
