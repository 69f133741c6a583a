// The contract between a model and the runtime: the one table of what a model may say to the
// runtime (transport kinds, engine parameters with unit, range and default per kind, the wire
// sizes and timing rules the language's predictions use, the units both sides read, the
// result columns the benches write).
//
// This header is the master copy. `ant-contract --json` prints it; the printout is checked in as
// runtime/contract/contract.json (a CTest fails when the two differ), and the language and the
// generators read that file (org.adamant.dsl.contract.RuntimeContract). docs/runtime-contract.md,
// "The contract table", says how to change it.
#pragma once

#include <adamant/wire_sizes.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace adamant::contract {

// Bumped when an entry is removed or changes meaning (adding entries keeps the version).
inline constexpr int kVersion = 1;

// ------------------------------------------------------------------ transport kinds
// One bit per kind, so a parameter can say which kinds take it.
enum KindBit : unsigned {
  kBaseline = 1u << 0,
  kNakcast = 1u << 1,
  kRicochet = 1u << 2,
  kReplace = 1u << 3,
  kFifo = 1u << 4,
  kFec = 1u << 5,
  kAdaptive = 1u << 6,
};

// What a kind's engine does for the messages of a flow, as the language's capability table reads it
// (org.adamant.dsl.semantics.TransportCapabilities): a list of these words, separated by '|'.
//   reliable       recovers every lost message (as long as the writer keeps it)
//   probabilistic  recovers most lost messages, not every one
//   ordered        delivers a flow's messages in the order they were sent
//   replacement    a newer message of a tag supersedes a queued or unacknowledged older one
//   priorities     sends a more urgent message before a queued less urgent one
inline constexpr std::string_view kCapabilities[] = {"reliable", "probabilistic", "ordered", "replacement",
                                                     "priorities"};

struct Kind {
  std::string_view name;     // adamant::parse_transport's name, `maps to runtime NAME`
  KindBit bit;
  std::string_view meaning;  // one line
  std::string_view offers;   // capabilities, '|'-separated (kCapabilities)
  std::string_view flag_offers = "";  // what a flag parameter adds when on: "flag=capability|..."
};

inline constexpr Kind kKinds[] = {
    {"baseline", kBaseline, "best-effort multicast, no recovery", ""},
    {"nakcast", kNakcast, "reliable in-order multicast: receivers NAK gaps, the writer retransmits",
     "reliable|ordered"},
    {"ricochet", kRicochet, "lateral error correction: receivers send each other XOR repairs; out of order",
     "probabilistic", "nak_fallback=reliable"},
    {"replace", kReplace, "Mockets-style reliable paced sender; a newer message of a tag supersedes older ones",
     "reliable|ordered|replacement|priorities"},
    {"fifo", kFifo, "the replace sender without replacement (every message, in order)", "reliable|ordered|priorities"},
    {"fec", kFec, "sender-based XOR forward error correction; receivers send nothing; out of order", "probabilistic"},
    {"adaptive", kAdaptive,
     "switches at run time between a decision table's candidates (nakcast, ricochet, fec, their parameters) as "
     "readers, loss and rate change; an epoch handover keeps the order across a switch; offers what its candidates do",
     ""},
};

// ------------------------------------------------------------------ units
// Every unit both sides read, with its factor to the dimension's base unit (s, Hz, B, B/s, %).
// The language's meaning is the one: 1 KB = 1024 B, 1 KB/s = 1024 B/s, 1 kbit/s = 125 B/s.
struct Unit {
  std::string_view symbol;     // as written: "KB/s"
  std::string_view dimension;  // "duration", "rate", "size", "bandwidth", "percent"
  double to_base;              // value in the base unit = written value × to_base
};

inline constexpr Unit kUnits[] = {
    {"us", "duration", 1e-6},        {"ms", "duration", 1e-3},
    {"s", "duration", 1.0},          {"Hz", "rate", 1.0},
    {"B", "size", 1.0},              {"KB", "size", 1024.0},
    {"MB", "size", 1024.0 * 1024.0}, {"B/s", "bandwidth", 1.0},
    {"KB/s", "bandwidth", 1024.0},   {"kbit/s", "bandwidth", 1000.0 / 8},
    {"Mbit/s", "bandwidth", 1e6 / 8}, {"%", "percent", 1.0},
};

struct Dimension {
  std::string_view name;
  std::string_view base_unit;
};
inline constexpr Dimension kDimensions[] = {
    {"duration", "s"}, {"rate", "Hz"}, {"size", "B"}, {"bandwidth", "B/s"}, {"percent", "%"},
};

// The unit `symbol`, if the table has it.
constexpr const Unit* find_unit(std::string_view symbol) {
  for (const Unit& u : kUnits)
    if (u.symbol == symbol) return &u;
  return nullptr;
}

// ------------------------------------------------------------------ engine parameters
// How a parameter's value is written: a duration or bandwidth in `unit`, a plain count, a 0/1
// flag, one of `choices` (its value is the index), or text (a file path; its default 0 = none).
enum class ValueType { Duration, Bandwidth, Count, Flag, Choice, Text };

constexpr std::string_view to_string(ValueType t) {
  switch (t) {
    case ValueType::Duration: return "duration";
    case ValueType::Bandwidth: return "bandwidth";
    case ValueType::Count: return "count";
    case ValueType::Flag: return "flag";
    case ValueType::Choice: return "choice";
    case ValueType::Text: return "text";
  }
  return "";
}

struct KindDefault {
  unsigned kinds = 0;  // KindBit mask; 0 ends the list
  double value = 0;
};

inline constexpr std::size_t kMaxKindDefaults = 2;

struct Parameter {
  std::string_view name;      // the runtime's name: CSV transport_params, ant-bench --NAME (with '-'
                              //   for '_'), the ant_* .ini key unless `aliases` names another
  ValueType type;
  std::string_view unit;      // unit of min, max and the defaults ("us", "B/s"; "" for the others)
  double min, max;            // inclusive
  unsigned kinds;             // KindBit mask: the kinds that take it
  KindDefault defaults[kMaxKindDefaults];  // the default for each kind that takes it
  std::string_view model_names;  // what a model calls it (`maps to runtime nakcast(timeout = 25 ms)`),
                                 //   '|' separated; "" = a model cannot set it (yet)
  unsigned model_kinds;          // KindBit mask: the kinds whose models may set it
  std::string_view aliases;   // other spellings, "where=name" joined by ';'
  std::string_view choices;   // ValueType::Choice: the values, '|' separated, default index first
  std::string_view meaning;   // one line
  std::string_view keyword = "";  // a value spelled as a word ("auto"), held as 0 in `unit`
  unsigned keyword_kinds = 0;     // KindBit mask: the kinds that take the keyword
};

inline constexpr double kMaxDurationUs = 1e13;  // the largest duration a parameter takes (~115 days)

inline constexpr Parameter kParameters[] = {
    {"nak_timeout", ValueType::Duration, "us", 1, kMaxDurationUs, kNakcast | kRicochet,
     {{kNakcast | kRicochet, 0}}, "timeout|nak_timeout", kNakcast | kRicochet, "", "",  // 0: `auto`
     "a receiver NAKs a gap after this long (ricochet: only with nak_fallback); `auto`: after a random "
     "delay scaled to the measured round trip (nakcast: suppressed by another receiver's NAK)",
     "auto", kNakcast | kRicochet},
    {"r", ValueType::Count, "", 1, 64, kRicochet | kFec,
     {{kRicochet, 8}, {kFec, 4}}, "r", kRicochet | kFec, "cpp=lec_r", "",
     "ricochet: data packets XORed into one repair; fec: data packets per block"},
    {"c", ValueType::Count, "", 1, 64, kRicochet | kFec,
     {{kRicochet, 3}, {kFec, 1}}, "c", kRicochet | kFec, "cpp=lec_c", "",
     "ricochet: receivers each repair goes to; fec: repair packets per block (at most r)"},
    {"nak_fallback", ValueType::Flag, "", 0, 1, kRicochet,
     {{kRicochet, 0}}, "nak_fallback", kRicochet, "cpp=lec_nak_fallback", "",
     "ricochet: also NAK the writer (after nak_timeout) what repairs did not recover"},
    {"tags", ValueType::Count, "", 1, 1 << 20, kReplace | kFifo,
     {{kReplace | kFifo, 20}}, "", 0, "", "",
     "benches: update i carries tag (i-1) mod tags (a newer update of a tag replaces older ones)"},
    {"pace", ValueType::Bandwidth, "B/s", 0, 1e12, kReplace | kFifo,
     {{kReplace | kFifo, 0}}, "", 0, "cpp=pace_bytes_per_s;opendds=bandwidth", "",
     "the writer's pacing over whole datagrams, or where pace_mode=estimate starts (0: unpaced)"},
    {"enqueue_timeout", ValueType::Duration, "us", 0, kMaxDurationUs, kReplace | kFifo,
     {{kReplace | kFifo, 0}}, "enqueue_timeout", kReplace | kFifo, "", "",
     "a message that waited longer in the writer's queue is dropped (0: never)"},
    {"retry_timeout", ValueType::Duration, "us", 1, kMaxDurationUs, kReplace | kFifo,
     {{kReplace | kFifo, 10'000'000}}, "retry_timeout", kReplace | kFifo, "", "",
     "a reliable message is retransmitted this long, then abandoned"},
    {"pace_mode", ValueType::Choice, "", 0, 1, kReplace | kFifo,
     {{kReplace | kFifo, 0}}, "pace_mode", kReplace | kFifo, "cpp=estimate_bandwidth", "fixed|estimate",
     "fixed: pace at `pace`; estimate: pace to the bandwidth measured from the ACKs"},
    {"sequenced", ValueType::Flag, "", 0, 1, kReplace | kFifo,
     {{kReplace | kFifo, 1}}, "", 0, "", "",
     "delivery class: 1 in the writer's order; 0 on arrival, out of order (a catalog's `ordering unordered`)"},
    {"table", ValueType::Text, "", 0, 0, kAdaptive,
     {{kAdaptive, 0}}, "", 0, "", "",
     "adaptive: the decision table's JSON file (format adamant-adaptive-table/1); none: the table generated code embeds"},
    {"hold", ValueType::Duration, "us", 0, kMaxDurationUs, kAdaptive,
     {{kAdaptive, 2'000'000}}, "", 0, "", "",
     "adaptive: at most one switch this long"},
    {"margin", ValueType::Count, "%", 0, 100, kAdaptive,
     {{kAdaptive, 10}}, "", 0, "", "",
     "adaptive: switch only to a candidate whose predicted ReLate2 is this much below the current one's"},
};

// The parameter `name` (its runtime name), if the table has it.
constexpr const Parameter* find_parameter(std::string_view name) {
  for (const Parameter& p : kParameters)
    if (p.name == name) return &p;
  return nullptr;
}

// The default of `p` for `kind`, in p.unit; nullopt when `kind` does not take it.
constexpr std::optional<double> default_for(const Parameter& p, KindBit kind) {
  for (const KindDefault& d : p.defaults)
    if (d.kinds & kind) return d.value;
  return std::nullopt;
}

// The default of `parameter` for `kind`, in its unit. A name or kind the table lacks throws: in a
// constant expression (adamant/engine/defaults.hpp reads every typed default through this) that
// stops the build at this line.
// (A loop over the table rather than find_parameter: under GCC's -fsanitize=undefined a pointer
// compared with nullptr is not a constant expression.)
constexpr double default_of(std::string_view parameter, KindBit kind) {
  for (const Parameter& p : kParameters)
    if (p.name == parameter) {
      if (const std::optional<double> d = default_for(p, kind)) return *d;
      throw std::invalid_argument("adamant/contract.hpp: the parameter has no default for this kind");
    }
  throw std::invalid_argument("adamant/contract.hpp: no parameter of this name");
}

// The inclusive range of `parameter`, in its unit; a name the table lacks throws.
struct Range {
  double min, max;
};
constexpr Range range_of(std::string_view parameter) {
  for (const Parameter& p : kParameters)
    if (p.name == parameter) return {p.min, p.max};
  throw std::invalid_argument("adamant/contract.hpp: no parameter of this name");
}

// ------------------------------------------------------------------ wire sizes
// The sizes the predictions count; the codec's own constants (adamant/wire.hpp) where it has them.
struct WireConstant {
  std::string_view name;
  std::size_t bytes;
  std::string_view meaning;
};

inline constexpr std::size_t kUdpHeaderBytes = 8;
inline constexpr std::size_t kIpv4HeaderBytes = 20;
inline constexpr std::size_t kEthernetHeaderBytes = 14;  // what a shaper on a veth or lo (tc tbf) counts too
// What a link carries and a shaper charges per datagram beyond its UDP payload (an unfragmented one).
inline constexpr std::size_t kLinkOverheadBytes = kUdpHeaderBytes + kIpv4HeaderBytes + kEthernetHeaderBytes;
// A datagram's bytes on a link: its UDP payload and the link's headers (the predictions' linkBytes).
constexpr std::size_t link_bytes(std::size_t udp_payload) { return udp_payload + kLinkOverheadBytes; }
inline constexpr std::size_t kRepairSequenceBytes = 8;  // one u64 per covered sequence (wire.hpp REPAIR)

inline constexpr WireConstant kWire[] = {
    {"header", wire::kHeaderSize, "ADAMANT header on every datagram"},
    {"udp", kUdpHeaderBytes, "UDP header"},
    {"ipv4", kIpv4HeaderBytes, "IPv4 header (no options)"},
    {"ethernet", kEthernetHeaderBytes, "Ethernet header (a shaped veth or loopback link counts it)"},
    {"link_overhead", kLinkOverheadBytes,
     "per datagram on a link beyond the UDP payload (UDP + IPv4 + Ethernet): the pace and the simulator's link"},
    {"nak_range", wire::kNakRangeSize, "one NAK or ACK range (u64 first, u64 last)"},
    {"max_nak_ranges", wire::kMaxNakRanges, "ranges in one NAK or ACK, at most"},
    {"heartbeat", wire::kHeartbeatPayloadSize, "HEARTBEAT payload (the lowest sequence still in history)"},
    {"repair_fixed", wire::kRepairFixedSize, "REPAIR payload before its sequences (count, lengths, times)"},
    {"repair_sequence", kRepairSequenceBytes, "REPAIR: one covered sequence"},
    {"msg_fixed", wire::kMsgFixedSize, "replace/fifo MSG fields before the application bytes"},
    {"batch_fixed", wire::kBatchFixedSize, "NAKcast DATA_BATCH / RETRANSMIT_BATCH payload before its entries (count)"},
    {"batch_entry", wire::kBatchEntrySize, "NAKcast batch: one message's sequence, send time and length"},
    {"max_batch_count", wire::kMaxBatchCount, "messages in one NAKcast batch, at most"},
    {"default_batch_datagram", wire::kDefaultBatchDatagram, "NAKcast: the largest batch datagram by default (codec bytes)"},
    {"max_datagram", wire::kMaxDatagram, "largest UDP payload over IPv4"},
    {"auth_trailer", wire::kAuthTrailerSize, "pre-shared key: trailer on every datagram (epoch, counter, time, HMAC)"},
    {"min_key_bytes", wire::kMinKeyBytes, "pre-shared key: the shortest key a key file may hold"},
    {"epoch_envelope", wire::kEpochHeaderSize,
     "adaptive: the envelope before every datagram, at most (marker, type, candidate; varint epoch, base)"},
    {"epoch_envelope_min", wire::kEpochHeaderMinSize,
     "adaptive: the envelope's shortest (epoch and base below 128; 4 bytes below 16,384 updates)"},
    {"epoch_envelope_version", wire::kEpochVersion,
     "adaptive: the envelope's format version (bit 4 of its first byte; a reader drops and counts any other)"},
    {"epoch_max_candidates", wire::kEpochMaxCandidates,
     "adaptive: candidates the envelope's first byte can name (its 4 low bits), at most"},
    {"epoch_report", wire::kEpochReportSize,
     "adaptive: a reader's REPORT to the writer, at least (DATA received, expected; varint echo, held)"},
    {"epoch_report_max", wire::kEpochReportMaxSize,
     "adaptive: a reader's REPORT at most (echo a 10-byte varint, held at most an hour: 6)"},
};

// ------------------------------------------------------------------ timing rules
// Engine timing the predictions model. Durations in microseconds.
struct Timing {
  std::string_view name;
  double value;
  std::string_view unit;
  std::string_view meaning;
};

inline constexpr int kHeartbeatDivisor = 2;                 // heartbeat = NAK timeout / this (clamped)
inline constexpr std::chrono::microseconds kHeartbeatMin{1'000};
inline constexpr std::chrono::microseconds kHeartbeatMax{10'000};
inline constexpr int kNakJitterDivisor = 10;                // NAK jitter: uniform [0, NAK timeout / this]
// nak_timeout auto (held as 0): the receivers' NAK timing follows the round trip they measure.
inline constexpr std::chrono::microseconds kNakTimeoutAuto{0};
// A fixed NAK timeout where none is stated: nakcast's fixed mode, OpenDDS's reliable multicast.
inline constexpr std::chrono::microseconds kNakTimeoutFixed{50'000};
inline constexpr std::chrono::microseconds kNakAutoInitialRtt{1'000};
inline constexpr int kNakAutoBackoffRtts = 2;        // NAK delay: uniform [0, this * rtt * group share]
inline constexpr int kNakAutoBackoffGroup = 8;       // group share = min(1, receivers heard NAKing + 1) / this
inline constexpr int kNakAutoRenakRtts = 3;          // re-NAK: max(this * rtt, renak_min) + a NAK delay
inline constexpr std::chrono::microseconds kNakAutoRenakMin{2'000};
inline constexpr int kNakAutoRenakBackoffMax = 64;   // re-NAK wait backoff: doubled per re-NAK, up to this factor
inline constexpr int kNakAutoRttGainDivisor = 8;     // rtt += (sample - rtt) / this
inline constexpr std::chrono::microseconds kNakAutoHoldoff{1'000};
inline constexpr int kNakAutoHeartbeatDivisor = 16;   // first idle heartbeat: publish interval / this
inline constexpr std::chrono::microseconds kNakAutoHeartbeatMin{250};
inline constexpr std::chrono::microseconds kLecFlush{50'000};
inline constexpr std::chrono::microseconds kFecFlush{50'000};
inline constexpr std::chrono::microseconds kReplaceMinRto{20'000};
inline constexpr std::chrono::microseconds kReplaceRtoMargin{10'000};  // RFC 6298's clock granularity G
inline constexpr std::size_t kPaceBurstBytes = 0;  // the sender never runs ahead of its pace
inline constexpr std::uint64_t kEstimateInitialBytesPerS = 125'000;

inline constexpr Timing kTiming[] = {
    {"heartbeat_fraction", 1.0 / kHeartbeatDivisor, "",
     "nakcast writer's idle heartbeat interval = clamp(nak_timeout * this, heartbeat_min, heartbeat_max)"},
    {"heartbeat_min", static_cast<double>(kHeartbeatMin.count()), "us", "shortest heartbeat interval"},
    {"heartbeat_max", static_cast<double>(kHeartbeatMax.count()), "us", "longest heartbeat interval"},
    {"nak_jitter_fraction", 1.0 / kNakJitterDivisor, "",
     "a receiver delays each NAK by a uniform random [0, nak_timeout * this]"},
    {"nak_timeout_fixed", static_cast<double>(kNakTimeoutFixed.count()), "us",
     "a NAK timeout where a fixed one is needed and none is stated (OpenDDS's reliable multicast)"},
    {"nak_auto_initial_rtt", static_cast<double>(kNakAutoInitialRtt.count()), "us",
     "nak_timeout auto: a receiver's round-trip estimate until its first NAK-to-repair sample, which replaces "
     "it (RFC 6298, 2.2)"},
    {"nak_auto_backoff", static_cast<double>(kNakAutoBackoffRtts), "",
     "nak_timeout auto: a receiver NAKs a gap after a uniform random [0, rtt * this * min(1, n / "
     "nak_auto_backoff_group)], n = 1 + the other receivers it has heard NAK"},
    {"nak_auto_backoff_group", static_cast<double>(kNakAutoBackoffGroup), "",
     "nak_timeout auto: receivers heard NAKing at which the NAK delay reaches its full spread"},
    {"nak_auto_renak", static_cast<double>(kNakAutoRenakRtts), "",
     "nak_timeout auto: after a NAK (its own or another receiver's) a receiver re-NAKs after "
     "max(rtt * this, nak_auto_renak_min) plus a NAK delay"},
    {"nak_auto_renak_min", static_cast<double>(kNakAutoRenakMin.count()), "us",
     "nak_timeout auto: shortest re-NAK wait (twice the writer's hold-off)"},
    {"nak_auto_renak_backoff_max", static_cast<double>(kNakAutoRenakBackoffMax), "",
     "nak_timeout auto: each re-NAK doubles a receiver's re-NAK wait, up to this factor, until a repair of a "
     "sequence NAKed once times the round trip (Karn's rule) and resets it"},
    {"nak_auto_rtt_gain", 1.0 / kNakAutoRttGainDivisor, "",
     "nak_timeout auto: after the first, rtt += (NAK-to-repair sample - rtt) * this"},
    {"nak_auto_holdoff", static_cast<double>(kNakAutoHoldoff.count()), "us",
     "nak_timeout auto: the writer repairs a sequence at most once this long"},
    {"nak_auto_heartbeat_fraction", 1.0 / kNakAutoHeartbeatDivisor, "",
     "nak_timeout auto: the writer's first idle heartbeat after data = clamp(mean publish interval * this, "
     "nak_auto_heartbeat_min, heartbeat_max); later ones every heartbeat_max"},
    {"nak_auto_heartbeat_min", static_cast<double>(kNakAutoHeartbeatMin.count()), "us",
     "nak_timeout auto: shortest first idle heartbeat"},
    {"lec_flush", static_cast<double>(kLecFlush.count()), "us",
     "ricochet: a receiver sends a partial repair after this long without data"},
    {"fec_flush", static_cast<double>(kFecFlush.count()), "us",
     "fec: the writer repairs a partial block after this long without data"},
    {"replace_min_rto", static_cast<double>(kReplaceMinRto.count()), "us",
     "replace/fifo: lowest retransmission timeout"},
    {"replace_rto_margin", static_cast<double>(kReplaceRtoMargin.count()), "us",
     "replace/fifo: RTO = srtt + max(this, 4 * rttvar), so a constant round trip is not retransmitted"},
    {"pace_burst", static_cast<double>(kPaceBurstBytes), "B",
     "replace/fifo: the pacing token bucket's depth (at most one datagram: a message is chosen when the link "
     "can take it; 0: when the datagrams before it have left at the pace)"},
    {"estimate_initial_pace", static_cast<double>(kEstimateInitialBytesPerS), "B/s",
     "replace/fifo pace_mode=estimate with pace 0 on a real network: the starting pace"},
};

// The nakcast writer's idle heartbeat interval for NAK timeout `t`; and a receiver's largest NAK jitter.
template <class Rep, class Period>
constexpr std::chrono::nanoseconds heartbeat_interval(std::chrono::duration<Rep, Period> t) {
  using std::chrono::nanoseconds;
  return std::clamp(std::chrono::duration_cast<nanoseconds>(t) / kHeartbeatDivisor, nanoseconds{kHeartbeatMin},
                    nanoseconds{kHeartbeatMax});
}
template <class Rep, class Period>
constexpr std::chrono::nanoseconds nak_jitter(std::chrono::duration<Rep, Period> t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t) / kNakJitterDivisor;
}

// ------------------------------------------------------------------ result columns
// The benches' CSV columns (name, unit, meaning) are metrics::columns() (adamant/metrics.hpp), the
// one list both targets write; the JSON carries them under "result_columns".

// ------------------------------------------------------------------ printing
// The whole table as JSON (2-space indent, keys in table order, newline at the end): what
// runtime/contract/contract.json holds.
std::string to_json();

}  // namespace adamant::contract
