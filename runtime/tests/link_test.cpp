// Simulator building blocks: event queue ordering, bandwidth parsing, link model.
#include <adamant/units.hpp>
#include <adamant/sim.hpp>

#include <gtest/gtest.h>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

TEST(EventQueue, TimeOrderThenStableInsertionOrder) {
  EventQueue q;
  std::vector<int> got;
  q.at(5ms, [&] { got.push_back(3); });
  q.at(1ms, [&] { got.push_back(1); });
  q.at(5ms, [&] { got.push_back(4); });
  q.at(1ms, [&] { got.push_back(2); });
  q.at(2ms, [&] {
    got.push_back(10);
    q.at(0ms, [&] { got.push_back(11); });  // in the past: runs at now, after peers queued earlier
  });
  q.run_until(10ms);
  EXPECT_EQ(got, (std::vector<int>{1, 2, 10, 11, 3, 4}));
  EXPECT_EQ(q.now(), 10ms);
  EXPECT_EQ(q.executed(), 6u);
}

// 20 KB/s offered (100-byte packets every 5 ms) into a 5 KB/s link (20 ms per packet)
// with room for 4 waiting packets. By hand:
//   t=0..25: p0..p5 accepted, ends 20,40,60,80,100,120 (p0 in service, up to 4 waiting)
//   t=30,35: full (1 in service + 4 waiting) -> dropped
//   t=40: p0.. done through 40 -> p8 accepted, ends 140; then every 4th packet (one per
//   20 ms) is accepted and leaves 100 ms after it was offered.
TEST(Link, OfferedLoadAboveCapacityDropsAndDelaysByHand) {
  Link link(Link::Config{{{5000, 0s}}, 4, 1ms});
  std::vector<std::optional<Nanos>> arr;
  for (int i = 0; i < 40; ++i) arr.push_back(link.offer(Nanos{i * 5'000'000}, 100));
  const std::int64_t ms = 1'000'000;
  const std::int64_t want_end[] = {20, 40, 60, 80, 100, 120};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(arr[i]) << i;
    EXPECT_EQ(arr[i]->count(), want_end[i] * ms + 1 * ms) << i;  // + propagation delay
  }
  for (int i = 6; i < 40; ++i) {
    if (i >= 8 && i % 4 == 0) {
      ASSERT_TRUE(arr[i]) << i;
      EXPECT_EQ(arr[i]->count(), i * 5 * ms + 100 * ms + 1 * ms) << i;
    } else {
      EXPECT_FALSE(arr[i]) << i;
    }
  }
  EXPECT_EQ(link.sent(), 6u + 8u);  // p8, p12, ..., p36
  EXPECT_EQ(link.dropped(), 40u - 14u);
}

TEST(Link, UnboundedQueueOnlyDelays) {
  Link link(Link::Config{{{1000, 0s}}, 0, 0ns});
  EXPECT_EQ(link.offer(0ns, 10), Nanos{10'000'000});
  EXPECT_EQ(link.offer(0ns, 10), Nanos{20'000'000});
  EXPECT_EQ(link.offer(25ms, 1), Nanos{26'000'000});
  EXPECT_EQ(link.dropped(), 0u);
}

TEST(Link, TimeVaryingBandwidthIntegratesAcrossPhases) {
  // 40 KB/s for 50 s, then 5 KB/s for 10 s, repeating.
  Link link(Link::Config{*units::parse_bandwidth_schedule("40000B/s@50s,5000B/s@10s"), 0, 0ns});
  // 100 bytes at 40 KB/s = 2.5 ms.
  EXPECT_EQ(link.transmit_end(0s, 100), Nanos{2'500'000});
  // At 5 KB/s = 20 ms.
  EXPECT_EQ(link.transmit_end(55s, 100), 55s + 20ms);
  // Starting 1 ms before the drop: 40 bytes fit, the other 60 take 12 ms at 5 KB/s.
  EXPECT_EQ(link.transmit_end(50s - 1ms, 100), 50s + 12ms);
  // Starting 1 ms before recovery (second period): 5 bytes, then 95 at 40 KB/s = 2.375 ms.
  EXPECT_EQ(link.transmit_end(120s - 1ms, 100), 120s + Nanos{2'375'000});
  // Outage phases are skipped over.
  Link gap(Link::Config{*units::parse_bandwidth_schedule("1000B/s@1s,0B/s@1s"), 0, 0ns});
  EXPECT_EQ(gap.transmit_end(1s - 1ms, 2), 2s + 1ms);
  EXPECT_THROW(Link(Link::Config{{{0, 1s}}, 0, 0ns}), std::invalid_argument);
}
