// The default of every engine parameter, one named constant per protocol, and the one type
// a user-facing duration has from the command line (or the generated code) to the engine.
// Every config struct, TransportSettings and bench::Point take their
// defaults from here. What a model may set, and the timing the predictions model, is read off
// the contract table (adamant/contract.hpp), so a change there is a change here; a parameter or
// kind the table lacks stops the build (contract::default_of). The rest are engine internals
// no model sees.
#pragma once

#include <adamant/contract.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace adamant {

// A duration parameter (nak_timeout, enqueue_timeout, retry_timeout) as the command line,
// the CSV's transport_params, TransportSettings and the engine configs all hold it.
using Duration = std::chrono::microseconds;

namespace defaults {

// A count or flag of the table: whole by construction (a fraction stops the build here).
constexpr int whole(double v) {
  return v == static_cast<double>(static_cast<int>(v))
             ? static_cast<int>(v)
             : throw std::invalid_argument("adamant/contract.hpp: a count or flag default is not whole");
}
// A duration of the table, whose durations are in microseconds (another unit stops the build).
constexpr Duration table_us(std::string_view parameter, contract::KindBit kind) {
  for (const contract::Parameter& p : contract::kParameters)
    if (p.name == parameter && p.unit != "us")
      throw std::invalid_argument("adamant/contract.hpp: a duration parameter not in us");
  return Duration{static_cast<Duration::rep>(contract::default_of(parameter, kind))};
}

// Every engine.
constexpr std::uint32_t kStreamId = 1;
constexpr std::uint32_t kSession = 1;
constexpr std::uint64_t kSeed = 1;              // receivers' random choices (NAK jitter, repair targets)
constexpr std::uint64_t kMaxWindow = 65'536;    // receivers: sequences / ids tracked ahead

namespace nakcast {
// settings and benches: `auto` (held as 0), NAK timing that follows the measured round trip
constexpr Duration kNakTimeout = table_us("nak_timeout", contract::kNakcast);
// the engine's fixed-timeout mode (adaptive off): the table's fixed NAK timeout
constexpr Duration kFixedNakTimeout = contract::kNakTimeoutFixed;
constexpr int kMaxNaks = 200;                    // receiver: per sequence, then unrecoverable
constexpr std::size_t kHistory = 8'192;          // sender: packets kept for retransmission
// sender: also every packet younger than this (a fast stream's receivers may read a repair only
// after a socket buffer's worth of data), up to kHistoryMax packets: no receiver tracks more
constexpr std::chrono::milliseconds kHistorySpan{500};
constexpr std::size_t kHistoryMax = kMaxWindow;
// sender: retransmissions one NAK may trigger; the rest of its ranges wait for the re-NAK, so a
// reader that lost a socket buffer's worth gets it back in bursts the buffer can take
constexpr std::size_t kMaxRepairsPerNak = 1'024;
// sender: when idle (setup applies the same rule to the configured nak_timeout)
constexpr std::chrono::nanoseconds kHeartbeatInterval = contract::heartbeat_interval(kFixedNakTimeout);
constexpr std::chrono::milliseconds kRetransmitHoldoff{10};  // sender: ignore repeat NAKs
}  // namespace nakcast

namespace ricochet {
constexpr int kR = whole(contract::default_of("r", contract::kRicochet));  // data packets XORed into one repair
constexpr int kC = whole(contract::default_of("c", contract::kRicochet));  // members each repair is sent to
// also NAK the sender while missing
constexpr bool kNakFallback = whole(contract::default_of("nak_fallback", contract::kRicochet)) != 0;
// the fallback's NAK timing: `auto` (held as 0), NAKs timed by the measured round trip
constexpr Duration kNakTimeout = table_us("nak_timeout", contract::kRicochet);
constexpr std::chrono::microseconds kFlush = contract::kLecFlush;  // partial repair after this idle time
constexpr std::chrono::seconds kGiveUp{1};        // missing this long = unrecoverable
constexpr std::chrono::milliseconds kAnnounceInterval{500};  // JOIN refresh period
constexpr std::chrono::seconds kMemberTimeout{2};            // silent members are dropped
constexpr std::size_t kMaxMembers = 1'024;        // membership table bound
constexpr std::size_t kStore = 4'096;             // recent packets kept for XOR recovery
constexpr std::size_t kMaxPendingRepairs = 256;   // repairs waiting for one more packet
constexpr std::chrono::seconds kRepairExpiry{1};  // a kept repair is dropped after this
}  // namespace ricochet

namespace fec {
constexpr int kR = whole(contract::default_of("r", contract::kFec));  // data packets per block
constexpr int kC = whole(contract::default_of("c", contract::kFec));  // repair packets per block (at most r)
constexpr std::chrono::microseconds kFlush = contract::kFecFlush;  // repairs of a partial block after this
}  // namespace fec

namespace replace {
// benches: update i carries tag (i-1) mod kTags
constexpr std::uint32_t kTags = whole(contract::default_of("tags", contract::kReplace));
constexpr std::uint64_t kPaceBytesPerS =  // token bucket rate; 0 = unpaced
    static_cast<std::uint64_t>(contract::default_of("pace", contract::kReplace));
constexpr std::size_t kPaceBurstBytes = contract::kPaceBurstBytes;  // bucket depth
constexpr Duration kEnqueueTimeout = table_us("enqueue_timeout", contract::kReplace);  // 0 = never drop queued messages
constexpr Duration kRetryTimeout = table_us("retry_timeout", contract::kReplace);  // give up a reliable message after this
constexpr std::chrono::seconds kInitialRto{1};
constexpr std::chrono::microseconds kMinRto = contract::kReplaceMinRto;
constexpr std::chrono::microseconds kRtoMargin = contract::kReplaceRtoMargin;  // least RTO above srtt
constexpr std::chrono::seconds kMaxRto{10};
constexpr std::size_t kMinReceivers = 1;          // receivers a message waits for
constexpr std::size_t kMaxReceivers = 1'024;      // connection table bound
// pace to the measured bandwidth (pace_mode's choices: fixed, estimate)
constexpr bool kEstimateBandwidth = whole(contract::default_of("pace_mode", contract::kReplace)) != 0;
// delivery class of what is published without one: in order (1) or on arrival (0)
constexpr bool kSequenced = whole(contract::default_of("sequenced", contract::kReplace)) != 0;
constexpr std::uint64_t kBweInitialBytesPerS = contract::kEstimateInitialBytesPerS;  // start when the pace is 0
constexpr std::uint64_t kBweMinBytesPerS = 500;
constexpr std::uint64_t kBweMaxBytesPerS = 1'250'000'000;
constexpr std::chrono::milliseconds kBweMinRound{10};
constexpr std::chrono::seconds kBweMinRttWindow{10};  // the path's round trip: the least sample this recent
constexpr double kBweInflightGain = 2.0;               // in flight to a receiver: at most this x estimate x min RTT
}  // namespace replace

namespace adaptive {
constexpr Duration kHold = table_us("hold", contract::kAdaptive);  // at most one switch this long
constexpr double kMarginPct = contract::default_of("margin", contract::kAdaptive);  // a switch's least gain, %
}  // namespace adaptive

}  // namespace defaults
}  // namespace adamant
