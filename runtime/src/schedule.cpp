#include <adamant/schedule.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace adamant::bench {

Schedule make_schedule(const std::vector<double>& model_rates_hz, double rate_hz, std::uint64_t updates,
                       const std::vector<std::int64_t>& start_ns) {
  if (!(rate_hz > 0)) throw std::invalid_argument("schedule: rate_hz > 0 required");
  for (const double r : model_rates_hz)
    if (!(r > 0)) throw std::invalid_argument("schedule: every stream's rate must be > 0");
  Schedule s;
  s.rate_hz = model_rates_hz.empty() ? std::vector<double>{rate_hz} : model_rates_hz;
  const double scale = rate_hz / s.rate_hz.front();
  for (auto& r : s.rate_hz) r *= scale;
  s.rate_hz.front() = rate_hz;  // exactly, whatever the scale's rounding
  const double duration_s = static_cast<double>(updates) / rate_hz;
  if (!start_ns.empty() && start_ns.size() != s.rate_hz.size())
    throw std::invalid_argument("schedule: one start per stream required");
  for (std::size_t i = 0; i < s.rate_hz.size(); ++i) {
    const std::int64_t start = start_ns.empty() ? 0 : start_ns[i];
    const double start_s = static_cast<double>(start) / 1e9;
    if (start < 0 || (i == 0 && start != 0) || (start > 0 && start_s >= duration_s))
      throw std::invalid_argument("schedule: a stream's start must be in [0, the duration), stream 0's 0");
    const auto n = i == 0 ? updates
                          : static_cast<std::uint64_t>(std::ceil((duration_s - start_s) * s.rate_hz[i] - 1e-9));
    s.updates.push_back(n);
    const auto period = static_cast<std::int64_t>(1e9 / s.rate_hz[i]);
    for (std::uint64_t k = 0; k < n; ++k)
      s.slots.push_back(ScheduleSlot{start + static_cast<std::int64_t>(k) * period, i, k + 1});
  }
  std::stable_sort(s.slots.begin(), s.slots.end(),
                   [](const ScheduleSlot& a, const ScheduleSlot& b) { return a.offset_ns < b.offset_ns; });
  return s;
}

}  // namespace adamant::bench
