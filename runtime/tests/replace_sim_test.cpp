// Replace vs Fifo at 4x overload in the simulator (label: sim).
//
// Blue-force setup scaled to one connection: 20 tracks (tags) updated round robin at 20 Hz,
// 1000-byte updates (1072-byte datagrams), 5 KB/s link, 4-packet network queue: 4.3x the
// link rate is offered. The sender paces to the link rate, so the backlog sits in its queue.
//
// Bound for replace (tail enqueue, no loss; L = 1072 B datagram, B = 5000 B/s, K tags):
// the queue never holds more than K messages (one per tag). While updates keep coming, a
// message is superseded K/rate = 1 s after it was enqueued, so a delivered message left
// the queue within K/rate; pacing leaves at most one datagram ahead of it in the network:
//   steady state:  latency <= K/rate + 2 L/B + delay + token-bucket slack (< L/B)  < 1.65 s
// After the last publication nothing supersedes the (up to K) queued messages, which drain:
//   any update:    latency <= (K + 1) L/B + 2 L/B + delay                           < 5.0 s
// Fifo has no bound: its queue grows by (offered - B)/L messages per second.
#include <adamant/units.hpp>
#include <adamant/sim.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

namespace {

constexpr int kUpdates = 600;  // 30 s at 20 Hz

PointResult overload(TransportKind transport, std::uint32_t tags = 20, const std::string& psk = "",
                     int receivers = 1, double loss_pct = 0.0) {
  bench::Point p{transport, receivers, loss_pct, 20.0, kUpdates, 1, 1, 50ms};
  p.tags = tags;
  NetConfig net;
  net.bandwidth = *units::parse_bandwidth_schedule("5000B/s");
  net.queue_packets = 4;
  net.psk = psk;
  return run_point(bench::counter_spec("replace-test", 1000, {p}), p, net);
}

// Max / mean latency (us) of the steady-state deliveries (updates that had a successor).
std::pair<double, double> steady(const PointResult& r, std::uint32_t tags) {
  double mx = 0, sum = 0;
  int n = 0;
  for (const auto& d : r.deliveries)
    if (d.sequence + tags <= static_cast<std::uint64_t>(kUpdates)) {
      mx = std::max(mx, d.latency_ns / 1e3);
      sum += d.latency_ns / 1e3, ++n;
    }
  return {mx, n ? sum / n : 0.0};
}

// Mean latency (us) of the first and the last quarter of the deliveries (in delivery
// order), counting only updates with sequence <= last_seq.
std::pair<double, double> quarters(const PointResult& r, std::uint64_t last_seq = kUpdates) {
  std::vector<double> lat;
  for (const auto& d : r.deliveries)
    if (d.sequence <= last_seq) lat.push_back(d.latency_ns / 1e3);
  const std::size_t q = lat.size() / 4;
  if (q == 0) return {0.0, 0.0};
  double s1 = 0, s4 = 0;
  for (std::size_t i = 0; i < q; ++i) s1 += lat[i], s4 += lat[lat.size() - 1 - i];
  return {s1 / q, s4 / q};
}

}  // namespace

TEST(ReplaceSim, ReplaceBoundedFifoGrowsAt4xOverload) {
  const auto rep = overload(TransportKind::Replace);
  const auto fifo = overload(TransportKind::Fifo);
  const auto qr = quarters(rep, kUpdates - 20);  // steady state
  const auto qf = quarters(fifo);
  const auto st = steady(rep, 20);
  std::printf("replace: delivered %llu replaced %llu (queued %llu, in flight %llu) delivery %.3f "
              "delivery_or_replaced %.3f mean %.0f us p99 %.0f us max %.0f us, quarters %.0f / %.0f us\n",
              (unsigned long long)rep.row.received, (unsigned long long)rep.row.replaced,
              (unsigned long long)rep.replaced_queued, (unsigned long long)rep.replaced_inflight,
              rep.row.delivery, rep.row.delivery_or_replaced, rep.row.lat.mean_us, rep.row.lat.p99_us,
              rep.row.lat.max_us, qr.first, qr.second);
  std::printf("replace steady state (updates with a successor): max %.0f us mean %.0f us\n", st.first, st.second);
  std::printf("fifo:    delivered %llu replaced %llu delivery %.3f mean %.0f us p99 %.0f us max %.0f us, "
              "quarters %.0f / %.0f us\n",
              (unsigned long long)fifo.row.received, (unsigned long long)fifo.row.replaced, fifo.row.delivery,
              fifo.row.lat.mean_us, fifo.row.lat.p99_us, fifo.row.lat.max_us, qf.first, qf.second);
  EXPECT_EQ(rep.link_drops, 0u);  // paced: the network queue never overflows
  EXPECT_EQ(fifo.link_drops, 0u);
  EXPECT_EQ(rep.corrupt + fifo.corrupt, 0u);
  // Replace: bounded latency, everything delivered or superseded by a delivered update.
  EXPECT_LT(st.first, 1.65e6);
  EXPECT_LT(rep.row.lat.mean_us, 1.65e6);
  EXPECT_LT(rep.row.lat.max_us, 5.0e6);
  EXPECT_GT(rep.row.replaced, 0u);
  EXPECT_DOUBLE_EQ(rep.row.delivery_or_replaced, 1.0);
  EXPECT_LT(qr.second, 1.3 * qr.first + 1e5);  // no growth
  // Fifo: nothing replaced; latency grows (last quarter either very late or not delivered
  // before the point ended).
  EXPECT_EQ(fifo.row.replaced, 0u);
  EXPECT_GT(qf.second, 3 * qf.first);
  EXPECT_GT(fifo.row.lat.p99_us, 5 * rep.row.lat.p99_us);
  // Both deliver at the link rate.
  EXPECT_NEAR(static_cast<double>(rep.row.received), static_cast<double>(fifo.row.received),
              0.1 * static_cast<double>(fifo.row.received));
}

TEST(ReplaceSim, DeterministicAndOneTagKeepsOnlyTheNewest) {
  const auto a = overload(TransportKind::Replace, 1);
  const auto b = overload(TransportKind::Replace, 1);
  EXPECT_EQ(metrics::csv_line(a.row), metrics::csv_line(b.row));
  // One tag: a queued update is superseded 50 ms later, so latency stays near 2 L/B.
  EXPECT_LT(a.row.lat.max_us, 0.55e6);
  EXPECT_DOUBLE_EQ(a.row.delivery_or_replaced, 1.0);
}

TEST(ReplaceSim, PacingAccountsForTheHmacTrailer) {
  const auto r = overload(TransportKind::Replace, 20, "blue-force");
  const auto st = steady(r, 20);
  EXPECT_EQ(r.retransmits, 0u);  // no network queueing: no spurious RTO
  EXPECT_EQ(r.auth_rejected, 0u);
  EXPECT_LT(st.first, 1.7e6);
  EXPECT_DOUBLE_EQ(r.row.delivery_or_replaced, 1.0);
}

// Blue-force with every receiver: one writer, 20 receivers on the group, the same 4.3x
// overload. One multicast per message, so the pace (the writer's link) is shared by all
// receivers and the bounds above hold per receiver; with 3 % loss at every receiver the
// lost messages are retransmitted (or superseded) and the bound still holds.
TEST(ReplaceSim, TwentyReceiversReplaceBoundedFifoGrows) {
  const auto rep = overload(TransportKind::Replace, 20, "", 20);
  const auto fifo = overload(TransportKind::Fifo, 20, "", 20);
  const auto st = steady(rep, 20);
  const auto qr = quarters(rep, kUpdates - 20);
  const auto qf = quarters(fifo);
  std::printf("20 receivers: replace mean %.0f us steady max %.0f us quarters %.0f / %.0f us; fifo mean %.0f us "
              "quarters %.0f / %.0f us\n",
              rep.row.lat.mean_us, st.first, qr.first, qr.second, fifo.row.lat.mean_us, qf.first, qf.second);
  EXPECT_EQ(rep.link_drops + fifo.link_drops, 0u);
  EXPECT_EQ(rep.retransmits, 0u);  // one multicast per message, every receiver acknowledges it
  EXPECT_LT(st.first, 1.65e6);
  EXPECT_LT(rep.row.lat.max_us, 5.0e6);
  EXPECT_DOUBLE_EQ(rep.row.delivery_or_replaced, 1.0);
  EXPECT_LT(qr.second, 1.3 * qr.first + 1e5);
  EXPECT_GT(qf.second, 3 * qf.first);
  EXPECT_GT(fifo.row.lat.p99_us, 5 * rep.row.lat.p99_us);
  // Every receiver got the same share (deliveries per receiver differ by loss only).
  EXPECT_EQ(rep.row.received % 20, 0u);
}

TEST(ReplaceSim, TwentyReceiversAt3PctLossEverythingDeliveredOrReplaced) {
  const auto rep = overload(TransportKind::Replace, 20, "", 20, 3.0);
  const auto st = steady(rep, 20);
  std::printf("20 receivers, 3%% loss: injected drops %llu retransmits %llu, delivery_or_replaced %.4f, steady max "
              "%.0f us\n",
              (unsigned long long)rep.injected_drops, (unsigned long long)rep.retransmits,
              rep.row.delivery_or_replaced, st.first);
  EXPECT_GT(rep.injected_drops, 0u);
  EXPECT_GT(rep.retransmits, 0u);
  EXPECT_DOUBLE_EQ(rep.row.delivery_or_replaced, 1.0);
  EXPECT_EQ(rep.unrecoverable + rep.corrupt, 0u);
  // A retransmission waits for its RTO and the shared pace: the bound grows by a few RTOs.
  EXPECT_LT(st.first, 4.0e6);
}

// Mockets experiment 4: 10 tags x 1 KB at 10 Hz over a link of 40 KB/s for 50 s, then 5 KB/s
// for 10 s (4-packet queue, 50 ms each way), two periods. Paced to the slowest phase the sender
// wastes the fast phase (half the updates replaced although the link could carry them all);
// pacing to the bandwidth it estimates from the ACKs delivers nearly everything then, and
// replaces only while the link is slow.
TEST(ReplaceSim, EstimatedPaceFollowsAFluctuatingLink) {
  auto bf4 = [](bool estimate) {
    bench::Point p{TransportKind::Replace, 1, 0.0, 10.0, 1200, 1, 1, 50ms};
    p.tags = 10;
    p.estimate_bandwidth = estimate;
    NetConfig net;
    net.bandwidth = *units::parse_bandwidth_schedule("40960B/s@50s,5120B/s@10s");
    net.queue_packets = 4;
    net.delay = 50ms;
    return run_point(bench::counter_spec("bf4", 1024, {p}), p, net);
  };
  const auto fixed = bf4(false), est = bf4(true);
  // Mean latency (us) of the updates sent in the fast phases (t mod 60 s < 45 s, clear of the
  // switch) and in the slow ones.
  auto phase_mean = [](const PointResult& r, bool fast) {
    double sum = 0;
    int n = 0;
    for (const auto& d : r.deliveries) {
      const double t = static_cast<double>(d.sequence - 1) / 10.0;
      const double in_period = t - 60.0 * static_cast<int>(t / 60.0);
      if ((in_period < 45.0) == fast && (fast || in_period >= 50.0)) sum += d.latency_ns / 1e3, ++n;
    }
    return n ? sum / n : 0.0;
  };
  std::printf("bf4 fixed:    delivered %llu mean %.0f us (fast phases %.0f us, slow %.0f us) drops %llu\n",
              (unsigned long long)fixed.row.received, fixed.row.lat.mean_us, phase_mean(fixed, true),
              phase_mean(fixed, false), (unsigned long long)fixed.link_drops);
  std::printf("bf4 estimate: delivered %llu mean %.0f us (fast phases %.0f us, slow %.0f us) drops %llu, "
              "retransmits %llu, estimate %.0f B/s from %llu samples\n",
              (unsigned long long)est.row.received, est.row.lat.mean_us, phase_mean(est, true), phase_mean(est, false),
              (unsigned long long)est.link_drops, (unsigned long long)est.retransmits, est.estimate_bytes_per_s,
              (unsigned long long)est.bandwidth_samples);
  EXPECT_EQ(fixed.row.transport_params, "tags=10;pace=0;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
  EXPECT_EQ(est.row.transport_params, "tags=10;pace=0;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=estimate");
  EXPECT_EQ(fixed.corrupt + est.corrupt, 0u);
  EXPECT_DOUBLE_EQ(fixed.row.delivery_or_replaced, 1.0);
  EXPECT_DOUBLE_EQ(est.row.delivery_or_replaced, 1.0);
  EXPECT_LT(fixed.row.delivery, 0.55);                          // the slow pace all the time
  EXPECT_GT(est.row.delivery, 0.85);                            // the fast phases carry everything
  EXPECT_LT(est.row.lat.mean_us, 0.4 * fixed.row.lat.mean_us);  // and promptly
  EXPECT_LT(phase_mean(est, true), 0.25 * phase_mean(fixed, true));
  EXPECT_LT(phase_mean(est, false), 2.0e6);  // slow phases: replacement keeps it bounded
  EXPECT_LT(est.link_drops, 10u);            // the estimate falls fast enough to spare the queue
  EXPECT_GT(est.bandwidth_samples, 1000u);
  const auto again = bf4(true);  // deterministic
  EXPECT_EQ(metrics::csv_line(again.row), metrics::csv_line(est.row));
}
