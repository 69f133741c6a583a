// The network device that has an IPv4 address: what a peer library binds to and where its
// datagrams are counted.
#pragma once

#include <cstdint>

namespace adamant::peer {

// The index of the device that has address `ipv4` (host order); 0 when none has.
unsigned device_index(std::uint32_t ipv4);

}  // namespace adamant::peer
