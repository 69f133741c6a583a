// The default of every engine parameter, one named constant per protocol, and the one type
// a user-facing duration has from the command line (or the generated code) to the engine.
// Every config struct, TransportSettings, bench::Point and bench::SweepTransport take their
// defaults from here, so each value is spelt once (the OpenDDS transports' options too: this
// header is C++14-clean for them).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace adamant {

// A duration parameter (nak_timeout, enqueue_timeout, retry_timeout) as the command line,
// the CSV's transport_params, TransportSettings and the engine configs all hold it.
using Duration = std::chrono::microseconds;

namespace defaults {

// Every engine.
constexpr std::uint32_t kStreamId = 1;
constexpr std::uint32_t kSession = 1;
constexpr std::uint64_t kSeed = 1;              // receivers' random choices (NAK jitter, repair targets)
constexpr std::uint64_t kMaxWindow = 65'536;    // receivers: sequences / ids tracked ahead

namespace nakcast {
constexpr Duration kNakTimeout{50'000};         // receiver: wait before NAKing a gap
constexpr int kMaxNaks = 200;                    // receiver: per sequence, then unrecoverable
constexpr std::size_t kHistory = 8'192;          // sender: packets kept for retransmission
constexpr std::chrono::milliseconds kHeartbeatInterval{10};  // sender: when idle
constexpr std::chrono::milliseconds kRetransmitHoldoff{10};  // sender: ignore repeat NAKs
}  // namespace nakcast

namespace ricochet {
constexpr int kR = 8;                             // data packets XORed into one repair
constexpr int kC = 3;                             // members each repair is sent to
constexpr bool kNakFallback = false;              // also NAK the sender while missing
constexpr std::chrono::milliseconds kFlush{50};   // partial repair after this idle time
constexpr std::chrono::seconds kGiveUp{1};        // missing this long = unrecoverable
constexpr std::chrono::milliseconds kAnnounceInterval{500};  // JOIN refresh period
constexpr std::chrono::seconds kMemberTimeout{2};            // silent members are dropped
constexpr std::size_t kMaxMembers = 1'024;        // membership table bound
constexpr std::size_t kStore = 4'096;             // recent packets kept for XOR recovery
constexpr std::size_t kMaxPendingRepairs = 256;   // repairs waiting for one more packet
constexpr std::chrono::seconds kRepairExpiry{1};  // a kept repair is dropped after this
}  // namespace ricochet

namespace fec {
constexpr int kR = 4;                             // data packets per block (1..64)
constexpr int kC = 1;                             // repair packets per block (1..r)
constexpr std::chrono::milliseconds kFlush{50};   // repairs of a partial block after this
}  // namespace fec

namespace replace {
constexpr std::uint64_t kPaceBytesPerS = 0;       // token bucket rate; 0 = unpaced
constexpr std::size_t kPaceBurstBytes = 1'500;    // bucket depth
constexpr Duration kEnqueueTimeout{0};            // 0 = never drop queued messages
constexpr Duration kRetryTimeout{10'000'000};     // give up a reliable message after this
constexpr std::chrono::seconds kInitialRto{1};
constexpr std::chrono::milliseconds kMinRto{20};
constexpr std::chrono::seconds kMaxRto{10};
constexpr std::size_t kMinReceivers = 1;          // receivers a message waits for
constexpr std::size_t kMaxReceivers = 1'024;      // connection table bound
constexpr bool kEstimateBandwidth = false;        // pace to the measured bandwidth
constexpr std::uint64_t kBweInitialBytesPerS = 125'000;  // start when the pace is 0
constexpr std::uint64_t kBweMinBytesPerS = 500;
constexpr std::uint64_t kBweMaxBytesPerS = 1'250'000'000;
constexpr std::chrono::milliseconds kBweMinRound{10};
}  // namespace replace

}  // namespace defaults
}  // namespace adamant
