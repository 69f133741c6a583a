#include <adamant/latency_cdf.hpp>

#include <cstdio>
#include <stdexcept>
#include <string_view>
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
  std::vector<std::string> key;
  for (std::string_view k : kKeys) key.push_back(cell(r, k));
  std::vector<std::string> records;
  char lat[32];
  for (std::size_t i = 0; i < r.lat.percentiles_us.size(); ++i) {
    std::vector<std::string> fields = key;
    std::snprintf(lat, sizeof lat, "%.3f", r.lat.percentiles_us[i]);
    fields.insert(fields.end(), {std::to_string(i + 1), lat});
    records.push_back(csv_record(fields));
  }
  append_records(path, cdf_header(), records);
}

}  // namespace adamant::metrics
