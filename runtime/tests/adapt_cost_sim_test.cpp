// What the adaptive transport costs the link: running one candidate, it sends what that candidate
// run fixed sends, each datagram in a 3-byte epoch envelope, plus the readers' REPORTs; the byte
// columns count each enveloped datagram as the datagram it wraps.
#include <adamant/adaptive/adapt_experiment.hpp>
#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/engine/core.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace adamant;
using namespace adamant::adaptive;
using namespace std::chrono_literals;

namespace {

constexpr int kUpdates = 1000;  // 10 s at 100 Hz
constexpr int kReaders = 3;

struct Pair {
  metrics::Row fixed, adaptive;
};

// Candidate `c` run fixed (point `p`) and as the adaptive transport's only candidate, over 20 ms links
// of 14 KB/s (fixed FEC r 8 fills about two thirds of it).
Pair run_both(const Candidate& c, bench::Point p) {
  sim::NetConfig net;
  net.delay = 20ms;
  net.bandwidth = {{14 * 1024, 0ms}};
  const auto spec = bench::counter_spec("adapt_cost", 12, {p});
  Pair r;
  r.fixed = sim::run_point(spec, p, net).row;
  auto one = std::vector<std::optional<double>>(4, 1000.0);
  net.adaptive = sim::AdaptiveRun{std::make_shared<const DecisionTable>(std::vector<double>{3, 25}, std::vector<double>{0, 3},
                                                                        std::vector<double>{100}, std::vector<Candidate>{c}, one),
                                  2s, 10};
  r.adaptive = sim::run_point(spec, p, net).row;
  return r;
}

void expect_costs_what_fixed_does(const Pair& r) {
  const auto& f = r.fixed;
  const auto& a = r.adaptive;
  ASSERT_EQ(f.delivery, 1.0);
  EXPECT_EQ(a.delivery, 1.0);
  EXPECT_LT(a.relate2, f.relate2 * 1.1);
  const std::uint64_t env = wire::kEpochHeaderMinSize;  // epoch 1, base 0
  EXPECT_EQ(a.bytes_data, f.bytes_data + env * kUpdates);  // one DATA per update, as fixed
  EXPECT_EQ(a.bytes_nak, f.bytes_nak);
  EXPECT_EQ(a.bytes_retransmit, f.bytes_retransmit);
  EXPECT_GE(a.bytes_repair, f.bytes_repair);
  EXPECT_LE(a.bytes_repair, f.bytes_repair * 11 / 10);
  // control: the fixed engine's (heartbeats, enveloped) and a REPORT every 200 ms from each reader
  const std::uint64_t reports = kReaders * (kUpdates / 20 + 10) * (env + wire::kEpochReportMaxSize);
  EXPECT_LE(a.bytes_control, f.bytes_control * 11 / 10 + reports);
}

bench::Point point(TransportKind k) { return bench::Point{k, kReaders, 0.0, 100.0, kUpdates, 1, 5}; }

}  // namespace

TEST(AdaptiveCost, OneFecCandidateCostsWhatFixedFecDoes) {
  auto p = point(TransportKind::Fec);
  p.lec_r = 8, p.lec_c = 1;
  expect_costs_what_fixed_does(run_both({"fec_r8", "fec", {{"r", "8"}, {"c", "1"}}}, p));
}

TEST(AdaptiveCost, OneNakcastCandidateCostsWhatFixedNakcastDoes) {
  auto p = point(TransportKind::Nakcast);
  p.nak_timeout = 25ms;
  expect_costs_what_fixed_does(run_both({"nakcast_25ms", "nakcast", {{"nak_timeout", "25000"}}}, p));
}

TEST(AdaptiveCost, OneRicochetCandidateCostsWhatFixedRicochetDoes) {
  auto p = point(TransportKind::Ricochet);
  p.lec_r = 4, p.lec_c = 3, p.lec_nak_fallback = true, p.nak_timeout = 50ms;
  expect_costs_what_fixed_does(run_both(
      {"ricochet_reliable", "ricochet", {{"r", "4"}, {"c", "3"}, {"nak_fallback", "1"}, {"nak_timeout", "50000"}}}, p));
}

TEST(AdaptiveCost, EnvelopedDatagramsCountAsTheDatagramTheyWrap) {
  const std::uint8_t payload[8] = {};
  const auto data = wire::encode(wire::Header{wire::Kind::Data, 1, 1, 7, 0, 0}, ByteView{payload, sizeof payload});
  const auto hb = wire::encode_heartbeat(1, 1, 7, 1, 0);
  engine::Output out;
  out.datagrams.push_back({engine::Dest::Group, {}, wire::encode_epoch({wire::EpochType::Datagram, 0, 200, 5000, {}},
                                                                        ByteView{data.data(), data.size()})});
  out.datagrams.push_back({engine::Dest::Group, {}, wire::encode_epoch({wire::EpochType::Datagram, 1, 1, 0, {}},
                                                                        ByteView{hb.data(), hb.size()})});
  out.datagrams.push_back({engine::Dest::Peer, {}, wire::encode_epoch_report(1, wire::EpochReport{5, 5, 0, 0})});
  engine::WireBytes b;
  engine::count_sent(out, b);
  EXPECT_EQ(b.data, out.datagrams[0].bytes.size());
  EXPECT_EQ(b.control, out.datagrams[1].bytes.size() + out.datagrams[2].bytes.size());
  EXPECT_EQ(b.nak + b.repair + b.retransmit, 0u);
}
