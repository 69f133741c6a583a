// The adaptive decision table (format "adamant-adaptive-table/1"): predicted ReLate2 (µs) of each
// candidate transport over a grid of receivers x loss % x publish rate at one round trip (rtt_us, when
// stated), made by the language's predictions or by `./adamant train`, read here from JSON or built
// from arrays by generated code.
//
// pick() is the one decision rule the language's agreement test checks: clamp each measured value
// into its axis, interpolate every candidate's score multilinearly over the three axes (a null
// corner makes the candidate ineligible for that query), take the lowest score; ties go to the lower
// index; when none is eligible, the same over the unconstrained scores (the candidate that comes
// closest), and when the table has none or they find none either, candidate 0. Hysteresis is the
// adaptive channel's, not the table's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adamant::adaptive {

inline constexpr std::string_view kTableFormat = "adamant-adaptive-table/1";

struct Candidate {
  std::string name;  // unique in the table
  std::string kind;  // a runtime transport kind (contract kKinds)
  // The stated parameters as the contract names them, value as written: "25000" (µs), "auto", "4".
  std::vector<std::pair<std::string, std::string>> params;
};

struct Query {
  double receivers = 0;
  double loss_pct = 0;
  double rate_hz = 0;
};

struct Decision {
  std::size_t candidate = 0;
  std::optional<double> score;  // its interpolated ReLate2 (µs); nullopt when nothing was found
  bool eligible = false;        // whether it meets the constraints (else score is its unconstrained one)
};

class DecisionTable {
 public:
  // scores: one per (receivers, loss_pct, rate_hz, candidate), row-major in that order; nullopt where
  // the candidate breaks a constraint. Throws std::invalid_argument for axes that are empty or not
  // strictly increasing, no candidates, duplicate names, a score count that does not match, or an
  // rtt_us not above 0. rtt_us: the round trip the scores were computed for (the JSON's optional
  // "rtt_us"); nullopt when the table does not say. unconstrained (the JSON's optional
  // "unconstrained"): as scores, nullopt only where the candidate cannot run at all; empty when the
  // table does not carry it.
  DecisionTable(std::vector<double> receivers, std::vector<double> loss_pct, std::vector<double> rate_hz,
                std::vector<Candidate> candidates, std::vector<std::optional<double>> scores,
                std::optional<double> rtt_us = std::nullopt,
                std::vector<std::optional<double>> unconstrained = {});
  // Parses the JSON text of a table (std::invalid_argument naming what is wrong).
  static DecisionTable from_json(std::string_view text);
  // Reads and parses a table file (std::runtime_error when it cannot be read).
  static DecisionTable load(const std::string& path);

  Decision pick(const Query& q) const;
  // Candidate i's interpolated score at q; nullopt when a corner it needs is null.
  std::optional<double> score(std::size_t candidate, const Query& q) const;
  // The same over the unconstrained scores; nullopt also when the table has none.
  std::optional<double> unconstrained_score(std::size_t candidate, const Query& q) const;

  const std::vector<Candidate>& candidates() const { return candidates_; }
  std::optional<std::size_t> find(std::string_view name) const;
  const std::vector<double>& receivers_axis() const { return axes_[0]; }
  const std::vector<double>& loss_axis() const { return axes_[1]; }
  const std::vector<double>& rate_axis() const { return axes_[2]; }
  std::optional<double> rtt_us() const { return rtt_us_; }

 private:
  // Per axis: the lower grid index and the weight of the upper one, the value clamped first.
  struct Cell {
    std::size_t lo = 0;
    double w = 0;
  };
  // The corners of a query's grid cell that carry weight: their weight and the offset of their
  // candidate 0 in scores_ (at most 8).
  struct Corners {
    double w[8];
    std::size_t at[8];
    int n = 0;
  };
  static Cell locate(const std::vector<double>& axis, double v);
  Corners corners(const Query& q) const;
  static std::optional<double> interpolate(const std::vector<double>& values, std::size_t candidate,
                                           const Corners& k);
  // The lowest interpolated candidate of values (ties to the lower index); score nullopt when none.
  Decision lowest(const std::vector<double>& values, const Corners& k) const;

  std::vector<double> axes_[3];
  std::vector<Candidate> candidates_;
  std::vector<double> scores_;         // NaN where null
  std::vector<double> unconstrained_;  // NaN where null; empty when the table has none
  std::optional<double> rtt_us_;
};

}  // namespace adamant::adaptive
