// Internal (not installed): the real harness's periodic stats (--stats-file). Once a second each
// process of a point appends one line to the shared file (O_APPEND, one write per line, so the
// writer's and the readers' lines never interleave):
//   <CLOCK_MONOTONIC ms> <role writer|reader> <index> <pid> <state_entries> <count>
// state_entries is the engine's (SenderEngine/ReceiverEngine::state_entries: retained history,
// queued messages, pending NAKs, buffered packets, kept repairs); count is the updates published
// (writer) or delivered (reader) so far. A sustained-load campaign reads it next to each pid's RSS.
#pragma once

#include <adamant/udp.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace adamant::bench::detail {

class StatsLog {
 public:
  // An empty path: every sample() is a no-op. Throws std::system_error when the file cannot be opened.
  StatsLog(const std::string& path, const char* role, int index);
  // Appends a line when a second has passed since the last one (and at the first call), or now
  // when `now` is set (the writer's last update: what follows is the bench gathering its results).
  void sample(std::int64_t now_ns, std::size_t state_entries, std::uint64_t count, bool now = false);

 private:
  io::UniqueFd fd_;
  const char* role_;
  int index_;
  std::int64_t next_ns_ = 0;
};

}  // namespace adamant::bench::detail
