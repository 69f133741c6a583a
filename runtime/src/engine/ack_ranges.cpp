#include <adamant/engine/ack_ranges.hpp>

#include <algorithm>
#include <iterator>

namespace adamant::engine {

std::size_t max_ack_ranges(std::size_t body) {
  return std::clamp((wire::kMsgFixedSize + body) / wire::kNakRangeSize, kMinAckRanges, wire::kMaxNakRanges);
}

AckRanges ack_ranges(const std::set<std::uint64_t>& above, std::uint64_t id, std::size_t max_ranges) {
  AckRanges a;
  auto& ranges = a.ranges;
  for (auto v : above) {
    if (!ranges.empty() && ranges.back().last + 1 == v) {
      ranges.back().last = v;
    } else {
      if (ranges.size() == max_ranges) break;
      ranges.push_back({v, v});
    }
  }
  const auto self = above.find(id);
  if (self != above.end() && ranges.size() == max_ranges && ranges.back().last < id) {
    auto lo = self, hi = self;
    while (lo != above.begin() && *std::prev(lo) + 1 == *lo) --lo;
    while (std::next(hi) != above.end() && *std::next(hi) == *hi + 1) ++hi;
    ranges.back() = {*lo, *hi};
    a.truncated = true;
  }
  return a;
}

}  // namespace adamant::engine
