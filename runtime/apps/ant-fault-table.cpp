// ant-fault-table: every reliable transport kind in the simulator under reordering, duplication and
// Gilbert burst loss, then under incidents (a partition that heals, a reader stopping to read or
// restarting, the writer restarting; adamant/fault_table.hpp), as Markdown tables for docs/reliability.md:
// what each reader got, summed over readers and seeds, and whether the kind kept its promise.
// Exits 1 when a kind broke it.
//   ant-fault-table [--receivers N] [--updates N] [--rate HZ] [--seeds N] [--reorder PCT]
//                   [--duplicate PCT] [--burst P_GB,P_BG] [--partition S]
#include <adamant/fault_table.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace adamant;

int main(int argc, char** argv) {
  CLI::App app{"ant-fault-table: reliable kinds under reordering, duplication and burst loss (simulator)"};
  sim::faults::Setup setup;
  int seeds = 3;
  app.add_option("--receivers", setup.receivers, "simulated readers")->check(CLI::Range(1, 1000));
  app.add_option("--updates", setup.updates, "updates per point")->check(CLI::PositiveNumber);
  app.add_option("--rate", setup.rate_hz, "updates per second")->check(CLI::PositiveNumber);
  app.add_option("--seeds", seeds, "points per cell, seeds 1..N")->check(CLI::PositiveNumber);
  sim::faults::Levels levels;
  std::vector<double> burst;
  app.add_option("--reorder", levels.reorder_pct, "percent of datagrams held back")->check(CLI::Range(0.0, 100.0));
  app.add_option("--duplicate", levels.duplicate_pct, "percent of datagrams delivered twice")
      ->check(CLI::Range(0.0, 100.0));
  app.add_option("--burst", burst, "Gilbert loss P(good->bad),P(bad->good)")
      ->expected(2)->delimiter(',')->check(CLI::Range(0.0, 1.0));
  app.add_option("--partition", levels.partition_s, "seconds the partition lasts")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  if (burst.size() == 2) levels.burst = GilbertLoss{burst[0], burst[1], 0.0, 100.0};

  std::printf("%d readers, %d updates at %g Hz, seeds 1..%d; replace and fifo: %u tags, unpaced; counts summed over "
              "readers and seeds\n\n",
              setup.receivers, setup.updates, setup.rate_hz, seeds, setup.tags);
  std::printf("| kind | fault | expected | delivered | replaced | missing | duplicates | out of order | "
              "reordered / duplicated / dropped | recovered / retransmits | promise |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  bool all_kept = true;
  auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  auto cell = [&](const sim::faults::Kind& kind, const sim::faults::Fault& fault) {
    sim::faults::Outcome sum;
    for (int s = 1; s <= seeds; ++s) sum.add(sim::faults::run(kind, fault, setup, static_cast<std::uint64_t>(s)));
    all_kept = all_kept && sum.kept(kind);
    return sum;
  };
  for (const auto& kind : sim::faults::kinds()) {
    for (const auto& fault : sim::faults::faults(levels)) {
      const auto sum = cell(kind, fault);
      const bool kept = sum.kept(kind);
      std::printf("| %s | %s | %llu | %llu | %llu | %llu | %llu | %llu%s | %llu / %llu / %llu | %llu / %llu | %s |\n",
                  std::string(kind.label).c_str(), fault.label.c_str(), u(sum.expected), u(sum.delivered),
                  u(sum.replaced), u(sum.missing), u(sum.duplicates), u(sum.out_of_order),
                  kind.in_order ? "" : " (allowed)", u(sum.reordered), u(sum.duplicated), u(sum.dropped),
                  u(sum.recovered), u(sum.retransmits), kept ? "kept" : "BROKEN");
      std::fflush(stdout);
    }
  }
  std::printf("\nIncidents; the reader that stops is reader 0 and is not judged (its column: what it took before)\n\n");
  std::printf("| kind | incident | expected | delivered | replaced | missing | duplicates | out of order | "
              "before join | lost to partition / NAKs / retransmits | session resets / stale feedback | "
              "stopped reader took | writer state max | max latency ms | promise |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const auto& kind : sim::faults::kinds()) {
    for (const auto& fault : sim::faults::incidents(setup, levels)) {
      const auto sum = cell(kind, fault);
      std::printf("| %s | %s | %llu | %llu | %llu | %llu | %llu | %llu%s | %llu | %llu / %llu / %llu | %llu / %llu | "
                  "%llu | %zu | %.1f | %s |\n",
                  std::string(kind.label).c_str(), fault.label.c_str(), u(sum.expected), u(sum.delivered),
                  u(sum.replaced), u(sum.missing), u(sum.duplicates), u(sum.out_of_order),
                  kind.in_order ? "" : " (allowed)", u(sum.before_join), u(sum.partitioned), u(sum.naks),
                  u(sum.retransmits), u(sum.session_resets), u(sum.stale_feedback), u(sum.stopped_got),
                  sum.writer_state_max, static_cast<double>(sum.max_latency_ns) / 1e6, sum.kept(kind) ? "kept" : "BROKEN");
      std::fflush(stdout);
    }
  }
  return all_kept ? 0 : 1;
}
