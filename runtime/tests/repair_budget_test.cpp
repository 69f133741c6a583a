// NAKcast sender: one NAK triggers at most max_repairs_per_nak retransmissions, the first
// sequences it asks for; the re-NAK after the hold-off gets the next ones.
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

const Endpoint kReader{0x7F000001, 40001};

// The sequences retransmitted in answer to one NAK of `ranges` at `now`.
std::vector<std::uint64_t> answer(NakcastSender& tx, const std::vector<wire::SeqRange>& ranges, Nanos now) {
  Output out;
  const auto nak = wire::encode_nak(1, 1, ranges, now.count());
  tx.on_datagram(ByteView{nak.data(), nak.size()}, kReader, now, out);
  std::vector<std::uint64_t> seqs;
  for (const auto& e : out.events)
    if (e.kind == EventKind::Retransmitted) seqs.push_back(e.first);
  return seqs;
}

}  // namespace

TEST(RepairBudget, OneNakRepairsAtMostTheBudgetAndTheReNakTheRest) {
  NakcastSenderConfig c;
  c.max_repairs_per_nak = 10;
  c.retransmit_holdoff = 5ms;
  NakcastSender tx(c);
  Output out;
  const std::vector<std::uint8_t> msg(16, 3);
  for (int i = 0; i < 100; ++i) tx.publish(ByteView{msg.data(), msg.size()}, Nanos{1000 * i}, out);
  const std::vector<wire::SeqRange> lost{{11, 20}, {31, 45}};  // 25 sequences
  const auto first = answer(tx, lost, 1ms);
  ASSERT_EQ(first.size(), 10u);
  EXPECT_EQ(first.front(), 11u);
  EXPECT_EQ(first.back(), 20u);
  const auto second = answer(tx, lost, 2ms);  // within the hold-off: the next 10
  ASSERT_EQ(second.size(), 10u);
  EXPECT_EQ(second.front(), 31u);
  EXPECT_EQ(second.back(), 40u);
  EXPECT_EQ(answer(tx, lost, 3ms), (std::vector<std::uint64_t>{41, 42, 43, 44, 45}));
  EXPECT_EQ(answer(tx, lost, 20ms).size(), 10u);  // after the hold-off: from the first again
  EXPECT_EQ(tx.stats().repaired, 25u);
}

TEST(RepairBudget, TheDefaultAnswersASmallLossWhole) {
  NakcastSender tx(NakcastSenderConfig{});
  Output out;
  const std::vector<std::uint8_t> msg(16, 3);
  for (int i = 0; i < 2000; ++i) tx.publish(ByteView{msg.data(), msg.size()}, Nanos{1000 * i}, out);
  EXPECT_EQ(answer(tx, {{5, 5}, {100, 400}}, 3ms).size(), 302u);
  EXPECT_EQ(answer(tx, {{500, 1999}}, 4ms).size(), defaults::nakcast::kMaxRepairsPerNak);
}
