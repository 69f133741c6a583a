#include <adamant/units.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace adamant {

std::optional<std::chrono::microseconds> parse_duration(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  // the number: digits with at most one '.', as "25", "0.05", ".5" (no sign, exponent or hex)
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
  std::string_view unit = text.substr(end);
  while (!unit.empty() && blank(unit.front())) unit.remove_prefix(1);
  errno = 0;
  const double value = std::strtod(number.c_str(), nullptr);
  if (errno != 0 || !std::isfinite(value)) return std::nullopt;
  double us;
  if (unit.empty() || unit == "ms") us = value * 1e3;
  else if (unit == "us") us = value;
  else if (unit == "s") us = value * 1e6;
  else return std::nullopt;
  if (!(us >= 0) || us > 1e13) return std::nullopt;
  return std::chrono::microseconds(std::llround(us));
}

std::string format_duration(std::chrono::microseconds d) {
  const auto us = d.count();
  if (us != 0 && us % 1'000'000 == 0) return std::to_string(us / 1'000'000) + "s";
  if (us % 1000 == 0) return std::to_string(us / 1000) + "ms";
  return std::to_string(us) + "us";
}

}  // namespace adamant
