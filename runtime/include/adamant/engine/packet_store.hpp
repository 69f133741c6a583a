// Recently received packets by sequence, bounded: what a Ricochet receiver XORs a repair's other
// packets out with. Kept sorted in a deque: packets mostly arrive in order (an append), a rebuilt
// one lands near the end, and the oldest leave from the front, so no packet costs an allocation
// of its own once the deque has grown.
#pragma once

#include <adamant/types.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace adamant::engine {

class PacketStore {
 public:
  struct Packet {
    std::uint64_t seq;
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
  };
  // The packet of `seq`, or null.
  const Packet* find(std::uint64_t seq) const {
    const std::size_t i = lower(seq);
    return i < packets_.size() && packets_[i].seq == seq ? &packets_[i] : nullptr;
  }
  // Stores `seq` (not stored yet).
  void insert(std::uint64_t seq, std::int64_t send_time_ns, std::vector<std::uint8_t> payload) {
    Packet p{seq, send_time_ns, std::move(payload)};
    if (packets_.empty() || packets_.back().seq < seq) packets_.push_back(std::move(p));
    else packets_.insert(packets_.begin() + static_cast<std::ptrdiff_t>(lower(seq)), std::move(p));
  }
  // Removes the lowest sequence's packet, handing back its payload's buffer.
  std::vector<std::uint8_t> pop_oldest() {
    std::vector<std::uint8_t> b = std::move(packets_.front().payload);
    packets_.pop_front();
    return b;
  }
  std::size_t size() const { return packets_.size(); }
  void clear() { packets_.clear(); }

 private:
  // The index of the first packet whose sequence is not below `seq`. The sequences are distinct
  // and sorted, so that index lies within [size - 1 - (back - seq), seq - front]: one probe when the
  // stored sequences have no gaps, a search over the gaps' width otherwise.
  std::size_t lower(std::uint64_t seq) const {
    const std::size_t n = packets_.size();
    if (n == 0 || seq <= packets_.front().seq) return 0;
    if (seq > packets_.back().seq) return n;
    std::size_t lo = packets_.back().seq - seq >= n ? 0 : n - 1 - static_cast<std::size_t>(packets_.back().seq - seq);
    std::size_t hi = static_cast<std::size_t>(std::min<std::uint64_t>(n - 1, seq - packets_.front().seq));
    while (lo < hi) {  // the first index in [lo, hi] whose sequence is >= seq (hi's is)
      const std::size_t mid = lo + (hi - lo) / 2;
      if (packets_[mid].seq < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  std::deque<Packet> packets_;
};

}  // namespace adamant::engine
