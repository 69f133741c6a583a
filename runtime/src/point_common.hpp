// Internal (not installed): what the real harness and the simulator share for one
// experiment point, so both produce the same configuration, CSV row and summary line.
#pragma once

#include <adamant/bench.hpp>
#include <adamant/engine.hpp>
#include <adamant/metrics.hpp>
#include <adamant/schedule.hpp>
#include <adamant/types.hpp>
#include <adamant/units.hpp>

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
  std::uint64_t nak_sequences = 0;  // sequences the readers' NAKs asked for
  std::uint64_t repaired = 0;       // distinct sequences the writer retransmitted
};

// The point's streams as they run: rates scaled, update counts, payload functions set, and
// the publish schedule (slot k = sequence k + 1). One implicit stream (name "") for a point
// without streams, with the spec's payload, rate_hz, updates and tags.
using Slot = ScheduleSlot;  // stream: index into Plan::streams
struct Plan {
  std::vector<Stream> streams;
  std::vector<std::uint64_t> updates;  // per stream
  std::vector<Slot> slots;             // in publish order
  std::uint64_t total() const { return slots.size(); }
  // For sequence 1..total(); throw Failure outside.
  const Slot& slot(std::uint64_t seq) const;
  std::uint32_t tag(std::uint64_t seq) const;
  // make_payload(seq) of its stream, checked against the stream's payload_bytes.
  std::vector<std::uint8_t> payload(std::uint64_t seq) const;
  bool check(std::uint64_t seq, ByteView bytes) const;  // true without a check function
};
Plan plan_point(const HarnessSpec& spec, const Point& pt);
// The counter pattern of counter_spec: `bytes` (>= 8) bytes, big-endian seq then a pattern.
std::vector<std::uint8_t> counter_payload(std::size_t bytes, std::uint64_t seq);
bool counter_check(std::size_t bytes, ByteView b);
// The streams as a reader option ("name:rate:bytes:first_tag:tags:priority:replaces", ';'
// between streams; rates exact) and back, taking each stream's payload functions from the
// spec's stream of that name (throws Failure on a malformed list).
// A multi-stream point's stream as the replace/fifo sender sends it: its delivery class and priority.
inline engine::MessageClass stream_class(const Stream& s) { return {s.reliable, s.sequenced, s.priority}; }

std::string streams_arg(const Point& pt);
std::vector<Stream> parse_streams_arg(const HarnessSpec& spec, const std::string& text);

// Validates the point (throws Failure) and returns its transport.
TransportKind check_point(const Point& pt);
// Distinct, reproducible loss stream per reader.
std::uint64_t reader_seed(std::uint64_t point_seed, int index);

// The channel configuration of the writer (reader = true: of reader `index`).
ChannelConfig point_channel(const Point& pt, bool reader, int index);
// How long the writer keeps servicing repairs after the last update.
std::chrono::milliseconds linger_for(const Point& pt);
void set_bytes(metrics::Row& row, const engine::WireBytes& b);
// Replace / Fifo (no-op for other transports): each stream row's `replaced` — updates a reader
// did not get although it got a newer update of the same tag — and `delivery_or_replaced`,
// from `delivered[i]`, the sequences reader i delivered; then the sender's own counters
// (sender_replaced per stream from its per-tag statistics, sender_expired, sender_abandoned).
void set_replaced(const Plan& plan, const Point& pt,
                  const std::vector<std::vector<std::uint64_t>>& delivered, std::vector<metrics::Row>& rows);
void set_sender_counts(const engine::SenderEngine& sender, const Plan& plan, std::vector<metrics::Row>& rows);
// An adaptive writer's warning that its table was fitted for another round trip, on stderr (once).
void warn_round_trip(const std::string& name, const engine::SenderEngine& sender);
// An adaptive writer's switches on stderr, one line each, timed from the first update (real mode;
// the simulator's are in --timeline).
void print_switches(const std::string& name, const engine::SenderEngine& sender, std::int64_t first_update_ns);
// The point's CSV row from every delivered latency (transport_params filled in).
metrics::Row point_row(const Point& pt, std::vector<std::int64_t> latencies_ns);
// Stream s's CSV row: its rate, its updates as `sent`, its name in `stream`.
metrics::Row stream_row(const Point& pt, const Plan& plan, std::size_t s, std::vector<std::int64_t> latencies_ns);

// Durations as options and CSV values (adamant/units.hpp).
using adamant::format_duration;
using adamant::parse_duration;
// Every engine parameter of `pt` ("name=value;…", see bench::transport_params), and back:
// applies such a list to `pt`; false (with `error` set) on an unknown name or a bad value.
std::string all_params(const Point& pt);
bool apply_params(std::string_view list, Point& pt, std::string& error);
// Appends the CSV rows (and, when `cdf` names a file, their latency percentiles), prints the
// summary line (tagged with `mode`), and throws Failure for corrupt payloads or (for in-order
// transports) out-of-order deliveries.
void finish_point(const HarnessSpec& spec, const Point& pt,
                  const std::vector<metrics::Row>& rows, const Totals& t, const std::string& csv,
                  const std::string& cdf, const char* mode);

}  // namespace adamant::bench::detail
