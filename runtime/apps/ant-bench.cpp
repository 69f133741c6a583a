// ant-bench: runs one benchmark point with a 12-byte counter payload.
//   ant-bench --transport nakcast --receivers 3 --loss 1 --rate 100 --updates 2000
//             [--nak-timeout 25ms] --runs 1 --seed 1 --csv out.csv
//   ant-bench --mode sim --transport ricochet --r 4 --c 3 --receivers 25 --loss 3 --rate 100
//             --updates 20000 [--bandwidth 5KB/s --queue 4] --csv out.csv
// --updates/--runs/--csv/--mode (and --port/--group/--iface/--linger-ms, sim: --bandwidth,
// --queue, --delay-us, --burst) go to harness_main.
#include <adamant/bench.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

namespace {

std::chrono::microseconds parse_duration(const std::string& s) {
  static const std::regex re(R"(^\s*([0-9]*\.?[0-9]+)\s*(us|ms|s)?\s*$)");
  std::smatch m;
  if (!std::regex_match(s, m, re)) throw CLI::ValidationError("--nak-timeout", "bad duration '" + s + "'");
  const double v = std::stod(m[1]);
  const std::string unit = m[2].matched ? m[2].str() : "ms";
  const double us = unit == "us" ? v : unit == "ms" ? v * 1e3 : v * 1e6;
  return std::chrono::microseconds(static_cast<std::int64_t>(us));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-bench: one ADAMANT benchmark point (12-byte updates)"};
  app.allow_extras();
  app.set_help_flag();  // --help is answered by harness_main with the combined options
  adamant::bench::Point pt{"nakcast", 3, 0.0, 100.0, 1000, 1, 1, std::chrono::microseconds(50'000)};
  std::string nak = "50ms";
  bool help = false;
  app.add_option("--transport", pt.transport, "baseline | nakcast | ricochet | replace | fifo");
  std::size_t payload = 12;
  std::string enqueue_timeout = "0ms";
  app.add_option("--payload", payload, "bytes per update (default 12, >= 12; --mode sim only)")->check(CLI::Range(12, 60000));
  app.add_option("--tags", pt.tags, "replace/fifo: update i carries tag (i-1) mod TAGS (default 20)")
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--pace", pt.pace_bytes_per_s,
                 "replace/fifo: pacing in bytes/s (default: sim link bandwidth; real: unpaced)");
  app.add_option("--enqueue-timeout", enqueue_timeout, "replace/fifo: drop messages queued longer (0 = never)");
  app.add_option("--r", pt.lec_r, "ricochet: packets XORed per repair (default 8)")->check(CLI::Range(1, 64));
  app.add_option("--c", pt.lec_c, "ricochet: members each repair goes to (default 3)")->check(CLI::Range(1, 64));
  app.add_option("--receivers", pt.receivers, "reader processes")->check(CLI::PositiveNumber);
  app.add_option("--loss", pt.loss_pct, "loss injected at each reader, percent")->check(CLI::Range(0.0, 100.0));
  app.add_option("--rate", pt.rate_hz, "updates per second")->check(CLI::PositiveNumber);
  app.add_option("--nak-timeout", nak, "e.g. 25ms, 50ms, 50000us");
  app.add_flag("--nak-fallback", pt.lec_nak_fallback, "ricochet: also NAK the sender after --nak-timeout");
  app.add_option("--seed", pt.seed, "loss-injection seed");
  app.add_flag("-h,--help", help);
  try {
    app.parse(argc, argv);
    pt.nak_timeout = parse_duration(nak);
    pt.enqueue_timeout = parse_duration(enqueue_timeout);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!adamant::parse_transport(pt.transport)) {
    std::fprintf(stderr, "ant-bench: unknown transport '%s'\n", pt.transport.c_str());
    return 2;
  }
  if (help) {
    std::printf("%s\n", app.help().c_str());
  }
  std::vector<std::string> rest = app.remaining();
  bool sim = false;
  for (std::size_t i = 0; i + 1 < rest.size(); ++i)
    if (rest[i] == "--mode" && rest[i + 1] == "sim") sim = true;
  for (const auto& a : rest)
    if (a == "--mode=sim") sim = true;
  if (payload != 12 && !sim) {  // re-executed reader processes only know the 12-byte payload
    std::fprintf(stderr, "ant-bench: --payload is supported with --mode sim only\n");
    return 2;
  }
  std::vector<std::string> args{argv[0]};
  args.insert(args.end(), rest.begin(), rest.end());
  if (help) args.push_back("--help");
  std::vector<char*> cargs;
  for (auto& a : args) cargs.push_back(a.data());
  cargs.push_back(nullptr);
  const auto spec = adamant::bench::counter_spec("ant-bench", payload, {pt});
  return adamant::bench::harness_main(static_cast<int>(args.size()), cargs.data(), spec);
}
