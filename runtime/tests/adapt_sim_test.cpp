// The adaptive transport in the simulator: the loss schedule, switches while the loss changes (every
// update delivered once, in order), and the adapt experiment's claim on a small run.
#include <adamant/adaptive/adapt_experiment.hpp>
#include <adamant/units.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace adamant;
using namespace adamant::adaptive;
using namespace std::chrono_literals;

TEST(LossSchedule, ParsesAndRepeats) {
  const auto s = units::parse_loss_schedule("0%@2s,3@1s,0.5%@1s");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->size(), 3u);
  EXPECT_DOUBLE_EQ(sim::loss_at(*s, 0ms), 0.0);
  EXPECT_DOUBLE_EQ(sim::loss_at(*s, 2s), 3.0);
  EXPECT_DOUBLE_EQ(sim::loss_at(*s, 3500ms), 0.5);
  EXPECT_DOUBLE_EQ(sim::loss_at(*s, 4s + 2500ms), 3.0);  // the second period
  EXPECT_DOUBLE_EQ(sim::loss_at(*units::parse_loss_schedule("2"), 1h), 2.0);
  EXPECT_FALSE(units::parse_loss_schedule("0%,3%@1s"));  // phases need durations
  EXPECT_FALSE(units::parse_loss_schedule("101%"));
  EXPECT_FALSE(units::parse_loss_schedule("3%@1"));      // a phase length needs its unit
}

TEST(AdaptSim, SwitchesWithTheLossAndDeliversEverythingInOrder) {
  // nakcast auto while nothing is lost, nakcast 5 ms under loss: two switches, nothing lost.
  const Candidate a{"nakcast_auto", "nakcast", {{"nak_timeout", "auto"}}};
  const Candidate b{"nakcast_5ms", "nakcast", {{"nak_timeout", "5000"}}};
  auto table = std::make_shared<const DecisionTable>(std::vector<double>{5}, std::vector<double>{0, 3},
                                                     std::vector<double>{100}, std::vector<Candidate>{a, b},
                                                     std::vector<std::optional<double>>{100.0, 200.0, 400.0, 150.0});
  bench::Point p{TransportKind::Nakcast, 5, 0.0, 100.0, 900, 1, 3};
  sim::NetConfig net;
  net.loss_schedule = {{0.0, 3100ms}, {5.0, 3s}, {0.0, 1h}};
  net.adaptive = sim::AdaptiveRun{table, 1s, 10};
  const auto r = sim::run_point(bench::counter_spec("adapt", 12, {p}), p, net);
  EXPECT_EQ(r.row.transport, "adaptive");
  EXPECT_EQ(r.row.transport_params, "hold=1s;margin=10");
  EXPECT_EQ(r.row.switches, 2u);
  ASSERT_EQ(r.timeline.size(), 3u);
  EXPECT_EQ(r.timeline[1].to, 1u);
  EXPECT_GT(r.timeline[1].at, 3100ms);
  EXPECT_LT(r.timeline[1].at, 5s);
  EXPECT_EQ(r.timeline[2].to, 0u);
  EXPECT_GT(r.timeline[2].at, 6100ms);
  EXPECT_GT(r.injected_drops, 0u);
  EXPECT_EQ(r.row.delivery, 1.0);
  EXPECT_EQ(r.order_errors, 0u);
  EXPECT_EQ(r.corrupt, 0u);
  EXPECT_EQ(r.unrecoverable, 0u);
}
