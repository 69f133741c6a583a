// FEC (sender-based XOR, r data : c repair) engines (label: unit).
#include <adamant/engine.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <algorithm>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
const Endpoint kSender{0x7F000001, 1};

FecSenderConfig fec(int r, int c) {
  FecSenderConfig s;
  s.r = r;
  s.c = c;
  return s;
}

std::unique_ptr<ReceiverEngine> receiver() { return make_receiver(fec_receiver_config(RicochetReceiverConfig{})); }

// Payload of update `seq`: length and bytes vary, so lengths and padding are exercised.
std::vector<std::uint8_t> payload(std::uint64_t seq) {
  return std::vector<std::uint8_t>(10 + seq % 7, static_cast<std::uint8_t>(seq * 37));
}

std::vector<std::vector<std::uint8_t>> repairs_in(const Output& out) {
  std::vector<std::vector<std::uint8_t>> v;
  for (const auto& d : out.datagrams)
    if (d.bytes.size() > 5 && d.bytes[5] == static_cast<std::uint8_t>(wire::Kind::Repair)) v.push_back(d.bytes);
  return v;
}

}  // namespace

TEST(Fec, EveryRPacketsTheSenderMulticastsCInterleavedRepairs) {
  auto s = make_sender(fec(4, 2));
  Output out;
  for (std::uint64_t i = 1; i <= 3; ++i) s->publish(view(payload(i)), Nanos{static_cast<Nanos::rep>(i)}, out);
  EXPECT_TRUE(repairs_in(out).empty());  // block not full
  s->publish(view(payload(4)), Nanos{4}, out);
  const auto reps = repairs_in(out);
  ASSERT_EQ(reps.size(), 2u);
  std::vector<std::vector<std::uint64_t>> covered;
  for (const auto& b : reps) {
    auto p = wire::decode(view(b));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->header.stream_id, 1u);
    covered.push_back(wire::decode_repair(p->payload)->sequences);
  }
  EXPECT_EQ(covered[0], (std::vector<std::uint64_t>{1, 3}));
  EXPECT_EQ(covered[1], (std::vector<std::uint64_t>{2, 4}));
  EXPECT_EQ(s->stats().repairs_sent, 2u);
  EXPECT_EQ(s->stats().published, 4u);
}

TEST(Fec, AnySingleLossInABlockIsRecoveredWithItsPayloadAndSendTime) {
  for (int lost = 0; lost < 4; ++lost) {
    auto s = make_sender(fec(4, 1));
    auto r = receiver();
    Output so, ro;
    s->on_tick(Nanos{0}, so);  // a heartbeat (highest 0) first: the receiver starts at sequence 1
    for (std::uint64_t i = 1; i <= 8; ++i) s->publish(view(payload(i)), Nanos{static_cast<Nanos::rep>(i * 1000)}, so);
    for (const auto& d : so.datagrams) {
      auto p = wire::decode(view(d.bytes));
      ASSERT_TRUE(p);
      if (p->header.kind == wire::Kind::Data && (p->header.sequence == static_cast<std::uint64_t>(lost + 1) ||
                                                 p->header.sequence == static_cast<std::uint64_t>(lost + 5)))
        continue;  // one loss in each block
      r->on_datagram(view(d.bytes), kSender, 10ms, ro);
    }
    ASSERT_EQ(ro.deliveries.size(), 8u) << "lost position " << lost;
    for (const auto& d : ro.deliveries) {
      EXPECT_EQ(d.payload, payload(d.sequence));
      EXPECT_EQ(d.send_time_ns, static_cast<std::int64_t>(d.sequence * 1000));
    }
    EXPECT_EQ(r->stats().recovered, 2u);
    EXPECT_EQ(r->accounted_through(), 8u);
    EXPECT_TRUE(ro.datagrams.empty());  // FEC receivers send nothing (no repairs, no NAKs, no JOINs)
  }
}

TEST(Fec, TwoLossesInABlockNeedTwoRepairsOnDifferentPositions) {
  for (int c : {1, 2}) {
    auto s = make_sender(fec(4, c));
    auto r = receiver();
    Output so, ro;
    for (std::uint64_t i = 1; i <= 4; ++i) s->publish(view(payload(i)), Nanos{1}, so);
    for (const auto& d : so.datagrams) {
      auto p = wire::decode(view(d.bytes));
      if (p->header.kind == wire::Kind::Data && (p->header.sequence == 2 || p->header.sequence == 3)) continue;
      r->on_datagram(view(d.bytes), kSender, 1ms, ro);
    }
    EXPECT_EQ(ro.deliveries.size(), c == 1 ? 2u : 4u) << "c = " << c;
  }
}

TEST(Fec, APartialBlockGetsItsRepairsAfterTheFlushTime) {
  auto s = make_sender(fec(8, 1));
  Output out;
  s->publish(view(payload(1)), 0ms, out);
  s->publish(view(payload(2)), 1ms, out);
  out.clear();
  const auto d = s->next_deadline();
  ASSERT_TRUE(d);
  EXPECT_LE(*d, 51ms);
  s->on_tick(51ms, out);
  const auto reps = repairs_in(out);
  ASSERT_EQ(reps.size(), 1u);
  auto p = wire::decode(view(reps[0]));
  EXPECT_EQ(wire::decode_repair(p->payload)->sequences, (std::vector<std::uint64_t>{1, 2}));
}

TEST(Fec, ParametersAreClampedCAtMostR) {
  FecSender s(fec(2, 5));
  EXPECT_EQ(s.r(), 2);
  EXPECT_EQ(s.c(), 2);
  FecSender t(fec(100, 0));
  EXPECT_EQ(t.r(), 64);
  EXPECT_EQ(t.c(), 1);
}
