#include <adamant/process_bench.hpp>

#include "point_common.hpp"
#include "reader_launch.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace adamant::bench {
namespace {

std::string program_name(const ProcessBench& bench) { return bench.name + "_bench"; }

bool to_long(const std::string& text, long lo, long& out) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < lo) return false;
  out = v;
  return true;
}

// Forks and executes `file` with `argv` (argv[0] first); -1 when fork fails.
pid_t spawn(const std::string& file, const std::vector<std::string>& argv) {
  std::vector<char*> c;
  for (const std::string& a : argv) c.push_back(const_cast<char*>(a.c_str()));
  c.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execv(file.c_str(), c.data());
    std::perror(("execv " + file).c_str());
    ::_exit(127);
  }
  return pid;
}

// Re-executes this program with `argv` here, or on `host` under its launcher.
pid_t spawn_self(const std::vector<std::string>& argv, const detail::ReaderHost* host) {
  if (host == nullptr || host->launcher.empty()) return spawn("/proc/self/exe", argv);
  const std::vector<std::string> cmd =
      detail::reader_command(*host, detail::own_program(), std::vector<std::string>(argv.begin() + 1, argv.end()));
  return spawn(detail::find_program(cmd.front()), cmd);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

bool exited_cleanly(pid_t pid) {
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

bool parse_point_list(const std::string& text, int count, std::vector<int>& out) {
  std::vector<int> points;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    long n = 0;
    if (!to_long(text.substr(start, end - start), 0, n) || n >= count) return false;
    points.push_back(static_cast<int>(n));
    start = end + 1;
  }
  out = std::move(points);
  return true;
}

std::optional<int> parse_process_args(int argc, char** argv, const ProcessBench& bench,
                                      const std::string& passthrough_prefix, ProcessArgs& args) {
  const std::string program = program_name(bench);
  const int count = static_cast<int>(bench.points.size());
  args.csv = bench.name + ".csv";
  args.updates = bench.updates;
  args.runs = bench.runs;
  const auto usage = [&](std::ostream& out) {
    out << "usage: " << program << " [" << passthrough_prefix << "ConfigFile FILE] [--csv FILE] [--updates N] [--runs N]"
        << " [--points I,J,...] [--list] [--list-points]\n"
        << "       [--iface ADDR] [--reader-host \"ADDR [CMD ARG...]\"]... [--loss-at process|host]\n"
        << "  Runs every point (or --points) --runs times: 1 writer and `receivers` reader processes each,\n"
        << "  and appends one CSV row per point, run and stream to --csv (default " << args.csv
        << ", columns of docs/runtime-contract.md).\n";
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    const auto value = [&] { return std::string(argv[++i]); };
    bool ok = true;
    if (!passthrough_prefix.empty() && a.rfind(passthrough_prefix, 0) == 0 && has_value) {
      args.passthrough.push_back(a);
      args.passthrough.push_back(value());
    } else if (a == "--role" && has_value) {
      args.role = value();
      ok = args.role == "writer" || args.role == "reader";
    } else if (a == "--csv" && has_value) {
      args.csv = value();
    } else if (a == "--out" && has_value) {
      args.out = value();
    } else if (a == "--updates" && has_value) {
      ok = to_long(value(), 1, args.updates);
    } else if (a == "--runs" && has_value) {
      ok = to_long(value(), 1, args.runs);
    } else if ((a == "--point" || a == "--run" || a == "--index") && has_value) {
      long n = 0;
      ok = to_long(value(), 0, n);
      (a == "--point" ? args.point : a == "--run" ? args.run : args.index) = static_cast<int>(n);
    } else if (a == "--points" && has_value) {
      if (!parse_point_list(value(), count, args.points)) {
        std::cerr << program << ": --points takes point numbers 0.." << count - 1 << " separated by commas (see --list)\n";
        return 2;
      }
    } else if (a == "--list") {
      args.list = true;
    } else if (a == "--list-points") {
      args.list_points = true;
    } else if (a == "--iface" && has_value) {
      args.iface = value();
    } else if (a == "--reader-host" && has_value) {
      args.reader_hosts.push_back(value());
      try {
        detail::parse_reader_host(args.reader_hosts.back());
      } catch (const detail::Failure& e) {
        std::cerr << program << ": " << e.what() << "\n";
        return 2;
      }
    } else if (a == "--loss-at" && has_value) {
      const std::string at = value();
      ok = at == "process" || at == "host";
      args.loss_at_host = at == "host";
    } else if (a == "--help" || a == "-h") {
      usage(std::cout);
      return 0;
    } else {
      std::cerr << program << ": unknown option or missing value '" << a << "'\n";
      usage(std::cerr);
      return 2;
    }
    if (!ok) {
      std::cerr << program << ": bad value '" << argv[i] << "' for " << a
                << " (--updates, --runs: 1 or more; --role: writer or reader; --point, --run, --index: 0 or more;"
                << " --loss-at: process or host)\n";
      return 2;
    }
  }
  if (args.point >= count) {
    std::cerr << program << ": --point " << args.point << " is not a point (0.." << count - 1 << ", see --list)\n";
    return 2;
  }
  return std::nullopt;
}

std::string point_list(const ProcessBench& bench) {
  std::string out;
  char buf[64];
  for (std::size_t i = 0; i < bench.points.size(); ++i) {
    const ProcessPoint& p = bench.points[i];
    std::snprintf(buf, sizeof buf, " %d %g %g\n", p.receivers, p.loss_pct, p.rate_hz);
    out += std::to_string(i) + ' ' + p.transport + ' ' + (p.transport_params.empty() ? "-" : p.transport_params) + buf;
  }
  return out;
}

std::string point_csv(const ProcessBench& bench, const std::vector<int>& selected, long updates) {
  std::string out = "index,transport,transport_params,receivers,loss_pct,rate_hz,updates\n";
  for (int i = 0; i < static_cast<int>(bench.points.size()); ++i) {
    if (!selected.empty() && std::find(selected.begin(), selected.end(), i) == selected.end()) continue;
    const ProcessPoint& p = bench.points[static_cast<std::size_t>(i)];
    out += metrics::csv_record({std::to_string(i), p.transport, p.transport_params, std::to_string(p.receivers),
                                number(p.loss_pct), number(p.rate_hz), std::to_string(updates)}) +
           '\n';
  }
  return out;
}

Schedule process_schedule(const ProcessBench& bench, int point, long updates) {
  std::vector<double> rates;
  std::vector<std::int64_t> starts;
  for (const ProcessStream& s : bench.streams) rates.push_back(s.rate_hz), starts.push_back(s.start_ns);
  return make_schedule(rates, bench.points.at(static_cast<std::size_t>(point)).rate_hz,
                       static_cast<std::uint64_t>(updates), starts);
}

void run_schedule(const Schedule& schedule, const std::function<void(std::size_t, std::uint64_t)>& write) {
  const auto start = std::chrono::steady_clock::now();
  for (const ScheduleSlot& slot : schedule.slots) {
    std::this_thread::sleep_until(start + std::chrono::nanoseconds(slot.offset_ns));
    write(slot.stream, slot.index);
  }
}

void write_latencies(const std::string& path, const std::vector<std::vector<std::int64_t>>& per_stream) {
  std::ofstream out(path);
  for (std::size_t s = 0; s < per_stream.size(); ++s)
    for (const std::int64_t ns : per_stream[s]) out << s << ' ' << ns << '\n';
  out.flush();
  if (!out) throw std::runtime_error("cannot write the latencies to '" + path + "'");
}

std::vector<std::vector<std::int64_t>> read_latencies(const std::string& path, std::size_t streams) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the reader's latencies '" + path + "'");
  std::vector<std::vector<std::int64_t>> out(streams);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::istringstream fields(line);
    std::size_t stream = 0;
    std::int64_t ns = 0;
    std::string rest;
    if (!(fields >> stream >> ns) || (fields >> rest) || stream >= streams)
      throw std::runtime_error(path + ":" + std::to_string(n) + ": not 'stream latency_ns' (stream 0.." +
                               std::to_string(streams - 1) + "): '" + line + "'");
    out[stream].push_back(ns);
  }
  return out;
}

std::vector<metrics::Row> process_rows(const ProcessBench& bench, int point, long run, long updates, bool writer_ok,
                                       std::vector<std::vector<std::int64_t>> latencies_ns) {
  const ProcessPoint& p = bench.points.at(static_cast<std::size_t>(point));
  const Schedule schedule = process_schedule(bench, point, updates);
  std::vector<metrics::Row> rows;
  for (std::size_t s = 0; s < bench.streams.size(); ++s) {
    auto row = metrics::make_row(p.transport, p.receivers, p.loss_pct, schedule.rate_hz[s], static_cast<int>(run),
                                 writer_ok ? schedule.updates[s] : 0,
                                 s < latencies_ns.size() ? std::move(latencies_ns[s]) : std::vector<std::int64_t>{});
    row.transport_params = p.transport_params;
    row.stream = bench.streams[s].name;
    rows.push_back(std::move(row));
  }
  return rows;
}

int drive_processes(const ProcessBench& bench, const ProcessArgs& args, const std::string& program) {
  const std::string name = program_name(bench);
  std::vector<int> points = args.points;  // none given: every point of the experiment
  for (int point = 0; args.points.empty() && point < static_cast<int>(bench.points.size()); ++point)
    points.push_back(point);
  std::vector<detail::ReaderHost> hosts;
  for (const std::string& spec : args.reader_hosts) hosts.push_back(detail::parse_reader_host(spec));
  int rc = 0;
  for (const int point : points) {
    const ProcessPoint& p = bench.points.at(static_cast<std::size_t>(point));
    for (long run = 1; run <= args.runs; ++run) {
      std::cerr << name << ": point " << point << " of 0.." << bench.points.size() - 1 << ", run " << run << "\n";
      std::vector<std::string> common = {program, "--point", std::to_string(point), "--run", std::to_string(run),
                                         "--updates", std::to_string(args.updates)};
      common.insert(common.end(), args.passthrough.begin(), args.passthrough.end());
      if (args.loss_at_host) common.insert(common.end(), {"--loss-at", "host"});
      std::vector<pid_t> readers;
      std::vector<std::string> files;
      for (int r = 0; r < p.receivers; ++r) {
        files.push_back(args.csv + ".reader" + std::to_string(r) + ".tmp");
        std::vector<std::string> a = common;
        a.insert(a.end(), {"--role", "reader", "--index", std::to_string(r), "--out", files.back()});
        const detail::ReaderHost* host = hosts.empty() ? nullptr : &hosts[static_cast<std::size_t>(r) % hosts.size()];
        if (host != nullptr) a.insert(a.end(), {"--iface", host->iface});
        else if (!args.iface.empty()) a.insert(a.end(), {"--iface", args.iface});
        readers.push_back(spawn_self(a, host));
      }
      std::vector<std::string> w = common;
      w.insert(w.end(), {"--role", "writer"});
      if (!args.iface.empty()) w.insert(w.end(), {"--iface", args.iface});
      const bool writer_ok = exited_cleanly(spawn_self(w, nullptr));
      if (!writer_ok) std::cerr << name << ": point " << point << " run " << run << ": the writer failed\n";
      std::vector<std::vector<std::int64_t>> latencies(bench.streams.size());
      for (std::size_t r = 0; r < readers.size(); ++r) {
        const bool reader_ok = exited_cleanly(readers[r]);
        try {
          if (!reader_ok) throw std::runtime_error("reader " + std::to_string(r) + " failed");
          auto got = read_latencies(files[r], bench.streams.size());
          for (std::size_t s = 0; s < got.size(); ++s) latencies[s].insert(latencies[s].end(), got[s].begin(), got[s].end());
        } catch (const std::exception& e) {
          std::cerr << name << ": point " << point << " run " << run << ": " << e.what() << "\n";
          rc = 1;
        }
        std::remove(files[r].c_str());
      }
      if (!writer_ok) rc = 1;
      for (const metrics::Row& row : process_rows(bench, point, run, args.updates, writer_ok, std::move(latencies))) {
        try {
          metrics::append_csv(args.csv, row);
        } catch (const std::exception& e) {
          std::cerr << name << ": " << e.what() << "\n";
          return 1;
        }
        std::cerr << name << ": " << row.transport << (row.transport_params.empty() ? "" : " ") << row.transport_params
                  << (row.stream.empty() ? "" : " stream ") << row.stream << " run " << run << ": delivery "
                  << row.delivery << ", mean latency " << row.lat.mean_us << " us, p90 " << row.lat.p90_us << " us\n";
      }
    }
  }
  return rc;
}

}  // namespace adamant::bench
