// A sliding anti-replay window over one sender's datagram counters (the scheme of IPsec,
// RFC 4303 §3.4.3): a counter is new once; counters more than kBits below the highest seen are
// refused as too old. Sans-IO, no clock.
#pragma once

#include <array>
#include <cstdint>

namespace adamant::auth {

class ReplayWindow {
 public:
  // Wide enough for a burst drained from one socket before another socket's datagrams of the
  // same sender (a subscriber reads its group socket, then its unicast socket).
  static constexpr std::uint64_t kBits = 8192;

  // True when `counter` (>= 1) was not seen and is not below the window.
  bool fresh(std::uint64_t counter) const;
  // Records `counter` (call only after fresh() and the MAC check both passed).
  void accept(std::uint64_t counter);
  std::uint64_t highest() const { return highest_; }

 private:
  bool bit(std::uint64_t c) const { return (bits_[(c % kBits) / 64] >> (c % 64)) & 1u; }
  std::array<std::uint64_t, kBits / 64> bits_{};
  std::uint64_t highest_ = 0;  // 0: nothing seen yet
};

}  // namespace adamant::auth
