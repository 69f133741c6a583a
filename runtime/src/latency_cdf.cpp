#include <adamant/latency_cdf.hpp>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace adamant::metrics {
namespace {

// The cell of the results CSV's column `name` for this row (the same text, so the files join).
std::string cell(const Row& r, std::string_view name) {
  for (const Column& c : columns()) {
    if (c.name == name) return c.cell(r);
  }
  throw std::logic_error("adamant: no results column '" + std::string(name) + "'");
}

constexpr std::string_view kKeys[] = {"transport", "transport_params", "stream", "receivers",
                                      "loss_pct", "rate_hz", "run"};

}  // namespace

std::string cdf_header() {
  std::vector<std::string> names(std::begin(kKeys), std::end(kKeys));
  names.insert(names.end(), {"percentile", "lat_us"});
  return csv_record(names);
}

void append_cdf_csv(const std::string& path, const Row& r) {
  struct stat st {};
  const bool need_header = ::stat(path.c_str(), &st) != 0 || st.st_size == 0;
  std::ofstream f(path, std::ios::app);
  if (!f) throw std::runtime_error("adamant: cannot open latency CDF file '" + path + "'");
  if (need_header) f << cdf_header() << '\n';
  std::vector<std::string> key;
  for (std::string_view k : kKeys) key.push_back(cell(r, k));
  char lat[32];
  for (std::size_t i = 0; i < r.lat.percentiles_us.size(); ++i) {
    std::vector<std::string> fields = key;
    std::snprintf(lat, sizeof lat, "%.3f", r.lat.percentiles_us[i]);
    fields.insert(fields.end(), {std::to_string(i + 1), lat});
    f << csv_record(fields) << '\n';
  }
  f.flush();
  if (!f) throw std::runtime_error("adamant: write failed for latency CDF file '" + path + "'");
}

}  // namespace adamant::metrics
