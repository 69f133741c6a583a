// The timeline of a simulated point, on request (the harness's --timeline FILE): its mean latency per
// second of publishing and, for the adaptive transport, each epoch the writer began. The report draws
// it as latency over time with the switches marked (tools/report).
#pragma once

#include <adamant/bench.hpp>
#include <adamant/sim.hpp>

#include <string>

namespace adamant::bench::detail {

// Appends the point's lines to `path` (a header first when the file is new or empty):
//   transport,transport_params,receivers,loss_pct,rate_hz,run,kind,t_s,value,detail
// kind `latency`: t_s the second of publishing (from the first update), value the mean latency (µs) of
// the updates published in it, detail their deliveries; kind `switch`: t_s when the epoch began,
// value the candidate it runs, detail the writer's reason (the first epoch is its start).
// Latency lines need one stream (a multi-stream point writes its switches only). Throws Failure.
void append_timeline(const std::string& path, const Point& pt, const sim::PointResult& res);

}  // namespace adamant::bench::detail
