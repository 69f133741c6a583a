// Internal (not installed): what the real harness and the simulator share for one
// experiment point, so both produce the same configuration, CSV row and summary line.
#pragma once

#include <adamant/bench.hpp>
#include <adamant/engine.hpp>
#include <adamant/metrics.hpp>
#include <adamant/types.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>
#include <stdexcept>
#include <string>

namespace adamant::bench::detail {

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Per-point totals over all readers, beyond what the CSV row holds.
struct Totals {
  std::uint64_t unrecoverable = 0, corrupt = 0, order_errors = 0, drops = 0, naks = 0,
                retransmits = 0, repairs = 0, recovered = 0;
};

// Validates the point and returns its transport (throws Failure).
TransportKind check_point(const Point& pt);
// Distinct, reproducible loss stream per reader.
std::uint64_t reader_seed(std::uint64_t point_seed, int index);

// The tag of update `seq` (1-based): updates cycle through the point's tags.
std::uint32_t tag_for(const Point& pt, std::uint64_t seq);

// spec.make_payload(seq), checked against spec.payload_bytes (throws Failure).
std::vector<std::uint8_t> checked_payload(const HarnessSpec& spec, std::uint64_t seq);
// The channel configuration of the writer (reader = true: of reader `index`).
ChannelConfig point_channel(const Point& pt, TransportKind kind, bool reader, int index);
// How long the writer keeps servicing repairs after the last update.
std::chrono::milliseconds linger_for(TransportKind kind, const Point& pt);
void set_bytes(metrics::Row& row, const engine::WireBytes& b);
// The point's CSV row from every delivered latency (transport_params filled in).
metrics::Row point_row(const Point& pt, std::vector<std::int64_t> latencies_ns);

// Durations as options and CSV values: "25ms", "500us", "2s" (a bare number is ms).
std::optional<std::chrono::microseconds> parse_duration(std::string_view text);
std::string format_duration(std::chrono::microseconds d);
// Every engine parameter of `pt` ("name=value;…", see bench::transport_params), and back:
// applies such a list to `pt`; false (with `error` set) on an unknown name or a bad value.
std::string all_params(const Point& pt);
bool apply_params(std::string_view list, Point& pt, std::string& error);
// Appends the CSV row, prints the summary line (tagged with `mode`), and throws Failure
// for corrupt payloads or (for in-order transports) out-of-order deliveries.
void finish_point(const HarnessSpec& spec, const Point& pt, TransportKind kind,
                  const metrics::Row& row, const Totals& t, const std::string& csv,
                  const char* mode);

}  // namespace adamant::bench::detail
