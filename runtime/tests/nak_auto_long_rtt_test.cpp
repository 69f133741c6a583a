// nak_timeout auto on a path whose round trip is far longer than the initial estimate (40 ms against
// 1 ms): every NAK is re-NAKed before its repair can come, so Karn's rule alone would never take a
// sample and the receiver would keep re-NAKing every 3 ms. The re-NAK wait backs off until a repair
// answers a single NAK; both receivers that use the timing (NAKcast, Ricochet's NAK fallback) learn
// the round trip and then NAK a loss about once.
#include <adamant/engine.hpp>

#include <gtest/gtest.h>

#include <map>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

constexpr std::uint32_t kSession = 9;
constexpr std::uint32_t kStream = 1;
const Endpoint kWriter{0x7F000001, 40000};
constexpr Nanos kRoundTrip = 40ms;

std::vector<std::uint8_t> packet(wire::Kind kind, std::uint64_t seq) {
  const std::vector<std::uint8_t> p{1, 2, 3};
  return wire::encode(wire::Header{kind, kSession, kStream, seq, 0, 0}, ByteView{p.data(), p.size()});
}

struct Recovery {
  std::uint64_t losses_first = 0, naks_first = 0;  // over the first second
  std::uint64_t losses_late = 0, naks_late = 0;    // over the last second
  Nanos rtt{0};
};

// 100 Hz for 6 s, every 5th packet lost; the writer answers each NAK to it one round trip later
// (no repair is lost). Counts the NAKed sequences per loss over the last second.
template <class Rx>
void drive(Rx& rx, Recovery& run) {
  std::multimap<Nanos, std::uint64_t> repairs;  // arrival -> sequence
  const Nanos end = 6s, late = 5s;
  std::uint64_t counted_before = 0;
  for (Nanos t = 0ms; t < end; t += 100us) {
    Output out;
    for (auto it = repairs.begin(); it != repairs.end() && it->first <= t; it = repairs.erase(it)) {
      const auto b = packet(wire::Kind::Retransmit, it->second);
      rx.on_datagram(ByteView{b.data(), b.size()}, kWriter, t, out);
    }
    if (t % 10ms == 0ms) {
      const std::uint64_t seq = static_cast<std::uint64_t>(t / 10ms) + 1;
      if (seq % 5 != 0) {
        const auto b = packet(wire::Kind::Data, seq);
        rx.on_datagram(ByteView{b.data(), b.size()}, kWriter, t, out);
      } else if (t >= late) {
        ++run.losses_late;
      } else if (t < 1s) {
        ++run.losses_first;
      }
    }
    if (const auto d = rx.next_deadline(); d && *d <= t) rx.on_tick(t, out);
    for (const auto& d : out.datagrams) {
      const auto p = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
      if (!p || p->header.kind != wire::Kind::Nak || d.dest != Dest::Peer) continue;
      const auto ranges = wire::decode_nak_ranges(p->payload);
      ASSERT_TRUE(ranges.has_value());
      for (const auto& r : *ranges)
        for (std::uint64_t s = r.first; s <= r.last; ++s) repairs.emplace(t + kRoundTrip, s);
    }
    if (t < 1s) run.naks_first = rx.stats().nak_sequences;
    if (t < late) counted_before = rx.stats().nak_sequences;
  }
  run.naks_late = rx.stats().nak_sequences - counted_before;
  run.rtt = rx.rtt_estimate();
  EXPECT_GE(rx.accounted_through(), 590u);  // every loss repaired but those of the last round trip
}

// The receiver learned the round trip and NAKs a loss about once; it learned it from the first repair
// that answered a single NAK, so within the first second only the first loss or two drew more.
template <class Rx>
void expect_learned(Rx& rx) {
  Recovery run;
  drive(rx, run);
  // 20 losses and 23 NAKs; 26 when the first sample only moved the 1 ms start by an eighth of the way
  ASSERT_GT(run.losses_first, 0u);
  EXPECT_LE(run.naks_first, run.losses_first + 4);
  EXPECT_GT(run.rtt, kRoundTrip / 2);
  EXPECT_LT(run.rtt, kRoundTrip * 2);
  ASSERT_GT(run.losses_late, 0u);
  EXPECT_LE(run.naks_late, run.losses_late * 3 / 2);
}

}  // namespace

TEST(NakAutoTiming, TheFirstSampleReplacesTheInitialEstimate) {
  AutoNakTiming t;
  EXPECT_EQ(t.rtt(), Nanos{contract::kNakAutoInitialRtt});
  t.renaked();
  t.renaked();
  EXPECT_EQ(t.backoff(), 4);
  t.sample(40ms);  // RFC 6298, 2.2: the first measurement is the estimate
  EXPECT_EQ(t.rtt(), Nanos{40ms});
  EXPECT_EQ(t.backoff(), 1);
  t.sample(48ms);  // then each moves it by an eighth of the difference
  EXPECT_EQ(t.rtt(), Nanos{41ms});
}

TEST(NakAutoLongRtt, NakcastLearnsTheRoundTripAndStopsReNaking) {
  NakcastReceiverConfig c;
  c.stream_id = kStream;
  c.adaptive = true;
  c.seed = 1;
  c.self = Endpoint{0x7F000001, 50000};
  NakcastReceiver rx(c);
  expect_learned(rx);
}

TEST(NakAutoLongRtt, RicochetFallbackLearnsTheRoundTripAndStopsReNaking) {
  RicochetReceiverConfig c;
  c.stream_id = kStream;
  c.lec_nak_fallback = true;
  c.adaptive_nak = true;
  c.seed = 1;
  RicochetReceiver rx(c);
  expect_learned(rx);
}
