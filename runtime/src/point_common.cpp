#include "point_common.hpp"

#include <adamant/adaptive/adaptive_sender.hpp>
#include <adamant/contract.hpp>
#include <adamant/latency_cdf.hpp>
#include <adamant/replace.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>

namespace adamant::bench::detail {

using namespace std::chrono_literals;

namespace {
// Byte i >= 8 of a counter payload is (seq * 131 + 0x5A + 7 * i) mod 256 = 7 * (k + i) mod 256,
// k = (seq * 131 + 0x5A) * 183 (183 = 1/7 mod 256): runs of a 256-periodic table, so the bench
// builds and checks 256 MB/s (250 k x 1 KB) with memcpy and memcmp, not a loop per byte.
// Calls f(offset, run, length) for each run of bytes 8..bytes-1 while it returns true.
template <class F>
bool for_counter_run(std::uint64_t seq, std::size_t bytes, F&& f) {
  static const auto table = [] {
    std::array<std::uint8_t, 512> t{};
    for (std::size_t j = 0; j < t.size(); ++j) t[j] = static_cast<std::uint8_t>(7 * j);
    return t;
  }();
  const std::size_t k = static_cast<std::size_t>(((seq * 131 + 0x5A) * 183) & 0xFF);
  for (std::size_t at = 8; at < bytes;) {
    const std::size_t n = std::min<std::size_t>(256, bytes - at);
    if (!f(at, table.data() + ((k + at) & 0xFF), n)) return false;
    at += n;
  }
  return true;
}
}  // namespace

std::vector<std::uint8_t> counter_payload(std::size_t bytes, std::uint64_t seq) {
  bytes = std::max<std::size_t>(bytes, 8);
  std::vector<std::uint8_t> v(bytes);
  for (int i = 0; i < 8; ++i) v[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(seq >> (56 - 8 * i));
  for_counter_run(seq, bytes, [&v](std::size_t at, const std::uint8_t* run, std::size_t n) {
    std::memcpy(v.data() + at, run, n);
    return true;
  });
  return v;
}

bool counter_check(std::size_t bytes, ByteView b) {
  bytes = std::max<std::size_t>(bytes, 8);
  if (b.size != bytes) return false;
  std::uint64_t seq = 0;
  for (int i = 0; i < 8; ++i) seq = (seq << 8) | b.data[i];
  return seq != 0 && for_counter_run(seq, bytes, [&b](std::size_t at, const std::uint8_t* run, std::size_t n) {
           return std::memcmp(b.data + at, run, n) == 0;
         });
}

Plan plan_point(const HarnessSpec& spec, const Point& pt) {
  Plan p;
  std::vector<double> rates;
  std::vector<std::int64_t> starts;
  if (pt.streams.empty()) {
    Stream s;
    s.rate_hz = pt.rate_hz;
    s.payload_bytes = spec.payload_bytes;
    s.tags = pt.tags;
    s.make_payload = spec.make_payload;
    s.check_payload = spec.check_payload;
    p.streams.push_back(std::move(s));
  } else {
    p.streams = pt.streams;
    for (const auto& s : pt.streams) rates.push_back(s.rate_hz), starts.push_back(s.start_ns);
  }
  Schedule schedule = make_schedule(rates, pt.rate_hz, static_cast<std::uint64_t>(std::max(0, pt.updates)), starts);
  p.updates = std::move(schedule.updates);
  p.slots = std::move(schedule.slots);
  for (std::size_t i = 0; i < p.streams.size(); ++i) {
    auto& s = p.streams[i];
    s.rate_hz = schedule.rate_hz[i];
    if (!s.make_payload) {
      const std::size_t bytes = s.payload_bytes;
      s.make_payload = [bytes](std::uint64_t seq) { return counter_payload(bytes, seq); };
      s.check_payload = [bytes](ByteView b) { return counter_check(bytes, b); };
    }
  }
  return p;
}

const Slot& Plan::slot(std::uint64_t seq) const {
  if (seq < 1 || seq > slots.size())
    throw Failure("sequence " + std::to_string(seq) + " outside the point's 1.." + std::to_string(slots.size()));
  return slots[seq - 1];
}

std::uint32_t Plan::tag(std::uint64_t seq) const {
  const auto& sl = slot(seq);
  const auto& s = streams[sl.stream];
  return s.first_tag + static_cast<std::uint32_t>((sl.index - 1) % s.tags);
}

std::vector<std::uint8_t> Plan::payload(std::uint64_t seq) const {
  const auto& s = streams[slot(seq).stream];
  auto payload = s.make_payload(seq);
  if (payload.size() != s.payload_bytes)
    throw Failure("make_payload" + (s.name.empty() ? std::string() : " of stream " + s.name) + " returned " +
                  std::to_string(payload.size()) + " bytes, " + (s.name.empty() ? "spec" : "the stream") +
                  " says " + std::to_string(s.payload_bytes));
  return payload;
}

bool Plan::check(std::uint64_t seq, ByteView bytes) const {
  if (seq < 1 || seq > slots.size()) return false;
  const auto& s = streams[slots[seq - 1].stream];
  return !s.check_payload || s.check_payload(bytes);
}

namespace {
std::string exact_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
}  // namespace

std::string streams_arg(const Point& pt) {
  std::string out;
  for (const auto& s : pt.streams) {
    if (!out.empty()) out += ';';
    out += s.name + ':' + exact_double(s.rate_hz) + ':' + std::to_string(s.payload_bytes) + ':' +
           std::to_string(s.first_tag) + ':' + std::to_string(s.tags) + ':' + std::to_string(s.priority) + ':' +
           (s.replaces ? "1" : "0") + ':' + (s.reliable ? "1" : "0") + ':' + (s.sequenced ? "1" : "0") + ':' +
           std::to_string(s.start_ns);
  }
  return out;
}

std::vector<Stream> parse_streams_arg(const HarnessSpec& spec, const std::string& text) {
  std::vector<Stream> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    start = end + 1;
    std::vector<std::string> f;
    std::size_t a = 0;
    for (std::size_t b; (b = item.find(':', a)) != std::string::npos; a = b + 1) f.push_back(item.substr(a, b - a));
    f.push_back(item.substr(a));
    if (f.size() != 10) throw Failure("malformed stream '" + item + "'");
    Stream s;
    try {
      s.name = f[0];
      s.rate_hz = std::stod(f[1]);
      s.payload_bytes = std::stoull(f[2]);
      s.first_tag = static_cast<std::uint32_t>(std::stoul(f[3]));
      s.tags = static_cast<std::uint32_t>(std::stoul(f[4]));
      s.priority = static_cast<std::uint8_t>(std::stoul(f[5]));
      s.replaces = f[6] == "1";
      s.reliable = f[7] == "1";
      s.sequenced = f[8] == "1";
      s.start_ns = std::stoll(f[9]);
    } catch (const std::exception&) {
      throw Failure("malformed stream '" + item + "'");
    }
    for (const auto& p : spec.points)
      for (const auto& x : p.streams)
        if (x.name == s.name && !s.make_payload) {
          s.make_payload = x.make_payload;
          s.check_payload = x.check_payload;
        }
    out.push_back(std::move(s));
  }
  return out;
}

TransportKind check_point(const Point& pt) {
  const TransportKind kind = pt.transport;
  if (pt.receivers < 1 || pt.updates < 0 || pt.rate_hz <= 0)
    throw Failure("invalid point (receivers >= 1, updates >= 0, rate_hz > 0 required)");
  const contract::Range r = contract::range_of("r"), c = contract::range_of("c");
  const auto outside = [](const std::optional<int>& v, contract::Range range) {
    return v && (*v < range.min || *v > range.max);
  };
  if (outside(pt.lec_r, r) || outside(pt.lec_c, c))
    throw Failure("invalid Ricochet parameters (" + std::to_string(static_cast<int>(r.min)) + " <= r <= " +
                  std::to_string(static_cast<int>(r.max)) + ", " + std::to_string(static_cast<int>(c.min)) +
                  " <= c <= " + std::to_string(static_cast<int>(c.max)) + " required)");
  if (pt.tags < 1) throw Failure("invalid point (tags >= 1 required)");
  for (std::size_t i = 0; i < pt.streams.size(); ++i) {
    const auto& s = pt.streams[i];
    const std::string what = "invalid stream " + std::to_string(i) + " '" + s.name + "': ";
    if (s.name.empty() || s.name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                   "0123456789_-.") != std::string::npos)
      throw Failure(what + "a name of letters, digits, '_', '-' and '.' required");
    if (!(s.rate_hz > 0)) throw Failure(what + "rate_hz > 0 required");
    if (s.tags < 1) throw Failure(what + "tags >= 1 required");
    if (!s.make_payload && s.payload_bytes < 8) throw Failure(what + "payload_bytes >= 8 required");
    for (std::size_t j = 0; j < i; ++j)
      if (pt.streams[j].name == s.name) throw Failure(what + "stream names must differ");
  }
  if (kind == TransportKind::Adaptive && pt.table.empty())
    throw Failure("the adaptive transport needs a decision table (--adaptive-table FILE)");
  if (pt.table.find(';') != std::string::npos) throw Failure("a decision table's path may not contain ';'");
  if (const LecParams lec = lec_params(kind, pt.lec_r, pt.lec_c); kind == TransportKind::Fec && lec.c > lec.r)
    throw Failure("invalid FEC parameters: c (repairs per block) must not exceed r (data packets per block)");
  return kind;
}

std::uint64_t reader_seed(std::uint64_t point_seed, int index) {
  return point_seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index) + 1;
}

ChannelConfig point_channel(const Point& pt, bool reader, int index) {
  ChannelConfig cfg;
  cfg.transport.kind = pt.transport;
  cfg.transport.nak_timeout = pt.nak_timeout;
  cfg.transport.lec_r = pt.lec_r;
  cfg.transport.lec_c = pt.lec_c;
  cfg.transport.lec_nak_fallback = pt.lec_nak_fallback;
  cfg.transport.pace_bytes_per_s = pt.pace_bytes_per_s;
  cfg.transport.estimate_bandwidth = pt.estimate_bandwidth;
  cfg.transport.sequenced = pt.sequenced;
  cfg.transport.enqueue_timeout = pt.enqueue_timeout;
  cfg.transport.retry_timeout = pt.retry_timeout;
  cfg.transport.min_receivers = static_cast<std::size_t>(pt.receivers);
  cfg.transport.table = pt.table;
  cfg.transport.hold = pt.hold;
  cfg.transport.margin_pct = pt.margin_pct;
  if (reader) {
    cfg.loss_pct = pt.loss_pct;
    cfg.seed = reader_seed(pt.seed, index);
  }
  return cfg;
}

std::chrono::milliseconds linger_for(const Point& pt) {
  const auto nak = std::chrono::duration_cast<std::chrono::milliseconds>(pt.nak_timeout);
  if (pt.transport == TransportKind::Baseline)
    return std::max<std::chrono::milliseconds>(
        200ms, std::chrono::milliseconds(static_cast<std::int64_t>(10 * 1000 / pt.rate_hz)));
  return std::max<std::chrono::milliseconds>(2000ms, 40 * nak);  // auto (0): 2 s
}

void set_bytes(metrics::Row& row, const engine::WireBytes& b) {
  row.bytes_data = b.data;
  row.bytes_nak = b.nak;
  row.bytes_repair = b.repair;
  row.bytes_retransmit = b.retransmit;
  row.bytes_control = b.control;
}

void set_replaced(const Plan& plan, const Point& pt,
                  const std::vector<std::vector<std::uint64_t>>& delivered, std::vector<metrics::Row>& rows) {
  if (pt.transport != TransportKind::Replace && pt.transport != TransportKind::Fifo) return;
  const std::uint64_t total = plan.total();
  for (const auto& seqs : delivered) {
    std::map<std::uint32_t, std::uint64_t> newest;  // per tag: the newest sequence delivered
    std::vector<bool> got(static_cast<std::size_t>(total) + 1, false);
    for (const auto seq : seqs) {
      if (seq == 0 || seq > total) continue;
      got[seq] = true;
      auto& n = newest[plan.tag(seq)];
      n = std::max(n, seq);
    }
    for (std::uint64_t s = 1; s <= total; ++s) {
      if (got[s]) continue;
      const auto it = newest.find(plan.tag(s));
      if (it != newest.end() && it->second > s) ++rows[plan.slot(s).stream].replaced;
    }
  }
  for (auto& row : rows) {
    const double expect = static_cast<double>(row.sent) * pt.receivers;
    row.delivery_or_replaced = expect > 0 ? static_cast<double>(row.received + row.replaced) / expect : 0.0;
  }
}

void warn_round_trip(const std::string& name, const engine::SenderEngine& sender) {
  const auto* a = dynamic_cast<const adaptive::AdaptiveSender*>(&sender);
  if (a && a->rtt_mismatches() > 0)
    std::fprintf(stderr, "%s: %s (spells: %llu)\n", name.c_str(), a->rtt_warning().c_str(),
                 static_cast<unsigned long long>(a->rtt_mismatches()));
}

void print_switches(const std::string& name, const engine::SenderEngine& sender, std::int64_t first_update_ns) {
  const auto* a = dynamic_cast<const adaptive::AdaptiveSender*>(&sender);
  if (!a) return;
  for (std::size_t i = 1; i < a->timeline().size(); ++i) {
    const auto& sw = a->timeline()[i];
    std::fprintf(stderr, "%s: adaptive switch at %.3f s to %s (receivers %g, loss %g%%)\n", name.c_str(),
                 static_cast<double>(sw.at.count() - first_update_ns) / 1e9, a->table().candidates()[sw.to].name.c_str(),
                 sw.measured.receivers, sw.measured.loss_pct);
  }
}

void set_sender_counts(const engine::SenderEngine& sender, const Plan& plan, std::vector<metrics::Row>& rows) {
  if (const auto* a = dynamic_cast<const adaptive::AdaptiveSender*>(&sender))
    for (auto& row : rows) row.switches = a->switches();
  const auto* rs = dynamic_cast<const engine::ReplaceSender*>(&sender);
  if (!rs) return;
  const auto& st = rs->replace_stats();
  for (const auto& kv : st.tags)
    for (std::size_t s = 0; s < plan.streams.size() && s < rows.size(); ++s) {
      const auto& stream = plan.streams[s];
      if (kv.first >= stream.first_tag && kv.first - stream.first_tag < stream.tags) {
        rows[s].sender_replaced += kv.second.cancelled;
        break;
      }
    }
  for (auto& row : rows) {
    row.sender_expired = st.expired;
    row.sender_abandoned = st.abandoned;
  }
}

metrics::Row stream_row(const Point& pt, const Plan& plan, std::size_t s, std::vector<std::int64_t> latencies_ns) {
  auto row = metrics::make_row(std::string(to_string(pt.transport)), pt.receivers, pt.loss_pct, plan.streams[s].rate_hz, pt.run,
                               plan.updates[s], std::move(latencies_ns));
  row.transport_params = transport_params(pt);
  row.stream = plan.streams[s].name;
  return row;
}

metrics::Row point_row(const Point& pt, std::vector<std::int64_t> latencies_ns) {
  auto row = metrics::make_row(std::string(to_string(pt.transport)), pt.receivers, pt.loss_pct, pt.rate_hz, pt.run,
                               static_cast<std::uint64_t>(pt.updates), std::move(latencies_ns));
  row.transport_params = transport_params(pt);
  return row;
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
bool adaptive_kind(TransportKind k, const Point&) { return k == TransportKind::Adaptive; }

template <class T>
bool to_int(const std::string& v, T& out, long long lo, long long hi) {
  char* end = nullptr;
  errno = 0;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno != 0 || x < lo || x > hi) return false;
  out = static_cast<T>(x);
  return true;
}

// A whole number within the contract table's range of `parameter`.
template <class T>
bool to_count(const std::string& v, T& out, std::string_view parameter) {
  const contract::Range r = contract::range_of(parameter);
  return to_int(v, out, static_cast<long long>(r.min), static_cast<long long>(r.max));
}

// As to_count, for an r or c that stays unset (the kind's default) unless written.
bool to_count(const std::string& v, std::optional<int>& out, std::string_view parameter) {
  int x = 0;
  if (!to_count(v, x, parameter)) return false;
  out = x;
  return true;
}

// A number within the contract table's range of `parameter` (the adaptive margin, %).
bool to_number(const std::string& v, double& out, std::string_view parameter) {
  const contract::Range r = contract::range_of(parameter);
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || errno != 0 || !(x >= r.min && x <= r.max)) return false;
  out = x;
  return true;
}

bool to_duration(const std::string& v, std::chrono::microseconds& out) {
  auto d = parse_duration(v);
  if (!d) return false;
  out = *d;
  return true;
}

// nak_timeout: a duration or the contract's keyword (`auto`, held as 0).
std::string_view nak_keyword() { return contract::find_parameter("nak_timeout")->keyword; }

bool to_nak_timeout(const std::string& v, std::chrono::microseconds& out) {
  if (v == nak_keyword()) {
    out = contract::kNakTimeoutAuto;
    return true;
  }
  return to_duration(v, out);
}

const Param kParams[] = {
    {"nak_timeout",
     [](TransportKind k, const Point& p) {
       return k == TransportKind::Nakcast || (k == TransportKind::Ricochet && p.lec_nak_fallback);
     },
     [](const Point& p) {
       return p.nak_timeout == contract::kNakTimeoutAuto ? std::string(nak_keyword()) : format_duration(p.nak_timeout);
     },
     [](Point& p, const std::string& v) { return to_nak_timeout(v, p.nak_timeout); }},
    {"r", lec, [](const Point& p) { return std::to_string(lec_params(p.transport, p.lec_r, p.lec_c).r); },
     [](Point& p, const std::string& v) { return to_count(v, p.lec_r, "r"); }},
    {"c", lec, [](const Point& p) { return std::to_string(lec_params(p.transport, p.lec_r, p.lec_c).c); },
     [](Point& p, const std::string& v) { return to_count(v, p.lec_c, "c"); }},
    {"nak_fallback", [](TransportKind k, const Point&) { return k == TransportKind::Ricochet; },
     [](const Point& p) { return std::string(p.lec_nak_fallback ? "1" : "0"); },
     [](Point& p, const std::string& v) {
       if (v != "0" && v != "1") return false;
       p.lec_nak_fallback = v == "1";
       return true;
     }},
    {"tags",  // a multi-stream point's tags are its streams' (Stream::first_tag, tags)
     [](TransportKind k, const Point& p) { return replace_like(k, p) && p.streams.empty(); },
     [](const Point& p) { return std::to_string(p.tags); },
     [](Point& p, const std::string& v) { return to_count(v, p.tags, "tags"); }},
    {"pace", replace_like, [](const Point& p) { return std::to_string(p.pace_bytes_per_s); },
     [](Point& p, const std::string& v) { return to_count(v, p.pace_bytes_per_s, "pace"); }},
    {"enqueue_timeout", replace_like, [](const Point& p) { return format_duration(p.enqueue_timeout); },
     [](Point& p, const std::string& v) { return to_duration(v, p.enqueue_timeout); }},
    {"retry_timeout", replace_like, [](const Point& p) { return format_duration(p.retry_timeout); },
     [](Point& p, const std::string& v) { return to_duration(v, p.retry_timeout); }},
    {"pace_mode", replace_like, [](const Point& p) { return std::string(p.estimate_bandwidth ? "estimate" : "fixed"); },
     [](Point& p, const std::string& v) {
       if (v != "fixed" && v != "estimate") return false;
       p.estimate_bandwidth = v == "estimate";
       return true;
     }},
    {"table", adaptive_kind, [](const Point& p) { return p.table; },
     [](Point& p, const std::string& v) {
       p.table = v;
       return true;
     }},
    {"hold", adaptive_kind, [](const Point& p) { return format_duration(p.hold); },
     [](Point& p, const std::string& v) { return to_duration(v, p.hold); }},
    {"margin", adaptive_kind,
     [](const Point& p) {
       char buf[32];
       std::snprintf(buf, sizeof buf, "%g", p.margin_pct);
       return std::string(buf);
     },
     [](Point& p, const std::string& v) { return to_number(v, p.margin_pct, "margin"); }},
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

// ", NAKs per lost packet X" (NAKed sequences over the distinct sequences the writer repaired)
// when the writer repaired any.
std::string naks_per_lost(const Totals& t) {
  if (t.repaired == 0) return "";
  char buf[96];
  std::snprintf(buf, sizeof buf, ", NAKs per lost packet %.3f (%llu / %llu)",
                static_cast<double>(t.nak_sequences) / static_cast<double>(t.repaired),
                static_cast<unsigned long long>(t.nak_sequences), static_cast<unsigned long long>(t.repaired));
  return buf;
}

void finish_point(const HarnessSpec& spec, const Point& pt,
                  const std::vector<metrics::Row>& rows, const Totals& t, const std::string& csv,
                  const std::string& cdf, const char* mode) {
  for (const auto& row : rows) {
  metrics::append_csv(csv, row);
  if (!cdf.empty()) metrics::append_cdf_csv(cdf, row);
  std::printf(
      "[%s/%s] %s%s%s receivers=%d loss=%g%% rate=%gHz run=%d: sent %llu, received %llu, delivery %.6f | "
      "latency us mean %.1f sd %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f | ReLate %.1f ReLate2 %.1f | "
      "injected drops %llu, NAKs %llu, retransmits %llu, repairs %llu, recovered %llu, "
      "unrecoverable %llu%s\n",
      spec.name.c_str(), mode, std::string(to_string(pt.transport)).c_str(), row.stream.empty() ? "" : " stream=", row.stream.c_str(),
      pt.receivers, pt.loss_pct, row.rate_hz, pt.run,
      static_cast<unsigned long long>(row.sent), static_cast<unsigned long long>(row.received),
      row.delivery, row.lat.mean_us, row.lat.std_us, row.lat.p50_us, row.lat.p90_us, row.lat.p99_us,
      row.lat.max_us, row.relate, row.relate2, static_cast<unsigned long long>(t.drops),
      static_cast<unsigned long long>(t.naks), static_cast<unsigned long long>(t.retransmits),
      static_cast<unsigned long long>(t.repairs), static_cast<unsigned long long>(t.recovered),
      static_cast<unsigned long long>(t.unrecoverable), naks_per_lost(t).c_str());
  }
  std::fflush(stdout);
  if (t.corrupt) throw Failure(std::to_string(t.corrupt) + " corrupt payload(s) delivered");
  if (t.order_errors && pt.transport == TransportKind::Nakcast)
    throw Failure(std::to_string(t.order_errors) + " out-of-order deliveries");
}

}  // namespace adamant::bench::detail

namespace adamant::bench {

std::string transport_params(const Point& pt) { return detail::join_params(pt, pt.transport); }

}  // namespace adamant::bench
