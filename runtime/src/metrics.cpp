#include <adamant/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <sys/stat.h>

namespace adamant::metrics {

LatencyStats latency_stats(std::vector<std::int64_t> ns) {
  LatencyStats s;
  s.count = ns.size();
  if (ns.empty()) return s;
  std::sort(ns.begin(), ns.end());
  long double sum = 0;
  for (auto v : ns) sum += v;
  const long double mean = sum / ns.size();
  long double sq = 0;
  for (auto v : ns) sq += (v - mean) * (v - mean);
  auto rank = [&](double p) {
    auto k = static_cast<std::size_t>(std::ceil(p * ns.size()));
    return ns[std::clamp<std::size_t>(k, 1, ns.size()) - 1] / 1000.0;
  };
  s.mean_us = static_cast<double>(mean / 1000.0L);
  s.std_us = static_cast<double>(std::sqrt(sq / ns.size()) / 1000.0L);
  s.p50_us = rank(0.50);
  s.p90_us = rank(0.90);
  s.p99_us = rank(0.99);
  s.max_us = ns.back() / 1000.0;
  return s;
}

double delivery(std::uint64_t sent, std::uint64_t received, int receivers) {
  if (sent == 0 || receivers <= 0) return 0.0;
  return static_cast<double>(received) / (static_cast<double>(sent) * receivers);
}

double relate(double mean_us, double d) {
  return d > 0 ? mean_us / d : std::numeric_limits<double>::infinity();
}

double relate2(double mean_us, double d) { return mean_us * ((1.0 - d) * 100.0 + 1.0); }

Row make_row(std::string transport, int receivers, double loss_pct, double rate_hz, int run,
             std::uint64_t sent, std::vector<std::int64_t> latencies_ns) {
  Row r;
  r.transport = std::move(transport);
  r.receivers = receivers;
  r.loss_pct = loss_pct;
  r.rate_hz = rate_hz;
  r.run = run;
  r.sent = sent;
  r.received = latencies_ns.size();
  r.delivery = delivery(sent, r.received, receivers);
  r.lat = latency_stats(std::move(latencies_ns));
  r.relate = relate(r.lat.mean_us, r.delivery);
  r.relate2 = relate2(r.lat.mean_us, r.delivery);
  r.delivery_or_replaced = r.delivery;
  return r;
}

std::string_view csv_header() {
  return "transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,"
         "lat_p50_us,lat_p99_us,lat_max_us,relate,relate2,"
         "bytes_data,bytes_nak,bytes_repair,bytes_retransmit,bytes_control,replaced,delivery_or_replaced,"
         "transport_params,stream,sender_replaced,sender_expired,sender_abandoned";
}

std::string csv_line(const Row& r) {
  char buf[768];
  std::snprintf(buf, sizeof(buf),
                "%s,%d,%g,%g,%d,%llu,%llu,%.6f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%llu,%llu,%llu,%llu,%llu,%llu,%.6f",
                r.transport.c_str(), r.receivers, r.loss_pct, r.rate_hz, r.run,
                static_cast<unsigned long long>(r.sent), static_cast<unsigned long long>(r.received),
                r.delivery, r.lat.mean_us, r.lat.std_us, r.lat.p50_us, r.lat.p99_us, r.lat.max_us,
                r.relate, r.relate2, static_cast<unsigned long long>(r.bytes_data),
                static_cast<unsigned long long>(r.bytes_nak), static_cast<unsigned long long>(r.bytes_repair),
                static_cast<unsigned long long>(r.bytes_retransmit),
                static_cast<unsigned long long>(r.bytes_control),
                static_cast<unsigned long long>(r.replaced), r.delivery_or_replaced);
  if (r.transport_params.find_first_of(",\n\"") != std::string::npos)
    throw std::invalid_argument("adamant: transport_params must not contain ',', '\"' or a newline");
  if (r.stream.find_first_of(",\n\"") != std::string::npos)
    throw std::invalid_argument("adamant: stream must not contain ',', '\"' or a newline");
  return std::string(buf) + "," + r.transport_params + "," + r.stream + "," + std::to_string(r.sender_replaced) +
         "," + std::to_string(r.sender_expired) + "," + std::to_string(r.sender_abandoned);
}

void append_csv(const std::string& path, const Row& r) {
  struct stat st {};
  const bool need_header = ::stat(path.c_str(), &st) != 0 || st.st_size == 0;
  std::ofstream f(path, std::ios::app);
  if (!f) throw std::runtime_error("adamant: cannot open CSV file '" + path + "'");
  if (need_header) f << csv_header() << '\n';
  f << csv_line(r) << '\n';
  f.flush();
  if (!f) throw std::runtime_error("adamant: write failed for CSV file '" + path + "'");
}

}  // namespace adamant::metrics
