// The publish schedule of one bench point: every stream's updates in time order. The native
// harness (real and sim) and the OpenDDS benches send by it, so a point sends the same updates at
// the same offsets on every target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace adamant::bench {

struct ScheduleSlot {
  std::int64_t offset_ns;  // from the first update
  std::size_t stream;      // index into the streams
  std::uint64_t index;     // 1-based within its stream
};

struct Schedule {
  std::vector<double> rate_hz;          // per stream, at this point
  std::vector<std::uint64_t> updates;   // per stream
  std::vector<ScheduleSlot> slots;      // in publish order; slot k is the point-wide sequence k + 1
};

// Stream 0 sends `updates` updates at `rate_hz`; every stream's modeled rate (model_rates_hz, stream
// 0 first) is scaled by rate_hz / model_rates_hz[0], and the others send for as long:
// ceil(updates / rate_hz x their rate) updates. Update k (from 0) of a stream is due k periods
// (1 s / its rate, truncated to ns) after the first; ties go to the earlier stream. An empty
// model_rates_hz means one stream. start_ns (empty: all 0) delays a stream's first update by that
// much after stream 0's (a stream stated to start later, as the Mockets experiment 2's second
// stream); such a stream still stops with stream 0: ceil((duration - start) x its rate) updates.
// Throws std::invalid_argument unless every rate is > 0 and every start is in [0, duration), stream
// 0's being 0.
Schedule make_schedule(const std::vector<double>& model_rates_hz, double rate_hz, std::uint64_t updates,
                       const std::vector<std::int64_t>& start_ns = {});

}  // namespace adamant::bench
