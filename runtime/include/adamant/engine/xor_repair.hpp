// One REPAIR: the XOR of some packets' payloads (zero-padded to the longest), lengths and
// send times, with the covered sequences. Ricochet receivers and the FEC sender both build
// their repairs with it; xor_into is the same XOR a receiver undoes a repair with.
#pragma once

#include <adamant/engine/core.hpp>

#include <cstdint>
#include <vector>

namespace adamant::engine {

struct XorRepair {
  std::vector<std::uint64_t> seqs;
  std::uint32_t len_xor = 0;
  std::int64_t time_xor = 0;
  std::vector<std::uint8_t> bytes;
  void add(std::uint64_t seq, std::int64_t send_time_ns, ByteView payload);
  bool empty() const { return seqs.empty(); }
  void clear();  // empty again, its buffers' capacity kept
  std::vector<std::uint8_t> encode(std::uint32_t session, std::uint32_t stream_id, Nanos now) const;
};

// acc ^= v, growing acc (zero-padded) to v's length first.
void xor_into(std::vector<std::uint8_t>& acc, ByteView v);

}  // namespace adamant::engine
