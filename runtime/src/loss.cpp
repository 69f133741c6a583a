#include <adamant/loss.hpp>

namespace adamant {

bool LossInjector::chance(double pct) {
  std::uniform_real_distribution<double> d(0.0, 100.0);
  return d(rng_) < pct;
}

std::size_t LossInjector::index_below(std::size_t n) {
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
}

bool LossInjector::drop() {
  bool lost;
  if (model_.burst) {
    const auto& g = *model_.burst;
    std::uniform_real_distribution<double> u(0.0, 1.0);
    if (bad_ ? u(rng_) < g.p_bad_to_good : u(rng_) < g.p_good_to_bad) bad_ = !bad_;
    const double p = bad_ ? g.bad_loss_pct : g.good_loss_pct;
    lost = p > 0.0 && chance(p);
  } else {
    lost = model_.loss_pct > 0.0 && chance(model_.loss_pct);
  }
  if (lost) ++drops_;
  return lost;
}

}  // namespace adamant
