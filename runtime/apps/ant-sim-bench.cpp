// ant-sim-bench: simulator throughput (not a test). Prints raw event-queue events/s and the
// wall time of the RT-ESP point (25 receivers, 3% loss, 100 Hz, 20,000 updates) in the
// simulator for NAKcast, Ricochet (r = 4 and r = 8, c = 3) and FEC (r = 4, c = 1); then the
// Mockets experiment 4 link (40 KB/s for 50 s, 5 KB/s for 10 s, 4-packet queue, 50 ms delay;
// 10 tags x 1 KB at 10 Hz, 1,200 updates = two periods) with replace paced to the slowest phase
// (fixed) and to the bandwidth it estimates from ACKs (estimate): delivered, latency, drops.
// With --adaptive-table FILE (or --transport adaptive --adaptive-table FILE) the adaptive transport runs the
// same point with that decision table too (adamant/adaptive/).
//   ant-sim-bench [--updates N] [--receivers N] [--loss PCT] [--rate HZ] [--seed S] [--adaptive-table FILE]
#include <adamant/adaptive/decision_table.hpp>
#include <adamant/contract.hpp>
#include <adamant/sim.hpp>
#include <adamant/units.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

using namespace adamant;

int main(int argc, char** argv) {
  CLI::App app{"ant-sim-bench: discrete-event simulator throughput"};
  int updates = 20000, receivers = 25;
  double loss = 3.0, rate = 100.0;
  std::uint64_t seed = 1;
  app.add_option("--updates", updates)->check(CLI::PositiveNumber);
  app.add_option("--receivers", receivers)->check(CLI::Range(1, 20000));
  app.add_option("--loss", loss)->check(CLI::Range(0.0, 100.0));
  app.add_option("--rate", rate)->check(CLI::PositiveNumber);
  app.add_option("--seed", seed);
  std::string transport, adaptive_table;
  app.add_option("--transport", transport, "adaptive: only with --adaptive-table")->check(CLI::IsMember({"adaptive"}));
  app.add_option("--adaptive-table", adaptive_table, "also run the adaptive transport with this decision table");
  CLI11_PARSE(app, argc, argv);
  if (!transport.empty() && adaptive_table.empty()) {
    std::fprintf(stderr, "ant-sim-bench: --transport adaptive needs --adaptive-table FILE\n");
    return 2;
  }

  using clock = std::chrono::steady_clock;
  {  // Raw queue: 2M self-rescheduling events.
    sim::EventQueue q;
    std::uint64_t left = 2'000'000;
    std::function<void()> next = [&] {
      if (left > 0) {
        --left;
        q.at(q.now() + std::chrono::microseconds(1), next);
      }
    };
    for (int i = 0; i < 64; ++i) q.at(std::chrono::microseconds(i), next);
    const auto t0 = clock::now();
    while (q.step()) {
    }
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    std::printf("event queue: %llu events in %.3f s = %.2f M events/s\n",
                static_cast<unsigned long long>(q.executed()), s, q.executed() / s / 1e6);
    std::fflush(stdout);
  }

  struct Case {
    TransportKind transport;
    int r, c;
  };
  for (const Case c : {Case{TransportKind::Nakcast, 8, 3}, Case{TransportKind::Ricochet, 4, 3},
                       Case{TransportKind::Ricochet, 8, 3}, Case{TransportKind::Fec, 4, 1}}) {
    bench::Point p{c.transport, receivers, loss, rate, updates, 1, seed};
    p.lec_r = c.r;
    p.lec_c = c.c;
    const auto spec = bench::counter_spec("ant-sim-bench", 12, {p});
    const auto t0 = clock::now();
    const auto res = sim::run_point(spec, p, sim::NetConfig{});
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    std::printf(
        "%-8s r=%d c=%d | %d receivers, %g%% loss, %g Hz, %d updates | wall %.3f s, %llu events, "
        "%.2f M events/s, virtual %.1f s (%.0fx real time) | delivery %.6f, mean latency %.1f us, "
        "p99 %.1f us, ReLate2 %.1f | recovered %llu, repairs %llu, NAKs %llu, retransmits %llu\n",
        std::string(to_string(c.transport)).c_str(), c.r, c.c, receivers, loss, rate, updates, s,
        static_cast<unsigned long long>(res.events), res.events / s / 1e6, res.end_time.count() / 1e9,
        res.end_time.count() / 1e9 / s, res.row.delivery, res.row.lat.mean_us, res.row.lat.p99_us,
        res.row.relate2, static_cast<unsigned long long>(res.recovered),
        static_cast<unsigned long long>(res.repairs_sent), static_cast<unsigned long long>(res.naks),
        static_cast<unsigned long long>(res.retransmits));
    std::fflush(stdout);
  }

  if (!adaptive_table.empty()) {
    sim::NetConfig net;
    try {
      net.adaptive = sim::AdaptiveRun{std::make_shared<const adaptive::DecisionTable>(adaptive::DecisionTable::load(adaptive_table))};
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-sim-bench: %s\n", e.what());
      return 1;
    }
    bench::Point p{TransportKind::Nakcast, receivers, loss, rate, updates, 1, seed};
    const auto t0 = clock::now();
    const auto res = sim::run_point(bench::counter_spec("ant-sim-bench", 12, {p}), p, net);
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    std::printf("adaptive | %d receivers, %g%% loss, %g Hz, %d updates | wall %.3f s | delivery %.6f, mean latency "
                "%.1f us, p99 %.1f us, ReLate2 %.1f | switches %llu, running %s\n",
                receivers, loss, rate, updates, s, res.row.delivery, res.row.lat.mean_us, res.row.lat.p99_us,
                res.row.relate2, static_cast<unsigned long long>(res.row.switches),
                net.adaptive->table->candidates()[res.timeline.back().to].name.c_str());
    std::fflush(stdout);
  }

  for (const bool estimate : {false, true}) {
    bench::Point p{TransportKind::Replace, 1, 0.0, 10.0, 1200, 1, seed};
    p.tags = 10;
    p.estimate_bandwidth = estimate;
    sim::NetConfig net;
    net.bandwidth = *units::parse_bandwidth_schedule("40KB/s@50s,5KB/s@10s");
    net.queue_packets = 4;
    net.delay = std::chrono::milliseconds(50);
    const auto t0 = clock::now();
    const auto res = sim::run_point(bench::counter_spec("ant-sim-bench", 1024, {p}), p, net);
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    std::printf(
        "bf4 fluctuating link, replace pace_mode=%-8s | delivered %llu of %llu (%.1f %%), replaced %llu, "
        "latency mean %.0f ms p50 %.0f ms p99 %.0f ms max %.0f ms | link drops %llu, retransmits %llu, "
        "final estimate %.0f B/s (%llu samples) | wall %.3f s\n",
        estimate ? "estimate" : "fixed", static_cast<unsigned long long>(res.row.received),
        static_cast<unsigned long long>(res.row.sent), 100.0 * res.row.delivery,
        static_cast<unsigned long long>(res.row.replaced), res.row.lat.mean_us / 1e3, res.row.lat.p50_us / 1e3,
        res.row.lat.p99_us / 1e3, res.row.lat.max_us / 1e3, static_cast<unsigned long long>(res.link_drops),
        static_cast<unsigned long long>(res.retransmits), res.estimate_bytes_per_s,
        static_cast<unsigned long long>(res.bandwidth_samples), s);
    std::fflush(stdout);
  }
  return 0;
}
