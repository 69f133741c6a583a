// ChannelConfig -> the per-protocol engine configuration: one mapping shared by the socket
// binding (Publisher/Subscriber) and the simulator, so both host identically configured engines.
#pragma once

#include <adamant/engine/factory.hpp>
#include <adamant/types.hpp>

#include <cstdint>

namespace adamant::setup {

// The sender's config for cfg.transport.kind (its variant alternative names the engine).
engine::SenderConfig sender_config(const ChannelConfig& cfg, std::uint32_t session);
// `self` is the receiver's unicast endpoint (Ricochet repairs arrive there) and
// `member_id` its group-membership id; both are ignored by the other transports.
engine::ReceiverConfig receiver_config(const ChannelConfig& cfg, Endpoint self = {},
                                       std::uint32_t member_id = 0);

}  // namespace adamant::setup
