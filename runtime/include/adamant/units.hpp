// Quantities as every ADAMANT program reads and writes them: harness options (--nak-timeout 25ms,
// --bandwidth 5KB/s, "40KB/s@50s,5KB/s@10s"), the CSV's transport_params, the OpenDDS plugin's .ini
// values (nak_timeout=50ms). Read with the contract's units (adamant/contract.hpp), so `5KB/s` means
// on a command line what `5 KB/s` means in a model: 5 × 1024 B/s. One parser, one rounding (to the
// nearest unit of the result).
#pragma once

#include <adamant/sim.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adamant {

// "25ms", "500us", "0.05s", " 20 " (a bare number is ms; blanks around are ignored), rounded to
// the nearest microsecond. nullopt for anything else: no number, a negative or non-finite one, an
// exponent, an unknown unit, more than 10^13 us (about 116 days).
std::optional<std::chrono::microseconds> parse_duration(std::string_view text);

// The duration in the largest exact unit of s, ms and us: "2s", "25ms", "1500us", "0ms".
std::string format_duration(std::chrono::microseconds d);

namespace units {

// "<number> <unit>" with optional spaces; the number is digits with at most one '.' (no sign,
// exponent or hex); the unit must be one of `dimension`'s units in the contract ("duration",
// "bandwidth", ...). An empty unit takes `bare_unit` when that is given. The value in the
// dimension's base unit (s, B/s, ...); nullopt when malformed or not finite.
std::optional<double> parse(std::string_view text, std::string_view dimension,
                            std::string_view bare_unit = {});

// A bandwidth in B/s, rounded to the nearest byte per second: "5KB/s" = 5120, "8kbit/s" = 1000.
// A bare number takes `bare_unit` when that is given (else it is malformed).
std::optional<std::uint64_t> parse_bandwidth(std::string_view text, std::string_view bare_unit = {});

// The contract's units of `dimension`, in table order, for messages: "B/s, KB/s, kbit/s, Mbit/s".
std::string symbols(std::string_view dimension);
// The simulator's link: one bandwidth, or phases "BW@DUR,BW@DUR,..." (every phase has a
// duration, rounded to the nearest ns; at least one bandwidth above 0).
std::optional<std::vector<sim::BandwidthPhase>> parse_bandwidth_schedule(std::string_view text);
// The simulator's readers' loss: one percentage, or phases "PCT@DUR,PCT@DUR,..." that repeat, as a
// bandwidth schedule's do ("0%@20s,3%@20s,0%@20s"; a bare number is %); every loss within 0..100.
std::optional<std::vector<sim::LossPhase>> parse_loss_schedule(std::string_view text);
// A readers schedule ("3@20s,25@20s,3@20s"): how many readers take part in each phase, 0..20000.
inline constexpr int kMaxSimReaders = 20000;
std::optional<std::vector<sim::ReadersPhase>> parse_readers_schedule(std::string_view text);

}  // namespace units
}  // namespace adamant
