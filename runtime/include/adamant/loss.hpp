// Loss injection at a receiving end host: one component for the socket binding (Subscriber)
// and the simulator, so the same model and seed drop the same datagrams in both. Every
// datagram a reader receives (data, repairs, heartbeats, membership) takes one drop() call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>

namespace adamant {

// Two-state Gilbert–Elliott loss: per datagram, first the state transition, then a loss draw
// with the state's loss percentage.
struct GilbertLoss {
  double p_good_to_bad = 0.01;
  double p_bad_to_good = 0.3;
  double good_loss_pct = 0.0;
  double bad_loss_pct = 100.0;
};

struct LossModel {
  double loss_pct = 0.0;              // Bernoulli: each datagram lost with this probability (%)
  std::optional<GilbertLoss> burst;   // replaces Bernoulli(loss_pct) when set
};

class LossInjector {
 public:
  LossInjector(LossModel model, std::uint64_t seed) : model_(model), rng_(seed) {}
  // Whether the next datagram is lost (counted in drops()). Bernoulli draws once per
  // datagram, and not at all at 0 %; Gilbert draws the transition, then (when the state can
  // lose) the loss.
  bool drop();
  std::uint64_t drops() const { return drops_; }
  // Bernoulli's loss from the next datagram on (a loss schedule's phase); Gilbert keeps its own.
  void set_loss_pct(double pct) { model_.loss_pct = pct; }
  // Further faults drawn from the same seeded stream, in sequence with the losses (the
  // simulator's tampering): true with probability `pct` %, and a uniform index below `n` (> 0).
  bool chance(double pct);
  std::size_t index_below(std::size_t n);

 private:
  LossModel model_;
  std::mt19937_64 rng_;
  bool bad_ = false;  // Gilbert state
  std::uint64_t drops_ = 0;
};

}  // namespace adamant
