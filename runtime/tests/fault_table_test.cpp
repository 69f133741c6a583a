// The fault table (adamant/fault_table.hpp): its judge, the simulator's reordering and
// duplication, and every reliable kind keeping its promise under each fault (label: sim).
#include <adamant/fault_table.hpp>

#include <gtest/gtest.h>

#include <string>

using namespace adamant;
using namespace adamant::sim;

namespace {

std::vector<DeliveryRecord> deliveries(int reader, std::vector<std::uint64_t> seqs) {
  std::vector<DeliveryRecord> out;
  for (const auto s : seqs) out.push_back({reader, s, 0});
  return out;
}

const faults::Kind& kind(std::string_view label) {
  for (const auto& k : faults::kinds())
    if (k.label == label) return k;
  throw std::invalid_argument("no kind " + std::string(label));
}

faults::Outcome baseline_under(const NetConfig& net) {
  const faults::Kind baseline{"baseline", TransportKind::Baseline, false, false, false};
  return faults::run(baseline, faults::Fault{"", net}, faults::Setup{}, 1);
}

}  // namespace

TEST(FaultJudge, CountsDuplicatesDisorderAndMissing) {
  auto d = deliveries(0, {1, 3, 2, 3, 5});
  const auto o = faults::judge(d, 1, 5, 0);
  EXPECT_EQ(o.expected, 5u);
  EXPECT_EQ(o.delivered, 4u);
  EXPECT_EQ(o.duplicates, 1u);
  EXPECT_EQ(o.out_of_order, 1u);
  EXPECT_EQ(o.missing, 1u);  // 4
  EXPECT_EQ(o.replaced, 0u);
  EXPECT_FALSE(o.kept(kind("nakcast")));
  EXPECT_FALSE(o.kept(kind("ricochet+nak_fallback")));  // out of order is fine, the rest is not
}

TEST(FaultJudge, ReplacedOnlyByANewerDeliveryOfTheSameTag) {
  // 2 tags: 1,3,5 carry tag 0 and 2,4,6 tag 1. Reader 0 got 1,4,5,6: 3 is replaced by 5 and 2 by
  // 4. Reader 1 got 1,2,3,4: 5 and 6 are the newest of their tags and missing.
  auto d = deliveries(0, {1, 4, 5, 6});
  const auto more = deliveries(1, {1, 2, 3, 4});
  d.insert(d.end(), more.begin(), more.end());
  const auto o = faults::judge(d, 2, 6, 2);
  EXPECT_EQ(o.delivered, 8u);
  EXPECT_EQ(o.replaced, 2u);
  EXPECT_EQ(o.missing, 2u);
  const auto only_replaced = faults::judge(deliveries(0, {1, 4, 5, 6}), 1, 6, 2);
  EXPECT_TRUE(only_replaced.kept(kind("replace")));
  EXPECT_FALSE(only_replaced.kept(kind("fifo")));  // fifo replaces nothing
  EXPECT_TRUE(faults::judge(deliveries(0, {1, 2, 3}), 1, 3, 0).kept(kind("fifo")));
  EXPECT_FALSE(faults::Outcome{}.kept(kind("fifo")));  // nothing expected: nothing judged
}

// Baseline repairs nothing and never goes back (it drops what arrives below the highest it
// delivered, duplicates included): the table's faults really happen, and reach its application
// as losses of the overtaken datagrams.
TEST(FaultTable, TheSimulatorReordersAndDuplicates) {
  EXPECT_EQ(baseline_under(NetConfig{}).missing, 0u);
  NetConfig reorder;
  reorder.reorder_pct = 20;
  const auto r = baseline_under(reorder);
  EXPECT_NEAR(static_cast<double>(r.reordered), 0.2 * 5000, 150);  // 5 readers x 1000 data datagrams
  EXPECT_GT(r.missing, 300u);         // most held-back datagrams are overtaken
  EXPECT_LE(r.missing, r.reordered);  // only those
  EXPECT_EQ(r.out_of_order, 0u);
  EXPECT_EQ(r.duplicates, 0u);
  NetConfig duplicate;
  duplicate.duplicate_pct = 20;
  const auto d = baseline_under(duplicate);
  EXPECT_NEAR(static_cast<double>(d.duplicated), 0.2 * 5000, 150);
  EXPECT_EQ(d.reordered, 0u);
  EXPECT_EQ(d.missing, 0u);     // a copy never overtakes its original
  EXPECT_EQ(d.duplicates, 0u);  // and baseline drops it
}

TEST(FaultTable, SameSeedSameDeliveries) {
  bench::Point p{TransportKind::Nakcast, 3, 0.0, 100, 300, 1, 7};
  const auto spec = bench::counter_spec("fault-table", 12, {p});
  const auto net = faults::faults().back().net;  // all three
  const auto a = run_point(spec, p, net), b = run_point(spec, p, net);
  ASSERT_EQ(a.deliveries.size(), b.deliveries.size());
  for (std::size_t i = 0; i < a.deliveries.size(); ++i) {
    EXPECT_EQ(a.deliveries[i].sequence, b.deliveries[i].sequence);
    EXPECT_EQ(a.deliveries[i].latency_ns, b.deliveries[i].latency_ns);
  }
  EXPECT_EQ(a.reordered, b.reordered);
  EXPECT_EQ(a.duplicated, b.duplicated);
  EXPECT_GT(a.reordered, 0u);
  EXPECT_GT(a.duplicated, 0u);
}

// Every reliable kind under every fault, two seeds: each reader gets every update exactly once
// (replace: or a newer one of its tag), in order where the kind says so.
class FaultTableCell : public ::testing::TestWithParam<std::tuple<std::size_t, std::size_t>> {};

TEST_P(FaultTableCell, KindKeepsItsPromise) {
  const auto& k = faults::kinds()[std::get<0>(GetParam())];
  const auto f = faults::faults()[std::get<1>(GetParam())];
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const auto o = faults::run(k, f, faults::Setup{}, seed);
    EXPECT_TRUE(o.kept(k)) << k.label << " under " << f.label << ", seed " << seed << ": delivered " << o.delivered
                           << " of " << o.expected << ", replaced " << o.replaced << ", missing " << o.missing
                           << ", duplicates " << o.duplicates << ", out of order " << o.out_of_order << ", corrupt "
                           << o.corrupt;
    EXPECT_GT(o.reordered + o.duplicated + o.dropped, 0u);  // the fault happened
  }
}

INSTANTIATE_TEST_SUITE_P(
    KindsByFaults, FaultTableCell,
    ::testing::Combine(::testing::Range<std::size_t>(0, faults::kinds().size()),
                       ::testing::Range<std::size_t>(0, faults::faults().size())),
    [](const auto& info) {
      std::string name = std::string(faults::kinds()[std::get<0>(info.param)].label) + "_" +
                         faults::faults()[std::get<1>(info.param)].label;
      for (auto& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });
