#include <adamant/contract.hpp>
#include <adamant/units.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace adamant::units {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

constexpr double kMaxBase = 1e15;  // beyond any duration (s) or bandwidth (B/s) the runtime takes

}  // namespace

std::optional<double> parse(std::string_view text, std::string_view dimension, std::string_view bare_unit) {
  text = trim(text);
  // the number: digits with at most one '.', as "25", "0.05", ".5"
  std::size_t end = 0;
  bool digits = false, point = false;
  for (; end < text.size(); ++end) {
    const char c = text[end];
    if (c >= '0' && c <= '9') digits = true;
    else if (c == '.' && !point) point = true;
    else break;
  }
  if (!digits) return std::nullopt;
  const std::string number(text.substr(0, end));
  errno = 0;
  const double value = std::strtod(number.c_str(), nullptr);
  if (errno != 0 || !std::isfinite(value)) return std::nullopt;
  std::string_view unit = trim(text.substr(end));
  if (unit.empty()) unit = bare_unit;
  const contract::Unit* u = contract::find_unit(unit);
  if (u == nullptr || u->dimension != dimension) return std::nullopt;
  const double base = value * u->to_base;
  if (!(base <= kMaxBase)) return std::nullopt;
  return base;
}

std::optional<std::uint64_t> parse_bandwidth(std::string_view text, std::string_view bare_unit) {
  const auto b = parse(text, "bandwidth", bare_unit);
  if (!b) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(*b));
}

std::string symbols(std::string_view dimension) {
  std::string out;
  for (const contract::Unit& u : contract::kUnits)
    if (u.dimension == dimension) (out += out.empty() ? "" : ", ") += u.symbol;
  return out;
}

namespace {

// Phases "VALUE@DUR,VALUE@DUR,..." (one phase may go without a duration): each value read by
// `value_of` (an optional), each duration rounded to the nearest ns. nullopt when a part is malformed
// or, with more than one phase, one has no duration.
template <class Phase, class ValueOf>
std::optional<std::vector<Phase>> parse_phases(std::string_view text, ValueOf value_of) {
  std::vector<Phase> out;
  while (true) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    const auto at = part.find('@');
    const auto v = value_of(part.substr(0, at));
    if (!v) return std::nullopt;
    Phase phase{*v, sim::Nanos{0}};
    if (at != std::string_view::npos) {
      const auto s = parse(part.substr(at + 1), "duration");  // a phase's length needs its unit
      if (!s || std::llround(*s * 1e9) < 1) return std::nullopt;
      phase.duration = sim::Nanos{std::llround(*s * 1e9)};
    }
    out.push_back(phase);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (out.size() > 1 && std::any_of(out.begin(), out.end(), [](const auto& p) { return p.duration.count() <= 0; }))
    return std::nullopt;  // a schedule needs phase lengths
  return out;
}

}  // namespace

std::optional<std::vector<sim::BandwidthPhase>> parse_bandwidth_schedule(std::string_view text) {
  auto out = parse_phases<sim::BandwidthPhase>(text, [](std::string_view v) { return parse_bandwidth(v); });
  if (out && std::none_of(out->begin(), out->end(), [](const auto& p) { return p.bytes_per_s > 0; }))
    return std::nullopt;
  return out;
}

std::optional<std::vector<sim::LossPhase>> parse_loss_schedule(std::string_view text) {
  return parse_phases<sim::LossPhase>(text, [](std::string_view v) -> std::optional<double> {
    const auto pct = parse(v, "percent", "%");
    if (!pct || *pct > 100.0) return std::nullopt;
    return pct;
  });
}

std::optional<std::vector<sim::ReadersPhase>> parse_readers_schedule(std::string_view text) {
  return parse_phases<sim::ReadersPhase>(text, [](std::string_view v) -> std::optional<int> {
    const std::string s(v);
    char* end = nullptr;
    const long n = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0' || n < 0 || n > kMaxSimReaders) return std::nullopt;
    return static_cast<int>(n);
  });
}

}  // namespace adamant::units

namespace adamant {

std::optional<std::chrono::microseconds> parse_duration(std::string_view text) {
  const auto s = units::parse(text, "duration", "ms");
  if (!s || *s * 1e6 > 1e13) return std::nullopt;
  return std::chrono::microseconds(std::llround(*s * 1e6));
}

std::string format_duration(std::chrono::microseconds d) {
  const auto us = d.count();
  if (us != 0 && us % 1'000'000 == 0) return std::to_string(us / 1'000'000) + "s";
  if (us % 1000 == 0) return std::to_string(us / 1000) + "ms";
  return std::to_string(us) + "us";
}

}  // namespace adamant
