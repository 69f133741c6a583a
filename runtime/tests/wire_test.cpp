#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace adamant;
using namespace adamant::wire;

namespace {
ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
}  // namespace

TEST(Wire, DataRoundTrip) {
  const std::vector<std::uint8_t> payload{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  Header h{Kind::Data, 0xDEADBEEF, 7, 42, -5, 0};
  auto bytes = encode(h, view(payload));
  ASSERT_EQ(bytes.size(), kHeaderSize + payload.size());
  DecodeError err{};
  auto p = decode(view(bytes), &err);
  ASSERT_TRUE(p) << to_string(err);
  EXPECT_EQ(p->header.kind, Kind::Data);
  EXPECT_EQ(p->header.session, 0xDEADBEEFu);
  EXPECT_EQ(p->header.stream_id, 7u);
  EXPECT_EQ(p->header.sequence, 42u);
  EXPECT_EQ(p->header.send_time_ns, -5);
  ASSERT_EQ(p->payload.size, payload.size());
  EXPECT_TRUE(std::equal(payload.begin(), payload.end(), p->payload.data));
}

TEST(Wire, HeartbeatAndNakRoundTrip) {
  auto hb = encode_heartbeat(3, 1, 100, 37, 99);
  auto p = decode(view(hb));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->header.kind, Kind::Heartbeat);
  EXPECT_EQ(p->header.sequence, 100u);
  EXPECT_EQ(decode_heartbeat_lowest(p->payload), 37u);

  std::vector<SeqRange> ranges{{1, 1}, {5, 9}, {1000, 1000000}};
  auto nak = encode_nak(3, 1, ranges, 7);
  auto q = decode(view(nak));
  ASSERT_TRUE(q);
  EXPECT_EQ(q->header.kind, Kind::Nak);
  EXPECT_EQ(decode_nak_ranges(q->payload), ranges);
}

TEST(Wire, RejectsEveryTruncation) {
  const std::vector<std::uint8_t> payload(12, 0xAB);
  auto bytes = encode(Header{Kind::Retransmit, 1, 1, 9, 0, 0}, view(payload));
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    DecodeError err{};
    EXPECT_FALSE(decode(ByteView{bytes.data(), n}, &err)) << "prefix " << n;
    EXPECT_NE(err, DecodeError::None);
  }
  EXPECT_FALSE(decode(ByteView{nullptr, 0}));
}

TEST(Wire, RejectsWrongMagicVersionKindFlagsAndLength) {
  auto good = encode(Header{Kind::Data, 1, 1, 1, 0, 0}, ByteView{nullptr, 0});
  auto check = [&](std::size_t idx, std::uint8_t value, DecodeError expected) {
    auto b = good;
    b[idx] = value;
    DecodeError err{};
    EXPECT_FALSE(decode(view(b), &err));
    EXPECT_EQ(err, expected) << "byte " << idx;
  };
  check(0, 0x00, DecodeError::BadMagic);
  check(4, 2, DecodeError::BadVersion);
  check(4, 0, DecodeError::BadVersion);
  check(5, 0, DecodeError::BadKind);
  check(5, 99, DecodeError::BadKind);
  check(7, 1, DecodeError::BadFlags);
  // Huge declared payload length on a short datagram.
  auto huge = good;
  huge[32] = huge[33] = huge[34] = huge[35] = 0xFF;
  DecodeError err{};
  EXPECT_FALSE(decode(view(huge), &err));
  EXPECT_EQ(err, DecodeError::LengthMismatch);
  // Trailing bytes beyond the declared payload.
  auto trailing = good;
  trailing.push_back(0);
  EXPECT_FALSE(decode(view(trailing), &err));
  EXPECT_EQ(err, DecodeError::LengthMismatch);
}

TEST(Wire, RejectsMalformedKindPayloads) {
  // NAK with too many ranges, crafted by hand (encode_nak refuses to build it).
  std::vector<std::uint8_t> ranges;
  for (std::size_t i = 0; i < kMaxNakRanges + 1; ++i)
    for (int b = 0; b < 16; ++b) ranges.push_back(b == 7 || b == 15 ? 1 : 0);
  DecodeError err{};
  EXPECT_FALSE(decode(view(encode(Header{Kind::Nak, 1, 1, 0, 0, 0}, view(ranges))), &err));
  EXPECT_EQ(err, DecodeError::BadPayload);
  EXPECT_THROW(encode_nak(1, 1, std::vector<SeqRange>(kMaxNakRanges + 1, SeqRange{1, 1}), 0),
               std::length_error);
  EXPECT_THROW(encode_nak(1, 1, {}, 0), std::length_error);
  // NAK range with first > last, and a half range.
  EXPECT_FALSE(decode(view(encode_nak(1, 1, {{5, 4}}, 0))));
  std::vector<std::uint8_t> half(8, 1);
  EXPECT_FALSE(decode(view(encode(Header{Kind::Nak, 1, 1, 0, 0, 0}, view(half)))));
  // Heartbeat payload must be exactly 8 bytes; DATA sequence 0 is invalid.
  EXPECT_FALSE(decode(view(encode(Header{Kind::Heartbeat, 1, 1, 0, 0, 0}, ByteView{half.data(), 4}))));
  EXPECT_FALSE(decode(view(encode(Header{Kind::Data, 1, 1, 0, 0, 0}, ByteView{}))));
  // Oversized payloads cannot be encoded.
  std::vector<std::uint8_t> big(kMaxPayload + 1);
  EXPECT_THROW(encode(Header{}, view(big)), std::length_error);
}

TEST(Wire, RandomGarbageNeverDecodesOrCrashes) {
  std::mt19937_64 rng(12345);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> b(rng() % 128);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    if (i % 2 && b.size() >= 6) {  // half of them with a valid prefix to reach deeper checks
      b[0] = 0x41, b[1] = 0x44, b[2] = 0x4D, b[3] = 0x54, b[4] = kVersion, b[5] = 1 + rng() % 7;
    }
    if (decode(view(b))) ++accepted;
  }
  EXPECT_EQ(accepted, 0);
}

TEST(Wire, RejectsReservedTopSequence) {
  auto hb = encode_heartbeat(1, 1, ~std::uint64_t{0}, 1, 0);
  DecodeError err{};
  EXPECT_FALSE(decode(view(hb), &err));
  EXPECT_EQ(err, DecodeError::BadPayload);
}

// ---------------------------------------------------------------- Ricochet kinds

TEST(Wire, RepairRoundTrip) {
  const std::vector<std::uint8_t> x{0xAA, 0x55, 0x01};
  auto b = encode_repair(9, 1, {7, 3, 12}, 0x1234, -77, view(x), 5);
  DecodeError err{};
  auto p = decode(view(b), &err);
  ASSERT_TRUE(p) << to_string(err);
  EXPECT_EQ(p->header.kind, Kind::Repair);
  EXPECT_EQ(p->header.session, 9u);
  auto r = decode_repair(p->payload);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->sequences, (std::vector<std::uint64_t>{7, 3, 12}));  // XOR (arrival) order kept
  EXPECT_EQ(r->len_xor, 0x1234u);
  EXPECT_EQ(r->time_xor, -77);
  ASSERT_EQ(r->xor_payload.size, 3u);
  EXPECT_TRUE(std::equal(x.begin(), x.end(), r->xor_payload.data));
  EXPECT_THROW(encode_repair(1, 1, {}, 0, 0, ByteView{}, 0), std::length_error);
  EXPECT_THROW(encode_repair(1, 1, std::vector<std::uint64_t>(kMaxRepairCount + 1, 1), 0, 0, ByteView{}, 0),
               std::length_error);
}

TEST(Wire, RejectsMalformedRepairs) {
  auto good = encode_repair(1, 1, {1, 2}, 0, 0, ByteView{}, 0);
  ASSERT_TRUE(decode(view(good)));
  // Every truncation (the header length is adjusted so only the payload check can fail).
  for (std::size_t n = kHeaderSize; n < kHeaderSize + kRepairFixedSize + 16; ++n) {
    auto t = std::vector<std::uint8_t>(good.begin(), good.begin() + static_cast<long>(n));
    EXPECT_FALSE(decode_repair(ByteView{t.data() + kHeaderSize, n - kHeaderSize})) << n;
  }
  auto payload = [&](const std::vector<std::uint8_t>& b) {
    return ByteView{b.data() + kHeaderSize, b.size() - kHeaderSize};
  };
  // Count larger than the sequences present (a huge count on a short datagram).
  auto big = good;
  big[kHeaderSize] = 0xFF, big[kHeaderSize + 1] = 0xFF;
  EXPECT_FALSE(decode_repair(payload(big)));
  DecodeError err{};
  EXPECT_FALSE(decode(view(big), &err));
  EXPECT_EQ(err, DecodeError::BadPayload);
  // Count 65 with enough bytes behind it: above kMaxRepairCount.
  std::vector<std::uint8_t> p65{0, 65, 0, 0};
  p65.resize(kRepairFixedSize + 65 * 8, 0);
  for (std::size_t i = 0; i < 65; ++i) p65[kRepairFixedSize + i * 8 + 7] = static_cast<std::uint8_t>(i + 1);
  EXPECT_FALSE(decode_repair(view(p65)));
  // Count 0, reserved bits, sequence 0, duplicate sequences, top sequence.
  auto zero = good;
  zero[kHeaderSize + 1] = 0;
  EXPECT_FALSE(decode_repair(payload(zero)));
  auto resv = good;
  resv[kHeaderSize + 3] = 1;
  EXPECT_FALSE(decode_repair(payload(resv)));
  EXPECT_FALSE(decode(view(encode_repair(1, 1, {0, 2}, 0, 0, ByteView{}, 0))));
  EXPECT_FALSE(decode(view(encode_repair(1, 1, {5, 5}, 0, 0, ByteView{}, 0))));
  EXPECT_FALSE(decode(view(encode_repair(1, 1, {~std::uint64_t{0}}, 0, 0, ByteView{}, 0))));
}

TEST(Wire, MembershipRoundTripAndValidation) {
  std::vector<Member> ms{{1, Endpoint{0x7F000001, 5000}}, {0xFFFFFFFF, Endpoint{0x0A000001, 1}}};
  auto b = encode_membership(Kind::Join, 3, ms, 0);
  auto p = decode(view(b));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->header.kind, Kind::Join);
  EXPECT_EQ(decode_members(p->payload), ms);
  auto l = decode(view(encode_membership(Kind::Leave, 3, {ms[0]}, 0)));
  ASSERT_TRUE(l);
  EXPECT_EQ(l->header.kind, Kind::Leave);
  EXPECT_THROW(encode_membership(Kind::Data, 3, ms, 0), std::invalid_argument);
  EXPECT_THROW(encode_membership(Kind::Join, 3, {}, 0), std::length_error);
  EXPECT_THROW(encode_membership(Kind::Join, 3, std::vector<Member>(kMaxMembersPerMessage + 1, ms[0]), 0),
               std::length_error);
  // Absurd entries: id 0, port 0, address 0, multicast, broadcast.
  for (auto bad : {Member{0, {0x7F000001, 1}}, Member{1, {0x7F000001, 0}}, Member{1, {0, 1}},
                   Member{1, {0xEFFF0001, 1}}, Member{1, {0xFFFFFFFF, 1}}}) {
    EXPECT_FALSE(decode(view(encode_membership(Kind::Join, 3, {bad}, 0))));
  }
  // Wrong counts: claims 2 entries but carries 1, claims 1 but carries 2, claims 65535.
  auto one = encode_membership(Kind::Join, 3, {ms[0]}, 0);
  auto two = encode_membership(Kind::Join, 3, ms, 0);
  auto lie = one;
  lie[kHeaderSize + 1] = 2;
  EXPECT_FALSE(decode(view(lie)));
  lie = two;
  lie[kHeaderSize + 1] = 1;
  EXPECT_FALSE(decode(view(lie)));
  lie = one;
  lie[kHeaderSize] = lie[kHeaderSize + 1] = 0xFF;
  EXPECT_FALSE(decode(view(lie)));
  // Every truncation of a valid JOIN is rejected.
  for (std::size_t n = 0; n < two.size(); ++n)
    EXPECT_FALSE(decode(ByteView{two.data(), n})) << n;
  // Huge declared payload length.
  auto huge = two;
  huge[32] = huge[33] = huge[34] = huge[35] = 0xFF;
  EXPECT_FALSE(decode(view(huge)));
}
