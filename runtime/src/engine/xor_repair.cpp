#include <adamant/engine/xor_repair.hpp>

namespace adamant::engine {

void xor_into(std::vector<std::uint8_t>& acc, ByteView v) {
  if (acc.size() < v.size) acc.resize(v.size, 0);
  for (std::size_t i = 0; i < v.size; ++i) acc[i] ^= v.data[i];
}

void XorRepair::add(std::uint64_t seq, std::int64_t send_time_ns, ByteView payload) {
  seqs.push_back(seq);
  len_xor ^= static_cast<std::uint32_t>(payload.size);
  time_xor ^= send_time_ns;
  xor_into(bytes, payload);
}

void XorRepair::clear() {
  seqs.clear();
  len_xor = 0;
  time_xor = 0;
  bytes.clear();
}

std::vector<std::uint8_t> XorRepair::encode(std::uint32_t session, std::uint32_t stream_id, Nanos now) const {
  return wire::encode_repair(session, stream_id, seqs, len_xor, time_xor, ByteView{bytes.data(), bytes.size()},
                             now.count());
}

}  // namespace adamant::engine
