// ant-adapt-bench: the adapt experiment in the simulator (adamant/adaptive/adapt_experiment.hpp).
// Readers lose 0 %, then 3 %, then 0 % of what reaches them (--phase each); the fixed candidates
// (nakcast auto, ricochet r=4/8 c=3, fec r=4 c=1) and the adaptive transport run the same schedule.
// Prints each one's ReLate2 over the whole run and the adaptive writer's timeline of epochs; --check
// fails unless the adaptive ReLate2 is at most every fixed candidate's (--tolerance % above the best:
// the runs draw their losses apart, so the same transport differs by about 2 %).
//   ant-adapt-bench [--receivers 25] [--rate 100] [--loss 3] [--phase 20s] [--table FILE]
//                   [--write-table FILE] [--hold 2s] [--margin 10] [--seed 1] [--check [--tolerance PCT]]
#include <adamant/adaptive/adapt_experiment.hpp>
#include <adamant/units.hpp>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

using namespace adamant;
using namespace adamant::adaptive;

namespace {

void write_table(const DecisionTable& t, const std::string& path) {
  nlohmann::ordered_json j;
  j["format"] = std::string(kTableFormat);
  j["flow"] = "ant-adapt-bench";
  j["objective"] = "relate2";
  j["constraints"] = {{"max_latency_us", nullptr}, {"max_loss_pct", nullptr}};
  if (t.rtt_us()) j["rtt_us"] = *t.rtt_us();
  j["axes"] = {{"receivers", t.receivers_axis()}, {"loss_pct", t.loss_axis()}, {"rate_hz", t.rate_axis()}};
  j["candidates"] = nlohmann::json::array();
  for (const auto& c : t.candidates()) {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.params) params[k] = v;
    j["candidates"].push_back({{"name", c.name}, {"kind", c.kind}, {"params", params}});
  }
  j["scores"] = nlohmann::json::array();
  for (const double r : t.receivers_axis())
    for (const double l : t.loss_axis())
      for (const double h : t.rate_axis())
        for (std::size_t c = 0; c < t.candidates().size(); ++c) {
          const auto s = t.score(c, {r, l, h});
          j["scores"].push_back(s ? nlohmann::ordered_json(*s) : nlohmann::ordered_json(nullptr));
        }
  std::ofstream(path) << j.dump(1) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-adapt-bench: the adaptive transport against fixed ones while the loss changes (simulator)"};
  AdaptExperiment x;
  double loss = 3, margin = x.margin_pct;
  std::string phase = "20s", hold = "2s", table_file, write_file;
  bool check = false;
  double tolerance = 0;
  app.add_option("--receivers", x.receivers)->check(CLI::Range(1, 20000));
  app.add_option("--rate", x.rate_hz)->check(CLI::PositiveNumber);
  app.add_option("--loss", loss, "the middle phase's loss (%)")->check(CLI::Range(0.0, 100.0));
  app.add_option("--phase", phase, "each phase's length");
  app.add_option("--table", table_file, "a decision table (default: fitted from simulator points)");
  app.add_option("--write-table", write_file, "write the table used here");
  app.add_option("--hold", hold, "at most one switch this long");
  app.add_option("--margin", margin, "switch only to a score this many % lower")->check(CLI::Range(0.0, 100.0));
  app.add_option("--seed", x.seed);
  app.add_flag("--check", check, "exit 1 unless the adaptive ReLate2 is at most every fixed candidate's");
  app.add_option("--tolerance", tolerance,
                 "--check allows this many % above the best fixed one (runs differ in their loss draws)")
      ->check(CLI::Range(0.0, 100.0));
  CLI11_PARSE(app, argc, argv);
  const auto ph = parse_duration(phase);
  const auto hd = parse_duration(hold);
  if (!ph || ph->count() <= 0 || !hd) {
    std::fprintf(stderr, "ant-adapt-bench: bad --phase or --hold\n");
    return 2;
  }
  x.hold = *hd;
  x.margin_pct = margin;
  x.loss = {{0.0, *ph}, {loss, *ph}, {0.0, *ph}};
  x.candidates = standard_candidates();
  try {
    const DecisionTable table = table_file.empty()
                                    ? fit_table(x, {0.0, loss / 2, loss}, static_cast<double>(ph->count()) / 1e6)
                                    : DecisionTable::load(table_file);
    if (!write_file.empty()) write_table(table, write_file);
    const auto outcomes = run_adapt_experiment(x, table);
    std::printf("adapt: %d readers, %g Hz, loss 0 %% -> %g %% -> 0 %% (%s each), hold %s, margin %g %%\n",
                x.receivers, x.rate_hz, loss, phase.c_str(), hold.c_str(), margin);
    double best_fixed = -1;
    for (const auto& o : outcomes) {
      std::printf("  %-12s ReLate2 %10.1f us | delivery %.6f | mean %8.1f us | p99 %8.1f us | switches %llu\n",
                  o.name.c_str(), o.row.relate2, o.row.delivery, o.row.lat.mean_us, o.row.lat.p99_us,
                  static_cast<unsigned long long>(o.row.switches));
      if (o.name != "adaptive" && (best_fixed < 0 || o.row.relate2 < best_fixed)) best_fixed = o.row.relate2;
    }
    const auto& a = outcomes.back();
    for (const auto& s : a.timeline)
      std::printf("  epoch %u at %.3f s: %s -> %s (%s)\n", s.epoch, static_cast<double>(s.at.count()) / 1e9,
                  table.candidates()[s.from].name.c_str(), table.candidates()[s.to].name.c_str(), s.reason.c_str());
    std::printf("  adaptive writer's measured round trip %.0f us (the table's %s)\n",
                static_cast<double>(a.rtt.count()) / 1e3,
                table.rtt_us() ? (std::to_string(static_cast<long long>(*table.rtt_us())) + " us").c_str() : "not stated");
    if (!a.rtt_warning.empty()) std::printf("  %s\n", a.rtt_warning.c_str());
    const bool ok = a.row.relate2 <= best_fixed * (1 + tolerance / 100);
    std::printf("adaptive ReLate2 %.1f us %s the best fixed candidate's %.1f us (%+.1f %%)\n", a.row.relate2,
                a.row.relate2 <= best_fixed ? "<=" : ">", best_fixed, 100.0 * (a.row.relate2 / best_fixed - 1));
    return check && !ok ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ant-adapt-bench: %s\n", e.what());
    return 1;
  }
}
