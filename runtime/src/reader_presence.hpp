// Internal (not installed): a real-mode point's readers schedule (--readers-schedule, as the
// simulator's NetConfig::readers_schedule). Each reader process opens its Subscriber while the
// phase counts it and closes it otherwise; the writer tells it when the schedule starts and when
// the last update is out, and counts what it was owed in the spells it reports.
#pragma once

#include <adamant/metrics.hpp>
#include <adamant/sim.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace adamant::bench::detail {

// The words a scheduled reader reads from its control pipe, in order: the schedule's start (the
// simulator's t = 0: CLOCK_MONOTONIC ns, sim::kFirstUpdateAt before the first update), then any
// word once the writer has published the last update. EOF: stop now.
class ControlWords {
 public:
  explicit ControlWords(int fd) : fd_(fd) {}
  // Reads what is there without blocking; false once the writer closed the pipe.
  bool read();
  std::optional<std::int64_t> start() const { return words_.empty() ? std::nullopt : std::optional(words_[0]); }
  bool all_published() const { return words_.size() > 1; }

 private:
  int fd_;
  std::vector<std::uint8_t> partial_;
  std::vector<std::int64_t> words_;
};

// One spell of a reader taking part: from the moment its subscription was open to the moment it
// closed, and how many deliveries it had recorded (in order, over all spells) when it closed.
struct Spell {
  std::int64_t join_ns = 0, leave_ns = 0;
  std::uint64_t delivered_end = 0;
};
std::vector<std::uint64_t> encode_spells(const std::vector<Spell>& spells);
std::optional<std::vector<Spell>> decode_spells(const std::vector<std::uint64_t>& words);

// Whether reader `index` takes part at `now` of a schedule that started at `start_ns`.
bool takes_part(const std::vector<sim::ReadersPhase>& schedule, std::int64_t start_ns, std::int64_t now_ns, int index);

// The writer's accounting of one reader, the simulator's rule on real clocks. Of its deliveries
// (latencies and sequences, in the order delivered) it keeps those of updates published
// (publish_ns[seq], seq from 1) at or after the join of the spell they came in: one in flight when
// it joined is not counted. It is owed, per stream (stream_of(seq)), each update published in a
// spell at p with join <= p and p + one_way <= leave, where one_way is the least latency it
// measured (the bare path; nothing delivered: 0): what could not reach it before it left is not
// owed, and whatever it kept was owed. Returns false when the spells do not fit the deliveries.
bool account_spells(const std::vector<Spell>& spells, const std::vector<std::int64_t>& publish_ns,
                    const std::function<std::size_t(std::uint64_t)>& stream_of, std::vector<std::int64_t>& latencies, std::vector<std::uint64_t>& sequences,
                    std::vector<std::uint64_t>& owed);

// A row's delivery (and ReLate, ReLate2) of what its readers were owed, in both modes.
void set_delivery_of_owed(metrics::Row& row, std::uint64_t owed);

}  // namespace adamant::bench::detail
