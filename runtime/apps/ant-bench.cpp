// ant-bench: runs one benchmark point (default: nakcast, 3 receivers, 0 % loss, 100 Hz, 1000
// updates) with a counter payload; every other option is harness_main's (adamant/bench.hpp):
//   ant-bench --transport nakcast --receivers 3 --loss 1 --rate 100 --updates 2000
//             [--nak-timeout 25ms] --runs 1 --seed 1 --csv out.csv
//   ant-bench --mode sim --transport ricochet --r 4 --c 3 --receivers 25 --loss 3 --rate 100
//             --updates 20000 [--bandwidth 5KB/s --queue 4] --csv out.csv
#include <adamant/bench.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  // ant-bench's own options; the rest (including --help) goes to harness_main.
  CLI::App app{"ant-bench: one ADAMANT benchmark point"};
  app.allow_extras();
  app.set_help_flag();
  std::size_t payload = 12;
  std::string mode = "real";
  app.add_option("--payload", payload, "bytes per update (default 12, >= 12)")
      ->check(CLI::Range(12, 60000));
  app.add_option("--mode", mode, "real (processes + UDP multicast) or sim (discrete-event simulator)")
      ->check(CLI::IsMember({"real", "sim"}));
  bool help = false;
  app.add_flag("-h,--help", help, "this help, then every harness option");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  std::vector<std::string> args{argv[0], "--mode", mode};
  for (const auto& a : app.remaining()) args.push_back(a);
  if (help) {
    std::printf("%s\n", app.help().c_str());
    args.push_back("--help");
  }
  std::vector<char*> cargs;
  for (auto& a : args) cargs.push_back(a.data());
  cargs.push_back(nullptr);
  const adamant::bench::Point pt{adamant::TransportKind::Nakcast, 3, 0.0, 100.0, 1000, 1, 1};
  auto spec = adamant::bench::counter_spec("ant-bench", payload, {pt});
  spec.reader_args = {"--payload", std::to_string(payload)};  // readers check the same payload
  return adamant::bench::harness_main(static_cast<int>(args.size()), cargs.data(), spec);
}
