// Internal (not installed): the bench options that replace a field of every point of a spec
// (--transport, --receivers, ..., the engine parameters), as opposed to choosing points
// (point_selection.hpp).
#pragma once

#include <adamant/bench.hpp>

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace adamant::bench::detail {

// Values given on the command line that replace the spec's for every point.
struct PointOverrides {
  std::optional<std::string> transport;
  std::optional<int> receivers, updates;
  std::optional<double> loss, rate;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> nak_timeout, enqueue_timeout, retry_timeout;
  std::optional<int> r, c;
  bool nak_fallback = false;
  std::optional<std::uint32_t> tags;
  std::optional<std::uint64_t> pace;
  std::optional<std::string> pace_mode;
  std::optional<std::string> table, hold;  // adaptive
  std::optional<double> margin;


  // Declares the options on the bench's command line.
  void add_to(CLI::App& app);
  // Applies the overrides; throws Failure on a bad duration or transport.
  void apply(Point& p) const;
};

}  // namespace adamant::bench::detail
