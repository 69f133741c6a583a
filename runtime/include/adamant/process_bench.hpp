// The model-independent machinery of a bench whose writer and readers are separate processes of
// the bench program itself, each driving a middleware of its own (the OpenDDS benches,
// runtime/opendds/bench): the command line, the driver's point loop (1 writer and `receivers`
// readers per point and run, re-executed from /proc/self/exe), the writer's schedule, the
// readers' latency files, and the CSV rows (adamant/metrics.hpp, the same columns as the native
// harness). The middleware's side (participants, typed writes, latency capture) stays with the
// caller: it implements the writer and reader roles.
#pragma once

#include <adamant/metrics.hpp>
#include <adamant/schedule.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace adamant::bench {

// One point: the CSV's point columns (the run and the streams' rates come from the loop).
struct ProcessPoint {
  std::string transport;         // CSV transport
  std::string transport_params;  // CSV transport_params ("name=value;...")
  int receivers = 1;
  double loss_pct = 0;
  double rate_hz = 1;  // stream 0's; the others keep their modeled ratio to it (make_schedule)
};

struct ProcessStream {
  std::string name;  // CSV stream ("" when the bench has one stream)
  double rate_hz;    // modeled rate
  std::int64_t start_ns = 0;  // its first update this long after stream 0's (make_schedule)
};

struct ProcessBench {
  std::string name;  // messages "<name>_bench: ...", default CSV <name>.csv
  std::vector<ProcessPoint> points;
  std::vector<ProcessStream> streams;
  long updates = 0;  // of stream 0 per point and run (--updates)
  long runs = 1;     // per point (--runs)
};

// The command line: --csv FILE, --updates N, --runs N, --points I,J,..., --list, --list-points,
// --help; for a testbed (docs/testbed.md) --iface ADDR, --reader-host "ADDR [CMD ARG...]" (repeated)
// and --loss-at process|host; and the internal --role writer|reader --point I --run K --index R
// --out FILE. Options starting with `passthrough_prefix` (e.g. "-DCPS") take one value and are
// handed to every process.
struct ProcessArgs {
  std::string role = "driver";
  std::string csv, out;
  long updates = 0, runs = 1;
  int point = 0, run = 1, index = 0;
  bool list = false;
  bool list_points = false;               // --list-points: the selected points as CSV (the testbed reads it)
  std::vector<int> points;                // the points the driver runs (empty: all)
  std::vector<std::string> passthrough;   // option, value, option, value, ...
  std::string iface;                      // this process's address ("" = the middleware's default)
  std::vector<std::string> reader_hosts;  // reader i on the (i mod n)-th: "ADDR [CMD ARG...]"; empty: forked here
  bool loss_at_host = false;              // the testbed's hosts drop the point's loss: no process injects it
};
// nullopt: go on with `args`; else the exit code (0 after --help; 2 on a bad command line, the
// message printed on stderr).
std::optional<int> parse_process_args(int argc, char** argv, const ProcessBench& bench,
                                      const std::string& passthrough_prefix, ProcessArgs& args);
// "3,7,12" -> {3, 7, 12}; false on anything but point numbers 0..count-1.
bool parse_point_list(const std::string& text, int count, std::vector<int>& out);
// --list: one line per point, "I transport transport_params receivers loss_pct rate_hz"
// (transport_params "-" when empty).
std::string point_list(const ProcessBench& bench);
// --list-points: the points `selected` (all when empty) as CSV with the header
// "index,transport,transport_params,receivers,loss_pct,rate_hz,updates", as the native benches list them.
std::string point_csv(const ProcessBench& bench, const std::vector<int>& selected, long updates);

// The schedule of point `point` with `updates` updates of stream 0 (make_schedule).
Schedule process_schedule(const ProcessBench& bench, int point, long updates);
// The writer's loop: write(stream, index) at each slot's offset from now (index 1-based within
// its stream), absolute times, so no drift accumulates.
void run_schedule(const Schedule& schedule, const std::function<void(std::size_t stream, std::uint64_t index)>& write);

// A reader's result file: one line "stream latency_ns" per delivered update. read_latencies
// throws std::runtime_error naming the file and line on anything else.
void write_latencies(const std::string& path, const std::vector<std::vector<std::int64_t>>& per_stream);
std::vector<std::vector<std::int64_t>> read_latencies(const std::string& path, std::size_t streams);

// The CSV rows of one run of a point, one per stream, from every reader's latencies (ns);
// `sent` 0 for every stream when the writer failed.
std::vector<metrics::Row> process_rows(const ProcessBench& bench, int point, long run, long updates, bool writer_ok,
                                       std::vector<std::vector<std::int64_t>> latencies_ns);

// The driver: for every selected point and run, starts the readers (`program --role reader`, each
// under its --reader-host's command with that host's --iface) and the writer (`--role writer`,
// with args.iface), waits for them, reads the readers' files and appends the rows to
// args.csv (the header first when the file is new). Returns the exit code: 0, or 1 when a
// process failed or the CSV could not be written (every point still runs).
int drive_processes(const ProcessBench& bench, const ProcessArgs& args, const std::string& program);

}  // namespace adamant::bench
