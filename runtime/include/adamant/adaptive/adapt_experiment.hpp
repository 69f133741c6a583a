// The adapt experiment (issue 17's evidence), in the simulator: the environment changes during one
// run (a loss schedule, e.g. 0 % -> 3 % -> 0 %), and the adaptive transport's ReLate2 over the whole
// run is compared with every fixed candidate's. The table is fitted from simulator points at constant
// loss (each candidate's measured ReLate2 on the loss axis), with another seed than the run's.
#pragma once

#include <adamant/adaptive/decision_table.hpp>
#include <adamant/metrics.hpp>
#include <adamant/sim.hpp>

#include <string>
#include <vector>

namespace adamant::adaptive {

struct AdaptExperiment {
  int receivers = 25;
  double rate_hz = 100;
  std::vector<sim::LossPhase> loss;  // the schedule one run goes through once
  Nanos hold = AdaptiveConfig{}.hold;
  double margin_pct = AdaptiveConfig{}.margin_pct;
  std::uint64_t seed = 1;
  std::vector<Candidate> candidates;  // the fixed transports, and what the adaptive one chooses among
};

// nakcast (nak_timeout auto), ricochet r = 4 and r = 8 (c = 3), fec (r = 4, c = 1).
std::vector<Candidate> standard_candidates();

// One point per candidate and loss value, `seconds` long each, at the experiment's receivers and rate.
DecisionTable fit_table(const AdaptExperiment& x, const std::vector<double>& loss_axis, double seconds);

struct AdaptOutcome {
  std::string name;  // a candidate's, or "adaptive"
  metrics::Row row;
  std::vector<Switch> timeline;  // adaptive only
  Nanos rtt{0};                  // adaptive only: the writer's measured round trip at the end (0: none)
  std::string rtt_warning;       // adaptive only: AdaptiveSender::rtt_warning()
};
// Every fixed candidate through the schedule, then the adaptive transport with `table`.
std::vector<AdaptOutcome> run_adapt_experiment(const AdaptExperiment& x, const DecisionTable& table);

}  // namespace adamant::adaptive
