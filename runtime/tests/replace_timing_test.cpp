// Replace sender timing: when a message is chosen (late binding at the pace) and when it is
// retransmitted (the RTO floor) (label: unit).
#include <adamant/contract.hpp>
#include <adamant/replace.hpp>
#include <adamant/setup.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
const Endpoint kSender{0x7F000001, 1}, kReceiver{0x7F000001, 2};
constexpr Nanos kNever = Nanos::max();

}  // namespace

// One tag at 20 Hz into a 5120 B/s pace (1 KB updates, 4.3x the pace): every datagram is
// chosen when the one before it has left at the pace, so it carries the newest update then
// and never waits behind another (the default bucket does not let the sender run ahead).
TEST(ReplaceTiming, ChoosesTheMessageWhenThePaceCanTakeIt) {
  ReplaceConfig c;
  c.pace_bytes_per_s = 5120;
  ReplaceSender s(c);
  Output so;
  const double service_ns = static_cast<double>(msg_wire_size(1024)) * 1e9 / 5120.0;
  std::vector<std::pair<Nanos, std::uint8_t>> sent;  // time, update index (the body's bytes)
  std::uint8_t newest = 0;
  auto collect = [&](Nanos now) {
    for (const auto& d : so.datagrams) {
      auto p = wire::decode(view(d.bytes));
      ASSERT_TRUE(p);
      sent.emplace_back(now, wire::decode_msg(p->payload)->body.data[0]);
    }
    so.datagrams.clear();
  };
  Nanos now{0};
  for (int i = 0; i < 19; ++i) {  // 0.95 s: below the initial RTO, so no group retransmission
    const Nanos pub = i * 50ms;
    for (auto d = s.next_deadline(); d && *d < pub; d = s.next_deadline()) {
      now = std::max(now, *d);
      s.on_tick(now, so);
      collect(now);
    }
    now = pub;
    newest = static_cast<std::uint8_t>(i);
    const std::vector<std::uint8_t> b(1024, newest);
    s.publish_tagged(1, view(b), now, so);
    collect(now);
  }
  ASSERT_GE(sent.size(), 4u);
  for (std::size_t k = 1; k < sent.size(); ++k) {
    const double gap = static_cast<double>((sent[k].first - sent[k - 1].first).count());
    EXPECT_GE(gap, service_ns - 1e3) << "datagram " << k << " chosen before the one ahead had left";
    // The newest update published by then (updates come every 50 ms).
    EXPECT_EQ(sent[k].second, static_cast<std::uint8_t>(sent[k].first / 50ms)) << "datagram " << k;
  }
  EXPECT_EQ(s.replace_stats().retransmissions, 0u);
}

// The pace the runtime configures (setup) charges every datagram what a shaped link charges it:
// the UDP payload and the link's headers (UDP, IPv4, Ethernet). A backlog of 1 KB updates into a
// 5120 B/s link leaves one datagram per (payload + headers) / 5120 s, never sooner, so the link's
// queue does not grow (a pace of the payload alone runs ahead of tc tbf by 42 B a datagram).
TEST(ReplaceTiming, PaceSpacesDatagramsByWhatTheLinkCharges) {
  ChannelConfig cfg;
  cfg.transport.kind = TransportKind::Replace;
  cfg.transport.pace_bytes_per_s = 5120;
  ReplaceSender s(std::get<ReplaceConfig>(setup::sender_config(cfg, 1)));
  Output so;
  const std::size_t link_bytes = msg_wire_size(1024) + contract::kLinkOverheadBytes;
  const double service_ns = static_cast<double>(link_bytes) * 1e9 / 5120.0;
  const std::vector<std::uint8_t> b(1024, 7);
  for (std::uint64_t tag = 1; tag <= 6; ++tag) s.publish_tagged(tag, view(b), Nanos{0}, so);
  std::vector<Nanos> sent(so.datagrams.size(), Nanos{0});
  so.datagrams.clear();
  for (auto d = s.next_deadline(); d && sent.size() < 6; d = s.next_deadline()) {
    s.on_tick(*d, so);
    for (const auto& g : so.datagrams) {
      EXPECT_EQ(g.bytes.size() + contract::kLinkOverheadBytes, link_bytes);
      sent.push_back(*d);
    }
    so.datagrams.clear();
  }
  ASSERT_EQ(sent.size(), 6u);
  for (std::size_t k = 1; k < sent.size(); ++k) {
    const double gap = static_cast<double>((sent[k] - sent[k - 1]).count());
    EXPECT_GE(gap, service_ns - 1e3) << "datagram " << k << " left before the link had carried the one ahead";
    EXPECT_LE(gap, service_ns + 1e6) << "datagram " << k;
  }
}

namespace {

// One update every 500 ms to one receiver over a path with a constant 20 ms each way; the
// sender's timer runs before an ACK that arrives at the same instant (the worst case).
// `lose`: the id whose first transmission the path drops (0: none).
struct ConstantRtt {
  ReplaceSender s{ReplaceConfig{}};
  ReplaceReceiver r{ReplaceReceiverConfig{}};
  std::size_t delivered = 0;

  explicit ConstantRtt(int updates, std::uint64_t lose = 0) {
    Output so, ro;
    std::multimap<Nanos, std::pair<bool, std::vector<std::uint8_t>>> path;  // arrival, (to sender, bytes)
    bool lost = false;
    auto ship = [&](Output& o, bool to_sender, Nanos now) {
      for (auto& d : o.datagrams) {
        auto p = wire::decode(view(d.bytes));
        if (!to_sender && p && p->header.sequence == lose && !lost) {
          lost = true;
          continue;
        }
        path.emplace(now + 20ms, std::make_pair(to_sender, std::move(d.bytes)));
      }
      o.datagrams.clear();
    };
    int published = 0;
    const std::vector<std::uint8_t> b(100, 7);
    for (;;) {
      const Nanos pub = published < updates ? published * 500ms : kNever;
      const Nanos arrival = path.empty() ? kNever : path.begin()->first;
      const Nanos timer = s.next_deadline().value_or(kNever);
      const Nanos now = std::min({pub, arrival, timer});
      if (now == kNever) break;
      if (timer == now) {
        s.on_tick(now, so);
        ship(so, false, now);
      } else if (pub == now) {
        s.publish_tagged(1, view(b), now, so);
        ++published;
        ship(so, false, now);
      } else {
        auto node = path.extract(path.begin());
        const auto& [to_sender, bytes] = node.mapped();
        if (to_sender) {
          s.on_datagram(view(bytes), kReceiver, now, so);
          ship(so, false, now);
        } else {
          r.on_datagram(view(bytes), kSender, now, ro);
          ship(ro, true, now);
        }
      }
    }
    delivered = ro.deliveries.size();
  }
};

}  // namespace

// On a constant round trip the variance term decays to nothing; the RTO keeps a margin above
// srtt, so no ACK is overtaken by a retransmission of its message.
TEST(ReplaceTiming, ConstantRoundTripIsNotRetransmitted) {
  ConstantRtt run(200);
  EXPECT_EQ(run.delivered, 200u);
  EXPECT_EQ(run.s.replace_stats().retransmissions, 0u);
  EXPECT_EQ(run.s.replace_stats().srtt, 40ms);
  EXPECT_GT(run.s.replace_stats().rto, 40ms);  // rttvar is 0 by now: the margin remains
}

// A real loss is still repaired, one RTO (srtt + margin) after the lost transmission.
TEST(ReplaceTiming, ALossIsStillRetransmittedAfterTheRto) {
  ConstantRtt run(200, 100);
  EXPECT_EQ(run.delivered, 200u);
  EXPECT_EQ(run.s.replace_stats().retransmissions, 1u);
  EXPECT_EQ(run.s.replace_stats().unacked, 0u);
  const auto recv = run.r.replace_stats().tags.at(1).received;
  EXPECT_EQ(recv, 200u);
}
