// Whole experiment points in the discrete-event simulator (label: sim).
#include <adamant/units.hpp>
#include <adamant/contract.hpp>
#include <adamant/sim.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string_view>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

namespace {

bench::Point point(TransportKind transport, int receivers, double loss, int updates = 2000,
                   double rate = 100, std::uint64_t seed = 1) {
  return bench::Point{transport, receivers, loss, rate, updates, 1, seed, 50ms};
}

PointResult run(const bench::Point& p, const NetConfig& net = {}, std::size_t bytes = 12) {
  return run_point(bench::counter_spec("sim-test", bytes, {p}), p, net);
}

// Bit-identical doubles, not just equal when printed.
bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

void expect_identical(const PointResult& a, const PointResult& b) {
  EXPECT_EQ(metrics::csv_line(a.row), metrics::csv_line(b.row));
  EXPECT_EQ(a.row.received, b.row.received);
  const metrics::LatencyStats &x = a.row.lat, &y = b.row.lat;
  EXPECT_EQ(x.count, y.count);
  for (auto f : {&metrics::LatencyStats::mean_us, &metrics::LatencyStats::std_us, &metrics::LatencyStats::p50_us,
                 &metrics::LatencyStats::p90_us, &metrics::LatencyStats::p99_us, &metrics::LatencyStats::max_us})
    EXPECT_TRUE(same_bits(x.*f, y.*f));
  ASSERT_EQ(x.percentiles_us.size(), y.percentiles_us.size());
  for (std::size_t i = 0; i < x.percentiles_us.size(); ++i) EXPECT_TRUE(same_bits(x.percentiles_us[i], y.percentiles_us[i]));
  EXPECT_EQ(std::memcmp(&a.row.relate2, &b.row.relate2, sizeof(double)), 0);
  EXPECT_EQ(a.unrecoverable, b.unrecoverable);
  EXPECT_EQ(a.injected_drops, b.injected_drops);
  EXPECT_EQ(a.naks, b.naks);
  EXPECT_EQ(a.retransmits, b.retransmits);
  EXPECT_EQ(a.repairs_sent, b.repairs_sent);
  EXPECT_EQ(a.recovered, b.recovered);
  EXPECT_EQ(a.link_drops, b.link_drops);
  EXPECT_EQ(a.events, b.events);
  EXPECT_EQ(a.end_time, b.end_time);
}

void expect_nakcast_complete(int receivers, double loss) {
  const auto r = run(point(TransportKind::Nakcast, receivers, loss));
  EXPECT_EQ(r.row.sent, 2000u);
  EXPECT_EQ(r.row.received, 2000u * receivers);
  EXPECT_EQ(r.row.delivery, 1.0);
  EXPECT_EQ(r.order_errors, 0u);
  EXPECT_EQ(r.corrupt, 0u);
  EXPECT_EQ(r.unrecoverable, 0u);
  EXPECT_GT(r.injected_drops, 0u);  // the loss really happened
  EXPECT_GT(r.retransmits, 0u);
}

}  // namespace

TEST(Sim, NakcastCompleteInOrder3Receivers1Pct) { expect_nakcast_complete(3, 1.0); }
TEST(Sim, NakcastCompleteInOrder3Receivers3Pct) { expect_nakcast_complete(3, 3.0); }
TEST(Sim, NakcastCompleteInOrder25Receivers1Pct) { expect_nakcast_complete(25, 1.0); }
TEST(Sim, NakcastCompleteInOrder25Receivers3Pct) { expect_nakcast_complete(25, 3.0); }

TEST(Sim, SameSeedIsBitIdenticalOtherSeedDiffers) {
  const auto p = point(TransportKind::Nakcast, 25, 3.0);
  const auto a = run(p), b = run(p);
  expect_identical(a, b);
  auto q = p;
  q.seed = 2;
  const auto c = run(q);
  EXPECT_NE(a.injected_drops, c.injected_drops);
  EXPECT_NE(metrics::csv_line(a.row), metrics::csv_line(c.row));
}

TEST(Sim, BaselineLosesAboutTheInjectedShare) {
  const auto r = run(point(TransportKind::Baseline, 25, 3.0));
  EXPECT_EQ(r.row.received + r.injected_drops, 2000u * 25);
  EXPECT_NEAR(r.row.delivery, 0.97, 0.005);
  EXPECT_DOUBLE_EQ(r.row.lat.mean_us, 100.0);  // just the propagation delay
}

// 100 bytes on the link per datagram (36-byte header + 22-byte payload + 42 bytes of UDP, IPv4
// and Ethernet headers, contract::kLinkOverheadBytes) at 200 Hz = 20 KB/s offered into a
// 5 KB/s egress link with a 4-packet queue (see Link test for the hand timeline):
// p1..p6 pass with 20/35/50/65/80/95 ms, then every 4th update passes with 100 ms.
TEST(Sim, BandwidthAndQueueDropAndDelayAsComputedByHand) {
  NetConfig net;
  net.bandwidth = *units::parse_bandwidth_schedule("5000B/s");
  net.queue_packets = 4;
  net.delay = 100us;
  const auto r = run(point(TransportKind::Baseline, 1, 0.0, 2000, 200), net, 64 - contract::kLinkOverheadBytes);
  const std::uint64_t passed = 6 + (1996 - 8) / 4 + 1;  // 504
  EXPECT_EQ(r.row.received, passed);
  EXPECT_EQ(r.link_drops, 2000u - passed);
  const double sum_ms = 20 + 35 + 50 + 65 + 80 + 95 + 100.0 * (passed - 6) + 0.1 * passed;
  EXPECT_NEAR(r.row.lat.mean_us, sum_ms * 1000 / passed, 1e-6);
  EXPECT_DOUBLE_EQ(r.row.lat.max_us, 100'100.0);
  EXPECT_DOUBLE_EQ(r.row.delivery, passed / 2000.0);
}

namespace {
bench::Point ricochet(int r, int c, int receivers, double loss, std::uint64_t seed = 1) {
  auto p = point(TransportKind::Ricochet, receivers, loss, 2000, 100, seed);
  p.lec_r = r;
  p.lec_c = c;
  return p;
}
}  // namespace

TEST(Sim, RicochetR4C3DeliversAtLeast99_5PctAt3PctLoss25Receivers) {
  const auto r = run(ricochet(4, 3, 25, 3.0));
  EXPECT_GE(r.row.delivery, 0.995) << metrics::csv_line(r.row);
  EXPECT_LT(r.row.delivery, 1.0);  // probabilistic: some loss remains at this size
  EXPECT_GT(r.recovered, r.injected_drops / 3);  // most data losses were repaired laterally
  EXPECT_EQ(r.naks, 0u);                          // NAK fallback is off by default
  EXPECT_EQ(r.corrupt, 0u);                       // every rebuilt payload checks out
  EXPECT_GT(r.order_errors, 0u);                  // recovered packets arrive out of order
  // Every repair went to c = 3 peers: one bin per r = 4 data packets per receiver.
  EXPECT_NEAR(static_cast<double>(r.repairs_sent), 2000.0 / 4 * 3 * 25, 2000.0 / 4 * 3 * 25 * 0.05);
}

TEST(Sim, RicochetMeanLatencyLowerAtR4ThanR8) {
  const auto r4 = run(ricochet(4, 3, 25, 3.0));
  const auto r8 = run(ricochet(8, 3, 25, 3.0));
  EXPECT_LT(r4.row.lat.mean_us, r8.row.lat.mean_us)
      << metrics::csv_line(r4.row) << "\n" << metrics::csv_line(r8.row);
  EXPECT_LT(r4.row.lat.p99_us, r8.row.lat.p99_us);
}

TEST(Sim, RicochetSameSeedIsBitIdentical) {
  const auto p = ricochet(4, 3, 10, 3.0, 5);
  expect_identical(run(p), run(p));
}

TEST(Sim, RicochetWithoutLossIsPlainMulticast) {
  const auto r = run(ricochet(8, 3, 3, 0.0));
  EXPECT_EQ(r.row.delivery, 1.0);
  EXPECT_EQ(r.recovered, 0u);
  EXPECT_EQ(r.order_errors, 0u);
  EXPECT_DOUBLE_EQ(r.row.lat.mean_us, 100.0);
}

TEST(Sim, BytesOnTheWireByKind) {
  const auto b = run(point(TransportKind::Baseline, 3, 3.0));
  EXPECT_EQ(b.row.bytes_data, 2000u * 48);  // 36-byte header + 12-byte payload, multicast once
  EXPECT_EQ(b.row.bytes_nak + b.row.bytes_repair + b.row.bytes_retransmit + b.row.bytes_control, 0u);
  const auto n = run(point(TransportKind::Nakcast, 3, 3.0));
  EXPECT_EQ(n.row.bytes_data, 2000u * 48);
  EXPECT_GT(n.row.bytes_nak, 0u);
  EXPECT_EQ(n.row.bytes_retransmit, n.retransmits * 48);
  EXPECT_EQ(n.row.bytes_repair, 0u);
  EXPECT_GT(n.row.bytes_control, 0u);  // heartbeats
  const auto r = run(ricochet(4, 3, 5, 3.0));
  EXPECT_EQ(r.row.bytes_nak, 0u);
  EXPECT_EQ(r.row.bytes_retransmit, 0u);
  // Every repair of 4 full packets: header 36 + 16 fixed + 4 × 8 sequences + 12 XOR bytes.
  EXPECT_GE(r.row.bytes_repair, r.repairs_sent * (36 + 16 + 8 + 12));
  EXPECT_LE(r.row.bytes_repair, r.repairs_sent * (36 + 16 + 4 * 8 + 12));
  EXPECT_GT(r.row.bytes_control, 0u);  // JOINs + heartbeats
  const auto fields = metrics::parse_csv_record(metrics::csv_line(r.row));
  ASSERT_EQ(fields.size(), metrics::columns().size());
  const auto cell = [&](std::string_view name) {
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (metrics::columns()[i].name == name) return fields[i];
    ADD_FAILURE() << "no column " << name;
    return std::string();
  };
  EXPECT_EQ(cell("transport_params"), "r=4;c=3;nak_fallback=0");
  EXPECT_EQ(cell("stream"), "");  // a one-stream point
  EXPECT_EQ(cell("sender_replaced") + cell("sender_expired") + cell("sender_abandoned"), "000");
}

TEST(Sim, GilbertBurstLossIsBurstyAndDeterministic) {
  NetConfig net;
  net.burst = GilbertLoss{0.01, 0.25, 0.0, 100.0};  // stationary loss 0.01 / 0.26 ≈ 3.85 %
  const auto p = point(TransportKind::Baseline, 5, 0.0);
  const auto a = run(p, net), b = run(p, net);
  expect_identical(a, b);
  EXPECT_NEAR(a.row.delivery, 1.0 - 0.01 / 0.26, 0.01);
  // NAKcast still delivers everything, in order, through bursts.
  const auto n = run(point(TransportKind::Nakcast, 5, 0.0), net);
  EXPECT_EQ(n.row.delivery, 1.0);
  EXPECT_EQ(n.order_errors, 0u);
}

TEST(Sim, RicochetNakFallbackClosesTheRemainingGap) {
  auto p = ricochet(4, 3, 25, 3.0);
  p.lec_nak_fallback = true;
  const auto r = run(p);
  EXPECT_EQ(r.row.delivery, 1.0) << metrics::csv_line(r.row);
  EXPECT_GT(r.naks, 0u);
  EXPECT_GT(r.retransmits, 0u);
  EXPECT_GT(r.recovered, 10 * r.retransmits);  // LEC still does almost all of the work
}

TEST(Sim, PskAuthenticatesEveryDatagramAndDropsTamperedOnes) {
  NetConfig plain;
  NetConfig keyed;
  keyed.psk = "blue-force";
  const auto a = run(point(TransportKind::Nakcast, 3, 1.0, 1000), plain);
  const auto b = run(point(TransportKind::Nakcast, 3, 1.0, 1000), keyed);
  EXPECT_EQ(b.row.received, 3000u);
  EXPECT_EQ(b.auth_rejected, 0u);
  EXPECT_EQ(b.row.received, a.row.received);
  // Tampered datagrams are dropped before the engines (NAKcast recovers them like losses).
  keyed.tamper_pct = 2.0;
  const auto t = run(point(TransportKind::Nakcast, 3, 0.0, 1000), keyed);
  EXPECT_GT(t.tampered, 0u);
  EXPECT_EQ(t.auth_rejected, t.tampered);
  EXPECT_EQ(t.corrupt, 0u);
  EXPECT_EQ(t.row.received, 3000u);
  EXPECT_GT(t.retransmits, 0u);
  // A writer without the key is never heard.
  keyed.tamper_pct = 0.0;
  keyed.forge_without_key = true;
  const auto f = run(point(TransportKind::Baseline, 2, 0.0, 200), keyed);
  EXPECT_EQ(f.row.received, 0u);
  EXPECT_EQ(f.auth_rejected, 400u);
}

// FEC r=4 c=1 at 3 % loss: a packet is lost only when another of the 4 other packets of its
// block (3 data + 1 repair) is lost too: 3 % x (1 - 0.97^4) = 0.35 %, so delivery ~ 99.65 %
// where plain multicast delivers ~ 97 %. More repairs per block (c = 2) recover more.
TEST(Sim, FecR4C1RecoversSingleLossesPerBlockAt3PctLoss25Receivers) {
  auto p = point(TransportKind::Fec, 25, 3.0, 2000);
  p.lec_r = 4, p.lec_c = 1;
  const auto r = run(p);
  auto q = p;
  q.lec_c = 2;
  const auto r2 = run(q);
  const auto base = run(point(TransportKind::Baseline, 25, 3.0, 2000));
  std::printf("fec r=4 c=1: delivery %.5f (recovered %llu, unrecoverable %llu, repairs %llu), c=2: %.5f, "
              "baseline %.5f\n",
              r.row.delivery, (unsigned long long)r.recovered, (unsigned long long)r.unrecoverable,
              (unsigned long long)r.repairs_sent, r2.row.delivery, base.row.delivery);
  EXPECT_EQ(r.repairs_sent, 500u);  // one per block of 4
  EXPECT_GE(r.row.delivery, 0.995);
  EXPECT_LE(r.row.delivery, 0.9985);  // double losses in a block stay lost
  EXPECT_LT(base.row.delivery, 0.975);
  EXPECT_GT(r2.row.delivery, r.row.delivery);
  EXPECT_EQ(r.row.received + r.unrecoverable, 2000u * 25u);  // every update accounted for
  EXPECT_EQ(r.corrupt, 0u);
  EXPECT_EQ(r.naks, 0u);
  expect_identical(r, run(p));
}

// nak_timeout auto: every loss repaired, at most 1.5 NAKed sequences per lost packet at 25
// receivers (suppression), and a mean latency far below the fixed 25 ms timeout's.
TEST(Sim, NakcastAutoSuppressesNaksAt25ReceiversAndRecoversFasterThanFixed) {
  bench::Point p = point(TransportKind::Nakcast, 25, 3.0);
  p.nak_timeout = contract::kNakTimeoutAuto;
  const auto a = run(p);
  EXPECT_EQ(a.row.delivery, 1.0);
  EXPECT_EQ(a.order_errors, 0u);
  ASSERT_GT(a.repaired, 100u);
  EXPECT_LE(static_cast<double>(a.nak_sequences) / static_cast<double>(a.repaired), 1.5);
  p.nak_timeout = 25ms;
  const auto f = run(p);
  EXPECT_EQ(f.row.delivery, 1.0);
  EXPECT_LT(a.row.lat.mean_us, 0.25 * f.row.lat.mean_us);
}

TEST(Sim, NakcastAutoSameSeedIsBitIdentical) {
  bench::Point p = point(TransportKind::Nakcast, 5, 3.0, 500);
  p.nak_timeout = contract::kNakTimeoutAuto;
  expect_identical(run(p), run(p));
}
