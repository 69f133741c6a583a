// NAKcast sender history: the last `history` packets, more while they are younger than
// history_span (a fast stream's repairs are asked for late), never more than history_max.
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

const Endpoint kReader{0x7F000001, 40001};

NakcastSenderConfig history(std::size_t packets, Nanos span, std::size_t max) {
  NakcastSenderConfig c;
  c.history = packets;
  c.history_span = span;
  c.history_max = max;
  return c;
}

// Publishes `n` messages `every` apart from t = 1 ms on; returns the last publish time.
Nanos publish(NakcastSender& tx, int n, Nanos every) {
  Output out;
  const std::vector<std::uint8_t> msg(32, 1);
  Nanos t = 1ms;
  for (int i = 0; i < n; ++i, t += every) tx.publish(ByteView{msg.data(), msg.size()}, t, out);
  return t - every;
}

std::size_t retransmits_for(NakcastSender& tx, std::uint64_t seq, Nanos now) {
  Output out;
  const auto nak = wire::encode_nak(1, 1, {{seq, seq}}, now.count());
  tx.on_datagram(ByteView{nak.data(), nak.size()}, kReader, now, out);
  std::size_t n = 0;
  for (const auto& d : out.datagrams)
    if (static_cast<wire::Kind>(d.bytes.at(5)) == wire::Kind::Retransmit) ++n;
  return n;
}

}  // namespace

TEST(History, KeepsEveryPacketYoungerThanTheSpan) {
  NakcastSender tx(history(4, 100ms, 1000));
  const Nanos last = publish(tx, 50, 1ms);  // 50 packets in 49 ms, all younger than 100 ms
  EXPECT_EQ(tx.lowest_available(), 1u);
  EXPECT_EQ(tx.state_entries(), 50u);
  EXPECT_EQ(retransmits_for(tx, 2, last), 1u);  // 48 packets later, still repairable
}

TEST(History, DropsPacketsOlderThanTheSpanDownToTheCount) {
  NakcastSender tx(history(4, 10ms, 1000));
  publish(tx, 200, 1ms);  // 200 ms: only the last 10 ms (and at least 4 packets) are kept
  EXPECT_GE(tx.lowest_available(), 200u - 11u);
  EXPECT_LE(tx.lowest_available(), 200u - 9u);
  NakcastSender slow(history(4, 10ms, 1000));
  publish(slow, 20, 100ms);  // slower than the span: the count alone
  EXPECT_EQ(slow.lowest_available(), 17u);
}

TEST(History, NeverExceedsTheMaximum) {
  NakcastSender tx(history(4, 1s, 64));
  const Nanos last = publish(tx, 1000, 1us);
  EXPECT_EQ(tx.state_entries(), 64u);
  EXPECT_EQ(tx.lowest_available(), 1000u - 63u);
  EXPECT_EQ(retransmits_for(tx, 1000 - 64, last), 0u);  // evicted
  EXPECT_EQ(retransmits_for(tx, 1000 - 63, last), 1u);
}

TEST(History, ZeroSpanKeepsTheCountOnly) {
  NakcastSender tx(history(8, 0ns, 1000));
  publish(tx, 100, 1us);
  EXPECT_EQ(tx.state_entries(), 8u);
  EXPECT_EQ(tx.lowest_available(), 93u);
}
