// NAKcast's adaptive timing (nak_timeout auto), driven sans-IO with explicit times: the
// writer's rate-following heartbeat, the receivers' RTT-scaled NAK delay, Karn's rule, and
// suppression by another receiver's NAK.
#include <adamant/engine.hpp>

#include <gtest/gtest.h>

#include <algorithm>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

const Endpoint kWriter{0x7F000001, 40000};
const Endpoint kPeer{0x7F000001, 50001};
constexpr std::uint32_t kSession = 7;
constexpr std::uint32_t kStream = 1;
const std::vector<std::uint8_t> kPayload{1, 2, 3};

ByteView view(const std::vector<std::uint8_t>& b) { return ByteView{b.data(), b.size()}; }

std::vector<std::uint8_t> data(std::uint64_t seq, wire::Kind kind = wire::Kind::Data) {
  return wire::encode(wire::Header{kind, kSession, kStream, seq, 0, 0}, view(kPayload));
}
std::vector<std::uint8_t> heartbeat(std::uint64_t highest) {
  return wire::encode_heartbeat(kSession, kStream, highest, 1, 0);
}
std::vector<std::uint8_t> nak(std::uint64_t first, std::uint64_t last) {
  return wire::encode_nak(kSession, kStream, {{first, last}}, 0);
}

NakcastReceiver adaptive_receiver(std::uint64_t seed = 1) {
  NakcastReceiverConfig c;
  c.stream_id = kStream;
  c.adaptive = true;
  c.seed = seed;
  c.self = Endpoint{0x7F000001, 50000};
  return NakcastReceiver(c);
}

// The NAK datagrams in `out`: (destination, ranges).
std::vector<std::pair<Dest, std::vector<wire::SeqRange>>> naks_in(const Output& out) {
  std::vector<std::pair<Dest, std::vector<wire::SeqRange>>> v;
  for (const auto& d : out.datagrams) {
    auto pkt = wire::decode(view(d.bytes));
    if (pkt && pkt->header.kind == wire::Kind::Nak) v.emplace_back(d.dest, *wire::decode_nak_ranges(pkt->payload));
  }
  return v;
}

// Ticks `rx` at each of its deadlines up to `until`; returns the time of the first NAK (or nullopt).
std::optional<Nanos> first_nak(NakcastReceiver& rx, Nanos until) {
  while (auto d = rx.next_deadline()) {
    if (*d > until) break;
    Output out;
    rx.on_tick(*d, out);
    if (!naks_in(out).empty()) return *d;
  }
  return std::nullopt;
}

// Sequence `seq` is lost at the receiver: seq+1 arrives at `t`, revealing the gap.
void lose(NakcastReceiver& rx, std::uint64_t seq, Nanos t) {
  Output out;
  rx.on_datagram(view(data(seq + 1)), kWriter, t, out);
}

// A writer (heartbeat_interval 10 ms) that published `n` packets `every` apart from time 0.
NakcastSender writer_after(bool adaptive, int n, Nanos every) {
  NakcastSenderConfig c;
  c.adaptive = adaptive;
  c.heartbeat_interval = 10ms;
  NakcastSender tx(c);
  Output out;
  for (int i = 0; i < n; ++i) tx.publish(view(kPayload), every * i, out);
  return tx;
}

}  // namespace

TEST(NakcastAuto, FirstIdleHeartbeatFollowsThePublishRateThenHeartbeatInterval) {
  NakcastSender tx = writer_after(true, 20, 10ms);  // 100 Hz
  EXPECT_EQ(tx.publish_interval(), 10ms);
  const Nanos fast = 190ms + Nanos{10ms} / contract::kNakAutoHeartbeatDivisor;
  // interval / nak_auto_heartbeat_divisor after the last data, not heartbeat_interval.
  EXPECT_EQ(*tx.next_deadline(), fast);
  Output out;
  tx.on_tick(fast, out);
  ASSERT_EQ(out.datagrams.size(), 1u);
  EXPECT_EQ(wire::decode(view(out.datagrams[0].bytes))->header.kind, wire::Kind::Heartbeat);
  // Once the fast heartbeat went out, idle heartbeats keep heartbeat_interval.
  EXPECT_EQ(*tx.next_deadline(), fast + 10ms);
}

TEST(NakcastAuto, FastHeartbeatIsClampedAndFixedTimingKeepsItsInterval) {
  EXPECT_EQ(*writer_after(true, 50, 100us).next_deadline(), Nanos{4900us} + contract::kNakAutoHeartbeatMin);  // 10 kHz
  EXPECT_EQ(*writer_after(false, 20, 10ms).next_deadline(), 190ms + 10ms);
}

TEST(NakcastAuto, GapAtAHeartbeatIsNakedWithinTheBackoffToWriterAndGroup) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    NakcastReceiver rx = adaptive_receiver(seed);
    Output out;
    rx.on_datagram(view(data(1)), kWriter, 0ms, out);
    rx.on_datagram(view(heartbeat(2)), kWriter, 1ms, out);  // the last data (2) was lost
    ASSERT_EQ(rx.missing_count(), 1u);
    const Nanos due = *rx.next_deadline();
    EXPECT_GE(due, 1ms);
    // Nobody else heard NAKing yet: 1 / nak_auto_backoff_group of the full spread.
    EXPECT_LE(due, 1ms + contract::kNakAutoBackoffRtts * contract::kNakAutoInitialRtt / contract::kNakAutoBackoffGroup);
    out.clear();
    rx.on_tick(due, out);
    const auto n = naks_in(out);
    ASSERT_EQ(n.size(), 2u);  // one NAK: to the writer, and to the group for suppression
    EXPECT_EQ(n[0].first, Dest::Group);
    EXPECT_EQ(n[1].first, Dest::Peer);
    EXPECT_EQ(n[1].second, (std::vector<wire::SeqRange>{{2, 2}}));
    EXPECT_EQ(rx.stats().naks_sent, 1u);
    EXPECT_EQ(rx.stats().nak_sequences, 1u);
  }
}

TEST(NakcastAuto, RttEstimateFollowsNakToRepairRoundTripsAndScalesTheDelay) {
  NakcastReceiver rx = adaptive_receiver();
  Output out;
  rx.on_datagram(view(data(1)), kWriter, 0ms, out);
  Nanos t = 0ms;
  for (std::uint64_t seq = 2; seq < 200; seq += 2) {  // every other packet lost, repaired 200 us after the NAK
    t += 10ms;
    lose(rx, seq, t);
    const auto sent = first_nak(rx, t + 10ms);
    ASSERT_TRUE(sent);
    rx.on_datagram(view(data(seq, wire::Kind::Retransmit)), kWriter, *sent + 200us, out);
    ASSERT_EQ(rx.missing_count(), 0u);
  }
  EXPECT_NEAR((std::chrono::duration<double, std::micro>(rx.rtt_estimate()).count()), 200.0, 20.0);
  // With the full spread (many receivers heard NAKing) the next gap is NAKed within 2 x 200 us,
  // where the initial estimate allowed 2 ms.
  for (std::uint16_t p = 1; p <= contract::kNakAutoBackoffGroup; ++p)
    rx.on_datagram(view(nak(1000, 1000)), Endpoint{0x7F000001, static_cast<std::uint16_t>(50000 + p)}, t, out);
  EXPECT_EQ(rx.naking_peers(), static_cast<std::size_t>(contract::kNakAutoBackoffGroup));
  t += 10ms;
  lose(rx, 200, t);
  EXPECT_LE(*rx.next_deadline() - t, contract::kNakAutoBackoffRtts * 220us);
}

TEST(NakcastAuto, KarnsRuleIgnoresRepairsOfReNakedSequences) {
  NakcastReceiver rx = adaptive_receiver();
  Output out;
  rx.on_datagram(view(data(1)), kWriter, 0ms, out);
  lose(rx, 2, 10ms);
  ASSERT_TRUE(first_nak(rx, 20ms));  // first NAK
  ASSERT_TRUE(first_nak(rx, 30ms));  // the repair was lost: re-NAK
  EXPECT_EQ(rx.stats().nak_sequences, 2u);
  rx.on_datagram(view(data(2, wire::Kind::Retransmit)), kWriter, 30ms, out);
  EXPECT_EQ(rx.missing_count(), 0u);
  EXPECT_EQ(rx.rtt_estimate(), contract::kNakAutoInitialRtt);  // an ambiguous sample is not taken
}

TEST(NakcastAuto, AnotherReceiversNakSuppressesOursUntilTheReNakWait) {
  NakcastReceiver rx = adaptive_receiver();
  Output out;
  rx.on_datagram(view(data(1)), kWriter, 0ms, out);
  lose(rx, 2, 10ms);
  rx.on_datagram(view(nak(2, 2)), kPeer, 10ms, out);  // heard before our own timer
  rx.on_datagram(view(nak(2, 2)), Endpoint{0x7F000001, 50002}, 10ms, out);  // and from a third receiver
  EXPECT_EQ(rx.suppressed(), 1u);  // one sequence suppressed
  EXPECT_EQ(rx.naking_peers(), 2u);
  const Nanos renak = std::max<Nanos>(contract::kNakAutoRenakRtts * contract::kNakAutoInitialRtt,
                                      contract::kNakAutoRenakMin);
  EXPECT_GE(*rx.next_deadline(), 10ms + renak);
  EXPECT_FALSE(first_nak(rx, 10ms + renak - 1us));
  EXPECT_EQ(rx.stats().naks_sent, 0u);
  // The multicast repair the other receiver asked for arrives: nothing left to NAK.
  rx.on_datagram(view(data(2, wire::Kind::Retransmit)), kWriter, 11ms, out);
  EXPECT_EQ(rx.missing_count(), 0u);
  EXPECT_FALSE(first_nak(rx, 100ms));
  EXPECT_EQ(rx.stats().naks_sent, 0u);
}

TEST(NakcastAuto, OurOwnNakLoopedBackIsNotASuppression) {
  NakcastReceiver rx = adaptive_receiver();
  Output out;
  rx.on_datagram(view(data(1)), kWriter, 0ms, out);
  lose(rx, 2, 10ms);
  const auto sent = first_nak(rx, 20ms);
  ASSERT_TRUE(sent);
  rx.on_datagram(view(nak(2, 2)), Endpoint{0x7F000001, 50000}, *sent + 10us, out);  // multicast loopback
  EXPECT_EQ(rx.suppressed(), 0u);
  EXPECT_EQ(rx.naking_peers(), 0u);
  EXPECT_EQ(rx.stats().naks_sent, 1u);
}

TEST(NakcastAuto, FixedTimingNaksOnlyTheWriterAfterTheTimeoutAndIgnoresPeerNaks) {
  NakcastReceiverConfig c;
  c.stream_id = kStream;
  c.nak_timeout = 25ms;
  NakcastReceiver rx(c);
  Output out;
  rx.on_datagram(view(data(1)), kWriter, 0ms, out);
  lose(rx, 2, 10ms);
  rx.on_datagram(view(nak(2, 2)), kPeer, 11ms, out);
  EXPECT_EQ(rx.suppressed(), 0u);
  EXPECT_EQ(*rx.next_deadline(), 35ms);
  out.clear();
  rx.on_tick(35ms, out);
  const auto n = naks_in(out);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].first, Dest::Peer);
}
