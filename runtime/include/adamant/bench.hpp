// Multi-process benchmark harness (1 writer = this process, N re-executed readers).
#pragma once

#include <adamant/types.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace adamant::bench {

// One stream of a multi-stream point: its updates share the point's single writer connection
// (one sender engine: one pacing, one link), as in the Mockets experiments 2 and 3.
struct Stream {
  std::string name;           // the CSV's `stream` column: letters, digits, '_', '-', '.'
  double rate_hz = 1;         // updates per second (scaled by Point::rate_hz / streams[0].rate_hz)
  std::int64_t start_ns = 0;  // its first update this long after stream 0's (make_schedule); 0 for stream 0
  std::size_t payload_bytes = 8;  // encoded size of one update of this stream
  // Replace / Fifo: update k (1-based) of the stream carries tag first_tag + (k-1) mod tags;
  // priority (higher is sent first) and whether an update replaces older ones of its tag.
  std::uint32_t first_tag = 0, tags = 1;
  std::uint8_t priority = 0;
  bool replaces = true;
  // Replace / Fifo: the stream's delivery class (Mockets' four flow types, adamant/replace.hpp):
  // unreliable updates are sent once; unsequenced ones are delivered on arrival, out of order.
  bool reliable = true;
  bool sequenced = true;
  // The encoded update of sequence `seq` (the point-wide sequence) and its check; empty:
  // a counter pattern of payload_bytes (>= 8) bytes, as counter_spec's.
  std::function<std::vector<std::uint8_t>(std::uint64_t seq)> make_payload;
  std::function<bool(ByteView)> check_payload;
};

struct Point {
  TransportKind transport;  // parsed where the point comes from (command line, Sweep)
  int receivers;
  double loss_pct;
  double rate_hz;
  int updates;
  int run;
  std::uint64_t seed;
  Duration nak_timeout = defaults::nakcast::kNakTimeout;
  std::optional<int> lec_r = std::nullopt;  // Ricochet / FEC r (extension); unset: the kind's default (lec_params)
  std::optional<int> lec_c = std::nullopt;  // Ricochet / FEC c (extension); unset: the kind's default (lec_params)
  bool lec_nak_fallback = defaults::ricochet::kNakFallback;  // Ricochet: NAK the sender too (extension)
  // Replace / Fifo (extensions): update i (1-based) is published with tag (i-1) mod tags;
  // pacing 0 = the simulated link's bandwidth (sim) or unpaced (real).
  std::uint32_t tags = defaults::replace::kTags;
  std::uint64_t pace_bytes_per_s = defaults::replace::kPaceBytesPerS;
  Duration enqueue_timeout = defaults::replace::kEnqueueTimeout;
  Duration retry_timeout = defaults::replace::kRetryTimeout;  // Replace / Fifo (extension)
  // Multi-stream point (extension; empty = one stream of rate_hz, `tags` tags and the spec's
  // payload). streams[0] sends `updates` updates at rate_hz; every stream's rate is scaled by
  // rate_hz / streams[0].rate_hz, and the others send for as long (ceil(updates / rate_hz ×
  // their rate) updates each). Updates are published in time order over one connection
  // (ties: the earlier stream first), so sequence k is the k-th of that schedule. The CSV
  // gets one row per stream (its name in the `stream` column, its rate and updates).
  std::vector<Stream> streams{};
  // Replace / Fifo (extension): pace to the bandwidth measured from ACKs, starting at
  // pace_bytes_per_s (0: the simulated link's slowest phase (sim) or 125,000 B/s (real));
  // false: the fixed pace. `transport_params` writes it as pace_mode=fixed|estimate.
  bool estimate_bandwidth = defaults::replace::kEstimateBandwidth;
  // Replace / Fifo (extension): a single-stream point's delivery class is sequenced (in order) or
  // not (on arrival); a multi-stream point's streams state their own (Stream::sequenced).
  bool sequenced = defaults::replace::kSequenced;
  // Adaptive (extension): the decision table's JSON file, hold and margin (TransportSettings).
  std::string table{};
  Duration hold = defaults::adaptive::kHold;
  double margin_pct = defaults::adaptive::kMarginPct;
};

struct HarnessSpec {
  std::string name;            // experiment name, for messages
  std::vector<Point> points;   // the sweep, in order
  std::size_t payload_bytes;   // encoded size of one update
  std::function<std::vector<std::uint8_t>(std::uint64_t seq)> make_payload;  // encoded sample
  std::function<bool(ByteView)> check_payload;  // decodes; false = corrupt
  // Appended to every reader process's argv: the options the program itself parses before
  // calling harness_main (the readers re-execute the program), e.g. {"--payload", "1024"}.
  std::vector<std::string> reader_args = {};
};

// Parses argv (--csv FILE, --updates N, --runs N, --help, and the internal --reader role),
// runs every point with 1 writer (this process) and `receivers` reader processes
// (re-executed from /proc/self/exe), and writes one CSV row per point. Returns the
// process exit code (0 = every point ran and every reader reported cleanly).
//
// Extra options: --port P (first UDP port; point i uses P+i), --group, --iface,
// --linger-ms (override the post-publish linger). `--runs K` repeats every point K times
// with run = point.run + k and seed = point.seed + k; `--updates N` overrides every point.
// `--mode sim` runs every point in the discrete-event simulator instead (adamant/sim.hpp:
// same engines, same CSV row; options --bandwidth, --queue, --delay-us, --psk, and the faults
// --reorder PCT, --duplicate PCT of adamant/sim.hpp). `--burst P_GB,P_BG`
// replaces the readers' Bernoulli --loss with Gilbert–Elliott loss in both modes (adamant/loss.hpp).
// Every point field can be overridden for every point: --transport, --receivers, --loss,
// --rate, --seed, and every engine parameter: --nak-timeout DUR, --r N, --c N,
// --nak-fallback, --tags N, --pace B/s, --enqueue-timeout DUR, --retry-timeout DUR
// (DUR: 25ms, 500us, 2s). Each row's `transport_params` column records the values used.
// Those overrides replace a field of every point; to choose points, --list-points prints them
// as CSV (index, transport, transport_params, receivers, loss_pct, rate_hz, run, updates,
// streams; after --runs and the overrides) and runs none, and --only 0,3,5-7 runs those indices.
// --cdf FILE appends each row's latency at every whole percentile (adamant/latency_cdf.hpp).
// The engine parameters of `pt` that matter for its transport, as the CSV's
// `transport_params` column writes them: `name=value` joined by ';' in a fixed order, e.g.
// "nak_timeout=25ms" (nakcast), "r=4;c=3;nak_fallback=0" (ricochet; + nak_timeout when the
// fallback is on), "r=4;c=1" (fec), "tags=20;pace=5000;enqueue_timeout=0ms;retry_timeout=10s;
// pace_mode=fixed" (replace, fifo), "" (baseline). Durations in the largest exact unit of s, ms, us.
std::string transport_params(const Point& pt);
int harness_main(int argc, char** argv, const HarnessSpec& spec);

// A ready-made spec payload: `bytes` (>= 8) bytes, big-endian sequence then a
// sequence-derived pattern that check_payload verifies. Used by ant-bench and tests.
HarnessSpec counter_spec(std::string name, std::size_t bytes, std::vector<Point> points);

}  // namespace adamant::bench
