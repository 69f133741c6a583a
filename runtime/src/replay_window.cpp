#include <adamant/replay_window.hpp>

namespace adamant::auth {

bool ReplayWindow::fresh(std::uint64_t c) const {
  if (c == 0) return false;
  if (c > highest_) return true;
  if (highest_ - c >= kBits) return false;  // below the window: cannot be told from a replay
  return !bit(c);
}

void ReplayWindow::accept(std::uint64_t c) {
  if (c > highest_) {
    if (c - highest_ >= kBits) {
      bits_.fill(0);
    } else {
      for (std::uint64_t k = highest_ + 1; k < c; ++k) bits_[(k % kBits) / 64] &= ~(std::uint64_t{1} << (k % 64));
    }
    highest_ = c;
  }
  bits_[(c % kBits) / 64] |= std::uint64_t{1} << (c % 64);
}

}  // namespace adamant::auth
