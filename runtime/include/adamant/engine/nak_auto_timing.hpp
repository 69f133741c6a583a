// The round-trip-scaled NAK timing of `nak_timeout auto`, shared by the
// NAKcast receiver and Ricochet's NAK fallback. The constants are the contract's nak_auto_*.
// Karn's rule takes a sample only from a sequence NAKed once; on a path whose round trip exceeds the
// re-NAK wait every NAK would be repeated before its repair came and no sample would ever be taken,
// so each re-NAK doubles the wait (as TCP backs off its RTO) until a sample resets it.
#pragma once

#include <adamant/contract.hpp>
#include <adamant/engine/core.hpp>

#include <algorithm>
#include <cstddef>
#include <random>

namespace adamant::engine {

class AutoNakTiming {
 public:
  // The wait before the first NAK of a gap: uniform [0, backoff * rtt * share], share =
  // min(heard, group) / group with `heard` the receivers known to NAK (this one included): a small
  // group has little to suppress, so it waits less.
  Nanos delay(std::mt19937_64& rng, std::size_t heard) const {
    const auto n = static_cast<Nanos::rep>(std::min<std::size_t>(heard, contract::kNakAutoBackoffGroup));
    const Nanos spread = rtt_ * contract::kNakAutoBackoffRtts * n / contract::kNakAutoBackoffGroup;
    if (spread.count() <= 0) return Nanos{0};
    std::uniform_int_distribution<Nanos::rep> d(0, spread.count());
    return Nanos{d(rng)};
  }
  // The wait before asking again when the repair has not come: max(renak * rtt, renak_min) * backoff
  // + a delay.
  Nanos renak(std::mt19937_64& rng, std::size_t heard) const {
    return std::max<Nanos>(rtt_ * contract::kNakAutoRenakRtts, contract::kNakAutoRenakMin) * backoff_ +
           delay(rng, heard);
  }
  // A NAK of this receiver's went unanswered for the whole re-NAK wait: the next waits are twice as long.
  void renaked() { backoff_ = std::min(backoff_ * 2, contract::kNakAutoRenakBackoffMax); }
  // A repair of a sequence NAKed once came `sample` after the NAK (Karn's rule: the caller's). The first
  // sample replaces the initial estimate (RFC 6298, 2.2: it says nothing of the path); later ones move
  // it by 1/gain of the difference.
  void sample(Nanos sample) {
    rtt_ = sampled_ ? rtt_ + (sample - rtt_) / contract::kNakAutoRttGainDivisor : sample;
    sampled_ = true;
    backoff_ = 1;
  }
  Nanos rtt() const { return rtt_; }
  int backoff() const { return backoff_; }

 private:
  Nanos rtt_{contract::kNakAutoInitialRtt};
  int backoff_ = 1;
  bool sampled_ = false;
};

}  // namespace adamant::engine
