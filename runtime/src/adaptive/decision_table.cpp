#include <adamant/adaptive/decision_table.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace adamant::adaptive {
namespace {

constexpr double kNull = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kAxisNames[3] = {"receivers", "loss_pct", "rate_hz"};

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("adaptive decision table: " + what);
}

std::string param_text(const nlohmann::ordered_json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    std::ostringstream s;
    s << v.get<double>();
    return s.str();
  }
  if (v.is_boolean()) return v.get<bool>() ? "1" : "0";
  bad("a parameter value must be a number or a word");
}

}  // namespace

DecisionTable::DecisionTable(std::vector<double> receivers, std::vector<double> loss_pct, std::vector<double> rate_hz,
                             std::vector<Candidate> candidates, std::vector<std::optional<double>> scores,
                             std::optional<double> rtt_us, std::vector<std::optional<double>> unconstrained)
    : axes_{std::move(receivers), std::move(loss_pct), std::move(rate_hz)}, candidates_(std::move(candidates)),
      rtt_us_(rtt_us) {
  if (rtt_us_ && !(std::isfinite(*rtt_us_) && *rtt_us_ > 0)) bad("rtt_us must be a number above 0");
  for (int a = 0; a < 3; ++a) {
    const auto& ax = axes_[a];
    if (ax.empty()) bad(std::string("axis ") + kAxisNames[a] + " is empty");
    for (std::size_t i = 0; i < ax.size(); ++i) {
      if (!std::isfinite(ax[i])) bad(std::string("axis ") + kAxisNames[a] + " has a value that is not finite");
      if (i > 0 && !(ax[i] > ax[i - 1])) bad(std::string("axis ") + kAxisNames[a] + " is not strictly increasing");
    }
  }
  if (candidates_.empty()) bad("no candidates");
  for (std::size_t i = 0; i < candidates_.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (candidates_[i].name == candidates_[j].name) bad("candidate " + candidates_[i].name + " named twice");
  const std::size_t want = axes_[0].size() * axes_[1].size() * axes_[2].size() * candidates_.size();
  if (scores.size() != want)
    bad("scores has " + std::to_string(scores.size()) + " entries, the axes and candidates need " +
        std::to_string(want));
  if (!unconstrained.empty() && unconstrained.size() != want)
    bad("unconstrained has " + std::to_string(unconstrained.size()) + " entries, the axes and candidates need " +
        std::to_string(want));
  const auto fill = [](std::vector<double>& to, const std::vector<std::optional<double>>& from) {
    to.reserve(from.size());
    for (const auto& s : from) {
      if (s && !std::isfinite(*s)) bad("a score is not finite");
      to.push_back(s ? *s : kNull);
    }
  };
  fill(scores_, scores);
  fill(unconstrained_, unconstrained);
}

DecisionTable DecisionTable::from_json(std::string_view text) {
  nlohmann::ordered_json j;  // the params in the order written
  try {
    j = nlohmann::ordered_json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("not JSON: ") + e.what());
  }
  if (!j.is_object()) bad("not a JSON object");
  if (j.value("format", std::string()) != kTableFormat) bad("format is not " + std::string(kTableFormat));
  try {
    const auto& axes = j.at("axes");
    std::vector<double> ax[3];
    for (int a = 0; a < 3; ++a) ax[a] = axes.at(kAxisNames[a]).get<std::vector<double>>();
    std::vector<Candidate> cands;
    for (const auto& c : j.at("candidates")) {
      Candidate cand{c.at("name").get<std::string>(), c.at("kind").get<std::string>(), {}};
      if (c.contains("params"))
        for (const auto& [k, v] : c.at("params").items()) cand.params.emplace_back(k, param_text(v));
      cands.push_back(std::move(cand));
    }
    const auto read_scores = [](const nlohmann::ordered_json& a) {
      std::vector<std::optional<double>> out;
      for (const auto& s : a) {
        if (s.is_null()) out.emplace_back(std::nullopt);
        else if (s.is_number()) out.emplace_back(s.get<double>());
        else bad("a score must be a number or null");
      }
      return out;
    };
    std::vector<std::optional<double>> scores = read_scores(j.at("scores"));
    // absent in tables written before it was stated: nothing eligible picks candidate 0
    std::vector<std::optional<double>> unconstrained;
    if (j.contains("unconstrained")) unconstrained = read_scores(j.at("unconstrained"));
    std::optional<double> rtt_us;  // absent in tables written before it was stated: no round-trip check
    if (j.contains("rtt_us")) {
      if (!j.at("rtt_us").is_number()) bad("rtt_us must be a number above 0");
      rtt_us = j.at("rtt_us").get<double>();
    }
    return DecisionTable(std::move(ax[0]), std::move(ax[1]), std::move(ax[2]), std::move(cands), std::move(scores),
                         rtt_us, std::move(unconstrained));
  } catch (const nlohmann::json::exception& e) {
    bad(std::string("malformed: ") + e.what());
  }
}

DecisionTable DecisionTable::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("adaptive decision table: cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return from_json(s.str());
}

std::optional<std::size_t> DecisionTable::find(std::string_view name) const {
  for (std::size_t i = 0; i < candidates_.size(); ++i)
    if (candidates_[i].name == name) return i;
  return std::nullopt;
}

DecisionTable::Cell DecisionTable::locate(const std::vector<double>& axis, double v) {
  if (axis.size() == 1 || !(v > axis.front())) return {0, 0.0};  // NaN clamps low too
  if (v >= axis.back()) return {axis.size() - 2, 1.0};
  const auto hi = static_cast<std::size_t>(std::upper_bound(axis.begin(), axis.end(), v) - axis.begin());
  const std::size_t lo = hi - 1;
  return {lo, (v - axis[lo]) / (axis[hi] - axis[lo])};
}

DecisionTable::Corners DecisionTable::corners(const Query& q) const {
  const Cell cells[3] = {locate(axes_[0], q.receivers), locate(axes_[1], q.loss_pct), locate(axes_[2], q.rate_hz)};
  const std::size_t n1 = axes_[1].size(), n2 = axes_[2].size(), nc = candidates_.size();
  Corners k;
  for (int corner = 0; corner < 8; ++corner) {
    double w = 1;
    std::size_t idx[3];
    for (int a = 0; a < 3 && w != 0.0; ++a) {
      const bool up = (corner >> a) & 1;
      w *= up ? cells[a].w : 1.0 - cells[a].w;
      idx[a] = cells[a].lo + (up ? 1 : 0);
    }
    // a corner of weight 0 is not read (it may lie past a one-value axis), nor its null
    if (w == 0.0) continue;
    k.w[k.n] = w;
    k.at[k.n] = ((idx[0] * n1 + idx[1]) * n2 + idx[2]) * nc;
    ++k.n;
  }
  return k;
}

std::optional<double> DecisionTable::interpolate(const std::vector<double>& values, std::size_t c,
                                                 const Corners& k) {
  if (values.empty()) return std::nullopt;
  double sum = 0;
  for (int i = 0; i < k.n; ++i) {
    const double s = values[k.at[i] + c];
    if (std::isnan(s)) return std::nullopt;
    sum += k.w[i] * s;
  }
  return sum;
}

std::optional<double> DecisionTable::score(std::size_t candidate, const Query& q) const {
  return interpolate(scores_, candidate, corners(q));
}

std::optional<double> DecisionTable::unconstrained_score(std::size_t candidate, const Query& q) const {
  return interpolate(unconstrained_, candidate, corners(q));
}

Decision DecisionTable::lowest(const std::vector<double>& values, const Corners& k) const {
  Decision best;
  for (std::size_t c = 0; c < candidates_.size(); ++c) {
    const auto s = interpolate(values, c, k);
    if (s && (!best.score || *s < *best.score)) best = {c, s, false};
  }
  return best;
}

Decision DecisionTable::pick(const Query& q) const {
  const Corners k = corners(q);
  Decision best = lowest(scores_, k);
  if (best.score) {
    best.eligible = true;
    return best;
  }
  return lowest(unconstrained_, k);  // none meets the constraints: the one that comes closest
}

}  // namespace adamant::adaptive
