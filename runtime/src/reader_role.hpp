// Internal (not installed): the reader role of a real-mode point. The writer launches each
// reader with --reader-* options (ReaderArgs); the reader subscribes, checks every payload, and
// writes its counters and latencies back on its result pipe, which the writer decodes.
#pragma once

#include <adamant/auth.hpp>
#include <adamant/bench.hpp>
#include <adamant/engine.hpp>
#include <adamant/loss.hpp>

#include "reader_presence.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adamant::bench::detail {

struct ReaderResult {
  std::uint64_t delivered = 0, unrecoverable = 0, corrupt = 0, order_errors = 0, drops = 0,
                naks = 0, nak_sequences = 0, repairs = 0, recovered = 0;
  engine::WireBytes sent;
  auth::Stats keys;  // datagrams the reader's key check rejected, by reason
  std::vector<std::int64_t> latencies_ns;
  std::vector<std::uint64_t> sequences;  // of each latency's update
  std::vector<Spell> spells;  // --readers-schedule: when it took part (none without)
};

// Decodes everything a reader wrote; nullopt when malformed.
std::optional<ReaderResult> parse_result(const std::vector<std::uint8_t>& bytes);

// --burst P_GB,P_BG: the readers' Gilbert loss (adamant/loss.hpp), in both modes.
std::optional<GilbertLoss> gilbert(const std::vector<double>& burst);

struct ReaderArgs {
  std::string transport = "nakcast", group, iface, params, streams, stats_file, psk_file;
  std::string loss_schedule;  // --loss-schedule's phases (units::parse_loss_schedule) in place of loss
  std::string readers_schedule;  // --readers-schedule (units::parse_readers_schedule): take part in its spells
  std::vector<double> burst;
  double rate = 1;
  int port = 0, index = 0, result_fd = -1, ctrl_fd = -1;
  double loss = 0;
  std::uint64_t seed = 1, updates = 0;  // seed: the point's; each reader derives its own
};

// Runs reader a.index of the point until it has accounted for every update (with a readers
// schedule: or is away once the writer has published the last) or the writer closes the control
// pipe, then reports; returns the process exit code.
int run_reader(const ReaderArgs& a, const HarnessSpec& spec);

}  // namespace adamant::bench::detail
