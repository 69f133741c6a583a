// ant-adaptive: the adaptive transport's decision table from the command line.
//   --agreement FILE   checks the runtime's pick against the language's for every query of an agreement
//                      file (runtime/contract/adaptive_agreement.json; exit 1 on any difference)
//   --bench FILE       times pick() over the table (the figure: ns per decision)
//   --pick FILE --at R L H   the candidate picked for R receivers, L % loss, H Hz
// FILE is a table (adamant/adaptive/decision_table.hpp) or an agreement file (its table).
#include <adamant/adaptive/decision_table.hpp>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <ctime>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using adamant::adaptive::DecisionTable;
using adamant::adaptive::Query;

std::int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// A table file, or the table of an agreement file.
DecisionTable load_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  const auto j = nlohmann::json::parse(in);
  return DecisionTable::from_json((j.is_object() && j.contains("table") ? j.at("table") : j).dump());
}

int agreement(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read\n", path.c_str());
    return 1;
  }
  const auto j = nlohmann::json::parse(in);
  const DecisionTable t = DecisionTable::from_json(j.at("table").dump());
  int bad = 0, n = 0;
  for (const auto& q : j.at("queries")) {
    const Query query{q.at("receivers").get<double>(), q.at("loss_pct").get<double>(), q.at("rate_hz").get<double>()};
    const std::string want = q.at("pick").get<std::string>();
    const std::string got = t.candidates()[t.pick(query).candidate].name;
    ++n;
    if (got != want) {
      ++bad;
      std::fprintf(stderr, "%s: receivers %g, loss %g %%, rate %g Hz: the runtime picks %s, the language %s\n",
                   path.c_str(), query.receivers, query.loss_pct, query.rate_hz, got.c_str(), want.c_str());
    }
  }
  if (n == 0) {
    std::fprintf(stderr, "%s: no queries\n", path.c_str());
    return 1;
  }
  std::printf("%d of %d picks agree\n", n - bad, n);
  return bad == 0 ? 0 : 1;
}

int bench(const std::string& path, long decisions, double max_ns) {
  const DecisionTable t = load_table(path);
  const auto& r = t.receivers_axis();
  const auto& l = t.loss_axis();
  const auto& h = t.rate_axis();
  std::mt19937_64 rng(1);
  auto in = [&rng](const std::vector<double>& ax) {  // a little beyond the axis, so clamping is timed too
    const double span = ax.back() - ax.front();
    return std::uniform_real_distribution<double>(ax.front() - 0.1 * span, ax.back() + 0.1 * span)(rng);
  };
  std::vector<Query> qs(4096);
  for (auto& q : qs) q = {in(r), in(l), in(h)};
  std::size_t sink = 0;
  const std::int64_t t0 = thread_cpu_ns();  // CPU time: the figure holds on a loaded machine too
  for (long i = 0; i < decisions; ++i) sink += t.pick(qs[static_cast<std::size_t>(i) % qs.size()]).candidate;
  const double ns = static_cast<double>(thread_cpu_ns() - t0) / static_cast<double>(decisions);
  std::printf("decision table: %zu candidates over %zu x %zu x %zu points; %ld decisions, %.1f ns per decision "
              "of CPU time (checksum %zu)\n",
              t.candidates().size(), r.size(), l.size(), h.size(), decisions, ns, sink);
  if (max_ns > 0 && ns > max_ns) {
    std::fprintf(stderr, "a decision took %.1f ns, more than %.0f ns\n", ns, max_ns);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-adaptive: the adaptive transport's decision table"};
  std::string agreement_file, bench_file, pick_file;
  std::vector<double> point;
  long decisions = 1'000'000;
  double max_ns = 0;
  app.add_option("--agreement", agreement_file, "an agreement file: check every query's pick");
  app.add_option("--bench", bench_file, "a table file: time pick()");
  app.add_option("--decisions", decisions, "decisions --bench times")->check(CLI::PositiveNumber);
  app.add_option("--max-ns", max_ns, "--bench fails above this many ns per decision (0: never)");
  app.add_option("--pick", pick_file, "a table file: pick for --at");
  app.add_option("--at", point, "receivers loss_pct rate_hz")->expected(3);
  CLI11_PARSE(app, argc, argv);
  try {
    if (!agreement_file.empty()) return agreement(agreement_file);
    if (!bench_file.empty()) return bench(bench_file, decisions, max_ns);
    if (!pick_file.empty() && point.size() == 3) {
      const DecisionTable t = load_table(pick_file);
      const auto d = t.pick({point[0], point[1], point[2]});
      std::printf("%s %s%s\n", t.candidates()[d.candidate].name.c_str(),
                  d.score ? std::to_string(*d.score).c_str() : "(none eligible)",
                  d.score && !d.eligible ? " (none eligible: the closest)" : "");
      return 0;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ant-adaptive: %s\n", e.what());
    return 1;
  }
  std::fprintf(stderr, "%s", app.help().c_str());
  return 2;
}
