// How late the delay node sent its frames: send time minus due time, as a histogram of 1 us
// buckets up to 100 ms (later ones in the last), so its percentiles report the error the node
// adds to the delay it emulates.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace adamant::delay {

class Lateness {
 public:
  Lateness() : buckets_(kBuckets, 0) {}
  void add(std::chrono::nanoseconds late);
  std::uint64_t count() const { return count_; }
  // The p-th percentile (0 < p <= 100) in microseconds, to the bucket; 0 when nothing was added.
  std::int64_t percentile_us(double p) const;
  std::int64_t max_us() const { return max_us_; }

 private:
  static constexpr std::int64_t kBuckets = 100'000;
  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  std::int64_t max_us_ = 0;
};

}  // namespace adamant::delay
