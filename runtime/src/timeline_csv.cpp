#include "timeline_csv.hpp"

#include "point_common.hpp"

#include <cstdio>
#include <map>

namespace adamant::bench::detail {

namespace {

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (const char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

void append_timeline(const std::string& path, const Point& pt, const sim::PointResult& res) {
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) throw Failure("cannot open --timeline file '" + path + "'");
  std::fseek(f, 0, SEEK_END);
  if (std::ftell(f) == 0) std::fputs("transport,transport_params,receivers,loss_pct,rate_hz,run,kind,t_s,value,detail\n", f);
  char key[512];
  std::snprintf(key, sizeof key, "%s,%s,%d,%g,%g,%d", field(res.row.transport).c_str(),
                field(res.row.transport_params).c_str(), res.row.receivers, res.row.loss_pct, res.row.rate_hz, pt.run);
  if (pt.streams.empty() && pt.rate_hz > 0) {
    std::map<std::uint64_t, std::pair<double, std::uint64_t>> second;  // sum of latencies (µs), deliveries
    for (const auto& d : res.deliveries) {
      auto& s = second[static_cast<std::uint64_t>(static_cast<double>(d.sequence - 1) / pt.rate_hz)];
      s.first += static_cast<double>(d.latency_ns) / 1e3;
      ++s.second;
    }
    for (const auto& [t, s] : second)
      std::fprintf(f, "%s,latency,%llu,%.3f,%llu\n", key, static_cast<unsigned long long>(t), s.first / static_cast<double>(s.second),
                   static_cast<unsigned long long>(s.second));
  }
  for (const auto& sw : res.timeline) {
    const std::string to = sw.to < res.candidates.size() ? res.candidates[sw.to] : std::to_string(sw.to);
    std::fprintf(f, "%s,switch,%.3f,%s,%s\n", key, static_cast<double>((sw.at - sim::kFirstUpdateAt).count()) / 1e9,
                 field(to).c_str(), field(sw.reason).c_str());
  }
  if (std::fclose(f) != 0) throw Failure("cannot write --timeline file '" + path + "'");
}

}  // namespace adamant::bench::detail
