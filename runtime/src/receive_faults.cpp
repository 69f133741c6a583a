#include <adamant/receive_faults.hpp>

#include <algorithm>

namespace adamant {

bool ReceiveFaultInjector::chance(double pct) {
  return pct > 0.0 && std::uniform_real_distribution<double>(0.0, 100.0)(rng_) < pct;
}

std::int64_t ReceiveFaultInjector::upto(std::int64_t max) {
  return std::uniform_int_distribution<std::int64_t>(1, std::max<std::int64_t>(1, max))(rng_);
}

void ReceiveFaultInjector::keep(const std::uint8_t* data, std::size_t n, std::uint32_t ipv4, std::uint16_t port,
                                std::int64_t due_ns) {
  held_.push_back(Held{due_ns, ipv4, port, std::vector<std::uint8_t>(data, data + n)});
}

std::vector<ReceiveFaultInjector::Held> ReceiveFaultInjector::due(std::int64_t now_ns) {
  std::vector<Held> out;
  auto it = std::stable_partition(held_.begin(), held_.end(), [now_ns](const Held& h) { return h.due_ns > now_ns; });
  std::move(it, held_.end(), std::back_inserter(out));
  held_.erase(it, held_.end());
  std::stable_sort(out.begin(), out.end(), [](const Held& a, const Held& b) { return a.due_ns < b.due_ns; });
  return out;
}

std::optional<std::int64_t> ReceiveFaultInjector::next_due_ns() const {
  if (held_.empty()) return std::nullopt;
  return std::min_element(held_.begin(), held_.end(), [](const Held& a, const Held& b) { return a.due_ns < b.due_ns; })
      ->due_ns;
}

}  // namespace adamant
