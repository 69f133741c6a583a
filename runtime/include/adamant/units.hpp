// Quantities on the runtime's command lines ("25ms", "5KB/s", "40KB/s@50s,5KB/s@10s"), read with
// the contract's units (adamant/contract.hpp), so `5KB/s` means on a command line what `5 KB/s`
// means in a model: 5 × 1024 B/s. One parser, one rounding (to the nearest unit of the result).
#pragma once

#include <adamant/sim.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace adamant::units {

// "<number> <unit>" with optional spaces; the unit must be one of `dimension`'s units in the
// contract ("duration", "bandwidth", ...). An empty unit takes `bare_unit` when that is given.
// The value in the dimension's base unit (s, B/s, ...); nullopt when malformed, negative or
// not finite.
std::optional<double> parse(std::string_view text, std::string_view dimension,
                            std::string_view bare_unit = {});

// A non-negative duration, rounded to the nearest microsecond; a bare number is milliseconds.
std::optional<std::chrono::microseconds> parse_duration(std::string_view text);
// A bandwidth in B/s, rounded to the nearest byte per second: "5KB/s" = 5120, "8kbit/s" = 1000.
std::optional<std::uint64_t> parse_bandwidth(std::string_view text);
// The simulator's link: one bandwidth, or phases "BW@DUR,BW@DUR,..." (every phase has a
// duration, rounded to the nearest ns; at least one bandwidth above 0).
std::optional<std::vector<sim::BandwidthPhase>> parse_bandwidth_schedule(std::string_view text);

}  // namespace adamant::units
