#include "reader_role.hpp"

#include "point_common.hpp"
#include "point_overrides.hpp"
#include "reader_presence.hpp"
#include "reader_process.hpp"
#include "stats_log.hpp"

#include <adamant/pubsub.hpp>
#include <adamant/sim.hpp>
#include <adamant/types.hpp>
#include <adamant/units.hpp>

#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <poll.h>
#include <stdexcept>
#include <system_error>
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
  const auto spells = decode_spells(rep->extra);
  if (!spells) return std::nullopt;
  r.spells = *spells;
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
  std::vector<sim::ReadersPhase> presence;  // --readers-schedule: when this reader takes part
  if (!a.readers_schedule.empty()) {
    const auto s = units::parse_readers_schedule(a.readers_schedule);
    if (!s) throw std::invalid_argument("bad readers schedule '" + a.readers_schedule + "'");
    presence = *s;
  }
  const bool scheduled = !presence.empty();
  // The loss schedule's clock starts at the send time of the first update this reader receives (the
  // writer's clock: every process here reads the same CLOCK_MONOTONIC), as the simulator's at t = 0;
  // with a readers schedule, at the schedule's start, which the writer tells.
  std::optional<std::int64_t> schedule_start;

  ReaderResult r;
  r.latencies_ns.resize(total);  // touched now, not as updates arrive: RSS shows only the engine's growth
  r.sequences.resize(total);
  r.latencies_ns.clear(), r.sequences.clear();
  std::uint64_t last_seq = 0;
  std::optional<std::int64_t> joined;  // scheduled: the open spell's start
  const auto on_sample = [&](const Sample& s) {
    const std::int64_t now = now_ns();  // first: keep check cost out of the latency
    if (joined && s.send_time_ns < *joined) return;  // in flight when it joined: not counted
    r.latencies_ns.push_back(now - s.send_time_ns);
    r.sequences.push_back(s.sequence);
    if (!scheduled && !schedule_start) schedule_start = s.send_time_ns;
    if (!plan.check(s.sequence, s.payload)) ++r.corrupt;
    if (s.sequence <= last_seq) ++r.order_errors;
    last_seq = s.sequence;
  };
  std::unique_ptr<Subscriber> sub;
  std::vector<Spell> spells;
  const auto open = [&] {
    sub = std::make_unique<Subscriber>(cfg, on_sample);  // a fresh engine: the late-join rule applies
    if (scheduled) joined = now_ns();
  };
  const auto close = [&] {  // its counters add up over the spells
    r.unrecoverable += sub->stats().unrecoverable;
    r.drops += sub->injected_drops();
    r.naks += sub->stats().naks_sent;
    r.nak_sequences += sub->stats().nak_sequences;
    r.repairs += sub->stats().repairs_sent;
    r.recovered += sub->stats().recovered;
    r.sent.add(sub->sent_bytes());
    r.keys += sub->auth_stats();
    if (scheduled) spells.push_back(Spell{*joined, now_ns(), r.latencies_ns.size()});
    sub.reset();  // leaves: no more NAKs, REPORTs or repairs
    joined.reset();
  };
  if (!scheduled || takes_part(presence, 0, 0, a.index)) open();
  ControlWords control(ctrl.get());
  if (scheduled && ::fcntl(ctrl.get(), F_SETFL, O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "fcntl O_NONBLOCK");
  write_ready(result.get());
  StatsLog stats(a.stats_file, "reader", a.index);

  for (;;) {
    if (sub) {
      sub->poll_until(now_ns() + 5'000'000);
    } else {
      pollfd p{ctrl.get(), POLLIN, 0};
      ::poll(&p, 1, 5);
    }
    const std::int64_t now = now_ns();
    if (scheduled) {
      if (!control.read()) break;  // writer closed the control pipe: stop now
      schedule_start = control.start();
      if (schedule_start) {  // joins and leaves at most 5 ms late
        const bool in = takes_part(presence, *schedule_start, now, a.index);
        if (in && !sub && !control.all_published()) open();
        if (!in && sub) close();
      }
    }
    if (sub && !schedule.empty() && schedule_start)  // phases change at most 5 ms late
      sub->set_loss_pct(sim::loss_at(schedule, sim::Nanos{now - *schedule_start}));
    stats.sample(now, sub ? sub->engine().state_entries() : 0, r.latencies_ns.size());
    if (sub ? sub->accounted_through() >= total : control.all_published()) break;
    if (scheduled) continue;
    pollfd p{ctrl.get(), POLLIN, 0};
    if (::poll(&p, 1, 0) > 0) break;  // writer closed the control pipe: stop now
  }
  if (sub) close();
  r.delivered = r.latencies_ns.size();
  ReaderReport rep;
  result_fields(r, [&](std::uint64_t v) { rep.fields.push_back(v); });
  rep.latencies_ns = std::move(r.latencies_ns);
  rep.sequences = std::move(r.sequences);
  rep.extra = encode_spells(spells);
  write_report(result.get(), kResultMagic, rep);
  return 0;
}

}  // namespace adamant::bench::detail
