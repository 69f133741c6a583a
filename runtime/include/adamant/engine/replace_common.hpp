// What the replace sender and receiver share: a message's class, its flow (one ordering per
// class), per-tag counts and the size of a MSG on the wire.
#pragma once

#include <adamant/wire.hpp>

#include <cstddef>
#include <cstdint>

namespace adamant::engine {

struct MessageClass {
  bool reliable = true;
  bool sequenced = true;
  std::uint8_t priority = 0;  // higher is sent first
};

// Flow sequences are numbered per class: reliable/unreliable x sequenced/unsequenced.
inline constexpr int kFlows = 4;
inline int flow_of(bool reliable, bool sequenced) { return (reliable ? 1 : 0) | (sequenced ? 2 : 0); }
inline int flow_of(const MessageClass& c) { return flow_of(c.reliable, c.sequenced); }

struct TagStats {
  std::uint64_t sent = 0;       // first transmissions
  std::uint64_t received = 0;   // receiver: delivered
  std::uint64_t cancelled = 0;  // sender: replaced or cancelled (queued or unacknowledged)
};

// A MSG datagram carrying `body` bytes, header included.
inline std::size_t msg_wire_size(std::size_t body) { return wire::kHeaderSize + wire::kMsgFixedSize + body; }

}  // namespace adamant::engine
