// Internal (not installed): what the engines share to take a datagram in.
#pragma once

#include <adamant/engine/core.hpp>

#include <optional>
#include <vector>

namespace adamant::engine::detail {

inline std::vector<std::uint8_t> copy_bytes(ByteView v) {
  return v.size ? std::vector<std::uint8_t>(v.data, v.data + v.size) : std::vector<std::uint8_t>{};
}

// Whether a decoded packet is of our stream; counts and reports a foreign one.
template <class Stats>
bool ours(const wire::Packet& pkt, std::uint32_t stream_id, Stats& stats, Output& out) {
  if (pkt.header.stream_id == stream_id) return true;
  ++stats.rejected;
  out.events.push_back({EventKind::Rejected, 0, 0});
  return false;
}

// Decodes and filters foreign streams; counts and reports what it rejects.
template <class Stats>
std::optional<wire::Packet> accept(ByteView bytes, std::uint32_t stream_id, Stats& stats, Output& out) {
  // Every path returns `pkt` (built in the caller's place: see wire::decode).
  wire::DecodeError err{};
  std::optional<wire::Packet> pkt = wire::decode(bytes, &err);
  if (!pkt) {
    ++stats.rejected;
    out.events.push_back({EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
  } else if (!ours(*pkt, stream_id, stats, out)) {
    pkt.reset();
  }
  return pkt;
}

}  // namespace adamant::engine::detail
