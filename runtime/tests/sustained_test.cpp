// Memory stays bounded under sustained load (label: sim). Deterministic, not timed: every
// transport's engines run 60,000 updates (7x the largest bound below) with 3 % loss at
// every receiver, exchanging datagrams directly (no delay) and ticking at 1 kHz of virtual
// time; the state each engine holds (SenderEngine/ReceiverEngine::state_entries) is sampled
// every 16 updates. It must stay under a fixed bound and must not grow: the last tenth of
// the run needs no more than twice what the first tenth did (plus slack).
#include <adamant/engine.hpp>
#include <adamant/replace.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <random>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

constexpr int kUpdates = 60'000;
constexpr int kReceivers = 3;
constexpr double kLossPct = 3.0;

Endpoint host(std::size_t i) { return Endpoint{0x7F000001, static_cast<std::uint16_t>(1000 + i)}; }  // 0 = writer

struct Peak {
  std::size_t first = 0, last = 0, max = 0;  // first / last tenth, whole run
};

class Bench {
 public:
  explicit Bench(TransportKind kind) : loss_(2024) {
    SenderConfig sc;
    sc.stream_id = 1;
    sc.session = 77;
    sc.fec_r = 4;
    sc.fec_c = 1;
    sc.min_receivers = kReceivers;
    writer_ = make_sender(kind, sc);
    for (int i = 0; i < kReceivers; ++i) {
      ReceiverConfig rc;
      rc.nak_timeout = 20ms;
      rc.nak_jitter = 2ms;
      rc.seed = static_cast<std::uint64_t>(i) + 5;
      rc.self = host(static_cast<std::size_t>(i) + 1);
      rc.member_id = static_cast<std::uint32_t>(i) + 1;
      rc.lec_r = 4;
      rc.lec_c = 2;
      readers_.push_back(make_receiver(kind, rc));
    }
  }

  void run() {
    std::vector<std::uint8_t> payload(64, 0x5A);
    for (int i = 0; i < kUpdates; ++i) {
      const Nanos now = std::chrono::milliseconds(i + 1);
      payload[0] = static_cast<std::uint8_t>(i);
      Output out;
      writer_->publish_tagged(static_cast<std::uint32_t>(i % 20), ByteView{payload.data(), payload.size()}, now, out);
      route(0, out, now);
      tick_due(now);
      if (i % 16 == 0 || i == kUpdates - 1) sample(i);
    }
  }

  Peak writer_peak, reader_peak;
  std::uint64_t delivered = 0;

 private:
  void sample(int i) {
    auto note = [&](Peak& p, std::size_t v) {
      p.max = std::max(p.max, v);
      if (i < kUpdates / 10) p.first = std::max(p.first, v);
      if (i >= kUpdates - kUpdates / 10) p.last = std::max(p.last, v);
    };
    note(writer_peak, writer_->state_entries());
    for (const auto& r : readers_) note(reader_peak, r->state_entries());
  }

  void tick_due(Nanos now) {
    Output out;
    if (auto d = writer_->next_deadline(); d && *d <= now) {
      writer_->on_tick(now, out);
      route(0, out, now);
    }
    for (std::size_t i = 0; i < readers_.size(); ++i)
      if (auto d = readers_[i]->next_deadline(); d && *d <= now) {
        Output ro;
        readers_[i]->on_tick(now, ro);
        route(i + 1, ro, now);
      }
  }

  // Delivers `out` of host `src` and everything it causes, breadth first.
  void route(std::size_t src, Output& first, Nanos now) {
    std::deque<std::pair<std::size_t, OutDatagram>> q;
    auto take = [&](std::size_t from, Output& o) {
      for (auto& d : o.datagrams) q.emplace_back(from, std::move(d));
      if (from > 0) delivered += o.deliveries.size();
      o.clear();
    };
    take(src, first);
    std::uniform_real_distribution<double> pct(0.0, 100.0);
    while (!q.empty()) {
      auto [from, d] = std::move(q.front());
      q.pop_front();
      const ByteView v{d.bytes.data(), d.bytes.size()};
      std::vector<std::size_t> to;
      if (d.dest == Dest::Group) {
        for (std::size_t h = 1; h <= readers_.size(); ++h)
          if (h != from) to.push_back(h);
      } else {
        for (std::size_t h = 0; h <= readers_.size(); ++h)
          if (host(h) == d.peer) to.push_back(h);
      }
      for (auto h : to) {
        Output o;
        if (h == 0) {
          writer_->on_datagram(v, host(from), now, o);
        } else {
          if (pct(loss_) < kLossPct) continue;  // loss at the receiving end host
          readers_[h - 1]->on_datagram(v, host(from), now, o);
        }
        take(h, o);
      }
    }
  }

  std::mt19937_64 loss_;
  std::unique_ptr<SenderEngine> writer_;
  std::vector<std::unique_ptr<ReceiverEngine>> readers_;
};

void expect_bounded(TransportKind kind, std::size_t writer_bound, std::size_t reader_bound) {
  Bench b(kind);
  b.run();
  std::printf("%-8s writer entries: first tenth %zu, last tenth %zu, max %zu | reader: %zu, %zu, max %zu | "
              "delivered %llu of %d\n",
              std::string(to_string(kind)).c_str(), b.writer_peak.first, b.writer_peak.last, b.writer_peak.max,
              b.reader_peak.first, b.reader_peak.last, b.reader_peak.max, (unsigned long long)b.delivered,
              kUpdates * kReceivers);
  EXPECT_LE(b.writer_peak.max, writer_bound);
  EXPECT_LE(b.reader_peak.max, reader_bound);
  EXPECT_LE(b.writer_peak.last, 2 * b.writer_peak.first + 64);
  EXPECT_LE(b.reader_peak.last, 2 * b.reader_peak.first + 64);
  EXPECT_GT(b.delivered, static_cast<std::uint64_t>(kUpdates * kReceivers * 0.9));
}

}  // namespace

// NAKcast: the sender's history is capped (8192 packets); receivers hold only what waits
// for a retransmission (a few NAK timeouts of updates).
TEST(Sustained, NakcastStateStaysBounded) { expect_bounded(TransportKind::Nakcast, 8192, 1000); }
// Ricochet: a receiver's store (4096), kept repairs (256), settled set and members.
TEST(Sustained, RicochetStateStaysBounded) { expect_bounded(TransportKind::Ricochet, 8192, 4096 + 256 + 1200); }
TEST(Sustained, FecStateStaysBounded) { expect_bounded(TransportKind::Fec, 8192 + 4, 4096 + 1200); }
// Replace (20 tags, unpaced): what is unacknowledged by some receiver, and its obligations.
TEST(Sustained, ReplaceStateStaysBounded) { expect_bounded(TransportKind::Replace, 200, 100); }
TEST(Sustained, FifoStateStaysBounded) { expect_bounded(TransportKind::Fifo, 400, 256); }
TEST(Sustained, BaselineHoldsNothing) { expect_bounded(TransportKind::Baseline, 0, 0); }
