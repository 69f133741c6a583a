// Memory stays bounded under sustained load (label: sim). Deterministic, not timed: every
// transport's engines run 60,000 updates (7x the largest bound below) with 3 % loss at
// every receiver, exchanging datagrams directly (no delay) and ticking at 1 kHz of virtual
// time; the state each engine holds (SenderEngine/ReceiverEngine::state_entries) is sampled
// every 16 updates. It must stay under a fixed bound and must not grow: the last tenth of
// the run needs no more than twice what the first tenth did (plus slack).
#include <adamant/engine.hpp>
#include <adamant/loss.hpp>
#include <adamant/replace.hpp>
#include <adamant/setup.hpp>

#include "test_network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;
using adamant::testing::TestNetwork;

namespace {

constexpr int kUpdates = 60'000;
constexpr int kReceivers = 3;
constexpr double kLossPct = 3.0;

Endpoint host(std::size_t i) { return Endpoint{0x7F000001, static_cast<std::uint16_t>(1000 + i)}; }  // 0 = writer

struct Peak {
  std::size_t first = 0, last = 0, max = 0;  // first / last tenth, whole run
};

std::vector<std::unique_ptr<ReceiverEngine>> readers_for(TransportKind kind) {
  std::vector<std::unique_ptr<ReceiverEngine>> v;
  for (int i = 0; i < kReceivers; ++i) {
    ChannelConfig cfg;
    cfg.transport.kind = kind;
    ReceiverConfig rc = setup::receiver_config(cfg, host(static_cast<std::size_t>(i) + 1),
                                               static_cast<std::uint32_t>(i) + 1);
    const std::uint64_t seed = static_cast<std::uint64_t>(i) + 5;
    if (auto* n = std::get_if<NakcastReceiverConfig>(&rc)) {
      n->nak_timeout = 20ms;
      n->nak_jitter = 2ms;
      n->seed = seed;
    } else if (auto* r = std::get_if<RicochetReceiverConfig>(&rc)) {
      r->nak_timeout = 20ms;
      r->seed = seed;
      r->lec_r = 4;
      r->lec_c = 2;
    }
    v.push_back(make_receiver(rc));
  }
  return v;
}

std::unique_ptr<SenderEngine> writer_for(TransportKind kind) {
  ChannelConfig cfg;
  cfg.transport.kind = kind;
  cfg.transport.lec_r = 4;
  cfg.transport.lec_c = 1;
  cfg.transport.min_receivers = kReceivers;
  SenderConfig sc = setup::sender_config(cfg, 77);
  // The engines' own defaults, not the ones a channel derives from its NAK timeout.
  if (auto* n = std::get_if<NakcastSenderConfig>(&sc)) *n = NakcastSenderConfig{1, 77};
  if (auto* f = std::get_if<FecSenderConfig>(&sc)) f->data = NakcastSenderConfig{1, 77};
  return make_sender(sc);
}

class Bench {
 public:
  explicit Bench(TransportKind kind)
      : net_(writer_for(kind), readers_for(kind), host), loss_(LossModel{kLossPct, std::nullopt}, 2024) {
    net_.drop = [this](std::size_t to, std::size_t, const OutDatagram&) { return to > 0 && loss_.drop(); };
  }

  void run() {
    std::vector<std::uint8_t> payload(64, 0x5A);
    for (int i = 0; i < kUpdates; ++i) {
      const Nanos now = std::chrono::milliseconds(i + 1);
      payload[0] = static_cast<std::uint8_t>(i);
      Output out;
      net_.writer().publish_tagged(static_cast<std::uint32_t>(i % 20), ByteView{payload.data(), payload.size()}, now,
                                   out);
      net_.route(0, out, now);
      net_.tick_due(now);
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
    note(writer_peak, net_.writer().state_entries());
    for (auto& r : net_.readers()) {
      note(reader_peak, r.engine->state_entries());
      delivered += r.delivered.size();  // counted, not kept: only the engines' state is measured
      r.delivered.clear();
      r.sent.clear();
    }
  }

  TestNetwork net_;
  LossInjector loss_;  // at the receiving end hosts, one stream for all of them
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
