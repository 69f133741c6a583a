// The simulator's schedules of the environment: loss and readers over virtual time, each a list of
// phases that repeats from t = 0.
#include <adamant/sim.hpp>

#include <algorithm>

namespace adamant::sim {

namespace {

// The phase of `schedule` at `t`: the index of the phase whose span (repeating) holds t.
template <class Phase>
const Phase& phase_at(const std::vector<Phase>& schedule, Nanos t) {
  if (schedule.size() == 1) return schedule.front();
  Nanos period{0};
  for (const auto& p : schedule) period += p.duration;
  Nanos pos{((t.count() % period.count()) + period.count()) % period.count()};
  for (const auto& p : schedule) {
    if (pos < p.duration) return p;
    pos -= p.duration;
  }
  return schedule.back();
}

}  // namespace

double loss_at(const std::vector<LossPhase>& schedule, Nanos t) { return phase_at(schedule, t).loss_pct; }

int readers_at(const std::vector<ReadersPhase>& schedule, Nanos t) { return phase_at(schedule, t).readers; }

int max_readers(const std::vector<ReadersPhase>& schedule) {
  int n = 0;
  for (const auto& p : schedule) n = std::max(n, p.readers);
  return n;
}

std::vector<Nanos> phase_changes(const std::vector<Nanos>& durations, Nanos end) {
  std::vector<Nanos> out;
  if (durations.size() < 2) return out;
  Nanos t{0};
  for (std::size_t i = 0;; i = (i + 1) % durations.size()) {
    if (durations[i].count() <= 0) return out;  // a schedule needs phase lengths (parse refuses it)
    t += durations[i];
    if (t >= end) return out;
    out.push_back(t);
  }
}

}  // namespace adamant::sim
