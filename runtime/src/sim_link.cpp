// The simulator's egress link (adamant/sim.hpp): FIFO serialisation at a bandwidth that may follow a
// repeating schedule, behind a bounded queue with tail drop, then a fixed propagation delay.
#include <adamant/sim.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace adamant::sim {

Link::Link(Config cfg) : cfg_(std::move(cfg)) {
  if (!cfg_.schedule.empty()) {
    if (std::none_of(cfg_.schedule.begin(), cfg_.schedule.end(),
                     [](const auto& p) { return p.bytes_per_s > 0; }))
      throw std::invalid_argument("adamant::sim::Link: schedule has no bandwidth");
    if (cfg_.schedule.size() > 1) {
      for (const auto& p : cfg_.schedule) {
        if (p.duration.count() <= 0)
          throw std::invalid_argument("adamant::sim::Link: phase without duration");
        period_ += p.duration;
      }
    }
  }
}

Nanos Link::transmit_end(Nanos start, std::size_t bytes) const {
  using u128 = unsigned __int128;
  const auto& sc = cfg_.schedule;
  if (sc.empty() || bytes == 0) return start;
  // Work in byte·ns/s units: a phase of rate R (B/s) lasting T ns carries R·T of them,
  // a packet needs bytes·1e9. Integer arithmetic keeps runs bit-identical.
  u128 need = static_cast<u128>(bytes) * 1'000'000'000u;
  auto ceil_div = [](u128 a, u128 b) { return (a + b - 1) / b; };
  if (sc.size() == 1)
    return start + Nanos{static_cast<Nanos::rep>(ceil_div(need, sc[0].bytes_per_s))};
  const Nanos::rep period = period_.count();
  u128 per_period = 0;
  for (const auto& p : sc) per_period += static_cast<u128>(p.bytes_per_s) * static_cast<u128>(p.duration.count());
  Nanos::rep t = start.count();
  if (need > 2 * per_period) {  // skip whole periods (huge packets on slow schedules)
    const u128 k = need / per_period - 1;
    need -= k * per_period;
    t += static_cast<Nanos::rep>(k) * period;
  }
  Nanos::rep pos = ((t % period) + period) % period;
  std::size_t i = 0;
  while (pos >= sc[i].duration.count()) pos -= sc[i++].duration.count();
  for (;;) {
    const Nanos::rep left = sc[i].duration.count() - pos;
    const u128 cap = static_cast<u128>(sc[i].bytes_per_s) * static_cast<u128>(left);
    if (sc[i].bytes_per_s > 0 && cap >= need)
      return Nanos{t + static_cast<Nanos::rep>(ceil_div(need, sc[i].bytes_per_s))};
    need -= cap;
    t += left;
    pos = 0;
    i = (i + 1) % sc.size();
  }
}

std::optional<Nanos> Link::offer(Nanos now, std::size_t bytes) {
  if (cfg_.schedule.empty()) {
    ++sent_;
    return now + cfg_.delay;
  }
  while (!in_link_.empty() && in_link_.front() <= now) in_link_.pop_front();
  // The front packet (if any) is being transmitted; the rest wait.
  if (cfg_.queue_packets > 0 && in_link_.size() >= cfg_.queue_packets + 1) {
    ++dropped_;
    return std::nullopt;
  }
  const Nanos begin = in_link_.empty() ? now : std::max(now, in_link_.back());
  const Nanos end = transmit_end(begin, bytes);
  in_link_.push_back(end);
  ++sent_;
  return end + cfg_.delay;
}

}  // namespace adamant::sim
