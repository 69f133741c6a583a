// NAKcast / baseline engines driven by a deterministic virtual-time loop on the tests'
// in-memory network (test_network.hpp): zero latency, 1 ms ticks, per-receiver drop predicate.
#include <adamant/engine.hpp>

#include "test_network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;
using adamant::testing::TestNetwork;

namespace {

Endpoint endpoint_of(std::size_t host) {
  return host == 0 ? Endpoint{0x7F000001, 40000} : Endpoint{0x7F000001, static_cast<std::uint16_t>(50000 + host - 1)};
}

std::vector<std::unique_ptr<ReceiverEngine>> receivers_of(std::size_t n, ReceiverConfig rc) {
  std::vector<std::unique_ptr<ReceiverEngine>> v;
  for (std::size_t i = 0; i < n; ++i) {
    if (auto* nc = std::get_if<NakcastReceiverConfig>(&rc)) nc->seed = i + 1;
    v.push_back(make_receiver(rc));
  }
  return v;
}

// The NAKs a receiver sent: when, and which ranges.
std::vector<std::pair<Nanos, std::vector<wire::SeqRange>>> naks(const TestNetwork::Reader& x) {
  std::vector<std::pair<Nanos, std::vector<wire::SeqRange>>> v;
  for (const auto& [t, d] : x.sent) {
    auto pkt = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
    if (pkt && pkt->header.kind == wire::Kind::Nak) v.emplace_back(t, *wire::decode_nak_ranges(pkt->payload));
  }
  return v;
}

struct Sim {
  TestNetwork net;
  SenderEngine* sender;
  std::vector<TestNetwork::Reader>& rx;
  Nanos now{0};
  // Return true to drop `pkt` on its way to receiver `r`.
  std::function<bool(std::size_t r, const wire::Packet& pkt)> drop = [](auto, auto&) { return false; };

  explicit Sim(std::size_t receivers, SenderConfig sc = NakcastSenderConfig{},
               ReceiverConfig rc = NakcastReceiverConfig{})
      : net(make_sender(sc), receivers_of(receivers, rc), endpoint_of), sender(&net.writer()), rx(net.readers()) {
    net.drop = [this](std::size_t to, std::size_t, const OutDatagram& d) {
      auto pkt = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
      return to > 0 && pkt && drop(to - 1, *pkt);
    };
    net.on_send = [](std::size_t from, const OutDatagram& d, Nanos) {
      if (from == 0) {
        EXPECT_EQ(d.dest, Dest::Group);  // the sender only ever multicasts
        return;
      }
      EXPECT_EQ(d.dest, Dest::Peer);
      EXPECT_EQ(d.peer, endpoint_of(0));  // NAKs go to the learned sender address
      auto pkt = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
      EXPECT_TRUE(pkt && pkt->header.kind == wire::Kind::Nak);
    };
  }

  void tick() { net.tick_all(now); }

  void advance(Nanos d) {
    const Nanos end = now + d;
    while (now < end) {
      now += 1ms;
      tick();
    }
  }

  void publish(std::uint64_t expected_seq) {
    std::vector<std::uint8_t> payload{static_cast<std::uint8_t>(expected_seq), 0xAA};
    Output so;
    EXPECT_EQ(sender->publish(ByteView{payload.data(), payload.size()}, now, so), expected_seq);
    net.route(0, so, now);
  }

  // n updates, one every `gap`; starts with a tick so heartbeats precede data.
  void run(std::uint64_t n, Nanos gap = 2ms, Nanos tail = 500ms) {
    tick();
    for (std::uint64_t s = 1; s <= n; ++s) {
      publish(s);
      advance(gap);
    }
    advance(tail);
  }

  static void expect_in_order(const TestNetwork::Reader& x, std::uint64_t first, std::uint64_t last,
                              std::vector<std::uint64_t> skip = {}) {
    std::vector<std::uint64_t> want;
    for (std::uint64_t s = first; s <= last; ++s)
      if (std::find(skip.begin(), skip.end(), s) == skip.end()) want.push_back(s);
    std::vector<std::uint64_t> got;
    for (const auto& d : x.delivered) {
      got.push_back(d.sequence);
      EXPECT_EQ(d.payload.size(), 2u);
      EXPECT_EQ(d.payload[0], static_cast<std::uint8_t>(d.sequence));  // right bytes for seq
    }
    EXPECT_EQ(got, want);
  }

  static int count(const std::vector<Event>& ev, EventKind k) {
    return static_cast<int>(std::count_if(ev.begin(), ev.end(), [&](auto& e) { return e.kind == k; }));
  }
};

bool is(const wire::Packet& p, wire::Kind k, std::uint64_t seq) {
  return p.header.kind == k && p.header.sequence == seq;
}

}  // namespace

TEST(Nakcast, NoLossMeansNoNak) {
  Sim sim(3);
  sim.run(100);
  for (auto& x : sim.rx) {
    Sim::expect_in_order(x, 1, 100);
    EXPECT_TRUE(naks(x).empty());
    EXPECT_EQ(x.engine->accounted_through(), 100u);
  }
  EXPECT_EQ(sim.sender->stats().retransmitted, 0u);
}

TEST(Nakcast, RecoversDropsIncludingLastAndLostRetransmission) {
  Sim sim(3);
  int retx5_seen_by_rx0 = 0;
  sim.drop = [&](std::size_t r, const wire::Packet& p) {
    if (r == 0 && is(p, wire::Kind::Data, 5)) return true;
    if (r == 0 && is(p, wire::Kind::Retransmit, 5)) return ++retx5_seen_by_rx0 == 1;  // first repair lost
    if (r == 1 && is(p, wire::Kind::Data, 50)) return true;  // tail loss: only heartbeats reveal it
    if (is(p, wire::Kind::Data, 1)) return r == 2;           // very first update lost
    if (is(p, wire::Kind::Data, 20) || is(p, wire::Kind::Data, 21)) return true;  // everyone
    return false;
  };
  sim.run(50);
  for (auto& x : sim.rx) {
    Sim::expect_in_order(x, 1, 50);
    EXPECT_EQ(Sim::count(x.events, EventKind::Unrecoverable), 0);
  }
  EXPECT_EQ(retx5_seen_by_rx0, 2);
  // rx0 had to NAK seq 5 twice (the first retransmission was lost).
  int naks_for_5 = 0;
  for (auto& [t, ranges] : naks(sim.rx[0]))
    for (auto& r : ranges) naks_for_5 += (r.first <= 5 && 5 <= r.last);
  EXPECT_EQ(naks_for_5, 2);
  EXPECT_FALSE(naks(sim.rx[1]).empty());
}

TEST(Nakcast, NakWaitsAtLeastTheTimeout) {
  NakcastReceiverConfig rc;
  rc.nak_timeout = 50ms;
  rc.nak_jitter = 5ms;
  Sim sim(1, NakcastSenderConfig{}, rc);
  sim.drop = [](std::size_t, const wire::Packet& p) { return is(p, wire::Kind::Data, 3); };
  sim.tick();
  Nanos detected{-1};
  for (std::uint64_t s = 1; s <= 10; ++s) {
    sim.publish(s);
    if (s == 4) detected = sim.now;  // the gap becomes visible when 4 arrives
    sim.advance(2ms);
  }
  sim.advance(300ms);
  ASSERT_FALSE(naks(sim.rx[0]).empty());
  const Nanos first_nak = naks(sim.rx[0]).front().first;
  EXPECT_GE(first_nak - detected, 50ms);
  EXPECT_LE(first_nak - detected, 50ms + 5ms + 1ms);  // timeout + max jitter + tick
  EXPECT_EQ(naks(sim.rx[0]).size(), 1u);
  EXPECT_EQ(naks(sim.rx[0]).front().second, (std::vector<wire::SeqRange>{{3, 3}}));
  Sim::expect_in_order(sim.rx[0], 1, 10);
}

TEST(Nakcast, UnrecoverableWhenHistoryTooShort) {
  NakcastSenderConfig sc;
  sc.history = 4;
  sc.history_span = Nanos{0};  // the count alone
  Sim sim(2, sc);
  // Heartbeats to rx0 are lost at first too, so it must learn of the eviction via its NAK.
  sim.drop = [&sim](std::size_t r, const wire::Packet& p) {
    return r == 0 && (is(p, wire::Kind::Data, 2) ||
                      (p.header.kind == wire::Kind::Heartbeat && naks(sim.rx[0]).empty()));
  };
  sim.run(20, 1ms);  // 20 updates in 20 ms < NAK timeout: seq 2 is evicted before the NAK
  auto& x = sim.rx[0];
  ASSERT_EQ(Sim::count(x.events, EventKind::Unrecoverable), 1);
  auto it = std::find_if(x.events.begin(), x.events.end(),
                         [](auto& e) { return e.kind == EventKind::Unrecoverable; });
  EXPECT_EQ(it->first, 2u);
  EXPECT_EQ(it->last, 2u);
  EXPECT_EQ(x.engine->stats().unrecoverable, 1u);
  Sim::expect_in_order(x, 1, 20, {2});
  EXPECT_EQ(x.engine->accounted_through(), 20u);
  Sim::expect_in_order(sim.rx[1], 1, 20);
  EXPECT_GE(Sim::count(sim.net.writer_events(), EventKind::NotInHistory), 1);
}

TEST(Nakcast, OneRepairServesEveryReceiverThatMissedIt) {
  Sim sim(3);
  sim.drop = [](std::size_t, const wire::Packet& p) { return is(p, wire::Kind::Data, 7); };
  sim.run(30);
  for (auto& x : sim.rx) Sim::expect_in_order(x, 1, 30);
  EXPECT_EQ(sim.sender->stats().retransmitted, 1u);  // 3 NAKs, holdoff -> 1 multicast repair
}

TEST(Nakcast, LateJoinerStartsAtFirstDataSeen) {
  Sim sim(2);
  bool joined = false;
  // rx1 hears nothing until seq 11 is sent (heartbeats included), and then misses 12.
  sim.drop = [&](std::size_t r, const wire::Packet& p) {
    if (r != 1) return false;
    if (is(p, wire::Kind::Data, 11)) joined = true;
    return !joined || is(p, wire::Kind::Data, 12);
  };
  sim.tick();
  for (std::uint64_t s = 1; s <= 30; ++s) {
    sim.publish(s);
    sim.advance(20ms);  // slow: heartbeats flow between updates
  }
  sim.advance(300ms);
  Sim::expect_in_order(sim.rx[0], 1, 30);
  Sim::expect_in_order(sim.rx[1], 11, 30);
  for (auto& [t, ranges] : naks(sim.rx[1]))
    for (auto& r : ranges) EXPECT_GE(r.first, 11u);  // never asks for pre-join history
}

TEST(Nakcast, RejectsGarbageAndForeignStreams) {
  NakcastReceiver r(NakcastReceiverConfig{});
  Output out;
  std::vector<std::uint8_t> junk{1, 2, 3};
  r.on_datagram(ByteView{junk.data(), junk.size()}, {}, 0ns, out);
  std::vector<std::uint8_t> p{9};
  auto foreign = wire::encode(wire::Header{wire::Kind::Data, 1, 99, 1, 0, 0}, ByteView{p.data(), 1});
  r.on_datagram(ByteView{foreign.data(), foreign.size()}, {}, 0ns, out);
  EXPECT_EQ(r.stats().rejected, 2u);
  EXPECT_TRUE(out.deliveries.empty());
  EXPECT_FALSE(r.started());
}

// ReceiverEngine::on_packet (a datagram the simulator decoded once for every reader) acts as on_datagram.
TEST(Nakcast, DecodedPacketActsAsTheDatagram) {
  NakcastReceiver r(NakcastReceiverConfig{});
  RicochetReceiver q(RicochetReceiverConfig{});
  std::vector<std::uint8_t> p{9};
  auto ours = wire::encode(wire::Header{wire::Kind::Data, 1, 1, 1, 0, 0}, ByteView{p.data(), 1});
  auto foreign = wire::encode(wire::Header{wire::Kind::Data, 1, 99, 2, 0, 0}, ByteView{p.data(), 1});
  for (ReceiverEngine* e : {static_cast<ReceiverEngine*>(&r), static_cast<ReceiverEngine*>(&q)}) {
    Output out;
    for (const auto* bytes : {&ours, &foreign}) {
      const ByteView v{bytes->data(), bytes->size()};
      e->on_packet(*wire::decode(v), v, {}, 0ns, out);
    }
    ASSERT_EQ(out.deliveries.size(), 1u);
    EXPECT_EQ(out.deliveries[0].sequence, 1u);
    EXPECT_EQ(out.deliveries[0].payload, p);
    EXPECT_EQ(e->stats().rejected, 1u);  // the foreign stream, as on_datagram counts it
    EXPECT_EQ(Sim::count(out.events, EventKind::Rejected), 1);
  }
}

TEST(Nakcast, NewSessionRestartsTheStream) {
  NakcastReceiver r(NakcastReceiverConfig{});
  Output out;
  std::vector<std::uint8_t> p{9};
  auto a = wire::encode(wire::Header{wire::Kind::Data, 1, 1, 5, 0, 0}, ByteView{p.data(), 1});
  auto b = wire::encode(wire::Header{wire::Kind::Data, 2, 1, 1, 0, 0}, ByteView{p.data(), 1});
  r.on_datagram(ByteView{a.data(), a.size()}, {}, 0ns, out);
  r.on_datagram(ByteView{b.data(), b.size()}, {}, 0ns, out);
  ASSERT_EQ(out.deliveries.size(), 2u);
  EXPECT_EQ(out.deliveries[1].sequence, 1u);
  EXPECT_EQ(Sim::count(out.events, EventKind::SessionReset), 1);
}

TEST(Baseline, DeliversWhatArrivesAndNeverNaks) {
  Sim sim(2, BaselineSenderConfig{}, BaselineReceiverConfig{});
  sim.drop = [](std::size_t r, const wire::Packet& p) { return r == 0 && is(p, wire::Kind::Data, 4); };
  sim.run(10);
  Sim::expect_in_order(sim.rx[0], 1, 10, {4});
  Sim::expect_in_order(sim.rx[1], 1, 10);
  EXPECT_TRUE(naks(sim.rx[0]).empty());
}
