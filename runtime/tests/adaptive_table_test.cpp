// The decision table: the pick rule of the spec (clamp, multilinear interpolation, null corners,
// ties, nothing eligible), the JSON reader, and the candidates as transport settings.
#include <adamant/adaptive/candidate_settings.hpp>
#include <adamant/adaptive/decision_table.hpp>
#include <adamant/contract.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>

using namespace adamant::adaptive;

namespace {

// Two candidates over receivers {1, 3} x loss {0} x rate {10}: a = 100 -> 300, b = 200 -> 200.
DecisionTable two_by_receivers(std::optional<double> b_at_3 = 200.0) {
  return DecisionTable({1, 3}, {0}, {10}, {{"a", "nakcast", {}}, {"b", "fec", {}}},
                       {100.0, 200.0, 300.0, b_at_3});
}

}  // namespace

TEST(DecisionTable, InterpolatesAlongAnAxis) {
  const auto t = two_by_receivers();
  EXPECT_DOUBLE_EQ(*t.score(0, {2, 0, 10}), 200.0);
  EXPECT_DOUBLE_EQ(*t.score(0, {1.5, 0, 10}), 150.0);
  EXPECT_EQ(t.pick({1.5, 0, 10}).candidate, 0u);
  EXPECT_EQ(t.pick({2.5, 0, 10}).candidate, 1u);
}

TEST(DecisionTable, ClampsIntoTheAxes) {
  const auto t = two_by_receivers();
  EXPECT_DOUBLE_EQ(*t.score(0, {0, -5, 1}), 100.0);
  EXPECT_DOUBLE_EQ(*t.score(0, {1000, 50, 1e6}), 300.0);
}

TEST(DecisionTable, TiesGoToTheLowerIndex) {
  const auto t = two_by_receivers();
  const Decision d = t.pick({2, 0, 10});  // both 200
  EXPECT_EQ(d.candidate, 0u);
  EXPECT_DOUBLE_EQ(*d.score, 200.0);
}

TEST(DecisionTable, ANullCornerMakesTheCandidateIneligible) {
  const auto t = two_by_receivers(std::nullopt);
  EXPECT_FALSE(t.score(1, {2, 0, 10}));
  EXPECT_EQ(t.pick({2.9, 0, 10}).candidate, 0u);  // b would be lower, but its corner at 3 is null
  EXPECT_TRUE(t.score(1, {1, 0, 10}));            // exactly on 1: the corner at 3 has no weight
}

TEST(DecisionTable, NothingEligibleWithoutUnconstrainedScoresPicksTheFirst) {
  const DecisionTable t({1}, {0}, {10}, {{"a", "nakcast", {}}, {"b", "fec", {}}}, {std::nullopt, std::nullopt});
  const Decision d = t.pick({5, 1, 10});
  EXPECT_EQ(d.candidate, 0u);
  EXPECT_FALSE(d.score);
  EXPECT_FALSE(d.eligible);
}

TEST(DecisionTable, NothingEligiblePicksTheClosest) {
  // Both break a constraint at 3 readers; unconstrained, b is far lower there (a overloads the link).
  const DecisionTable t({1, 3}, {0}, {10}, {{"a", "nakcast", {}}, {"b", "fec", {}}},
                        {100.0, std::nullopt, std::nullopt, std::nullopt}, std::nullopt,
                        {100.0, 150.0, 9e8, 120000.0});
  const Decision d = t.pick({3, 0, 10});
  EXPECT_EQ(d.candidate, 1u);
  EXPECT_FALSE(d.eligible);
  EXPECT_DOUBLE_EQ(*d.score, 120000.0);
  EXPECT_DOUBLE_EQ(*t.unconstrained_score(0, {2, 0, 10}), (100.0 + 9e8) / 2);
  const Decision near = t.pick({2, 0, 10});  // a is ineligible too (its corner at 3 is null)
  EXPECT_EQ(near.candidate, 1u);
  const Decision low = t.pick({1, 0, 10});  // a meets the constraints on 1: it wins though b is unconstrained
  EXPECT_EQ(low.candidate, 0u);
  EXPECT_TRUE(low.eligible);
  EXPECT_THROW(DecisionTable({1}, {0}, {10}, {{"a", "nakcast", {}}}, {1.0}, std::nullopt, {1.0, 2.0}),
               std::invalid_argument);
}

TEST(DecisionTable, TrilinearMatchesTheCornersMean) {
  // Score = receivers + 10 * loss + 100 * rate at the corners: multilinear reproduces it inside.
  std::vector<std::optional<double>> s;
  for (double r : {1.0, 5.0})
    for (double l : {0.0, 2.0})
      for (double h : {10.0, 50.0}) s.push_back(r + 10 * l + 100 * h);
  const DecisionTable t({1, 5}, {0, 2}, {10, 50}, {{"only", "nakcast", {}}}, s);
  EXPECT_NEAR(*t.score(0, {3, 0.5, 20}), 3 + 5 + 2000, 1e-9);
}

TEST(DecisionTable, RejectsMalformedTables) {
  using C = std::vector<Candidate>;
  EXPECT_THROW(DecisionTable({}, {0}, {1}, C{{"a", "nakcast", {}}}, {}), std::invalid_argument);
  EXPECT_THROW(DecisionTable({2, 1}, {0}, {1}, C{{"a", "nakcast", {}}}, {1.0, 2.0}), std::invalid_argument);
  EXPECT_THROW(DecisionTable({1}, {0}, {1}, C{}, {}), std::invalid_argument);
  EXPECT_THROW(DecisionTable({1}, {0}, {1}, C{{"a", "nakcast", {}}, {"a", "fec", {}}}, {1.0, 2.0}),
               std::invalid_argument);
  EXPECT_THROW(DecisionTable({1}, {0}, {1}, C{{"a", "nakcast", {}}}, {1.0, 2.0}), std::invalid_argument);
}

TEST(DecisionTable, ReadsTheJsonFormat) {
  const auto t = DecisionTable::from_json(R"({
    "format": "adamant-adaptive-table/1", "flow": "app.w", "objective": "relate2",
    "constraints": {"max_latency_us": null, "max_loss_pct": null},
    "axes": {"receivers": [3, 25], "loss_pct": [0], "rate_hz": [100]},
    "candidates": [
      {"name": "nakcast", "kind": "nakcast", "params": {"nak_timeout": "auto"}},
      {"name": "ricochet_r4", "kind": "ricochet", "params": {"r": 4, "c": 3}}],
    "scores": [500, 900, 5000, null],
    "unconstrained": [500, 900, 5000, 2e8]})");
  ASSERT_EQ(t.candidates().size(), 2u);
  EXPECT_DOUBLE_EQ(*t.unconstrained_score(1, {25, 0, 100}), 2e8);
  EXPECT_EQ(t.candidates()[1].params.at(0), (std::pair<std::string, std::string>{"r", "4"}));
  EXPECT_EQ(t.pick({3, 0, 100}).candidate, 0u);
  EXPECT_EQ(t.find("ricochet_r4"), std::optional<std::size_t>(1));
  EXPECT_THROW(DecisionTable::from_json("{}"), std::invalid_argument);
  EXPECT_THROW(DecisionTable::from_json("[1]"), std::invalid_argument);
  EXPECT_THROW(DecisionTable::from_json(R"({"format": "adamant-adaptive-table/1", "axes": {}})"),
               std::invalid_argument);
  EXPECT_THROW(DecisionTable::load("/nonexistent/table.json"), std::runtime_error);
}

TEST(CandidateSettings, MapsTheContractParameters) {
  const adamant::TransportSettings n = settings_of({"n", "nakcast", {{"nak_timeout", "auto"}}});
  EXPECT_EQ(n.kind, adamant::TransportKind::Nakcast);
  EXPECT_EQ(n.nak_timeout, adamant::Duration{adamant::contract::kNakTimeoutAuto});
  const adamant::TransportSettings r = settings_of({"r", "ricochet", {{"r", "4"}, {"c", "2"}, {"nak_fallback", "1"}}});
  EXPECT_EQ(r.lec_r, 4);
  EXPECT_EQ(r.lec_c, 2);
  EXPECT_TRUE(r.lec_nak_fallback);
  EXPECT_EQ(settings_of({"f", "fec", {}}).kind, adamant::TransportKind::Fec);
  EXPECT_THROW(settings_of({"x", "carrier-pigeon", {}}), std::invalid_argument);
  EXPECT_THROW(settings_of({"x", "nakcast", {{"r", "4"}}}), std::invalid_argument);
  EXPECT_THROW(settings_of({"x", "fec", {{"r", "four"}}}), std::invalid_argument);
  EXPECT_THROW(settings_of({"x", "fec", {{"r", "0"}}}), std::invalid_argument);
  EXPECT_THROW(settings_of({"x", "fec", {{"hold", "1"}}}), std::invalid_argument);
}
