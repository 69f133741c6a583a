// Latency statistics, delivery, ReLate / ReLate2 and the results CSV: one column list (name, unit,
// meaning), written by one RFC 4180 writer, for every bench (native real and sim, ant-peer-bench,
// the OpenDDS benches).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adamant::metrics {

struct LatencyStats {
  std::size_t count = 0;
  double mean_us = 0, std_us = 0, p50_us = 0, p90_us = 0, p99_us = 0, max_us = 0;
  // The latency at every whole percentile: [k-1] is the k % point, k = 1..100 ([99] = max_us);
  // empty when nothing was delivered. The CDF a report draws (adamant/latency_cdf.hpp).
  std::vector<double> percentiles_us;
};
// Population std dev; percentiles by nearest rank (ceil(p·n)-th smallest).
LatencyStats latency_stats(std::vector<std::int64_t> latencies_ns);

// delivery = received / (sent × receivers); 0 when nothing was expected.
double delivery(std::uint64_t sent, std::uint64_t received, int receivers);
// ReLate = mean latency ÷ (r/t); infinity when nothing was delivered.
double relate(double mean_latency_us, double delivery);
// ReLate2 = mean latency × (percent lost + 1).
double relate2(double mean_latency_us, double delivery);

// The link a point ran over, as far as the bench shaped or modeled it; each part unset (an empty
// CSV cell) when that part was not shaped. Real mode on loopback shapes nothing; --mode sim
// models every part it was given (and always a propagation delay).
struct LinkSettings {
  std::string bandwidth;                      // B/s, "5120"; a changing link: "40000@50s;5000@10s"
  std::optional<std::uint64_t> queue_packets;  // egress queue bound in packets
  std::optional<std::int64_t> delay_us;        // propagation delay
  std::string burst;                           // Gilbert loss "P(good->bad);P(bad->good)", "0.01;0.3"
  std::optional<double> reorder_pct;           // sim: share of datagrams held back (reordered)
  std::optional<double> duplicate_pct;         // sim: share of datagrams delivered twice
};

struct Row {
  std::string transport;
  int receivers = 0;
  double loss_pct = 0, rate_hz = 0;
  int run = 0;
  std::uint64_t sent = 0, received = 0;
  double delivery = 0;
  LatencyStats lat;
  double relate = 0, relate2 = 0;
  // Columns after the contract's (extensions): bytes sent by every engine of the point.
  std::uint64_t bytes_data = 0, bytes_nak = 0, bytes_repair = 0, bytes_retransmit = 0,
                bytes_control = 0;
  // After the bytes: updates superseded before delivery (not delivered, but a
  // newer update with the same tag was: replace/fifo transports, 0 otherwise), and
  // (received + replaced) / (sent × receivers).
  std::uint64_t replaced = 0;
  double delivery_or_replaced = 0;
  // After those: the engine parameters of the point, bench::transport_params
  // (e.g. "nak_timeout=25ms", "r=4;c=3;nak_fallback=0"; never contains a comma).
  std::string transport_params;
  // After transport_params: the stream of a multi-stream point (bench::Stream::name;
  // "" for a point of one stream). Its rate_hz and sent are the stream's; the bytes_* columns
  // are the whole point's (every stream shares the connection), repeated on each stream's row.
  std::string stream;
  // After stream: the sender's own counters (replace/fifo; 0 for other transports).
  // sender_replaced: messages of this row's stream (its tags) the sender dropped because a
  // newer one of their tag replaced them (or cancel(tag)) — queued or sent but unacknowledged;
  // sender_expired: dropped after the enqueue timeout; sender_abandoned: given up after the
  // retry timeout (both the whole connection's, repeated on each stream's row).
  std::uint64_t sender_replaced = 0, sender_expired = 0, sender_abandoned = 0;
  LinkSettings link;
  // After the link: the transport switches the adaptive writer made during the point (0 otherwise).
  std::uint64_t switches = 0;
};

// Builds a complete row from raw results (every delivered latency of every receiver).
Row make_row(std::string transport, int receivers, double loss_pct, double rate_hz, int run,
             std::uint64_t sent, std::vector<std::int64_t> latencies_ns);

// One column of the results CSV: its header name, unit ("" when it has none) and meaning, and how
// a row's cell is written. columns() is the one list, in file order; docs/runtime-contract.md
// documents it.
struct Column {
  std::string_view name, unit, meaning;
  std::string (*cell)(const Row&);
};
const std::vector<Column>& columns();

// A field as RFC 4180 writes it: quoted (inner quotes doubled) when it holds a comma, a quote,
// CR or LF; as is otherwise.
std::string csv_field(std::string_view text);
// One CSV record of RFC 4180 from its fields (no trailing newline), and back: the fields of one
// record (quoted fields may hold commas, doubled quotes and newlines). parse_csv_record throws
// std::invalid_argument on a malformed record (text after a closing quote, an unclosed quote).
std::string csv_record(const std::vector<std::string>& fields);
std::vector<std::string> parse_csv_record(std::string_view record);

std::string csv_header();            // the column names, no trailing newline
std::string csv_line(const Row& r);  // the row's cells, no trailing newline
// Appends one row, writing the header first if the file is new or empty. Throws on I/O error.
void append_csv(const std::string& path, const Row& r);
// Appends CSV records (no newlines), writing `header` first if the file is new or empty. Throws on I/O error.
void append_records(const std::string& path, const std::string& header, const std::vector<std::string>& records);

}  // namespace adamant::metrics
