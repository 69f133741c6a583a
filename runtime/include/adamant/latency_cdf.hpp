// The latency distribution a bench writes on request (--cdf FILE): for each row of the results
// CSV, the latency at every whole percentile 1..100 (nearest rank), one CSV line each, so that a
// report draws each point's latency CDF without keeping every sample.
#pragma once

#include <adamant/metrics.hpp>

#include <string>

namespace adamant::metrics {

// transport,transport_params,stream,receivers,loss_pct,rate_hz,run,percentile,lat_us
// (the first seven as the results CSV writes them, so a line joins its row).
std::string cdf_header();

// Appends the row's 100 percentile lines (none when it delivered nothing), writing the header
// first if the file is new or empty. Throws std::runtime_error on an I/O error.
void append_cdf_csv(const std::string& path, const Row& r);

}  // namespace adamant::metrics
