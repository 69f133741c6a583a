#include "lateness.hpp"

#include <algorithm>
#include <cmath>

namespace adamant::delay {

void Lateness::add(std::chrono::nanoseconds late) {
  const std::int64_t us = std::max<std::int64_t>(0, late.count() / 1000);  // early (never) counts as on time
  ++buckets_[static_cast<std::size_t>(std::min(us, kBuckets - 1))];
  max_us_ = std::max(max_us_, us);
  ++count_;
}

std::int64_t Lateness::percentile_us(double p) const {
  if (count_ == 0) return 0;
  const auto rank = static_cast<std::uint64_t>(std::ceil(p / 100.0 * static_cast<double>(count_)));
  std::uint64_t seen = 0;
  for (std::int64_t us = 0; us < kBuckets; ++us) {
    seen += buckets_[static_cast<std::size_t>(us)];
    if (seen >= std::max<std::uint64_t>(rank, 1)) return us;
  }
  return kBuckets - 1;
}

}  // namespace adamant::delay
