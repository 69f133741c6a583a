#include "point_common.hpp"

#include <algorithm>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <regex>

namespace adamant::bench::detail {

using namespace std::chrono_literals;

TransportKind check_point(const Point& pt) {
  auto kind = parse_transport(pt.transport);
  if (!kind) throw Failure("unknown transport '" + pt.transport + "'");
  if (pt.receivers < 1 || pt.updates < 0 || pt.rate_hz <= 0)
    throw Failure("invalid point (receivers >= 1, updates >= 0, rate_hz > 0 required)");
  if (pt.lec_r < 1 || pt.lec_r > 64 || pt.lec_c < 1 || pt.lec_c > 64)
    throw Failure("invalid Ricochet parameters (1 <= r, c <= 64 required)");
  if (pt.tags < 1) throw Failure("invalid point (tags >= 1 required)");
  if (*kind == TransportKind::Fec && pt.lec_c > pt.lec_r)
    throw Failure("invalid FEC parameters: c (repairs per block) must not exceed r (data packets per block)");
  return *kind;
}

std::uint32_t tag_for(const Point& pt, std::uint64_t seq) {
  return static_cast<std::uint32_t>((seq - 1) % pt.tags);
}

std::vector<std::uint8_t> checked_payload(const HarnessSpec& spec, std::uint64_t seq) {
  auto payload = spec.make_payload(seq);
  if (payload.size() != spec.payload_bytes)
    throw Failure("make_payload returned " + std::to_string(payload.size()) + " bytes, spec says " +
                  std::to_string(spec.payload_bytes));
  return payload;
}

std::uint64_t reader_seed(std::uint64_t point_seed, int index) {
  return point_seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index) + 1;
}

ChannelConfig point_channel(const Point& pt, TransportKind kind, bool reader, int index) {
  ChannelConfig cfg;
  cfg.transport.kind = kind;
  cfg.transport.nak_timeout = pt.nak_timeout;
  cfg.transport.lec_r = pt.lec_r;
  cfg.transport.lec_c = pt.lec_c;
  cfg.transport.lec_nak_fallback = pt.lec_nak_fallback;
  cfg.transport.pace_bytes_per_s = pt.pace_bytes_per_s;
  cfg.transport.enqueue_timeout = pt.enqueue_timeout;
  cfg.transport.retry_timeout = pt.retry_timeout;
  cfg.transport.min_receivers = static_cast<std::size_t>(pt.receivers);
  if (reader) {
    cfg.loss_pct = pt.loss_pct;
    cfg.seed = reader_seed(pt.seed, index);
  }
  return cfg;
}

std::chrono::milliseconds linger_for(TransportKind kind, const Point& pt) {
  const auto nak = std::chrono::duration_cast<std::chrono::milliseconds>(pt.nak_timeout);
  if (kind == TransportKind::Baseline)
    return std::max<std::chrono::milliseconds>(
        200ms, std::chrono::milliseconds(static_cast<std::int64_t>(10 * 1000 / pt.rate_hz)));
  return std::max<std::chrono::milliseconds>(2000ms, 40 * nak);
}

void set_bytes(metrics::Row& row, const engine::WireBytes& b) {
  row.bytes_data = b.data;
  row.bytes_nak = b.nak;
  row.bytes_repair = b.repair;
  row.bytes_retransmit = b.retransmit;
  row.bytes_control = b.control;
}

metrics::Row point_row(const Point& pt, std::vector<std::int64_t> latencies_ns) {
  auto row = metrics::make_row(pt.transport, pt.receivers, pt.loss_pct, pt.rate_hz, pt.run,
                               static_cast<std::uint64_t>(pt.updates), std::move(latencies_ns));
  row.transport_params = transport_params(pt);
  return row;
}

std::optional<std::chrono::microseconds> parse_duration(std::string_view text) {
  static const std::regex re(R"(^\s*([0-9]*\.?[0-9]+)\s*(us|ms|s)?\s*$)");
  std::match_results<std::string_view::const_iterator> m;
  if (!std::regex_match(text.begin(), text.end(), m, re)) return std::nullopt;
  const double v = std::stod(m[1].str());
  const std::string unit = m[2].matched ? m[2].str() : "ms";
  const double us = unit == "us" ? v : unit == "ms" ? v * 1e3 : v * 1e6;
  if (!(us >= 0) || us > 1e13) return std::nullopt;
  return std::chrono::microseconds(static_cast<std::int64_t>(us));
}

std::string format_duration(std::chrono::microseconds d) {
  const auto us = d.count();
  if (us != 0 && us % 1'000'000 == 0) return std::to_string(us / 1'000'000) + "s";
  if (us % 1000 == 0) return std::to_string(us / 1000) + "ms";
  return std::to_string(us) + "us";
}

namespace {

// One engine parameter: its name in option lists and the CSV, how to print and parse it,
// and which transports use it. The one place the parameter names are spelt.
struct Param {
  const char* name;
  bool (*used)(TransportKind, const Point&);
  std::string (*get)(const Point&);
  bool (*set)(Point&, const std::string&);
};

bool lec(TransportKind k, const Point&) { return k == TransportKind::Ricochet || k == TransportKind::Fec; }
bool replace_like(TransportKind k, const Point&) { return k == TransportKind::Replace || k == TransportKind::Fifo; }

template <class T>
bool to_int(const std::string& v, T& out, long long lo, long long hi) {
  char* end = nullptr;
  errno = 0;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno != 0 || x < lo || x > hi) return false;
  out = static_cast<T>(x);
  return true;
}

bool to_duration(const std::string& v, std::chrono::microseconds& out) {
  auto d = parse_duration(v);
  if (!d) return false;
  out = *d;
  return true;
}

const Param kParams[] = {
    {"nak_timeout",
     [](TransportKind k, const Point& p) {
       return k == TransportKind::Nakcast || (k == TransportKind::Ricochet && p.lec_nak_fallback);
     },
     [](const Point& p) { return format_duration(p.nak_timeout); },
     [](Point& p, const std::string& v) { return to_duration(v, p.nak_timeout); }},
    {"r", lec, [](const Point& p) { return std::to_string(p.lec_r); },
     [](Point& p, const std::string& v) { return to_int(v, p.lec_r, 1, 64); }},
    {"c", lec, [](const Point& p) { return std::to_string(p.lec_c); },
     [](Point& p, const std::string& v) { return to_int(v, p.lec_c, 1, 64); }},
    {"nak_fallback", [](TransportKind k, const Point&) { return k == TransportKind::Ricochet; },
     [](const Point& p) { return std::string(p.lec_nak_fallback ? "1" : "0"); },
     [](Point& p, const std::string& v) {
       if (v != "0" && v != "1") return false;
       p.lec_nak_fallback = v == "1";
       return true;
     }},
    {"tags", replace_like, [](const Point& p) { return std::to_string(p.tags); },
     [](Point& p, const std::string& v) { return to_int(v, p.tags, 1, 1 << 20); }},
    {"pace", replace_like, [](const Point& p) { return std::to_string(p.pace_bytes_per_s); },
     [](Point& p, const std::string& v) { return to_int(v, p.pace_bytes_per_s, 0, 1'000'000'000'000LL); }},
    {"enqueue_timeout", replace_like, [](const Point& p) { return format_duration(p.enqueue_timeout); },
     [](Point& p, const std::string& v) { return to_duration(v, p.enqueue_timeout); }},
    {"retry_timeout", replace_like, [](const Point& p) { return format_duration(p.retry_timeout); },
     [](Point& p, const std::string& v) { return to_duration(v, p.retry_timeout); }},
};

std::string join_params(const Point& pt, const std::optional<TransportKind>& kind) {
  std::string out;
  for (const auto& prm : kParams) {
    if (kind && !prm.used(*kind, pt)) continue;
    if (!out.empty()) out += ';';
    out += prm.name;
    out += '=';
    out += prm.get(pt);
  }
  return out;
}

}  // namespace

std::string all_params(const Point& pt) { return join_params(pt, std::nullopt); }

bool apply_params(std::string_view list, Point& pt, std::string& error) {
  std::size_t start = 0;
  while (start < list.size()) {
    std::size_t end = list.find(';', start);
    if (end == std::string_view::npos) end = list.size();
    const std::string item(list.substr(start, end - start));
    start = end + 1;
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      error = "'" + item + "' is not name=value";
      return false;
    }
    const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
    const auto* prm = std::find_if(std::begin(kParams), std::end(kParams),
                                   [&](const Param& x) { return name == x.name; });
    if (prm == std::end(kParams)) {
      error = "unknown transport parameter '" + name + "'";
      return false;
    }
    if (!prm->set(pt, value)) {
      error = "bad value '" + value + "' for transport parameter '" + name + "'";
      return false;
    }
  }
  return true;
}

void finish_point(const HarnessSpec& spec, const Point& pt, TransportKind kind,
                  const metrics::Row& row, const Totals& t, const std::string& csv,
                  const char* mode) {
  metrics::append_csv(csv, row);
  std::printf(
      "[%s/%s] %s receivers=%d loss=%g%% rate=%gHz run=%d: sent %llu, received %llu, delivery %.6f | "
      "latency us mean %.1f sd %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f | ReLate %.1f ReLate2 %.1f | "
      "injected drops %llu, NAKs %llu, retransmits %llu, repairs %llu, recovered %llu, "
      "unrecoverable %llu\n",
      spec.name.c_str(), mode, pt.transport.c_str(), pt.receivers, pt.loss_pct, pt.rate_hz, pt.run,
      static_cast<unsigned long long>(row.sent), static_cast<unsigned long long>(row.received),
      row.delivery, row.lat.mean_us, row.lat.std_us, row.lat.p50_us, row.lat.p90_us, row.lat.p99_us,
      row.lat.max_us, row.relate, row.relate2, static_cast<unsigned long long>(t.drops),
      static_cast<unsigned long long>(t.naks), static_cast<unsigned long long>(t.retransmits),
      static_cast<unsigned long long>(t.repairs), static_cast<unsigned long long>(t.recovered),
      static_cast<unsigned long long>(t.unrecoverable));
  std::fflush(stdout);
  if (t.corrupt) throw Failure(std::to_string(t.corrupt) + " corrupt payload(s) delivered");
  if (t.order_errors && kind == TransportKind::Nakcast)
    throw Failure(std::to_string(t.order_errors) + " out-of-order deliveries");
}

}  // namespace adamant::bench::detail

namespace adamant::bench {

std::string transport_params(const Point& pt) {
  const auto kind = parse_transport(pt.transport);
  return kind ? detail::join_params(pt, kind) : std::string();
}

}  // namespace adamant::bench
