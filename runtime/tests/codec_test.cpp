#include <adamant/codec.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

// A model type as the generated <model>/types.hpp declares one: its own namespace, the codec's
// primitives brought in, one overload of each function.
namespace model {

using adamant::codec::wire_get;
using adamant::codec::wire_put;
using adamant::codec::wire_size;
using adamant::codec::WireReader;

enum class Mode : std::uint32_t { idle, busy };
inline void wire_put(std::vector<std::uint8_t>& out, Mode value) { wire_put(out, static_cast<std::uint32_t>(value)); }
inline bool wire_get(WireReader& in, Mode& value) {
  std::uint32_t raw = 0;
  if (!wire_get(in, raw) || raw >= 2u) return false;
  value = static_cast<Mode>(raw);
  return true;
}
inline std::size_t wire_size(Mode) { return 4; }

struct Point {
  std::int16_t x{};
  Mode mode{};
  std::vector<std::array<float, 2>> track;
};
inline void wire_put(std::vector<std::uint8_t>& out, const Point& value) {
  wire_put(out, value.x);
  wire_put(out, value.mode);
  wire_put(out, value.track);
}
inline bool wire_get(WireReader& in, Point& value) {
  return wire_get(in, value.x) && wire_get(in, value.mode) && wire_get(in, value.track);
}
inline std::size_t wire_size(const Point& value) {
  return wire_size(value.x) + wire_size(value.mode) + wire_size(value.track);
}

}  // namespace model

namespace {

using adamant::ByteView;
using adamant::codec::decode_exactly;
using adamant::codec::wire_put;
using adamant::codec::wire_size;

using Bytes = std::vector<std::uint8_t>;

ByteView view(const Bytes& b, std::size_t n) { return ByteView{b.data(), n}; }
ByteView view(const Bytes& b) { return view(b, b.size()); }

TEST(Codec, IntegersAreLittleEndianInTheirWidth) {
  Bytes b;
  wire_put(b, std::uint32_t{0x01020304});
  wire_put(b, std::int16_t{-2});
  EXPECT_EQ(b, (Bytes{0x04, 0x03, 0x02, 0x01, 0xFE, 0xFF}));
  EXPECT_EQ(wire_size(std::int64_t{0}), 8u);
  adamant::codec::WireReader in(view(b));
  std::uint32_t u = 0;
  std::int16_t s = 0;
  ASSERT_TRUE(adamant::codec::wire_get(in, u));
  ASSERT_TRUE(adamant::codec::wire_get(in, s));
  EXPECT_EQ(u, 0x01020304u);
  EXPECT_EQ(s, -2);
  EXPECT_TRUE(in.at_end());
}

TEST(Codec, FloatsAreTheirIeeeBits) {
  Bytes b;
  wire_put(b, 1.5);
  EXPECT_EQ(b, (Bytes{0, 0, 0, 0, 0, 0, 0xF8, 0x3F}));
  double d = 0;
  EXPECT_TRUE(decode_exactly(view(b), d));
  EXPECT_EQ(d, 1.5);
  Bytes f;
  wire_put(f, -2.0f);
  EXPECT_EQ(f, (Bytes{0, 0, 0, 0xC0}));
}

TEST(Codec, BoolIsOneByteAndRejectsOtherValues) {
  Bytes b;
  wire_put(b, true);
  EXPECT_EQ(b, Bytes{1});
  bool v = false;
  EXPECT_TRUE(decode_exactly(view(b), v));
  EXPECT_TRUE(v);
  EXPECT_FALSE(decode_exactly(view(Bytes{2}), v));
}

TEST(Codec, StringsAndSequencesAreCountedAndCheckedAgainstTheBuffer) {
  Bytes b;
  wire_put(b, std::string("ab"));
  EXPECT_EQ(b, (Bytes{2, 0, 0, 0, 'a', 'b'}));
  std::string s;
  EXPECT_TRUE(decode_exactly(view(b), s));
  EXPECT_EQ(s, "ab");
  EXPECT_FALSE(decode_exactly(view(b, 5), s));
  // A count beyond the rest of the buffer is rejected before anything is allocated.
  std::vector<std::uint64_t> v;
  EXPECT_FALSE(decode_exactly(view(Bytes{0xFF, 0xFF, 0xFF, 0x7F}), v));
}

TEST(Codec, ModelTypesNestInContainersAndRoundTrip) {
  std::vector<model::Point> points(2);
  points[0] = {-3, model::Mode::busy, {{1.0f, 2.0f}}};
  points[1] = {7, model::Mode::idle, {}};
  Bytes b;
  wire_put(b, points);
  EXPECT_EQ(b.size(), wire_size(points));
  EXPECT_EQ(b.size(), 4u + (2 + 4 + 4 + 8) + (2 + 4 + 4));
  std::vector<model::Point> back;
  ASSERT_TRUE(decode_exactly(view(b), back));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].x, -3);
  EXPECT_EQ(back[0].mode, model::Mode::busy);
  EXPECT_EQ(back[0].track, (std::vector<std::array<float, 2>>{{1.0f, 2.0f}}));
  EXPECT_EQ(back[1].x, 7);
}

TEST(Codec, DecodeRejectsEveryTruncationAndTrailingBytes) {
  model::Point p{1, model::Mode::busy, {{0.5f, 0.25f}, {1.0f, 1.0f}}};
  Bytes b;
  wire_put(b, p);
  model::Point out;
  for (std::size_t cut = 0; cut < b.size(); ++cut) {
    EXPECT_FALSE(decode_exactly(view(b, cut), out)) << cut;
  }
  b.push_back(0);
  EXPECT_FALSE(decode_exactly(view(b), out));
}

TEST(Codec, AnOutOfRangeEnumIsMalformed) {
  Bytes b;
  wire_put(b, std::uint32_t{2});
  model::Mode m = model::Mode::idle;
  EXPECT_FALSE(decode_exactly(view(b), m));
}

}  // namespace
