// Replace sender timing on the Mockets experiment 1 link (label: sim): 1 KB updates of one
// tag into 5120 B/s with a 4-packet queue, 500 us each way, one receiver.
//
// Floor at 20 Hz: a datagram (1024 + 76 B, and 42 B of the link's headers) holds the link
// S = 1142/5120 s = 223 ms; chosen when the link is free, it carries the newest update, aged
// 1/(2f) = 25 ms on average: latency >= S + 25 ms + 0.5 ms = 249 ms, and the link carries one
// datagram per S.
// At 2 Hz the link is idle between updates, so the round trip is constant (S + the ACK).
#include <adamant/contract.hpp>
#include <adamant/sim.hpp>
#include <adamant/units.hpp>

#include <gtest/gtest.h>

#include <cstdio>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

namespace {

PointResult experiment1_link(double rate_hz, int updates, double loss_pct = 0.0) {
  bench::Point p{TransportKind::Replace, 1, loss_pct, rate_hz, updates, 1, 1, 50ms};
  p.tags = 1;
  NetConfig net;
  net.bandwidth = *units::parse_bandwidth_schedule("5120B/s");
  net.queue_packets = 4;
  net.delay = 500us;
  return run_point(bench::counter_spec("replace-timing", 1024, {p}), p, net);
}

}  // namespace

TEST(ReplaceTimingSim, Experiment1IsNearTheLinksFloor) {
  const auto r = experiment1_link(20.0, 1000);
  std::printf("experiment 1: received %llu of 1000, replaced %llu, mean %.1f ms, max %.1f ms, retransmits %llu\n",
              (unsigned long long)r.row.received, (unsigned long long)r.row.replaced, r.row.lat.mean_us / 1e3,
              r.row.lat.max_us / 1e3, (unsigned long long)r.retransmits);
  // the floor: one datagram on the link (1,142 B with the link's headers: 223 ms) + 25 ms of age
  const double service_us = static_cast<double>(1100 + contract::kLinkOverheadBytes) * 1e6 / 5120;
  EXPECT_LE(r.row.lat.mean_us, 250e3);
  EXPECT_GE(r.row.lat.mean_us, service_us + 25e3 - 5e3);  // not below the floor: the figure is what it says
  EXPECT_GE(r.row.received, static_cast<std::uint64_t>(50e6 / service_us));  // the link still carries one per S
  EXPECT_EQ(r.link_drops, 0u);
  EXPECT_DOUBLE_EQ(r.row.delivery_or_replaced, 1.0);
}

TEST(ReplaceTimingSim, ConstantRoundTripAt2HzIsNotRetransmitted) {
  const auto r = experiment1_link(2.0, 1000);
  std::printf("2 Hz, no loss: retransmits %llu, mean %.1f ms\n", (unsigned long long)r.retransmits,
              r.row.lat.mean_us / 1e3);
  EXPECT_EQ(r.retransmits, 0u);
  EXPECT_EQ(r.row.received, 1000u);
}

TEST(ReplaceTimingSim, LossAt2HzIsStillRepaired) {
  const auto r = experiment1_link(2.0, 1000, 3.0);
  std::printf("2 Hz, 3%% loss: injected drops %llu, retransmits %llu, received %llu, mean %.1f ms\n",
              (unsigned long long)r.injected_drops, (unsigned long long)r.retransmits,
              (unsigned long long)r.row.received, r.row.lat.mean_us / 1e3);
  EXPECT_GT(r.injected_drops, 0u);
  EXPECT_EQ(r.row.received, 1000u);  // every loss resent before the next update (500 ms)
  EXPECT_GE(r.retransmits, r.injected_drops / 2);  // drops hit ACKs too; those need no resend
  EXPECT_LE(r.retransmits, r.injected_drops + 2);  // nothing spurious
}
