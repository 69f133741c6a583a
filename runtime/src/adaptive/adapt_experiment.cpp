#include <adamant/adaptive/adapt_experiment.hpp>
#include <adamant/adaptive/candidate_settings.hpp>

#include <cmath>
#include <memory>

namespace adamant::adaptive {
namespace {

constexpr std::size_t kPayload = 12;  // the benches' counter payload

bench::Point point_of(const Candidate& c, const AdaptExperiment& x, double loss, int updates, std::uint64_t seed) {
  const TransportSettings s = settings_of(c);
  bench::Point p{s.kind, x.receivers, loss, x.rate_hz, updates, 1, seed};
  p.nak_timeout = s.nak_timeout;
  p.lec_r = s.lec_r;
  p.lec_c = s.lec_c;
  p.lec_nak_fallback = s.lec_nak_fallback;
  return p;
}

sim::PointResult run(const bench::Point& p, const sim::NetConfig& net) {
  return sim::run_point(bench::counter_spec("ant-adapt-bench", kPayload, {p}), p, net);
}

}  // namespace

std::vector<Candidate> standard_candidates() {
  return {{"nakcast", "nakcast", {{"nak_timeout", "auto"}}},
          {"ricochet_r4", "ricochet", {{"r", "4"}, {"c", "3"}}},
          {"ricochet_r8", "ricochet", {{"r", "8"}, {"c", "3"}}},
          {"fec", "fec", {{"r", "4"}, {"c", "1"}}}};
}

DecisionTable fit_table(const AdaptExperiment& x, const std::vector<double>& loss_axis, double seconds) {
  const int updates = std::max(1, static_cast<int>(std::lround(seconds * x.rate_hz)));
  std::vector<std::optional<double>> scores;
  for (const double loss : loss_axis)
    for (const auto& c : x.candidates) {
      const auto r = run(point_of(c, x, loss, updates, x.seed + 1000), sim::NetConfig{});
      scores.emplace_back(std::isfinite(r.row.relate2) ? std::optional<double>(r.row.relate2) : std::nullopt);
    }
  const double rtt_us = 2.0 * static_cast<double>(sim::NetConfig{}.delay.count()) / 1e3;  // the links' round trip
  return DecisionTable({static_cast<double>(x.receivers)}, loss_axis, {x.rate_hz}, x.candidates, std::move(scores),
                       rtt_us);
}

std::vector<AdaptOutcome> run_adapt_experiment(const AdaptExperiment& x, const DecisionTable& table) {
  Nanos length{0};
  for (const auto& ph : x.loss) length += ph.duration;
  const int updates = std::max(1, static_cast<int>(std::llround(x.rate_hz * static_cast<double>(length.count()) / 1e9)));
  sim::NetConfig net;
  // The schedule as the run sees it: updates start after the simulator's 100 ms of warm-up.
  net.loss_schedule = x.loss;
  net.loss_schedule.insert(net.loss_schedule.begin(), sim::LossPhase{x.loss.front().loss_pct, std::chrono::milliseconds(100)});
  net.loss_schedule.push_back(sim::LossPhase{x.loss.back().loss_pct, std::chrono::hours(1)});  // the linger
  std::vector<AdaptOutcome> out;
  for (const auto& c : x.candidates) {
    auto r = run(point_of(c, x, 0.0, updates, x.seed), net);
    out.push_back({c.name, std::move(r.row), {}, {}, {}});
  }
  sim::NetConfig anet = net;
  anet.adaptive = sim::AdaptiveRun{std::make_shared<const DecisionTable>(table), x.hold, x.margin_pct};
  auto r = run(point_of(x.candidates.front(), x, 0.0, updates, x.seed), anet);
  out.push_back({"adaptive", std::move(r.row), std::move(r.timeline), r.srtt, std::move(r.rtt_warning)});
  return out;
}

}  // namespace adamant::adaptive
