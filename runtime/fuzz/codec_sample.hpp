// A model type for fuzzing adamant/codec.hpp, written as TypesHeaderTemplate generates one: every
// primitive, an enum (range-checked), a bounded sequence, strings, an array, nested sequences and
// a nested struct, so one decoder exercises every wire_get the generated code calls.
#pragma once

#include <adamant/codec.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace adamant::fuzz::model {

using adamant::codec::WireReader;
using adamant::codec::wire_get;
using adamant::codec::wire_put;
using adamant::codec::wire_size;

enum class Mode : std::uint32_t { Idle, Search, Track };

inline void wire_put(std::vector<std::uint8_t>& out, Mode value) { wire_put(out, static_cast<std::uint32_t>(value)); }
inline bool wire_get(WireReader& in, Mode& value) {
  std::uint32_t raw = 0;
  if (!wire_get(in, raw) || raw >= 3u) return false;
  value = static_cast<Mode>(raw);
  return true;
}
inline std::size_t wire_size(Mode) { return 4; }

struct Inner {
  bool valid{};
  std::string label{};
  std::vector<double> values{};
};
inline void wire_put(std::vector<std::uint8_t>& out, const Inner& v) {
  wire_put(out, v.valid);
  wire_put(out, v.label);
  wire_put(out, v.values);
}
inline bool wire_get(WireReader& in, Inner& v) {
  return wire_get(in, v.valid) && wire_get(in, v.label) && wire_get(in, v.values);
}
inline std::size_t wire_size(const Inner& v) { return wire_size(v.valid) + wire_size(v.label) + wire_size(v.values); }

struct Sample {
  std::int8_t i8{};
  std::uint16_t u16{};
  std::int32_t i32{};
  std::uint64_t u64{};
  char c{};
  float f{};
  Mode mode{};
  std::array<std::int16_t, 3> arr{};
  std::vector<std::uint8_t> bytes{};  // at most 64 elements
  std::vector<std::vector<std::string>> names{};
  std::vector<Inner> inners{};
};
inline void wire_put(std::vector<std::uint8_t>& out, const Sample& v) {
  wire_put(out, v.i8), wire_put(out, v.u16), wire_put(out, v.i32), wire_put(out, v.u64), wire_put(out, v.c);
  wire_put(out, v.f), wire_put(out, v.mode), wire_put(out, v.arr), wire_put(out, v.bytes);
  wire_put(out, v.names), wire_put(out, v.inners);
}
inline bool wire_get(WireReader& in, Sample& v) {
  return wire_get(in, v.i8) && wire_get(in, v.u16) && wire_get(in, v.i32) && wire_get(in, v.u64) &&
         wire_get(in, v.c) && wire_get(in, v.f) && wire_get(in, v.mode) && wire_get(in, v.arr) &&
         wire_get(in, v.bytes) && v.bytes.size() <= 64u && wire_get(in, v.names) && wire_get(in, v.inners);
}
inline std::size_t wire_size(const Sample& v) {
  return wire_size(v.i8) + wire_size(v.u16) + wire_size(v.i32) + wire_size(v.u64) + wire_size(v.c) +
         wire_size(v.f) + wire_size(v.mode) + wire_size(v.arr) + wire_size(v.bytes) + wire_size(v.names) +
         wire_size(v.inners);
}

}  // namespace adamant::fuzz::model
