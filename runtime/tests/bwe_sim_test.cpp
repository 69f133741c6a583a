// Bandwidth estimation on the Mockets experiment 4 link (label: sim): one tag of 1 KB updates
// at 10 Hz over 40960 B/s for 50 s, then 5120 B/s for 10 s (repeating), a 4-packet queue,
// 500 us each way, one receiver, 1000 updates (100 s).
//
// Floors: a datagram (1024 + 76 B, and 42 B of the link's headers) holds the fast link
// S = 27.9 ms and the slow one 223 ms. At 10 Hz the fast link carries every update (latency
// S + 0.5 ms = 28.4 ms); the slow one carries one per 223 ms, and a datagram chosen when the link is free carries an update at
// most 1/f = 100 ms old. The paper measured 40 ms mean latency.
#include <adamant/contract.hpp>
#include <adamant/sim.hpp>
#include <adamant/units.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

namespace {

PointResult experiment4_link() {
  bench::Point p{TransportKind::Replace, 1, 0.0, 10.0, 1000, 1, 1, 50ms};
  p.tags = 1;
  p.estimate_bandwidth = true;
  NetConfig net;
  net.bandwidth = *units::parse_bandwidth_schedule("40960B/s@50s,5120B/s@10s");
  net.queue_packets = 4;
  net.delay = 500us;
  return run_point(bench::counter_spec("bwe", 1024, {p}), p, net);
}

struct Window {
  int delivered = 0;
  double max_ms = 0;
};

// The updates published in [from, to) seconds (update i at (i - 1) / 10 s).
Window published_in(const PointResult& r, double from, double to) {
  Window w;
  for (const auto& d : r.deliveries) {
    const double t = static_cast<double>(d.sequence - 1) / 10.0;
    if (t < from || t >= to) continue;
    ++w.delivered;
    w.max_ms = std::max(w.max_ms, d.latency_ns / 1e6);
  }
  return w;
}

}  // namespace

// Within a second of each change the sender behaves as if it knew the link: from 1 s after
// the slowdown no datagram waits behind another in the link's queue (an idle receiver's
// ACK measures one datagram over its round trip, and what is in flight is bounded by the
// estimate times the least round trip); from the speed-up on every update goes at once.
TEST(BandwidthEstimationSim, Experiment4FollowsTheLinkWithinASecond) {
  const auto r = experiment4_link();
  const auto slow = published_in(r, 51, 60), up = published_in(r, 60, 61), fast = published_in(r, 61, 100);
  std::printf("experiment 4, estimate: received %llu of 1000, mean %.1f ms, drops %llu, retransmits %llu; "
              "slow phase from 1 s in: %d, max %.1f ms; first second fast: %d, max %.1f ms; estimate %.0f B/s\n",
              (unsigned long long)r.row.received, r.row.lat.mean_us / 1e3, (unsigned long long)r.link_drops,
              (unsigned long long)r.retransmits, slow.delivered, slow.max_ms, up.delivered, up.max_ms,
              r.estimate_bytes_per_s);
  EXPECT_LE(r.row.lat.mean_us, 40e3);  // the paper's figure
  EXPECT_EQ(r.link_drops, 0u);
  const double service_ms = static_cast<double>(1100 + contract::kLinkOverheadBytes) * 1e3 / 5120;  // 223 ms
  EXPECT_LE(slow.max_ms, service_ms + 100 + 1.0);  // S + the update's age at most: nothing queued ahead
  EXPECT_GE(slow.delivered, static_cast<int>(0.9 * 9000 / service_ms));  // and the link busy: 9 s / 223 ms = 40.3
  EXPECT_EQ(up.delivered, 10);             // the first second after the speed-up: all of them
  EXPECT_LE(up.max_ms, service_ms / 8 + 0.5 + 0.1);  // promptly: S at 40 KB/s + the one-way delay
  EXPECT_EQ(fast.delivered, 390);
  EXPECT_GT(r.estimate_bytes_per_s, 0.9 * 40960);  // the fast link, one datagram over its round trip
  EXPECT_LT(r.estimate_bytes_per_s, 40960);
  EXPECT_DOUBLE_EQ(r.row.delivery_or_replaced, 1.0);
}
