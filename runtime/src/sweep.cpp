#include <adamant/sweep.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace adamant::bench {
namespace {

void require(bool ok, const Sweep& sweep, const std::string& what) {
  if (!ok) throw std::invalid_argument("sweep '" + sweep.name + "': " + what);
}

void check(const Sweep& sweep) {
  require(!sweep.transports.empty(), sweep, "no transports (give at least one SweepTransport)");
  require(!sweep.receivers.empty(), sweep, "no receivers (give at least one count)");
  require(!sweep.loss_pct.empty(), sweep, "no loss_pct (give at least one percentage, e.g. {0.0})");
  require(!sweep.rate_hz.empty(), sweep, "no rate_hz (give at least one rate)");
  require(sweep.runs >= 1, sweep, "runs is " + std::to_string(sweep.runs) + " (1 or more required)");
  require(sweep.instance_rate_hz >= 0, sweep, "instance_rate_hz is negative (0 = the points' default tags)");
  require(sweep.tags == 0 || sweep.instance_rate_hz == 0, sweep,
          "tags and instance_rate_hz both set (a fixed tag count, or one per instance: give one of them)");
  if (sweep.streams.empty()) {
    require(static_cast<bool>(sweep.make_payload), sweep, "no make_payload (one stream needs its encoding)");
    require(sweep.payload_bytes > 0, sweep, "payload_bytes is 0 (the encoded size of one update)");
  } else {
    require(!sweep.make_payload && !sweep.check_payload && sweep.payload_bytes == 0, sweep,
            "payload_bytes/make_payload/check_payload next to streams (a multi-stream sweep's payload is its "
            "streams'; leave them empty)");
    require(sweep.instance_rate_hz == 0, sweep,
            "instance_rate_hz next to streams (each stream has its own tags; leave it 0)");
    require(sweep.tags == 0, sweep, "tags next to streams (each stream has its own tags; leave it 0)");
  }
  for (const SweepTransport& t : sweep.transports) {
    const std::string foreign = t.foreign_parameter();
    require(foreign.empty(), sweep,
            "transport '" + std::string(to_string(t.kind())) + "' states " + foreign +
                ", which its kind does not take (contract table)");
  }
  for (const SimOption& o : sweep.sim_link) {
    require(o.name.size() > 2 && o.name.rfind("--", 0) == 0 && o.name.find('=') == std::string::npos, sweep,
            "sim_link option '" + o.name + "' (a harness option name such as \"--queue\" required)");
  }
}

// True when `args` sets option `name`, as `--name VALUE` or `--name=VALUE` (args[0] is the program).
bool sets(const std::vector<std::string>& args, const std::string& name) {
  return std::any_of(args.begin() + (args.empty() ? 0 : 1), args.end(),
                     [&](const std::string& a) { return a == name || a.rfind(name + "=", 0) == 0; });
}

bool asks_for_sim(const std::vector<std::string>& args) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--mode=sim" || (args[i] == "--mode" && i + 1 < args.size() && args[i + 1] == "sim")) return true;
  }
  return false;
}

}  // namespace

std::vector<Point> sweep_points(const Sweep& sweep) {
  std::vector<Point> points;
  for (const SweepTransport& transport : sweep.transports) {
    const TransportKind kind = transport.kind();
    for (const int receivers : sweep.receivers) {
      for (const double loss_pct : sweep.loss_pct) {
        for (const double rate_hz : sweep.rate_hz) {
          for (int run = 1; run <= sweep.runs; ++run) {
            Point p;
            p.transport = kind;
            p.receivers = receivers;
            p.loss_pct = loss_pct;
            p.rate_hz = rate_hz;
            p.updates = sweep.updates;
            p.run = run;
            p.seed = static_cast<std::uint64_t>(run);
            transport.apply(p);
            if (sweep.tags > 0) {
              p.tags = sweep.tags;
            } else if (sweep.instance_rate_hz > 0) {
              p.tags = static_cast<std::uint32_t>(std::max(1.0, std::round(rate_hz / sweep.instance_rate_hz)));
            }
            p.streams = sweep.streams;
            points.push_back(std::move(p));
          }
        }
      }
    }
  }
  return points;
}

HarnessSpec sweep_spec(const Sweep& sweep) {
  check(sweep);
  HarnessSpec spec;
  spec.name = sweep.name;
  spec.points = sweep_points(sweep);
  if (sweep.streams.empty()) {
    spec.payload_bytes = sweep.payload_bytes;
    spec.make_payload = sweep.make_payload;
    spec.check_payload = sweep.check_payload;
  } else {
    const Stream& first = sweep.streams.front();
    spec.payload_bytes = first.payload_bytes;
    spec.make_payload = first.make_payload;
    spec.check_payload = first.check_payload;
  }
  return spec;
}

std::vector<std::string> with_sim_link(std::vector<std::string> args, const std::vector<SimOption>& link) {
  if (!asks_for_sim(args)) return args;
  const std::vector<std::string> given = args;  // the command line's own options, not the added ones
  for (const SimOption& option : link) {
    if (!sets(given, option.name)) args.insert(args.end(), {option.name, option.value});
  }
  return args;
}

int sweep_main(int argc, char** argv, const Sweep& sweep) {
  HarnessSpec spec;
  try {
    spec = sweep_spec(sweep);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  if (argc == 2 && std::string(argv[1]) == kStatedLinkOption) {
    for (const SimOption& o : sweep.sim_link) std::printf("%s %s\n", o.name.c_str(), o.value.c_str());
    return 0;
  }
  std::vector<std::string> args = with_sim_link(std::vector<std::string>(argv, argv + argc), sweep.sim_link);
  std::vector<char*> pointers;  // argv for harness_main: into `args`, which outlives the call
  pointers.reserve(args.size() + 1);
  for (std::string& arg : args) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  return harness_main(static_cast<int>(args.size()), pointers.data(), spec);
}

}  // namespace adamant::bench
