#include "reader_role.hpp"

#include "point_common.hpp"
#include "point_overrides.hpp"
#include "reader_process.hpp"
#include "stats_log.hpp"

#include <adamant/pubsub.hpp>
#include <adamant/sim.hpp>
#include <adamant/types.hpp>
#include <adamant/units.hpp>

#include <poll.h>
#include <stdexcept>
#include <unistd.h>

namespace adamant::bench::detail {
namespace {

constexpr std::uint64_t kResultMagic = 0x4144524553554C54ull;  // "ADRESULT"

// The reader→writer result (write_report): these fields, the one place their order is
// defined, then the latencies and each latency's sequence.
template <class R, class F>
void result_fields(R& r, F&& f) {
  f(r.delivered), f(r.unrecoverable), f(r.corrupt), f(r.order_errors), f(r.drops), f(r.naks);
  f(r.nak_sequences), f(r.repairs), f(r.recovered);
  f(r.sent.data), f(r.sent.nak), f(r.sent.repair), f(r.sent.retransmit), f(r.sent.control);
  f(r.keys.bad_mac), f(r.keys.replayed), f(r.keys.stale), f(r.keys.crowded);
}
constexpr std::size_t kResultFields = 18;

std::int64_t now_ns() { return monotonic_now_ns(); }

}  // namespace

std::optional<ReaderResult> parse_result(const std::vector<std::uint8_t>& bytes) {
  auto rep = parse_report(bytes, kResultMagic, kResultFields);
  if (!rep) return std::nullopt;
  ReaderResult r;
  std::size_t i = 0;
  result_fields(r, [&](std::uint64_t& v) { v = rep->fields[i++]; });
  r.latencies_ns = std::move(rep->latencies_ns);
  r.sequences = std::move(rep->sequences);
  return r;
}

std::optional<GilbertLoss> gilbert(const std::vector<double>& burst) {
  if (burst.size() != 2) return std::nullopt;
  return GilbertLoss{burst[0], burst[1], 0.0, 100.0};
}

int run_reader(const ReaderArgs& a, const HarnessSpec& spec) {
  io::UniqueFd result(a.result_fd), ctrl(a.ctrl_fd);
  // The reader's part of the point, so its channel comes from the same point_channel as the
  // writer's and the simulator's.
  Point pt{};
  pt.transport = transport_from_name(a.transport);
  pt.loss_pct = a.loss;
  pt.seed = a.seed;
  pt.rate_hz = a.rate;
  pt.updates = static_cast<int>(a.updates);
  pt.streams = parse_streams_arg(spec, a.streams);
  const Plan plan = plan_point(spec, pt);
  const std::uint64_t total = plan.total();
  std::string err;
  if (!apply_params(a.params, pt, err)) throw std::invalid_argument(err);
  ChannelConfig cfg = point_channel(pt, /*reader=*/true, a.index);
  cfg.group = a.group;
  cfg.port = static_cast<std::uint16_t>(a.port);
  cfg.iface = a.iface;
  cfg.burst = gilbert(a.burst);
  cfg.psk_file = a.psk_file;
  std::vector<sim::LossPhase> schedule;
  if (!a.loss_schedule.empty()) {
    const auto s = units::parse_loss_schedule(a.loss_schedule);
    if (!s) throw std::invalid_argument("bad loss schedule '" + a.loss_schedule + "'");
    schedule = *s;
    cfg.loss_pct = schedule.front().loss_pct;
  }
  // The schedule's clock starts at the send time of the first update this reader receives (the
  // writer's clock: every process here reads the same CLOCK_MONOTONIC), as the simulator's at t = 0.
  std::optional<std::int64_t> schedule_start;

  ReaderResult r;
  r.latencies_ns.resize(total);  // touched now, not as updates arrive: RSS shows only the engine's growth
  r.sequences.resize(total);
  r.latencies_ns.clear(), r.sequences.clear();
  std::uint64_t last_seq = 0;
  Subscriber sub(cfg, [&](const Sample& s) {
    r.latencies_ns.push_back(now_ns() - s.send_time_ns);  // first: keep check cost out of it
    r.sequences.push_back(s.sequence);
    if (!schedule_start) schedule_start = s.send_time_ns;
    if (!plan.check(s.sequence, s.payload)) ++r.corrupt;
    if (s.sequence <= last_seq) ++r.order_errors;
    last_seq = s.sequence;
  });
  write_ready(result.get());
  StatsLog stats(a.stats_file, "reader", a.index);

  for (;;) {
    sub.poll_until(now_ns() + 5'000'000);
    if (!schedule.empty() && schedule_start)  // phases change at most 5 ms late
      sub.set_loss_pct(sim::loss_at(schedule, sim::Nanos{now_ns() - *schedule_start}));
    stats.sample(now_ns(), sub.engine().state_entries(), r.latencies_ns.size());
    if (sub.accounted_through() >= total) break;
    pollfd p{ctrl.get(), POLLIN, 0};
    if (::poll(&p, 1, 0) > 0) break;  // writer closed the control pipe: stop now
  }
  r.delivered = r.latencies_ns.size();
  r.unrecoverable = sub.stats().unrecoverable;
  r.drops = sub.injected_drops();
  r.naks = sub.stats().naks_sent;
  r.nak_sequences = sub.stats().nak_sequences;
  r.repairs = sub.stats().repairs_sent;
  r.recovered = sub.stats().recovered;
  r.sent = sub.sent_bytes();
  r.keys = sub.auth_stats();
  ReaderReport rep;
  result_fields(r, [&](std::uint64_t v) { rep.fields.push_back(v); });
  rep.latencies_ns = std::move(r.latencies_ns);
  rep.sequences = std::move(r.sequences);
  write_report(result.get(), kResultMagic, rep);
  return 0;
}

}  // namespace adamant::bench::detail
