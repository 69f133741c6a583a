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
  s.percentiles_us.reserve(100);
  for (int k = 1; k <= 100; ++k) s.percentiles_us.push_back(rank(k / 100.0));
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

namespace {

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}
std::string count(std::uint64_t v) { return std::to_string(v); }
std::string us3(double v) { return fmt("%.3f", v); }    // latencies and ReLate: 1 ns resolution
std::string ratio6(double v) { return fmt("%.6f", v); }  // delivery ratios
std::string plain(double v) { return fmt("%g", v); }     // point settings as given

}  // namespace

const std::vector<Column>& columns() {
  static const std::vector<Column> list = {
      {"transport", "", "the transport of the point (native: baseline, nakcast, ricochet, fec, replace, fifo; "
                        "OpenDDS: its transport type, e.g. ant_nakcast, rtps_udp)",
       [](const Row& r) { return r.transport; }},
      {"receivers", "", "reader processes (sim: simulated readers)", [](const Row& r) { return std::to_string(r.receivers); }},
      {"loss_pct", "%", "loss injected at each reader (Bernoulli, per datagram)", [](const Row& r) { return plain(r.loss_pct); }},
      {"rate_hz", "Hz", "updates per second of the row's stream", [](const Row& r) { return plain(r.rate_hz); }},
      {"run", "", "run number of the point (run k uses seed k)", [](const Row& r) { return std::to_string(r.run); }},
      {"sent", "updates", "updates the writer wrote (t)", [](const Row& r) { return count(r.sent); }},
      {"received", "updates", "deliveries summed over all readers", [](const Row& r) { return count(r.received); }},
      {"delivery", "", "received / (sent x receivers)", [](const Row& r) { return ratio6(r.delivery); }},
      {"lat_mean_us", "us", "mean latency: writer's send timestamp to delivery to the reader's application, "
                            "over every delivered update of every reader",
       [](const Row& r) { return us3(r.lat.mean_us); }},
      {"lat_std_us", "us", "population standard deviation of the latency", [](const Row& r) { return us3(r.lat.std_us); }},
      {"lat_p50_us", "us", "median latency (nearest rank)", [](const Row& r) { return us3(r.lat.p50_us); }},
      {"lat_p90_us", "us", "90th percentile latency (nearest rank)", [](const Row& r) { return us3(r.lat.p90_us); }},
      {"lat_p99_us", "us", "99th percentile latency (nearest rank)", [](const Row& r) { return us3(r.lat.p99_us); }},
      {"lat_max_us", "us", "largest latency", [](const Row& r) { return us3(r.lat.max_us); }},
      {"relate", "us", "ReLate: lat_mean_us / delivery (inf when nothing was delivered)",
       [](const Row& r) { return us3(r.relate); }},
      {"relate2", "us", "ReLate2: lat_mean_us x ((1 - delivery) x 100 + 1)", [](const Row& r) { return us3(r.relate2); }},
      {"bytes_data", "B", "data datagrams every engine of the point sent (0: not measured, e.g. OpenDDS)",
       [](const Row& r) { return count(r.bytes_data); }},
      {"bytes_nak", "B", "NAK datagrams sent", [](const Row& r) { return count(r.bytes_nak); }},
      {"bytes_repair", "B", "Ricochet / FEC repair datagrams sent", [](const Row& r) { return count(r.bytes_repair); }},
      {"bytes_retransmit", "B", "retransmitted datagrams sent", [](const Row& r) { return count(r.bytes_retransmit); }},
      {"bytes_control", "B", "heartbeats, ACKs and other control datagrams sent",
       [](const Row& r) { return count(r.bytes_control); }},
      {"replaced", "updates", "updates a reader never got because a newer one of the same tag reached it "
                              "(replace/fifo; summed over readers)",
       [](const Row& r) { return count(r.replaced); }},
      {"delivery_or_replaced", "", "(received + replaced) / (sent x receivers)",
       [](const Row& r) { return ratio6(r.delivery_or_replaced); }},
      {"transport_params", "", "the transport parameters the point ran with, name=value joined by ';'",
       [](const Row& r) { return r.transport_params; }},
      {"stream", "", "the row's stream of a multi-stream point; empty for one stream",
       [](const Row& r) { return r.stream; }},
      {"sender_replaced", "messages", "messages of the row's stream the writer dropped because a newer one of "
                                      "their tag replaced them (replace/fifo)",
       [](const Row& r) { return count(r.sender_replaced); }},
      {"sender_expired", "messages", "messages the writer dropped after the enqueue timeout (the connection's)",
       [](const Row& r) { return count(r.sender_expired); }},
      {"sender_abandoned", "messages", "messages the writer gave up after the retry timeout (the connection's)",
       [](const Row& r) { return count(r.sender_abandoned); }},
      {"link_bandwidth", "B/s", "bandwidth of every host's egress link; a changing link: rate@duration phases "
                                "joined by ';'; empty: not shaped",
       [](const Row& r) { return r.link.bandwidth; }},
      {"link_queue_packets", "packets", "egress queue bound (tail drop); empty: unbounded",
       [](const Row& r) { return r.link.queue_packets ? count(*r.link.queue_packets) : std::string(); }},
      {"link_delay_us", "us", "propagation delay of every link; empty: not shaped",
       [](const Row& r) { return r.link.delay_us ? std::to_string(*r.link.delay_us) : std::string(); }},
      {"link_burst", "", "Gilbert burst loss P(good->bad);P(bad->good), instead of loss_pct; empty: none",
       [](const Row& r) { return r.link.burst; }},
      {"link_reorder_pct", "%", "share of datagrams arriving at each host held back so that later ones overtake "
                                "them (sim); empty: none",
       [](const Row& r) { return r.link.reorder_pct ? plain(*r.link.reorder_pct) : std::string(); }},
      {"link_duplicate_pct", "%", "share of datagrams arriving at each host delivered twice (sim); empty: none",
       [](const Row& r) { return r.link.duplicate_pct ? plain(*r.link.duplicate_pct) : std::string(); }},
      {"switches", "", "transport switches the adaptive writer made during the point (0: another transport)",
       [](const Row& r) { return count(r.switches); }},
  };
  return list;
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_record(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    out += csv_field(fields[i]);
  }
  return out;
}

std::vector<std::string> parse_csv_record(std::string_view record) {
  std::vector<std::string> fields(1);
  std::size_t i = 0;
  bool field_start = true;
  while (i < record.size()) {
    const char c = record[i];
    if (field_start && c == '"') {
      ++i;
      for (;;) {
        if (i >= record.size()) throw std::invalid_argument("CSV record: a quoted field is not closed");
        if (record[i] == '"') {
          if (i + 1 < record.size() && record[i + 1] == '"') {
            fields.back() += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        fields.back() += record[i++];
      }
      if (i < record.size() && record[i] != ',')
        throw std::invalid_argument("CSV record: text after the closing quote of field " +
                                    std::to_string(fields.size()));
      field_start = false;
      continue;
    }
    if (c == ',') {
      fields.emplace_back();
      field_start = true;
    } else {
      fields.back() += c;
      field_start = false;
    }
    ++i;
  }
  return fields;
}

std::string csv_header() {
  std::vector<std::string> names;
  for (const auto& c : columns()) names.emplace_back(c.name);
  return csv_record(names);
}

std::string csv_line(const Row& r) {
  std::vector<std::string> cells;
  for (const auto& c : columns()) cells.push_back(c.cell(r));
  return csv_record(cells);
}

void append_records(const std::string& path, const std::string& header, const std::vector<std::string>& records) {
  struct stat st {};
  const bool need_header = ::stat(path.c_str(), &st) != 0 || st.st_size == 0;
  std::ofstream f(path, std::ios::app);
  if (!f) throw std::runtime_error("adamant: cannot open CSV file '" + path + "'");
  if (need_header) f << header << '\n';
  for (const std::string& record : records) f << record << '\n';
  f.flush();
  if (!f) throw std::runtime_error("adamant: write failed for CSV file '" + path + "'");
}

void append_csv(const std::string& path, const Row& r) { append_records(path, csv_header(), {csv_line(r)}); }

}  // namespace adamant::metrics
