// Durations as every ADAMANT program reads and writes them: harness options (--nak-timeout 25ms),
// the CSV's transport_params, the OpenDDS plugin's .ini values (nak_timeout=50ms). One parser and
// one rounding for all of them.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace adamant {

// "25ms", "500us", "0.05s", " 20 " (a bare number is ms; blanks around are ignored), rounded to
// the nearest microsecond. nullopt for anything else: no number, a negative or non-finite one, an
// unknown unit, more than 10^13 us (about 116 days).
std::optional<std::chrono::microseconds> parse_duration(std::string_view text);

// The duration in the largest exact unit of s, ms and us: "2s", "25ms", "1500us", "0ms".
std::string format_duration(std::chrono::microseconds d);

}  // namespace adamant
