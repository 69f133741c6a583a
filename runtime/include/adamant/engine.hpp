// The sans-IO protocol engines, one concept per header under adamant/engine/: no sockets, no
// clocks; time is passed in, datagrams and timer ticks go in, an Output comes out.
//   core.hpp              Output, events, stats, the SenderEngine / ReceiverEngine interfaces
//   defaults.hpp          every parameter's default, one named constant per protocol
//   baseline.hpp          plain multicast
//   nakcast_sender.hpp    NAKcast sender (history, heartbeats, retransmissions)
//   nakcast_receiver.hpp  NAKcast receiver (gaps, NAK timers, in-order delivery)
//   xor_repair.hpp        the XOR REPAIR Ricochet and FEC build
//   ricochet_receiver.hpp Ricochet lateral error correction (also FEC's receiver)
//   fec_sender.hpp        FEC sender (blocks of r DATA + c REPAIRs)
//   replace_*.hpp, ack_ranges.hpp, bandwidth_estimate.hpp: replace / fifo (adamant/replace.hpp)
//   factory.hpp           per-protocol config -> engine
#pragma once

#include <adamant/engine/baseline.hpp>
#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/factory.hpp>
#include <adamant/engine/fec_sender.hpp>
#include <adamant/engine/nakcast_receiver.hpp>
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/engine/ricochet_receiver.hpp>
#include <adamant/engine/xor_repair.hpp>
