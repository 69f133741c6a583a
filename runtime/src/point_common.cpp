#include "point_common.hpp"

#include <algorithm>
#include <cstdio>

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
