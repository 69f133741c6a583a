// Ricochet's NAK fallback on `nak_timeout auto`: NAKs timed by the measured round trip (the
// contract's nak_auto_* constants), re-NAKs when a repair is lost, Karn's rule, and the lateral
// repair that comes first cancelling the NAK; and the channel setup that selects it.
#include <adamant/engine.hpp>
#include <adamant/setup.hpp>
#include <adamant/stated_transport.hpp>

#include <gtest/gtest.h>

#include <variant>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

constexpr std::uint32_t kSession = 5;
const Endpoint kSender{0x7F000001, 40000};

std::vector<std::uint8_t> packet(wire::Kind kind, std::uint64_t seq) {
  const std::vector<std::uint8_t> p{1, 2, static_cast<std::uint8_t>(seq)};
  return wire::encode(wire::Header{kind, kSession, 1, seq, static_cast<std::int64_t>(seq) * 1000, 0},
                      ByteView{p.data(), p.size()});
}

void feed(RicochetReceiver& r, const std::vector<std::uint8_t>& b, Nanos now, Output& out,
          Endpoint from = kSender) {
  r.on_datagram(ByteView{b.data(), b.size()}, from, now, out);
}

RicochetReceiverConfig fallback_config() {
  RicochetReceiverConfig c;
  c.lec_nak_fallback = true;
  c.adaptive_nak = true;
  c.seed = 3;
  return c;
}

// Ticks every 10 us from `from` until a NAK more than `naks` has left (or `until`); its time.
std::optional<Nanos> next_nak(RicochetReceiver& r, Nanos from, Nanos until, Output& out) {
  const auto before = r.stats().naks_sent;
  for (Nanos t = from; t <= until; t += 10us) {
    r.on_tick(t, out);
    if (r.stats().naks_sent > before) return t;
  }
  return std::nullopt;
}

// A receiver at 0 ms that has seen 1 and 3 (so misses 2).
void lose_two(RicochetReceiver& r, Output& out) {
  feed(r, packet(wire::Kind::Data, 1), 0ms, out);
  feed(r, packet(wire::Kind::Data, 3), 0ms, out);
}

// lose_two, then the first NAK (within 1 ms): its time.
std::optional<Nanos> lose_two_then_nak(RicochetReceiver& r, Output& out) {
  lose_two(r, out);
  return next_nak(r, 0ms, 1ms, out);
}

}  // namespace

TEST(RicochetFallback, AutoIsTheDefaultAndNaksWithinTheRoundTripScaledDelay) {
  EXPECT_TRUE(RicochetReceiverConfig{}.adaptive_nak);  // the contract's default nak_timeout is auto
  RicochetReceiver r(fallback_config());
  Output out;
  lose_two(r, out);
  // alone (no other receiver heard): uniform [0, 2 * rtt / 8] with the initial rtt of 1 ms
  const Nanos spread = contract::kNakAutoInitialRtt * contract::kNakAutoBackoffRtts / contract::kNakAutoBackoffGroup;
  const auto first = next_nak(r, 0ms, spread, out);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(r.stats().nak_sequences, 1u);
  bool to_sender_only = true;
  for (const auto& d : out.datagrams) to_sender_only = to_sender_only && d.dest == Dest::Peer && d.peer == kSender;
  EXPECT_TRUE(to_sender_only);
}

TEST(RicochetFallback, RenaksAfterThreeRoundTripsWhenTheRepairIsLost) {
  RicochetReceiver r(fallback_config());
  Output out;
  const auto first = lose_two_then_nak(r, out);
  ASSERT_TRUE(first.has_value());
  // max(3 * 1 ms, 2 ms) plus a delay of at most 250 us
  const Nanos wait = std::max<Nanos>(contract::kNakAutoInitialRtt * contract::kNakAutoRenakRtts, contract::kNakAutoRenakMin);
  EXPECT_FALSE(next_nak(r, *first + 10us, *first + wait - 10us, out).has_value());
  const auto second = next_nak(r, *first + wait, *first + wait + 300us, out);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(r.stats().nak_sequences, 2u);
}

TEST(RicochetFallback, TheFirstRepairTimesTheRoundTripByKarnsRule) {
  RicochetReceiver r(fallback_config());
  Output out;
  const auto asked = lose_two_then_nak(r, out);
  ASSERT_TRUE(asked.has_value());
  feed(r, packet(wire::Kind::Retransmit, 2), *asked + 400us, out);
  EXPECT_EQ(r.accounted_through(), 3u);
  // the first sample is the estimate (RFC 6298, 2.2), not the 1 ms start moved an eighth of the way
  EXPECT_EQ(r.rtt_estimate(), 400us);
  // a sequence NAKed twice does not time the round trip
  feed(r, packet(wire::Kind::Data, 5), *asked + 1ms, out);
  const auto once = next_nak(r, *asked + 1ms, *asked + 2ms, out);
  ASSERT_TRUE(once.has_value());
  const auto twice = next_nak(r, *once + 10us, *once + 4ms, out);
  ASSERT_TRUE(twice.has_value());
  const Nanos rtt = r.rtt_estimate();
  feed(r, packet(wire::Kind::Retransmit, 4), *twice + 100us, out);
  EXPECT_EQ(r.rtt_estimate(), rtt);
}

TEST(RicochetFallback, ALateralRepairFirstMeansNoNak) {
  RicochetReceiver r(fallback_config());
  Output out;
  lose_two(r, out);
  // a peer's repair of {2, 3}: this receiver has 3, so it rebuilds 2 before any NAK is due
  const std::vector<std::uint8_t> p2{1, 2, 2}, p3{1, 2, 3};
  std::vector<std::uint8_t> x(3);
  for (std::size_t i = 0; i < 3; ++i) x[i] = p2[i] ^ p3[i];
  const auto rep = wire::encode_repair(kSession, 1, {2, 3}, 3u ^ 3u, 2000 ^ 3000, ByteView{x.data(), x.size()}, 0);
  feed(r, rep, 0ms, out, Endpoint{0x7F000001, 41002});
  EXPECT_EQ(r.accounted_through(), 3u);
  EXPECT_FALSE(next_nak(r, 0ms, 10ms, out).has_value());
}

TEST(RicochetFallback, SetupSelectsTheRoundTripTimingForRicochetWithTheFallback) {
  ChannelConfig cfg;
  cfg.transport = TransportSettings::of(TransportKind::Ricochet).nak_fallback(true);
  ASSERT_EQ(cfg.transport.nak_timeout, contract::kNakTimeoutAuto);
  const auto rc = std::get<RicochetReceiverConfig>(setup::receiver_config(cfg));
  EXPECT_TRUE(rc.lec_nak_fallback);
  EXPECT_TRUE(rc.adaptive_nak);
  // the writer's first idle heartbeat follows the data closely, as for nakcast auto
  EXPECT_TRUE(std::get<NakcastSenderConfig>(setup::sender_config(cfg, 1)).adaptive);

  cfg.transport = TransportSettings::of(TransportKind::Ricochet).nak_fallback(true).nak_timeout(25ms);
  const auto fixed = std::get<RicochetReceiverConfig>(setup::receiver_config(cfg));
  EXPECT_FALSE(fixed.adaptive_nak);
  EXPECT_EQ(fixed.nak_timeout, 25ms);
  EXPECT_FALSE(std::get<NakcastSenderConfig>(setup::sender_config(cfg, 1)).adaptive);

  // without the fallback ricochet NAKs nothing: its writer keeps the plain heartbeat
  cfg.transport = TransportSettings::of(TransportKind::Ricochet);
  EXPECT_FALSE(std::get<NakcastSenderConfig>(setup::sender_config(cfg, 1)).adaptive);
}

TEST(RicochetFallback, WantsPeerDatagramsOnlyWhileSomethingIsMissing) {
  RicochetReceiver r(fallback_config());
  Output out;
  EXPECT_FALSE(r.wants_peer_datagrams());  // nothing received, nothing missing
  feed(r, packet(wire::Kind::Data, 1), 0ms, out);
  feed(r, packet(wire::Kind::Data, 2), 0ms, out);
  EXPECT_FALSE(r.wants_peer_datagrams());  // in order: a repair could only be useless
  feed(r, packet(wire::Kind::Data, 4), 0ms, out);
  EXPECT_TRUE(r.wants_peer_datagrams());  // 3 is missing: a repair could rebuild it
  feed(r, packet(wire::Kind::Retransmit, 3), 1ms, out);
  EXPECT_FALSE(r.wants_peer_datagrams());
  // a heartbeat announcing a sequence not received makes it missing too
  feed(r, wire::encode_heartbeat(kSession, 1, 5, 1, 0), 2ms, out);
  EXPECT_TRUE(r.wants_peer_datagrams());
}
