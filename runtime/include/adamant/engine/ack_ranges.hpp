// The selective ranges of a replace receiver's ACK: the ids it holds above its cumulative
// ACK, as ranges, the oldest first, as many as keep the ACK within the MSG it answers
// ((40 + body) / 16, 4..64 ranges: the ACKs of a deep backlog must not crowd out the data on
// a link they share). When more do not fit, the last range is the one holding the id just
// received, so every MSG received (and every retransmission of it) is acknowledged at least
// once whatever holds the cumulative ACK back.
#pragma once

#include <adamant/wire.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace adamant::engine {

inline constexpr std::size_t kMinAckRanges = 4;  // ACK ranges even for the smallest MSG

// How many ranges an ACK answering a MSG with `body` bytes may carry.
std::size_t max_ack_ranges(std::size_t body);

struct AckRanges {
  std::vector<wire::SeqRange> ranges;
  bool truncated = false;  // the last range was replaced by the one holding `id`
};

// `above`: the ids received above the cumulative ACK; `id`: the one just received.
AckRanges ack_ranges(const std::set<std::uint64_t>& above, std::uint64_t id, std::size_t max_ranges);

}  // namespace adamant::engine
