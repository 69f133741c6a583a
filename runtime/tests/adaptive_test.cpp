// The adaptive channel: the epoch envelope, the writer's hysteresis and hold, and the handover
// (no update lost, duplicated or reordered across a switch, with loss during the switch).
#include <adamant/adaptive/adaptive_receiver.hpp>
#include <adamant/adaptive/adaptive_sender.hpp>
#include <adamant/contract.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <tuple>

using namespace adamant;
using namespace adamant::adaptive;
using engine::Nanos;
using namespace std::chrono_literals;

namespace {

// Candidates a and b over the rate axis {10, 100} Hz: a is best at 10 Hz, b at 100 Hz.
std::shared_ptr<const DecisionTable> rate_table(Candidate a, Candidate b) {
  return std::make_shared<const DecisionTable>(std::vector<double>{1}, std::vector<double>{0},
                                               std::vector<double>{10, 100}, std::vector<Candidate>{a, b},
                                               std::vector<std::optional<double>>{100.0, 300.0, 300.0, 100.0});
}

AdaptiveConfig config(std::shared_ptr<const DecisionTable> t, Nanos hold) {
  AdaptiveConfig c;
  c.table = std::move(t);
  c.hold = hold;
  c.window = 300ms;
  c.drain = 500ms;
  c.initial = {1, 0, 10};
  return c;
}

// A writer and readers exchanging datagrams in virtual time: 100 us delay, each reader losing
// `loss_pct` of what reaches it while `lossy(now)`.
struct Net {
  struct Msg {
    int dst;
    Endpoint from;
    std::vector<std::uint8_t> bytes;
  };
  AdaptiveSender writer;
  std::vector<std::unique_ptr<AdaptiveReceiver>> readers;
  std::vector<std::vector<std::uint64_t>> delivered;
  std::multimap<std::pair<Nanos, std::uint64_t>, Msg> wire;
  std::uint64_t order = 0;
  std::mt19937_64 rng{7};
  double loss_pct = 0;
  std::function<bool(Nanos)> lossy = [](Nanos) { return true; };

  Net(const AdaptiveConfig& c, int n) : writer(c, 11), delivered(static_cast<std::size_t>(n)) {
    for (int i = 0; i < n; ++i)
      readers.push_back(std::make_unique<AdaptiveReceiver>(c, ep(i + 1), static_cast<std::uint32_t>(i + 1)));
  }
  static Endpoint ep(int host) { return Endpoint{0x7F000001, static_cast<std::uint16_t>(5000 + host)}; }

  std::uint32_t newest_epoch = 0;           // the newest epoch the writer has sent
  std::uint64_t retired_heartbeats = 0;      // heartbeats the writer sent for an older epoch than that

  void watch_writer(const std::vector<std::uint8_t>& bytes) {
    const auto env = wire::decode_epoch({bytes.data(), bytes.size()});
    if (!env || env->type != wire::EpochType::Datagram) return;
    newest_epoch = std::max(newest_epoch, env->epoch);
    const auto p = wire::decode(env->body);
    if (p && p->header.kind == wire::Kind::Heartbeat && env->epoch < newest_epoch) ++retired_heartbeats;
  }

  void route(int src, engine::Output& out, Nanos now) {
    for (auto& d : out.datagrams) {
      if (src == 0) watch_writer(d.bytes);
      if (d.dest == engine::Dest::Group) {
        for (int h = 1; h <= static_cast<int>(readers.size()); ++h)
          if (h != src) wire.emplace(std::make_pair(now + 100us, order++), Msg{h, ep(src), d.bytes});
      } else {
        wire.emplace(std::make_pair(now + 100us, order++), Msg{d.peer.port - 5000, ep(src), d.bytes});
      }
    }
    if (src > 0)
      for (const auto& d : out.deliveries) delivered[static_cast<std::size_t>(src - 1)].push_back(d.sequence);
    out.clear();
  }
  // Publishes `count` updates every `gap`, then runs until `until` after the last.
  void run(Nanos& now, int count, Nanos gap, Nanos until = 0ms) {
    const Nanos end = now + gap * count + until;
    Nanos next_pub = now;
    int left = count;
    engine::Output out;
    for (; now <= end; now += 50us) {
      while (!wire.empty() && wire.begin()->first.first <= now) {
        Msg m = std::move(wire.begin()->second);
        wire.erase(wire.begin());
        if (m.dst == 0) {
          writer.on_datagram({m.bytes.data(), m.bytes.size()}, m.from, now, out);
          route(0, out, now);
        } else {
          if (loss_pct > 0 && lossy(now) && std::uniform_real_distribution<>(0, 100)(rng) < loss_pct) continue;
          readers[static_cast<std::size_t>(m.dst - 1)]->on_datagram({m.bytes.data(), m.bytes.size()}, m.from, now, out);
          route(m.dst, out, now);
        }
      }
      if (left > 0 && now >= next_pub) {
        const std::uint8_t payload[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        writer.publish({payload, sizeof payload}, now, out);
        route(0, out, now);
        next_pub += gap;
        --left;
      }
      if (auto d = writer.next_deadline(); d && *d <= now) writer.on_tick(now, out), route(0, out, now);
      for (std::size_t i = 0; i < readers.size(); ++i)
        if (auto d = readers[i]->next_deadline(); d && *d <= now)
          readers[i]->on_tick(now, out), route(static_cast<int>(i + 1), out, now);
    }
  }
  // Every reader delivered 1..n exactly once, in order.
  void expect_all(std::uint64_t n) const {
    for (std::size_t i = 0; i < delivered.size(); ++i) {
      ASSERT_EQ(delivered[i].size(), n) << "reader " << i;
      for (std::uint64_t s = 0; s < n; ++s) ASSERT_EQ(delivered[i][s], s + 1) << "reader " << i;
    }
  }
};

const Candidate kNakcastAuto{"nakcast_auto", "nakcast", {{"nak_timeout", "auto"}}};
const Candidate kNakcast5ms{"nakcast_5ms", "nakcast", {{"nak_timeout", "5000"}}};

}  // namespace

TEST(EpochEnvelope, RoundTripsAndRejectsMalformed) {
  const std::uint8_t inner[3] = {9, 8, 7};
  // candidate 3, epoch 7, base 1234 (two varint bytes): 4 bytes before the body
  const auto b = wire::encode_epoch({wire::EpochType::Datagram, 3, 7, 1234, {}}, {inner, 3});
  ASSERT_EQ(b.size(), 4u + 3);
  EXPECT_EQ(b[0], 0x83);
  const auto e = wire::decode_epoch({b.data(), b.size()});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->candidate, 3);
  EXPECT_EQ(e->epoch, 7u);
  EXPECT_EQ(e->base, 1234u);
  EXPECT_EQ(e->body.size, 3u);
  EXPECT_EQ(e->body.data[2], 7);
  EXPECT_FALSE(wire::decode_epoch({b.data(), 4}));  // a DATAGRAM needs a body
  auto bad = b;
  bad[0] = 0x43;  // an ADMT datagram's first byte ('A') is no envelope
  EXPECT_FALSE(wire::decode_epoch({bad.data(), bad.size()}));
  const std::uint8_t padded[] = {0x80, 0x81, 0x00, 0x05, 9};  // epoch 1 as two bytes: not minimal
  EXPECT_FALSE(wire::decode_epoch({padded, sizeof padded}));
  const std::uint8_t wide[] = {0x80, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F, 0x00, 9};  // epoch above 2^32 - 1
  EXPECT_FALSE(wire::decode_epoch({wide, sizeof wide}));
  const std::uint8_t open_end[] = {0x80, 0x01, 0x80};  // base truncated
  EXPECT_FALSE(wire::decode_epoch({open_end, sizeof open_end}));
  // The widest: epoch 2^32 - 1 and base 2^64 - 1 take kEpochHeaderSize bytes, and round-trip.
  const std::uint16_t top = wire::kEpochMaxCandidates - 1;
  const auto w = wire::encode_epoch({wire::EpochType::Datagram, top, 0xFFFFFFFFu, ~0ull, {}}, {inner, 1});
  ASSERT_EQ(w.size(), wire::kEpochHeaderSize + 1);
  const auto we = wire::decode_epoch({w.data(), w.size()});
  ASSERT_TRUE(we);
  EXPECT_EQ(we->epoch, 0xFFFFFFFFu);
  EXPECT_EQ(we->base, ~0ull);
  EXPECT_EQ(we->candidate, top);
  EXPECT_THROW(wire::encode_epoch({wire::EpochType::Datagram, top + 1, 1, 0, {}}, {inner, 1}), std::invalid_argument);
  // The first epoch's envelope is the shortest.
  EXPECT_EQ(wire::encode_epoch({wire::EpochType::Datagram, 0, 1, 0, {}}, {inner, 1}).size(),
            wire::kEpochHeaderMinSize + 1);
  const auto r = wire::encode_epoch_report(4, {5, 9});
  const auto re = wire::decode_epoch(r.empty() ? adamant::ByteView{} : adamant::ByteView{r.data(), r.size()});
  ASSERT_TRUE(re);
  EXPECT_EQ(re->type, wire::EpochType::Report);
  EXPECT_EQ(re->epoch, 4u);
  EXPECT_EQ(wire::decode_epoch_report(re->body)->expected, 9u);
  const auto lie = wire::encode_epoch_report(4, {9, 5});  // received > expected
  EXPECT_FALSE(wire::decode_epoch({lie.data(), lie.size()}));
  auto based = r;
  based[2] = 1;  // a REPORT names no base
  EXPECT_FALSE(wire::decode_epoch({based.data(), based.size()}));
}

TEST(EpochEnvelope, ALaterVersionIsDroppedAndCountedNeverMisread) {
  const std::uint8_t inner[3] = {9, 8, 7};
  auto b = wire::encode_epoch({wire::EpochType::Datagram, 3, 7, 1234, {}}, {inner, 3});
  EXPECT_EQ((b[0] >> 4) & 1, wire::kEpochVersion);  // bit 4: the version; every byte after it as before
  b[0] ^= 0x10;  // the same bytes as a later version: this layout would read candidate 3, epoch 7
  wire::DecodeError err = wire::DecodeError::None;
  EXPECT_FALSE(wire::decode_epoch({b.data(), b.size()}, &err));
  EXPECT_EQ(err, wire::DecodeError::BadVersion);
  const std::uint8_t unparsable[] = {0x90, 0xFF, 0xFF};  // a later layout need not parse as this one
  EXPECT_FALSE(wire::decode_epoch({unparsable, sizeof unparsable}, &err));
  EXPECT_EQ(err, wire::DecodeError::BadVersion);
  b[0] ^= 0x10;
  EXPECT_TRUE(wire::decode_epoch({b.data(), b.size()}, &err));
  EXPECT_EQ(err, wire::DecodeError::None);

  // A reader drops a writer's datagram of a later version (no delivery, no epoch adopted), counts
  // it, and says why; the same datagram at this version is delivered.
  const auto cfg = config(rate_table(kNakcastAuto, kNakcast5ms), 300ms);
  AdaptiveSender writer(cfg, 11);
  AdaptiveReceiver reader(cfg, Net::ep(1), 1);
  engine::Output out;
  const std::uint8_t payload[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  writer.publish({payload, sizeof payload}, Nanos{0}, out);
  ASSERT_FALSE(out.datagrams.empty());
  auto data = out.datagrams.front().bytes;
  out.clear();
  data[0] ^= 0x10;
  reader.on_datagram({data.data(), data.size()}, Net::ep(0), Nanos{100'000}, out);
  EXPECT_TRUE(out.deliveries.empty());
  EXPECT_EQ(reader.delivering_epoch(), 0u);
  EXPECT_EQ(reader.stats().rejected, 1u);
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].kind, engine::EventKind::Rejected);
  EXPECT_EQ(out.events[0].first, static_cast<std::uint64_t>(wire::DecodeError::BadVersion));
  out.clear();
  data[0] ^= 0x10;
  reader.on_datagram({data.data(), data.size()}, Net::ep(0), Nanos{200'000}, out);
  ASSERT_EQ(out.deliveries.size(), 1u);
  EXPECT_EQ(out.deliveries[0].sequence, 1u);
  EXPECT_EQ(reader.stats().rejected, 1u);
  // The writer drops a reader's REPORT of a later version the same way.
  out.clear();
  auto report = wire::encode_epoch_report(1, {1, 1});
  report[0] ^= 0x10;
  writer.on_datagram({report.data(), report.size()}, Net::ep(1), Nanos{300'000}, out);
  EXPECT_EQ(writer.stats().rejected, 1u);
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].first, static_cast<std::uint64_t>(wire::DecodeError::BadVersion));
}

TEST(AdaptiveChannel, SwitchesWhenTheRateChangesAndLosesNothing) {
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 300ms), 3);
  Nanos now{0};
  net.run(now, 20, 100ms);            // 10 Hz: a
  EXPECT_EQ(net.writer.current(), 0u);
  net.run(now, 100, 10ms);            // 100 Hz: b
  EXPECT_EQ(net.writer.current(), 1u);
  net.run(now, 20, 100ms, 1s);        // 10 Hz again: a
  EXPECT_EQ(net.writer.current(), 0u);
  EXPECT_EQ(net.writer.switches(), 2u);
  net.expect_all(140);
  const auto& tl = net.writer.timeline();
  ASSERT_EQ(tl.size(), 3u);
  EXPECT_EQ(tl[1].from, 0u);
  EXPECT_EQ(tl[1].to, 1u);
  EXPECT_NE(tl[1].reason.find("nakcast_5ms"), std::string::npos) << tl[1].reason;
  EXPECT_EQ(net.writer.live_epochs(), 1u);  // the old epochs drained and retired
  for (const auto& r : net.readers) EXPECT_EQ(r->accounted_through(), 140u);
}

TEST(AdaptiveChannel, HandoverUnderLossDeliversEverythingOnceInOrder) {
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 300ms), 4);
  net.loss_pct = 10;
  Nanos now{0};
  net.run(now, 20, 100ms);
  net.run(now, 150, 10ms);
  net.run(now, 20, 100ms, 2s);
  EXPECT_EQ(net.writer.switches(), 2u);
  net.expect_all(190);
  for (const auto& r : net.readers) {
    EXPECT_EQ(r->lost_at_boundaries(), 0u);
    EXPECT_EQ(r->stats().unrecoverable, 0u);
  }
}

// When the writer of 3 readers switches as 10 Hz becomes 100 Hz, without loss (0 if it does not): the
// writer's decision follows its publish rate only, so a run with loss switches at the same time.
Nanos switch_time() {
  Net dry(config(rate_table(kNakcastAuto, kNakcast5ms), 300ms), 3);
  Nanos t{0};
  dry.run(t, 20, 100ms);
  dry.run(t, 100, 10ms);
  return dry.writer.switches() == 1 ? dry.writer.timeline()[1].at : Nanos{0};
}

// The same run (10 Hz, then 100 Hz, then `until`) with every datagram to the readers lost in [from, to).
void run_across_blackout(Net& net, Nanos from, Nanos to, Nanos until) {
  Nanos now{0};
  net.run(now, 20, 100ms);
  net.loss_pct = 100;
  net.lossy = [from, to](Nanos t) { return t >= from && t < to; };
  net.run(now, 100, 10ms, until);
}

TEST(AdaptiveChannel, EveryDatagramAroundASwitchLostStillDeliversInOrder) {
  // All datagrams lost for 40 ms around the switch: the old epoch's tail and the new one's head.
  const Nanos cut = switch_time();
  ASSERT_GT(cut.count(), 0);
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 300ms), 3);
  run_across_blackout(net, cut - 20ms, cut + 20ms, 2s);
  ASSERT_EQ(net.writer.switches(), 1u);
  EXPECT_EQ(net.writer.timeline()[1].at, cut);
  net.expect_all(120);
}

TEST(AdaptiveChannel, ARetiringEpochSendsNoHeartbeatsYetItsLostTailIsRepaired) {
  // Every datagram lost for 30 ms before the switch: the old epoch's tail is learned from the new
  // epoch's base alone, since its heartbeats are left out while it drains.
  const Nanos cut = switch_time();
  ASSERT_GT(cut.count(), 0);
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 300ms), 3);
  run_across_blackout(net, cut - 30ms, cut, 1s);
  ASSERT_EQ(net.writer.switches(), 1u);
  EXPECT_EQ(net.retired_heartbeats, 0u);
  EXPECT_GT(net.writer.heartbeats_left_out(), 0u);  // the old engine did want to send some
  net.expect_all(120);
  for (const auto& r : net.readers) EXPECT_EQ(r->lost_at_boundaries(), 0u);
}

TEST(AdaptiveChannel, AReaderReportsAsSoonAsItHearsTheWriter) {
  // The writer counts 3 readers one round trip after its first update, not a report interval later.
  auto c = config(rate_table(kNakcastAuto, kNakcast5ms), 100s);
  c.report_interval = 200ms;
  Net net(c, 3);
  Nanos now{0};
  net.run(now, 1, 10ms, 2ms);
  EXPECT_EQ(net.writer.measured(now).receivers, 3);
}

TEST(AdaptiveChannel, SwitchesAcrossEnginesWithoutLoss) {
  // nakcast <-> fec: both deliver everything when nothing is lost; order holds across the boundary.
  Net net(config(rate_table(kNakcastAuto, Candidate{"fec", "fec", {{"r", "4"}, {"c", "1"}}}), 300ms), 3);
  Nanos now{0};
  net.run(now, 20, 100ms);
  net.run(now, 100, 10ms);
  net.run(now, 20, 100ms, 1s);
  EXPECT_EQ(net.writer.switches(), 2u);
  net.expect_all(140);
}

TEST(AdaptiveChannel, HoldLimitsTheSwitchRate) {
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 10s), 2);
  Nanos now{0};
  net.run(now, 20, 100ms);
  net.run(now, 100, 10ms);  // would switch, but the first epoch began less than 10 s ago
  EXPECT_EQ(net.writer.switches(), 0u);
  net.run(now, 100, 100ms);
  net.run(now, 100, 10ms, 1s);  // now past the hold
  EXPECT_EQ(net.writer.switches(), 1u);
  net.expect_all(320);
}

TEST(AdaptiveChannel, TheMarginKeepsTheCurrentCandidate) {
  // b beats a by 5 % only: inside the default 10 % band, no switch.
  auto t = std::make_shared<const DecisionTable>(
      std::vector<double>{1}, std::vector<double>{0}, std::vector<double>{10, 100},
      std::vector<Candidate>{kNakcastAuto, kNakcast5ms}, std::vector<std::optional<double>>{100.0, 300.0, 200.0, 190.0});
  Net net(config(t, 100ms), 2);
  Nanos now{0};
  net.run(now, 20, 100ms);
  net.run(now, 100, 10ms, 500ms);
  EXPECT_EQ(net.writer.current(), 0u);
  EXPECT_EQ(net.writer.switches(), 0u);
}

TEST(AdaptiveChannel, WhereNoneMeetsTheConstraintsSwitchesToTheClosest) {
  // At 100 Hz both break a constraint; unconstrained, b is far closer than a (which overloads).
  auto t = std::make_shared<const DecisionTable>(
      std::vector<double>{1}, std::vector<double>{0}, std::vector<double>{10, 100},
      std::vector<Candidate>{kNakcastAuto, kNakcast5ms},
      std::vector<std::optional<double>>{100.0, std::nullopt, std::nullopt, std::nullopt}, std::nullopt,
      std::vector<std::optional<double>>{100.0, 300.0, 9e8, 100.0});
  Net net(config(t, 300ms), 2);
  Nanos now{0};
  net.run(now, 20, 100ms);
  EXPECT_EQ(net.writer.current(), 0u);
  net.run(now, 100, 10ms, 1s);
  EXPECT_EQ(net.writer.current(), 1u);
  ASSERT_EQ(net.writer.timeline().size(), 2u);
  const std::string& why = net.writer.timeline()[1].reason;
  EXPECT_NE(why.find("none meets the constraints"), std::string::npos) << why;
  net.expect_all(120);
}

TEST(AdaptiveChannel, MeasuresReadersAndLossFromReports) {
  auto t = rate_table(kNakcastAuto, kNakcast5ms);
  Net net(config(t, 100s), 5);
  net.loss_pct = 5;
  Nanos now{0};
  net.run(now, 300, 10ms);
  const Query q = net.writer.measured(now);
  EXPECT_EQ(q.receivers, 5);
  EXPECT_GT(q.loss_pct, 1.0);
  EXPECT_LT(q.loss_pct, 12.0);
  EXPECT_NEAR(q.rate_hz, 100, 10);
}

TEST(AdaptiveChannel, MeasuresTheRoundTripFromReportEchoes) {
  Net net(config(rate_table(kNakcastAuto, kNakcast5ms), 100s), 3);
  Nanos now{0};
  EXPECT_FALSE(net.writer.measured_rtt(now));
  net.run(now, 100, 10ms);
  const auto rtt = net.writer.measured_rtt(now);  // 100 us each way
  ASSERT_TRUE(rtt);
  EXPECT_NEAR(static_cast<double>(rtt->count()), 200e3, 50e3);
  EXPECT_EQ(net.writer.rtt_mismatches(), 0u);  // the table states no round trip: nothing compared
}
