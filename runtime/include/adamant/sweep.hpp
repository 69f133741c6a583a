// An experiment's sweep, declared: the generated benchmarks (native/bench/<experiment>_bench.cpp)
// state what the model decided (transports and their parameters, receivers, loss, rates, runs,
// streams, payload, the modeled link) in a Sweep, and sweep_main turns it into the HarnessSpec
// and command line that harness_main runs. The CSV is harness_main's (docs/runtime-contract.md).
#pragma once

#include <adamant/bench.hpp>
#include <adamant/stated_transport.hpp>
#include <adamant/types.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace adamant::bench {

// One transport of the sweep with the engine parameters its points run with: a transport of the
// catalog, or one combination of the parameters the experiment sweeps for it (each combination
// is its own entry, so the CSV's transport_params tells them apart). It states only parameters its
// kind takes; every other one is the contract table's default for the kind (StatedTransport):
//   SweepTransport::of("nakcast").nak_timeout(25ms)
//   SweepTransport::of("ricochet").r(4).c(3)
//   SweepTransport::of("replace").pace(5120)
// of throws on an unknown kind; sweep_spec rejects a transport stating a parameter its kind does not take.
using SweepTransport = StatedTransport;

// One harness option that makes the simulator model the experiment's link, e.g. {"--queue", "4"}.
struct SimOption {
  std::string name;   // "--bandwidth", "--queue", "--delay-us", ... (starts with "--", no '=')
  std::string value;  // as the option takes it: "5120B/s", "4", "50000"
};

struct Sweep {
  std::string name;  // the experiment: HarnessSpec::name (messages, the default CSV file)

  // The axes, in the model's order. The points are every combination, transports outermost:
  // transports × receivers × loss_pct × rate_hz × runs 1..runs (sweep_points).
  std::vector<SweepTransport> transports;
  std::vector<int> receivers;
  std::vector<double> loss_pct;
  std::vector<double> rate_hz;  // a multi-stream sweep: streams[0]'s rate (see Point::streams)
  int runs = 1;                 // run k has seed k: run k of every point sees the same loss pattern
  int updates = 0;              // updates per point (a multi-stream point: of streams[0])

  // One stream, replace/fifo: one tag per key instance, each taken to update at this rate, so a
  // point of rate R Hz gets tags = max(1, round(R / instance_rate_hz)). 0: Point's default tags.
  // Not with streams (each stream has its own tags).
  double instance_rate_hz = 0;

  // One stream, replace/fifo: a fixed tag count for every point instead (a keyless topic is one
  // instance, so 1: every update replaces the previous one). 0: instance_rate_hz decides. Not
  // together with instance_rate_hz, nor with streams.
  std::uint32_t tags = 0;

  // One stream: the encoded size of an update, its encoding and its check (HarnessSpec's).
  // Leave them empty for a multi-stream sweep: there they are streams[0]'s.
  std::size_t payload_bytes = 0;
  std::function<std::vector<std::uint8_t>(std::uint64_t seq)> make_payload;
  std::function<bool(ByteView)> check_payload;

  // Several streams over each point's one connection (Point::streams); empty: one stream.
  std::vector<Stream> streams;

  // The modeled link: with --mode sim each option is added to the command line unless the
  // command line sets it itself (with_sim_link). Real mode runs on loopback, which no option shapes.
  std::vector<SimOption> sim_link;
};

// The points of the sweep, transports outermost, then receivers, loss, rate and run 1..runs:
// point (t, n, l, r, k) has the transport's engine parameters, n receivers, l % loss, r Hz,
// `updates` updates, run k, seed k, the streams, and `tags` or tags per instance_rate_hz.
std::vector<Point> sweep_points(const Sweep& sweep);

// The HarnessSpec of the sweep: its name, sweep_points, and the payload (streams[0]'s for a
// multi-stream sweep). Throws std::invalid_argument naming the field when the sweep is
// malformed: an empty axis, a transport stating a parameter its kind does not take, runs < 1,
// no make_payload or payload_bytes for one stream, a payload, instance_rate_hz or tags next to streams, both tags and instance_rate_hz, or a sim_link option not of the form "--name".
HarnessSpec sweep_spec(const Sweep& sweep);

// `args` (args[0] is the program) plus the link options, when the command line asks for the
// simulator (`--mode sim` or `--mode=sim`): each option of `link`, in its order, is appended as
// two arguments (name, value) unless `args` already sets it (`--queue 8` or `--queue=8`).
// Otherwise `args` unchanged.
std::vector<std::string> with_sim_link(std::vector<std::string> args, const std::vector<SimOption>& link);

// `BENCH --stated-link` (alone) prints sweep.sim_link, one "NAME VALUE" a line, and exits 0: the
// link the model states, which the testbed gives a real point (tools/testbed: --delay-us, half the
// environment's round trip, becomes each host link's delay node).
inline constexpr const char* kStatedLinkOption = "--stated-link";

// The generated benchmark's main: harness_main(with_sim_link(argv, sweep.sim_link), sweep_spec(sweep)).
// Every harness_main option works as documented there (--csv, --mode, --runs, the point and
// engine overrides). Returns harness_main's exit code, or 2 (with a message on stderr) when the
// sweep is malformed.
int sweep_main(int argc, char** argv, const Sweep& sweep);

}  // namespace adamant::bench
