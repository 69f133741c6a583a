// Replace: how equal-priority tags share the link (round-robin) and how an unsequenced class
// delivers (on arrival, out of order, each message once) (label: unit).
#include <adamant/replace.hpp>

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
const Endpoint kSender{0x7F000001, 1}, kReceiver{0x7F000001, 2};

std::uint32_t tag_of(const OutDatagram& d) {
  auto p = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
  return p ? wire::decode_msg(p->payload)->tag : ~0u;
}

// Two replaceable tags published at the same instants (A first) into a paced sender that can
// send one datagram for every `per_send` updates of each: the first transmissions of each tag.
std::map<std::uint32_t, int> share(bool replacement, std::uint8_t prio_a, std::uint8_t prio_b, int per_send) {
  ReplaceConfig c;
  c.replacement = replacement;
  c.pace_bytes_per_s = 1160;  // a 116-byte datagram (40 B of payload) every 100 ms
  ReplaceSender s(c);
  Output out;
  const std::vector<std::uint8_t> b(40, 1);
  std::map<std::uint32_t, int> sent;
  const Nanos step = 100ms / per_send;
  for (int i = 0; i < 200 * per_send; ++i) {
    const Nanos now = step * i;
    s.publish_in_class(1, {true, true, prio_a}, true, view(b), now, out);
    s.publish_in_class(2, {true, true, prio_b}, true, view(b), now, out);
    s.on_tick(now, out);
    for (const auto& d : out.datagrams) ++sent[tag_of(d)];
    out.datagrams.clear();
  }
  return sent;
}

}  // namespace

// Published in lockstep, the older message is always tag 1's: oldest-first would starve tag 2
// (the Mockets experiment 2 measured 234:1 that way). Round-robin alternates them.
TEST(ReplaceShare, EqualPrioritiesShareTheLinkRoundRobin) {
  for (int per_send : {1, 4}) {
    const auto sent = share(true, 0, 0, per_send);
    ASSERT_EQ(sent.size(), 2u) << per_send;
    const int a = sent.at(1), b = sent.at(2);
    EXPECT_GT(a + b, 150) << per_send;
    EXPECT_LE(std::abs(a - b), 1) << per_send << ": " << a << " vs " << b;
  }
}

// Priority still comes first: the higher tag takes every send while it has something queued.
TEST(ReplaceShare, HigherPriorityIsNotSharedWith) {
  const auto sent = share(true, 0, 5, 4);
  EXPECT_GT(sent.at(2), 150);
  EXPECT_LE(sent.count(1) ? sent.at(1) : 0, 1);  // at most the one sent before tag 2 was queued
}

// Fifo sends every message by id, the tags interleaved as published (no reordering).
TEST(ReplaceShare, FifoKeepsIdOrder) {
  ReplaceConfig c;
  c.replacement = false;
  c.pace_bytes_per_s = 1160;
  ReplaceSender s(c);
  Output out;
  const std::vector<std::uint8_t> b(40, 1);
  for (int i = 0; i < 6; ++i) s.publish_in_class(i < 3 ? 1 : 2, {true, true, 0}, false, view(b), 0ms, out);
  std::vector<std::uint32_t> order;
  for (int t = 0; t <= 600; t += 10) {
    s.on_tick(Nanos{std::chrono::milliseconds(t)}, out);
    for (const auto& d : out.datagrams) order.push_back(tag_of(d));
    out.datagrams.clear();
  }
  EXPECT_EQ(order, (std::vector<std::uint32_t>{1, 1, 1, 2, 2, 2}));
}

// Reliable unsequenced messages of one tag, never replaced (the experiment 3 images): a lost one
// is delivered when its retransmission arrives, after newer ones, and every message exactly once
// however often it arrives.
TEST(ReplaceShare, ReliableUnsequencedDeliversOutOfOrderExactlyOnce) {
  ReplaceSender s(ReplaceConfig{});
  ReplaceReceiver r(ReplaceReceiverConfig{});
  Output so, ro;
  const MessageClass image{true, false, 10};
  std::vector<std::vector<std::uint8_t>> sent;
  for (std::uint8_t i = 1; i <= 4; ++i) {
    sent.push_back(std::vector<std::uint8_t>(20, i));
    s.publish_in_class(7, image, false, view(sent.back()), Nanos{std::chrono::milliseconds(i)}, so);
  }
  ASSERT_EQ(so.datagrams.size(), 4u);
  const auto lost = so.datagrams[1];  // image 2 misses the receiver
  for (std::size_t i : {0u, 2u, 3u, 3u, 0u})  // duplicates of 1 and 4
    r.on_datagram(view(so.datagrams[i].bytes), kSender, 10ms, ro);
  so.datagrams.clear();
  std::vector<OutDatagram> acks;
  acks.swap(ro.datagrams);
  for (auto& a : acks) s.on_datagram(view(a.bytes), kReceiver, 11ms, so);
  ASSERT_EQ(ro.deliveries.size(), 3u);  // 1, 3, 4 without waiting for 2
  s.on_tick(s.next_deadline().value(), so);  // the RTO: image 2 again
  ASSERT_FALSE(so.datagrams.empty());
  for (auto& d : so.datagrams) r.on_datagram(view(d.bytes), kSender, 500ms, ro);
  r.on_datagram(view(lost.bytes), kSender, 501ms, ro);  // the original, late
  ASSERT_EQ(ro.deliveries.size(), 4u);
  std::multiset<std::vector<std::uint8_t>> got;
  for (const auto& d : ro.deliveries) got.insert(d.payload);
  EXPECT_EQ(got, (std::multiset<std::vector<std::uint8_t>>(sent.begin(), sent.end())));
  EXPECT_EQ(ro.deliveries.back().payload, sent[1]);  // out of order: image 2 last
  EXPECT_EQ(r.replace_stats().obsolete, 0u);
  EXPECT_EQ(r.stats().duplicates, 3u);
}
