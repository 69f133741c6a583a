// The adaptive writer measures the simulator's round trip from its readers' REPORTs, and warns (once,
// counted) when its decision table was fitted for a round trip far from it, silent when it matches.
#include <adamant/adaptive/adapt_experiment.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace adamant;
using namespace adamant::adaptive;
using namespace std::chrono_literals;

namespace {

sim::PointResult run_with_table_rtt(double table_rtt_us, Nanos link_delay) {
  const Candidate a{"nakcast_auto", "nakcast", {{"nak_timeout", "auto"}}};
  auto table = std::make_shared<const DecisionTable>(std::vector<double>{3}, std::vector<double>{0},
                                                     std::vector<double>{100}, std::vector<Candidate>{a},
                                                     std::vector<std::optional<double>>{100.0}, table_rtt_us);
  bench::Point p{TransportKind::Nakcast, 3, 0.0, 100.0, 400, 1, 5};
  sim::NetConfig net;
  net.delay = link_delay;
  net.adaptive = sim::AdaptiveRun{table, 1s, 10};
  return sim::run_point(bench::counter_spec("adapt-rtt", 12, {p}), p, net);
}

}  // namespace

TEST(AdaptRttSim, MeasuresTheConfiguredRoundTripAndIsSilentWhenTheTableMatches) {
  const auto r = run_with_table_rtt(10'000, 5ms);  // links of 5 ms each way: a 10 ms round trip
  EXPECT_NEAR(static_cast<double>(r.srtt.count()), 10e6, 1e6);  // within 10 % (serialisation adds a little)
  EXPECT_EQ(r.rtt_mismatches, 0u);
  EXPECT_TRUE(r.rtt_warning.empty()) << r.rtt_warning;
  EXPECT_EQ(r.row.delivery, 1.0);
}

TEST(AdaptRttSim, WarnsOnceWhenTheTableWasFittedForAnotherRoundTrip) {
  const auto r = run_with_table_rtt(200, 5ms);  // fitted at 200 us, run at 10 ms
  EXPECT_NEAR(static_cast<double>(r.srtt.count()), 10e6, 1e6);
  EXPECT_EQ(r.rtt_mismatches, 1u);  // one spell: the round trip stayed far all run
  EXPECT_NE(r.rtt_warning.find("fitted for 200 us"), std::string::npos) << r.rtt_warning;
  EXPECT_EQ(r.row.switches, 0u);  // it warns, it does not switch
}
