// Internal (not installed): choosing points of a bench by their index, so that a driver
// (`adamant bench`) can list a sweep's points, run each one on its own (in parallel, resumably)
// and filter them by any field, which the per-point overrides (--receivers, --loss, ...) cannot:
// those replace a field of every point, they do not select points.
#pragma once

#include <adamant/bench.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace adamant::bench::detail {

// The indices a list such as "0,3,5-7" names, in ascending order without repeats, each below
// `count`. Throws Failure (point_common.hpp) on a malformed list or an index out of range.
std::vector<std::size_t> parse_point_indices(const std::string& list, std::size_t count);

// The points as CSV, one line per point after a header:
// index,transport,transport_params,receivers,loss_pct,rate_hz,run,updates,streams
// (streams: the stream names joined by ';', empty for one stream).
std::string list_points(const std::vector<Point>& points);

}  // namespace adamant::bench::detail
