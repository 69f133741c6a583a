// Replace / Fifo engines and their wire messages (label: unit).
#include <adamant/replace.hpp>

#include "test_network.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
std::vector<std::uint8_t> body(std::uint8_t b, std::size_t n = 10) { return std::vector<std::uint8_t>(n, b); }
const Endpoint kSender{0x7F000001, 1}, kReceiver{0x7F000001, 2};

ReplaceConfig cfg(bool replacement = true) {
  ReplaceConfig c;
  c.replacement = replacement;
  return c;
}

// Moves every datagram of `out` from the sender to the receiver and every ACK back.
void exchange(ReplaceSender& s, ReplaceReceiver& r, Output& so, Output& ro, Nanos now) {
  for (auto& d : so.datagrams) r.on_datagram(view(d.bytes), kSender, now, ro);
  so.datagrams.clear();
  std::vector<OutDatagram> acks;
  acks.swap(ro.datagrams);
  for (auto& d : acks) s.on_datagram(view(d.bytes), kReceiver, now + 5ms, so);  // 5 ms back
}

}  // namespace

TEST(ReplaceWire, MsgAndAckRoundTripAndRejectBadFields) {
  wire::MsgInfo m;
  m.tag = 7, m.reliable = false, m.sequenced = true, m.priority = 3, m.flow_seq = 9, m.low_water = 4,
  m.flow_low = 2, m.flow_prev = 8;
  const auto b = body(0xAB, 5);
  auto bytes = wire::encode_msg(1, 2, 11, 123, m, view(b));
  auto p = wire::decode(view(bytes));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->header.kind, wire::Kind::Msg);
  EXPECT_EQ(p->header.sequence, 11u);
  auto d = wire::decode_msg(p->payload);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->tag, 7u);
  EXPECT_FALSE(d->reliable);
  EXPECT_TRUE(d->sequenced);
  EXPECT_EQ(d->priority, 3);
  EXPECT_EQ(d->flow_seq, 9u);
  EXPECT_EQ(d->low_water, 4u);
  EXPECT_EQ(d->flow_low, 2u);
  EXPECT_EQ(d->flow_prev, 8u);
  EXPECT_EQ(d->body.size, 5u);
  m.flow_prev = 9;  // must be below flow_seq
  EXPECT_FALSE(wire::decode(view(wire::encode_msg(1, 2, 11, 0, m, view(b)))));
  m.flow_prev = 0, m.flow_low = 10;
  EXPECT_FALSE(wire::decode(view(wire::encode_msg(1, 2, 11, 0, m, view(b)))));
  bytes[wire::kHeaderSize + 4] = 4;  // unknown class bit
  EXPECT_FALSE(wire::decode(view(bytes)));

  auto ack = wire::encode_ack(1, 2, 5, {{7, 8}, {10, 10}}, 0);
  auto a = wire::decode(view(ack));
  ASSERT_TRUE(a);
  auto ranges = wire::decode_ack_ranges(a->header.sequence, a->payload);
  ASSERT_TRUE(ranges);
  EXPECT_EQ(ranges->size(), 2u);
  EXPECT_FALSE(wire::decode(view(wire::encode_ack(1, 2, 7, {{7, 8}}, 0))));   // not above cum
  EXPECT_FALSE(wire::decode(view(wire::encode_ack(1, 2, 1, {{7, 8}, {8, 9}}, 0))));  // overlap
  EXPECT_TRUE(wire::decode(view(wire::encode_ack(1, 2, 1, {}, 0))));
}

TEST(Replace, ReplacementCancelsQueuedAndUnackedOlderMessagesOfTheTag) {
  auto c = cfg();
  c.pace_bytes_per_s = 1000;  // one 86-byte datagram per 86 ms
  c.pace_burst_bytes = 100;
  ReplaceSender s(c);
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const auto b1 = body(1), b2 = body(2), b3 = body(3), b4 = body(4);
  s.publish_tagged(1, view(b1), 0ms, so);  // sent at once (burst)
  ASSERT_EQ(so.datagrams.size(), 1u);
  s.publish_tagged(2, view(b2), 1ms, so);  // queued
  s.publish_tagged(2, view(b3), 2ms, so);  // replaces the queued tag-2 message
  EXPECT_EQ(s.replace_stats().replaced_queued, 1u);
  EXPECT_EQ(s.replace_stats().queue_length, 1u);
  s.publish_tagged(1, view(b4), 3ms, so);  // replaces the sent-but-unacked tag-1 message
  EXPECT_EQ(s.replace_stats().replaced_inflight, 1u);
  EXPECT_EQ(s.replace_stats().tags.at(1).cancelled, 1u);
  EXPECT_EQ(s.replace_stats().tags.at(2).cancelled, 1u);
  Nanos now = 3ms;
  for (int i = 0; i < 100; ++i) {
    exchange(s, r, so, ro, now);
    auto d = s.next_deadline();
    if (!d) break;
    now = std::max(now + 1ms, *d);
    s.on_tick(now, so);
  }
  ASSERT_EQ(ro.deliveries.size(), 3u);  // b1 (already in flight), b3, b4
  EXPECT_EQ(ro.deliveries[0].payload, b1);
  EXPECT_EQ(ro.deliveries[1].payload, b3);
  EXPECT_EQ(ro.deliveries[2].payload, b4);
  EXPECT_EQ(s.replace_stats().unacked, 0u);
  EXPECT_EQ(s.replace_stats().retransmissions, 0u);
  EXPECT_GT(s.replace_stats().srtt.count(), 0);
  EXPECT_EQ(r.replace_stats().tags.at(1).received, 2u);
  EXPECT_EQ(s.cancel(9), 0u);
}

TEST(Replace, FifoNeverReplaces) {
  ReplaceSender s(cfg(false));
  Output so;
  const auto b = body(1);
  for (int i = 0; i < 5; ++i) s.publish_tagged(1, view(b), Nanos{i}, so);
  EXPECT_EQ(so.datagrams.size(), 5u);  // unpaced: all sent
  EXPECT_EQ(s.replace_stats().replaced_queued + s.replace_stats().replaced_inflight, 0u);
  EXPECT_EQ(s.replace_stats().unacked, 5u);
}

TEST(Replace, LostReliableMessageIsRetransmittedAndDeliveredInOrder) {
  ReplaceSender s(cfg(false));
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const auto b1 = body(1), b2 = body(2);
  s.publish_tagged(1, view(b1), 0ms, so);
  so.datagrams.clear();  // lost
  s.publish_tagged(2, view(b2), 1ms, so);
  exchange(s, r, so, ro, 2ms);
  EXPECT_TRUE(ro.deliveries.empty());  // sequenced: waits for message 1
  auto d = s.next_deadline();
  ASSERT_TRUE(d);
  EXPECT_EQ(*d, 20ms);  // message 2's ACK gave a 6 ms RTT sample: RTO = the 20 ms minimum
  s.on_tick(*d, so);
  ASSERT_EQ(so.datagrams.size(), 1u);
  EXPECT_EQ(s.replace_stats().retransmissions, 1u);
  exchange(s, r, so, ro, *d + 1ms);
  ASSERT_EQ(ro.deliveries.size(), 2u);
  EXPECT_EQ(ro.deliveries[0].payload, b1);
  EXPECT_EQ(ro.deliveries[1].payload, b2);
  EXPECT_EQ(s.replace_stats().unacked, 0u);
}

TEST(Replace, CancelUnblocksTheSequencedFlowAndUnsequencedDeliversAtOnce) {
  ReplaceSender s(cfg());
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const auto b1 = body(1), b2 = body(2), b3 = body(3);
  s.publish_tagged(1, view(b1), 0ms, so);
  so.datagrams.clear();  // lost
  s.publish_tagged(2, view(b2), 1ms, so);
  exchange(s, r, so, ro, 1ms);
  EXPECT_TRUE(ro.deliveries.empty());
  EXPECT_EQ(s.cancel(1), 1u);
  s.publish_tagged(3, view(b3), 2ms, so);  // carries flow low past the cancelled message
  exchange(s, r, so, ro, 2ms);
  ASSERT_EQ(ro.deliveries.size(), 2u);
  EXPECT_EQ(ro.deliveries[0].payload, b2);
  EXPECT_EQ(ro.deliveries[1].payload, b3);

  ReplaceSender u(cfg());
  ReplaceReceiver ur(ReplaceReceiverConfig{});
  Output uo, uro;
  const MessageClass unseq{true, false, 0};
  u.replace(1, view(b1), unseq, 0ms, uo);
  uo.datagrams.clear();  // lost
  u.replace(2, view(b2), unseq, 1ms, uo);
  exchange(u, ur, uo, uro, 1ms);
  ASSERT_EQ(uro.deliveries.size(), 1u);  // no wait for message 1
  EXPECT_EQ(uro.deliveries[0].payload, b2);
}

TEST(Replace, UnreliableSequencedDropsOlderAndIsNeverRetransmitted) {
  ReplaceSender s(cfg());
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const MessageClass cls{false, true, 0};
  const auto b1 = body(1), b2 = body(2);
  s.replace(1, view(b1), cls, 0ms, so);
  auto first = std::move(so.datagrams);
  so.datagrams.clear();
  s.replace(2, view(b2), cls, 1ms, so);
  exchange(s, r, so, ro, 1ms);
  for (auto& d : first) r.on_datagram(view(d.bytes), kSender, 2ms, ro);  // late, older
  ASSERT_EQ(ro.deliveries.size(), 1u);
  EXPECT_EQ(ro.deliveries[0].payload, b2);
  EXPECT_EQ(r.replace_stats().obsolete + r.stats().duplicates, 1u);
  EXPECT_FALSE(s.next_deadline());
}

TEST(Replace, HigherPriorityFirstAndEnqueueTimeoutDrops) {
  auto c = cfg();
  c.pace_bytes_per_s = 1000;
  c.pace_burst_bytes = 100;
  c.enqueue_timeout = 88ms;
  ReplaceSender s(c);
  Output so;
  const auto b = body(0);
  s.replace(1, view(b), {true, true, 0}, 0ms, so);  // sent (burst)
  s.replace(2, view(b), {true, true, 0}, 1ms, so);
  s.replace(3, view(b), {true, false, 5}, 2ms, so);
  so.datagrams.clear();
  s.on_tick(90ms, so);  // one datagram's worth of tokens: the priority-5 message goes
  ASSERT_EQ(so.datagrams.size(), 1u);
  auto p = wire::decode(view(so.datagrams[0].bytes));
  ASSERT_TRUE(p);
  EXPECT_EQ(wire::decode_msg(p->payload)->tag, 3u);
  EXPECT_EQ(s.replace_stats().expired, 1u);  // tag 2 waited 89 ms > 88 ms
  EXPECT_EQ(s.replace_stats().queue_length, 0u);
}

TEST(Replace, PacingSpacesDatagramsAtTheConfiguredRate) {
  auto c = cfg(false);
  c.pace_bytes_per_s = 10'000;
  c.pace_burst_bytes = 1500;
  ReplaceSender s(c);
  Output so;
  const auto b = body(0, 1000 - wire::kHeaderSize - wire::kMsgFixedSize);  // 1000-byte datagrams
  for (int i = 0; i < 10; ++i) s.publish_tagged(static_cast<std::uint32_t>(i), view(b), 0ms, so);
  EXPECT_EQ(so.datagrams.size(), 1u);
  Nanos now = 0ms;
  std::size_t sent = 1;
  while (sent < 10) {
    auto d = s.next_deadline();
    ASSERT_TRUE(d);
    now = *d;
    so.datagrams.clear();
    s.on_tick(now, so);
    sent += so.datagrams.size();
  }
  // 9 more datagrams of 1000 bytes at 10 kB/s after a 1500-byte burst: ~0.85 s.
  EXPECT_GE(now, 800ms);
  EXPECT_LE(now, 900ms);
}

// ------------------------------------------------------------------ several receivers

namespace {

const Endpoint kRx[3] = {{0x7F000001, 10}, {0x7F000001, 11}, {0x7F000001, 12}};

Endpoint group_host(std::size_t h) { return h == 0 ? kSender : kRx[h - 1]; }

std::vector<std::unique_ptr<ReceiverEngine>> replace_receivers(std::size_t n) {
  std::vector<std::unique_ptr<ReceiverEngine>> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(std::make_unique<ReplaceReceiver>());
  return v;
}

// One sender and n receivers on the tests' in-memory network; the sender is stepped by hand
// (its output waits in `so` until the next exchange).
struct Group {
  adamant::testing::TestNetwork net;
  ReplaceSender& s;
  Output& so;
  std::vector<std::vector<std::uint64_t>> got;
  explicit Group(ReplaceConfig c, std::size_t n = 3)
      : net(std::make_unique<ReplaceSender>(c), replace_receivers(n), group_host),
        s(static_cast<ReplaceSender&>(net.writer())),
        so(net.held_writer_output()),
        got(n) {
    net.hold_writer_output = true;
  }
  // Delivers the sender's datagrams (multicast to all, unicast to its peer) except to the
  // receivers in `drop`, and their ACKs back `rtt` later.
  void exchange(Nanos now, std::vector<int> drop = {}, Nanos rtt = 5ms) {
    net.drop = [drop](std::size_t to, std::size_t from, const OutDatagram&) {
      return from == 0 && to > 0 && std::find(drop.begin(), drop.end(), static_cast<int>(to) - 1) != drop.end();
    };
    net.writer_delay = rtt;
    net.route(0, so, now);
    for (std::size_t i = 0; i < got.size(); ++i) {
      for (const auto& d : net.readers()[i].delivered) got[i].push_back(d.sequence);
      net.readers()[i].delivered.clear();
    }
  }
};

ReplaceConfig group_cfg(std::size_t min_receivers = 3) {
  ReplaceConfig c;
  c.min_receivers = min_receivers;
  return c;
}

}  // namespace

TEST(ReplaceGroup, OneMulticastServesAllAndEachReceiverHasItsOwnState) {
  Group g(group_cfg());
  for (int i = 0; i < 5; ++i) {
    const auto b = body(static_cast<std::uint8_t>(i));
    g.s.send(static_cast<std::uint32_t>(i), view(b), MessageClass{}, Nanos{i * 10'000'000}, g.so);
    ASSERT_EQ(g.so.datagrams.size(), 1u);
    EXPECT_EQ(g.so.datagrams[0].dest, Dest::Group);
    g.exchange(Nanos{i * 10'000'000}, {}, Nanos{(i + 1) * 1'000'000});
  }
  for (const auto& v : g.got) EXPECT_EQ(v, (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(g.s.in_flight(), 0u);
  const auto st = g.s.receiver_stats();
  ASSERT_EQ(st.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(st[i].endpoint, kRx[i]);
    EXPECT_EQ(st[i].acks, 5u);
    EXPECT_GT(st[i].srtt.count(), 0);
    EXPECT_EQ(st[i].unacked, 0u);
  }
  EXPECT_EQ(g.s.replace_stats().receivers, 3u);
}

TEST(ReplaceGroup, LossAtOneReceiverIsUnicastToItLossAtTwoIsMulticastOnce) {
  Group g(group_cfg());
  const auto b = body(1);
  g.s.send(1, view(b), MessageClass{}, Nanos{0}, g.so);
  g.exchange(Nanos{0});  // every receiver known, with an RTT sample
  g.s.send(2, view(b), MessageClass{}, 10ms, g.so);
  g.exchange(10ms, {2});  // receiver 2 misses message 2
  EXPECT_EQ(g.s.in_flight(), 1u);
  EXPECT_EQ(g.s.obligations(), 1u);
  const Nanos due = *g.s.next_deadline();
  EXPECT_LE(due, 10ms + ReplaceConfig{}.initial_rto);
  g.s.on_tick(due, g.so);
  ASSERT_EQ(g.so.datagrams.size(), 1u);
  EXPECT_EQ(g.so.datagrams[0].dest, Dest::Peer);
  EXPECT_EQ(g.so.datagrams[0].peer, kRx[2]);
  g.exchange(due);
  EXPECT_EQ(g.got[2], (std::vector<std::uint64_t>{1, 2}));
  EXPECT_EQ(g.s.in_flight(), 0u);
  EXPECT_EQ(g.s.receiver_stats()[2].retransmissions, 1u);
  EXPECT_EQ(g.s.receiver_stats()[0].retransmissions, 0u);

  g.s.send(3, view(b), MessageClass{}, 2s, g.so);
  g.exchange(2s, {0, 1});  // two receivers miss message 3
  const Nanos due3 = *g.s.next_deadline();
  g.s.on_tick(due3, g.so);
  ASSERT_EQ(g.so.datagrams.size(), 1u);
  EXPECT_EQ(g.so.datagrams[0].dest, Dest::Group);
  g.exchange(due3);
  for (const auto& v : g.got) EXPECT_EQ(v.back(), 3u);
  EXPECT_EQ(g.s.in_flight(), 0u);
}

TEST(ReplaceGroup, UnknownReceiversKeepMessagesInFlightAndGetGroupRetransmissions) {
  Group g(group_cfg(3));
  const auto b = body(1);
  g.s.send(1, view(b), MessageClass{}, Nanos{0}, g.so);
  g.exchange(Nanos{0}, {2});  // receiver 2 missed it before the sender knew it
  EXPECT_EQ(g.s.replace_stats().receivers, 2u);
  EXPECT_EQ(g.s.in_flight(), 1u);  // 2 of the 3 expected receivers acknowledged
  const Nanos due = *g.s.next_deadline();
  g.s.on_tick(due, g.so);
  ASSERT_EQ(g.so.datagrams.size(), 1u);
  EXPECT_EQ(g.so.datagrams[0].dest, Dest::Group);
  g.exchange(due);
  EXPECT_EQ(g.got[2], (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(g.s.replace_stats().receivers, 3u);
  EXPECT_EQ(g.s.in_flight(), 0u);
}

TEST(ReplaceGroup, ReplaceCancelsWhatEveryReceiverOwesAndCountsItPerReceiver) {
  Group g(group_cfg());
  const auto b = body(1);
  g.s.send(9, view(b), MessageClass{}, Nanos{0}, g.so);
  g.exchange(Nanos{0});
  g.s.replace(7, view(b), MessageClass{}, 10ms, g.so);
  g.exchange(10ms, {0, 1, 2});  // nobody got it
  EXPECT_EQ(g.s.obligations(), 3u);
  g.s.replace(7, view(b), MessageClass{}, 20ms, g.so);  // supersedes the unacknowledged one
  EXPECT_EQ(g.s.replace_stats().replaced_inflight, 1u);
  for (const auto& st : g.s.receiver_stats()) EXPECT_EQ(st.cancelled, 1u);
  g.exchange(20ms);
  EXPECT_EQ(g.s.in_flight(), 0u);
  for (const auto& v : g.got) EXPECT_EQ(v, (std::vector<std::uint64_t>{1, 3}));
  EXPECT_EQ(g.s.cancel(7), 0u);
}

TEST(ReplaceGroup, SilentReceiverIsDroppedAtTheRetryTimeoutAndLearntAgain) {
  ReplaceConfig c = group_cfg(2);
  c.retry_timeout = 2s;
  Group g(c);
  const auto b = body(1);
  g.s.send(1, view(b), MessageClass{}, Nanos{0}, g.so);
  g.exchange(Nanos{0});
  EXPECT_EQ(g.s.replace_stats().receivers, 3u);
  g.s.send(2, view(b), MessageClass{}, 100ms, g.so);
  g.exchange(100ms, {1});  // receiver 1 went away
  for (;;) {
    const auto d = g.s.next_deadline();
    if (!d || *d >= 3s) break;
    g.s.on_tick(*d, g.so);
    g.exchange(*d, {1});
  }
  EXPECT_EQ(g.s.replace_stats().receivers, 2u);
  EXPECT_EQ(g.s.replace_stats().receivers_dropped, 1u);
  EXPECT_EQ(g.s.replace_stats().abandoned, 1u);
  EXPECT_EQ(g.s.in_flight(), 0u);
  g.s.send(3, view(b), MessageClass{}, 3s, g.so);
  g.exchange(3s);  // it is back: known again from its ACK
  EXPECT_EQ(g.s.replace_stats().receivers, 3u);
  EXPECT_EQ(g.got[1].back(), 3u);
}

TEST(Replace, ReceiverTagTableStaysBoundedWithATagPerMessage) {
  ReplaceSender s(cfg());
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const auto b = body(1);
  std::size_t peak = 0;
  for (std::uint32_t i = 0; i < 20000; ++i) {
    s.replace(i, view(b), MessageClass{}, Nanos{i * 1000000LL}, so);
    exchange(s, r, so, ro, Nanos{i * 1000000LL});
    ro.clear();
    peak = std::max(peak, r.state_entries());
  }
  EXPECT_EQ(r.stats().delivered, 20000u);
  EXPECT_LE(peak, 4097u + 64u);
}

// More ranges above the cumulative ACK than fit (a queued message holds the low water at 1;
// every other id arrives): the ACK of each MSG still covers that MSG. 1000-byte MSGs carry
// 64 ranges; a 10-byte MSG's ACK has 4 (an ACK stays within its MSG's size).
TEST(Replace, AckCoversItsOwnMessageWhenTheRangesOverflow) {
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output ro;
  const auto b = body(1, 1000);
  for (std::uint64_t id = 2; id <= 2 * (wire::kMaxNakRanges + 10); id += 2) {
    wire::MsgInfo m;
    m.tag = static_cast<std::uint32_t>(id), m.sequenced = false, m.flow_seq = id, m.low_water = 1;
    r.on_datagram(view(wire::encode_msg(1, 1, id, 0, m, view(b))), kSender, 0ms, ro);
    ASSERT_EQ(ro.datagrams.size(), 1u);
    auto a = wire::decode(view(ro.datagrams[0].bytes));
    ASSERT_TRUE(a);
    EXPECT_EQ(a->header.sequence, 0u);
    auto ranges = wire::decode_ack_ranges(a->header.sequence, a->payload);
    ASSERT_TRUE(ranges);
    ASSERT_LE(ranges->size(), wire::kMaxNakRanges);
    EXPECT_EQ(ranges->front().first, 2u);  // the oldest ranges still come first
    EXPECT_TRUE(std::any_of(ranges->begin(), ranges->end(),
                            [&](const wire::SeqRange& g) { return g.first <= id && id <= g.last; }))
        << "id " << id;
    ro.datagrams.clear();
  }
  EXPECT_EQ(r.replace_stats().acks_truncated, 10u);
  wire::MsgInfo m;
  m.tag = 1, m.sequenced = false, m.flow_seq = 1000, m.low_water = 1;
  const auto small = wire::encode_msg(1, 1, 1000, 0, m, view(body(1, 10)));
  r.on_datagram(view(small), kSender, 0ms, ro);
  ASSERT_EQ(ro.datagrams.size(), 1u);
  auto a = wire::decode(view(ro.datagrams[0].bytes));
  ASSERT_TRUE(a);
  auto ranges = wire::decode_ack_ranges(a->header.sequence, a->payload);
  ASSERT_TRUE(ranges);
  EXPECT_EQ(ranges->size(), 4u);
  EXPECT_EQ(ranges->back().first, 1000u);
  EXPECT_EQ(ranges->front().first, 2u);
}

// A high-priority sequenced message overtakes a queued low-priority one: it is delivered at
// once (its flow sequence is numbered when it is sent), and both are acknowledged.
TEST(Replace, OvertakingHigherPriorityMessageIsNotHeldBehindTheQueuedOne) {
  auto c = cfg();
  c.pace_bytes_per_s = 1000;
  c.pace_burst_bytes = 100;
  ReplaceSender s(c);
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const auto b = body(0);
  s.send(1, view(b), {true, true, 0}, 0ms, so);   // sent (burst)
  s.send(2, view(b), {true, true, 0}, 1ms, so);   // queued
  s.send(3, view(b), {true, true, 9}, 2ms, so);   // queued, overtakes tag 2
  exchange(s, r, so, ro, 2ms);
  ASSERT_EQ(ro.deliveries.size(), 1u);
  s.on_tick(90ms, so);  // one datagram's worth of tokens: tag 3 (id 3) goes
  ASSERT_EQ(so.datagrams.size(), 1u);
  exchange(s, r, so, ro, 90ms);
  ASSERT_EQ(ro.deliveries.size(), 2u);
  EXPECT_EQ(ro.deliveries[1].sequence, 3u);  // not held for id 2, still queued
  s.on_tick(180ms, so);
  exchange(s, r, so, ro, 180ms);
  ASSERT_EQ(ro.deliveries.size(), 3u);
  EXPECT_EQ(ro.deliveries[2].sequence, 2u);
  EXPECT_EQ(s.replace_stats().unacked, 0u);
  EXPECT_EQ(s.replace_stats().retransmissions, 0u);
}
