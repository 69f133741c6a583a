// LossInjector (label: unit): the one loss model of the Subscriber and the simulator.
#include <adamant/loss.hpp>

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace adamant;

namespace {

std::vector<bool> pattern(LossModel m, std::uint64_t seed, int n) {
  LossInjector inj(m, seed);
  std::vector<bool> v;
  for (int i = 0; i < n; ++i) v.push_back(inj.drop());
  return v;
}

int longest_run(const std::vector<bool>& v) {
  int best = 0, run = 0;
  for (bool b : v) best = std::max(best, run = b ? run + 1 : 0);
  return best;
}

}  // namespace

TEST(LossInjector, BernoulliIsSeededAndDrawsOncePerDatagram) {
  const auto a = pattern(LossModel{3.0, std::nullopt}, 42, 20000);
  EXPECT_EQ(a, pattern(LossModel{3.0, std::nullopt}, 42, 20000));  // same seed, same drops
  EXPECT_NE(a, pattern(LossModel{3.0, std::nullopt}, 43, 20000));
  const auto lost = std::count(a.begin(), a.end(), true);
  EXPECT_GT(lost, 500);
  EXPECT_LT(lost, 700);
  // The draw the socket binding made before the injector existed: one uniform percentage per
  // datagram from mt19937_64(seed), lost below loss_pct.
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> pct(0.0, 100.0);
  for (int i = 0; i < 20000; ++i) ASSERT_EQ(a[static_cast<std::size_t>(i)], pct(rng) < 3.0) << i;
}

TEST(LossInjector, NoLossDrawsNothing) {
  LossInjector inj(LossModel{0.0, std::nullopt}, 7);
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(inj.drop());
  EXPECT_EQ(inj.drops(), 0u);
  // The stream is untouched, so other faults drawn from it see the seed's first values.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> pct(0.0, 100.0);
  EXPECT_EQ(inj.chance(50.0), pct(rng) < 50.0);
}

TEST(LossInjector, GilbertLosesInBurstsAndReplacesBernoulli) {
  const GilbertLoss g{0.01, 0.3, 0.0, 100.0};
  const auto burst = pattern(LossModel{0.0, g}, 5, 50000);
  EXPECT_EQ(burst, pattern(LossModel{50.0, g}, 5, 50000));  // loss_pct is ignored when bursty
  const auto lost = std::count(burst.begin(), burst.end(), true);
  // Stationary share of the bad state: 0.01 / (0.01 + 0.3) = 3.2 %.
  EXPECT_GT(lost, 1000);
  EXPECT_LT(lost, 2300);
  const auto flat = pattern(LossModel{100.0 * static_cast<double>(lost) / 50000, std::nullopt}, 5, 50000);
  EXPECT_GT(longest_run(burst), longest_run(flat));
  LossInjector inj(LossModel{0.0, g}, 5);
  for (int i = 0; i < 50000; ++i) inj.drop();
  EXPECT_EQ(inj.drops(), static_cast<std::uint64_t>(lost));
}
