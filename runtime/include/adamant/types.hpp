// Basic value types shared by the public API, the engines and the I/O binding.
#pragma once

#include <adamant/engine/defaults.hpp>
#include <adamant/loss.hpp>
#include <adamant/wire_sizes.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace adamant {

// Non-owning view of bytes; the owner must outlive it (callbacks only borrow).
struct ByteView {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

// Ricochet: lateral error correction (receivers XOR every r packets into a repair sent to
// c random group members). Delivers OUT OF ORDER: a recovered packet is delivered when it
// is rebuilt, after later packets that arrived directly.
// Replace: Mockets-style tagged messages; a new message with a tag cancels queued and
// unacknowledged older messages of that tag (adamant/replace.hpp). Fifo: the same reliable,
// paced sender without replacement (contrast case). Both: one writer serves N receivers
// (multicast, per-receiver ACK/retransmission state, one pace shared by all).
// Fec: sender-based XOR, every r DATA packets followed by c interleaved REPAIR packets
// (r = lec_r, c = lec_c); out-of-order delivery as Ricochet.
// Adaptive switches at run time between a decision table's candidates (adamant/adaptive/).
enum class TransportKind { Baseline, Nakcast, Ricochet, Replace, Fifo, Fec, Adaptive };

// A transport's name ("nakcast", ...) is parsed once, where it enters (a command line, a
// generated sweep, an OpenDDS configuration); everything after holds the TransportKind.
std::optional<TransportKind> parse_transport(std::string_view name);
// As parse_transport, but throws std::invalid_argument naming the valid transports.
TransportKind transport_from_name(std::string_view name);
std::string_view to_string(TransportKind kind);
// "baseline, nakcast, ricochet, replace, fifo, fec": for help texts and error messages.
std::string transport_names();

class StatedTransport;  // adamant/stated_transport.hpp

struct TransportSettings {
  // The settings named by what is stated: of(TransportKind::Nakcast).nak_timeout(25ms), the rest
  // the contract table's defaults for the kind (adamant/stated_transport.hpp).
  static StatedTransport of(TransportKind kind);

  TransportKind kind = TransportKind::Nakcast;
  Duration nak_timeout = defaults::nakcast::kNakTimeout;  // NAKcast: wait before NAKing a gap
  // Ricochet (extensions): XOR every `lec_r` received packets into a repair sent to `lec_c`
  // random members; NAK fallback is off by default. FEC: r data packets and c repairs per block.
  // Unset: the kind's default (lec_params).
  std::optional<int> lec_r = std::nullopt;
  std::optional<int> lec_c = std::nullopt;
  bool lec_nak_fallback = defaults::ricochet::kNakFallback;
  // Replace / Fifo (extensions): pacing rate (whole datagrams, 0 = unpaced), how long a
  // message may wait in the sender queue (0 = forever), how long a reliable message is
  // retransmitted before it is abandoned.
  std::uint64_t pace_bytes_per_s = defaults::replace::kPaceBytesPerS;
  Duration enqueue_timeout = defaults::replace::kEnqueueTimeout;
  Duration retry_timeout = defaults::replace::kRetryTimeout;
  // Replace / Fifo (extension): a message stays in flight (retransmitted to the group) until
  // at least this many receivers are known from their ACKs and all of them acknowledged it.
  std::size_t min_receivers = defaults::replace::kMinReceivers;
  // Replace / Fifo (extension): pace to the bandwidth the sender measures from the receivers'
  // ACKs (adamant/replace.hpp), starting at pace_bytes_per_s (0: bwe_initial, 125,000 B/s);
  // false: the fixed pace_bytes_per_s.
  bool estimate_bandwidth = defaults::replace::kEstimateBandwidth;
  // Replace / Fifo (extension): the delivery class of what is published without one (Mockets'
  // sequenced or unsequenced flow; adamant/replace.hpp): false delivers on arrival, out of order.
  bool sequenced = defaults::replace::kSequenced;
  // Adaptive: the decision table's JSON file (adamant/adaptive/decision_table.hpp), at most one
  // switch per `hold`, and only to a candidate scoring more than `margin_pct` % lower.
  std::string table;
  Duration hold = defaults::adaptive::kHold;
  double margin_pct = defaults::adaptive::kMarginPct;
};

// Ricochet's and FEC's r and c as a transport runs them.
struct LecParams {
  int r;
  int c;
};
// `r` and `c` where set, else the contract table's defaults for `kind` (defaults::ricochet,
// defaults::fec). The kinds that take neither get Ricochet's, which they do not use.
LecParams lec_params(TransportKind kind, std::optional<int> r, std::optional<int> c);
inline LecParams lec_params(const TransportSettings& t) { return lec_params(t.kind, t.lec_r, t.lec_c); }

struct ChannelConfig {
  std::string group = "239.255.0.1";  // multicast group
  std::uint16_t port = 7400;
  std::string iface = "127.0.0.1";  // multicast interface, always explicit; TTL 0 on loopback
  std::uint32_t stream_id = 1;      // one stream per topic
  TransportSettings transport;
  double loss_pct = 0.0;   // loss injected at this end host on receive (readers; adamant/loss.hpp)
  std::uint64_t seed = 1;  // loss-injection seed
  std::optional<GilbertLoss> burst;  // Gilbert–Elliott loss instead of Bernoulli(loss_pct) (extension)
  // Pre-shared key (extension): when set every datagram carries an HMAC-SHA256 trailer, and
  // forged, tampered and replayed datagrams are dropped (adamant/auth.hpp). At most one of:
  std::string psk;       // the key bytes (library callers)
  std::string psk_file;  // a key file (adamant/key_file.hpp), re-read for rotation
  // NAKcast (extension): the largest datagram a batch of messages may fill (codec bytes; 0 = one
  // message per datagram). Batches form only from Publisher::publish_held (adamant/pubsub.hpp).
  std::size_t batch_bytes = wire::kDefaultBatchDatagram;
  bool keyed() const { return !psk.empty() || !psk_file.empty(); }
};

struct Sample {
  std::uint64_t sequence;
  std::int64_t send_time_ns;
  ByteView payload;
};

// Opaque datagram source/destination (IPv4, host byte order). The sans-IO engines
// only compare and echo it back; the socket layer gives it meaning.
struct Endpoint {
  std::uint32_t ipv4 = 0;
  std::uint16_t port = 0;
  friend bool operator==(const Endpoint& a, const Endpoint& b) {
    return a.ipv4 == b.ipv4 && a.port == b.port;
  }
  friend bool operator!=(const Endpoint& a, const Endpoint& b) { return !(a == b); }
};

// CLOCK_MONOTONIC in ns: the one clock every process on the host shares, so a
// writer's send stamp can be compared with a reader's delivery time.
std::int64_t monotonic_now_ns();
// CLOCK_REALTIME in ns: the clock hosts share (NTP), for the freshness of authenticated datagrams.
std::int64_t wall_now_ns();

}  // namespace adamant
