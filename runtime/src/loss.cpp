#include <adamant/loss.hpp>

#include <cmath>

namespace adamant {
namespace {

// A uniform draw in [0, 1) from one 64-bit output, exactly as libstdc++'s
// uniform_real_distribution<double> makes it (generate_canonical<double, 53>: one output, scaled
// by 2^-64, the top value kept below 1), without its per-draw setup: every datagram a reader
// receives draws once, and the seeded runs' results stay as they were.
double canonical(std::mt19937_64& rng) {
  const double u = static_cast<double>(rng()) / 18446744073709551616.0;  // 2^64
  return u >= 1.0 ? std::nextafter(1.0, 0.0) : u;
}

}  // namespace

bool LossInjector::chance(double pct) { return canonical(rng_) * 100.0 < pct; }

std::size_t LossInjector::index_below(std::size_t n) {
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
}

bool LossInjector::drop() {
  bool lost;
  if (model_.burst) {
    const auto& g = *model_.burst;
    if (bad_ ? canonical(rng_) < g.p_bad_to_good : canonical(rng_) < g.p_good_to_bad) bad_ = !bad_;
    const double p = bad_ ? g.bad_loss_pct : g.good_loss_pct;
    lost = p > 0.0 && chance(p);
  } else {
    lost = model_.loss_pct > 0.0 && chance(model_.loss_pct);
  }
  if (lost) ++drops_;
  return lost;
}

}  // namespace adamant
