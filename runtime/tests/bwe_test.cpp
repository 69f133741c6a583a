// The replace/fifo sender's bandwidth estimation, step by step with hand-made times (label: unit).
#include <adamant/replace.hpp>

#include <gtest/gtest.h>

using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kBytes = 1000;

// A receiver that acknowledged one message (sent at 0, acknowledged at `rtt`), so later
// messages have a reference.
DeliveryState primed(Nanos rtt) {
  DeliveryState d;
  const auto first = on_sent(d, kBytes, Nanos{0});
  EXPECT_FALSE(first.valid);  // nothing acknowledged yet: no reference
  EXPECT_FALSE(on_delivered(d, first, kBytes, rtt).has_value());
  EXPECT_EQ(d.delivered, kBytes);
  return d;
}

}  // namespace

TEST(BandwidthEstimation, PacedSendsOverAnIdlePathMeasureTheSendRate) {
  // One message every 100 ms, each acknowledged 50 ms later: 10,000 B/s, no queue.
  DeliveryState d = primed(50ms);
  for (int i = 1; i <= 5; ++i) {
    const Nanos sent = i * Nanos{100ms};
    const auto snap = on_sent(d, kBytes, sent);
    ASSERT_TRUE(snap.valid);
    const auto s = on_delivered(d, snap, kBytes, sent + 50ms);
    ASSERT_TRUE(s.has_value());
    EXPECT_DOUBLE_EQ(s->bytes_per_s, 10'000.0);
    EXPECT_FALSE(s->network_limited);
  }
}

TEST(BandwidthEstimation, AckIntervalsLongerThanSendIntervalsMeasureTheBottleneck) {
  // Sent every 25 ms (all before the first ACK is back), but the path carries one per 200 ms.
  DeliveryState d = primed(50ms);
  std::vector<DeliverySnapshot> snaps;
  for (int i = 1; i <= 4; ++i) snaps.push_back(on_sent(d, kBytes, 75ms + i * Nanos{25ms}));
  std::optional<DeliverySample> last;
  for (int i = 1; i <= 4; ++i) last = on_delivered(d, snaps[static_cast<std::size_t>(i - 1)], kBytes, 50ms + i * Nanos{200ms});
  ASSERT_TRUE(last.has_value());
  EXPECT_TRUE(last->network_limited);
  // The 4th message: sent 175 ms after the reference (the primer), acknowledged 800 ms after
  // it; 4 messages arrived meanwhile.
  EXPECT_DOUBLE_EQ(last->bytes_per_s, 4 * 1000 / 0.8);
}

TEST(BandwidthEstimation, BytesSentButNeverAcknowledgedMeanThePathIsFull) {
  // Three of four messages are dropped by a full queue; the ACK timing itself looks normal.
  DeliveryState d = primed(50ms);
  for (int i = 1; i <= 3; ++i) on_sent(d, kBytes, 50ms + i * Nanos{10ms});
  const auto snap = on_sent(d, kBytes, 100ms);
  const auto s = on_delivered(d, snap, kBytes, 150ms);
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->network_limited);
  EXPECT_DOUBLE_EQ(s->bytes_per_s, 10'000.0);  // 1,000 B over 100 ms
  // The same, when the three were settled without knowing (replaced, ACK ambiguous): not a loss.
  DeliveryState e = primed(50ms);
  for (int i = 1; i <= 3; ++i) on_sent(e, kBytes, 50ms + i * Nanos{10ms});
  const auto snap2 = on_sent(e, kBytes, 100ms);
  for (int i = 0; i < 3; ++i) settle_unknown(e, kBytes);
  const auto s2 = on_delivered(e, snap2, kBytes, 150ms);
  ASSERT_TRUE(s2.has_value());
  EXPECT_FALSE(s2->network_limited);
}

TEST(BandwidthEstimation, AMessageToAnIdleReceiverMeasuresItsOwnRoundTrip) {
  // The primer was acknowledged at 50 ms; nothing is in flight when the next goes at 200 ms.
  DeliveryState d = primed(50ms);
  DeliveryState measured_from_primer = d;
  const auto snap = on_sent(d, kBytes, 200ms, true);
  ASSERT_TRUE(snap.valid);
  EXPECT_TRUE(snap.idle_reference);
  const auto second = on_sent(d, kBytes, 210ms);  // sent while the first is in flight
  EXPECT_TRUE(second.idle_reference);
  // A 25 ms round trip: one datagram alone crossed a path of at least 40,000 B/s.
  const auto s = on_delivered(d, snap, kBytes, 225ms);
  ASSERT_TRUE(s.has_value());
  EXPECT_DOUBLE_EQ(s->bytes_per_s, 40'000.0);
  EXPECT_FALSE(s->network_limited);
  // The second: 2,000 B since the idle send, over its 50 ms; its ACK interval includes the
  // round trip, so it does not say the path limited it.
  const auto s2 = on_delivered(d, second, kBytes, 250ms);
  ASSERT_TRUE(s2.has_value());
  EXPECT_DOUBLE_EQ(s2->bytes_per_s, 40'000.0);
  EXPECT_FALSE(s2->network_limited);
  // The next message measures from the one acknowledged last again.
  EXPECT_FALSE(on_sent(d, kBytes, 260ms).idle_reference);
  // Measured from the primer instead, the same message says 1,000 B over 200 ms.
  const auto old = on_sent(measured_from_primer, kBytes, 200ms);
  EXPECT_DOUBLE_EQ(on_delivered(measured_from_primer, old, kBytes, 225ms)->bytes_per_s, 5'000.0);
}

TEST(BandwidthEstimation, EstimateRisesToHigherSamplesAndFallsHalfwayOnLimitedOnes) {
  BandwidthEstimate e(5'000, 500, 100'000);
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 5'000);
  e.add(DeliverySample{6'250, false, false});  // a probe got through: take it
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 6'250);
  e.add(DeliverySample{2'000, false, true});  // app-limited and low: the sender had less to send
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 6'250);
  e.add(DeliverySample{4'250, true, false});  // the path limited it: halfway down
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 5'250);
  e.add(DeliverySample{4'250, false, false});  // sending all it could and still low: halfway down
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 4'750);
  e.add(DeliverySample{1e9, false, false});  // clamped to the ceiling
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 100'000);
  for (int i = 0; i < 40; ++i) e.add(DeliverySample{1, true, false});  // and to the floor
  EXPECT_DOUBLE_EQ(e.bytes_per_s(), 500);
  EXPECT_EQ(e.samples(), 45u);
  EXPECT_THROW(BandwidthEstimate(1, 0, 10), std::invalid_argument);
}

TEST(BandwidthEstimation, PacingGainProbesDrainsAndCruises) {
  const double expect[] = {1.25, 0.75, 1.0, 1.0, 1.25, 0.75, 1.0, 1.0};
  for (std::uint64_t r = 0; r < 8; ++r) EXPECT_DOUBLE_EQ(pacing_gain(r), expect[r]) << r;
}

// The engine: one receiver behind a 20,000 B/s bottleneck with a 10 ms one-way delay, driven
// by hand (the receiver engine ACKs every MSG). Offered far above the link, the estimate
// climbs from a 2,000 B/s start to the bottleneck and stays near it; with the fixed pace
// it stays at 2,000 B/s.
namespace {

struct Path {  // FIFO bottleneck + delay, then the receiver; its ACKs come back after the delay
  double bytes_per_s;
  Nanos busy_until{0};
};

std::pair<double, std::uint64_t> run_bottleneck(bool estimate) {
  ReplaceConfig cfg;
  cfg.pace_bytes_per_s = 2'000;
  cfg.estimate_bandwidth = estimate;
  ReplaceSender tx(cfg);
  ReplaceReceiver rx(ReplaceReceiverConfig{});
  const adamant::Endpoint rx_ep{0x7F000001, 2}, tx_ep{0x7F000001, 1};
  Path path{20'000};
  std::multimap<Nanos, std::pair<bool, std::vector<std::uint8_t>>> wire;  // arrival -> (to receiver?, bytes)
  const std::vector<std::uint8_t> payload(500, 0x5A);
  std::uint64_t delivered = 0;
  auto send_out = [&](Output& out, Nanos now, bool from_sender) {
    for (auto& d : out.datagrams) {
      if (from_sender) {
        const Nanos start = std::max(now, path.busy_until);
        path.busy_until = start + Nanos{static_cast<Nanos::rep>(d.bytes.size() * 1e9 / path.bytes_per_s)};
        wire.emplace(path.busy_until + 10ms, std::make_pair(true, std::move(d.bytes)));
      } else {
        wire.emplace(now + 10ms, std::make_pair(false, std::move(d.bytes)));
      }
    }
    delivered += out.deliveries.size();
    out.clear();
  };
  Output out;
  const Nanos end = 20s;
  Nanos next_publish{0};
  std::uint32_t tag = 0;
  for (Nanos now{0}; now < end;) {
    if (now >= next_publish) {  // 100 Hz x 536 B datagrams: 2.7x the bottleneck
      tx.publish_tagged(tag++ % 20, {payload.data(), payload.size()}, now, out);
      send_out(out, now, true);
      next_publish += 10ms;
    }
    while (!wire.empty() && wire.begin()->first <= now) {
      auto node = wire.extract(wire.begin());
      auto& [to_rx, bytes] = node.mapped();
      if (to_rx) {
        rx.on_datagram({bytes.data(), bytes.size()}, tx_ep, now, out);
        send_out(out, now, false);
      } else {
        tx.on_datagram({bytes.data(), bytes.size()}, rx_ep, now, out);
        send_out(out, now, true);
      }
    }
    tx.on_tick(now, out);
    send_out(out, now, true);
    Nanos next = next_publish;
    if (!wire.empty()) next = std::min(next, wire.begin()->first);
    if (auto d = tx.next_deadline()) next = std::min(next, std::max(*d, now + 1us));
    now = next;
  }
  return {tx.replace_stats().estimate_bytes_per_s, delivered};
}

}  // namespace

TEST(BandwidthEstimation, SenderEstimateClimbsToTheBottleneckAndStaysNearIt) {
  const auto [est, got] = run_bottleneck(true);
  const auto [fixed_est, fixed_got] = run_bottleneck(false);
  std::printf("bottleneck 20000 B/s: estimate %.0f B/s, %llu delivered; fixed 2000 B/s: %llu delivered\n", est,
              static_cast<unsigned long long>(got), static_cast<unsigned long long>(fixed_got));
  EXPECT_GT(est, 0.6 * 20'000);
  EXPECT_LT(est, 1.3 * 20'000);
  EXPECT_GT(got, 4 * fixed_got);  // the fixed pace carries 2,000 B/s, the estimate most of 20,000
  EXPECT_LE(fixed_est, 2'000 * 1.0001);  // fixed: measured, but never above what was sent
  // Same inputs, same result.
  EXPECT_EQ(run_bottleneck(true), std::make_pair(est, got));
}
