// The OpenDDS transports' only door into the ADAMANT runtime: C++14-clean (the plugin is
// compiled with the OpenDDS build's standard), implemented in Channel.cpp (C++17) on the
// runtime's Publisher/Subscriber, which host the sans-IO engines unchanged. Each channel is
// driven by its own thread (poll() on the channel's sockets and engine timers), so the
// engines keep their own timing (heartbeats, NAKs, Ricochet repairs, replace pacing and
// retransmissions) independent of OpenDDS's reactor.
#ifndef ADAMANT_OPENDDS_CHANNEL_H
#define ADAMANT_OPENDDS_CHANNEL_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace adamant_opendds {

// One engine stream: what the runtime's ChannelConfig says, in C++14 types.
struct ChannelParams {
  ChannelParams();  // the runtime's defaults (adamant/engine/defaults.hpp, read off the contract table)

  std::string kind = "nakcast";           // baseline | nakcast | ricochet | fec | replace | adaptive
  std::string group = "239.255.42.1";
  std::uint16_t port = 7350;
  std::string iface = "127.0.0.1";
  std::uint32_t stream_id = 1;
  std::int64_t nak_timeout_us;
  int lec_r;
  int lec_c;
  bool lec_nak_fallback;
  std::uint64_t pace_bytes_per_s;         // replace: bandwidth
  bool estimate_bandwidth;                // replace: pace_mode estimate
  std::int64_t enqueue_timeout_us;
  std::int64_t retry_timeout_us;
  std::string table;                      // adaptive: the decision table's JSON file
  std::int64_t hold_us;                   // adaptive: at most one switch this long
  double margin_pct;                      // adaptive: switch only to a score this many % lower
  double loss_pct = 0.0;                  // receive side: injected loss (tests, experiments)
  std::uint64_t seed = 1;
  std::string psk_file;                   // pre-shared key file; "" = $ADAMANT_PSK_FILE, else no key
};

// "" when `path` is a usable key file (adamant/key_file.hpp), else what is wrong with it.
std::string key_file_error(const std::string& path);
// "" when `path` is a decision table the adaptive transport runs (adamant/adaptive/decision_table.hpp:
// it parses and every candidate is a runtime transport with parameters it takes), else what is wrong.
std::string table_error(const std::string& path);
// True when `kind` names a runtime transport this plugin maps (baseline, nakcast, ricochet, fec,
// replace, adaptive).
bool known_kind(const std::string& kind);
// A fresh, non-zero stream id (random; distinct writers on one group must differ).
std::uint32_t fresh_stream_id();
// Largest payload one engine datagram carries for `kind` (OpenDDS fragments above it).
std::size_t max_payload(const std::string& kind);

// A UDP port kept for an ant_replace reader that was given none (port 0): a socket bound to
// INADDR_ANY:0 with SO_REUSEADDR, so the kernel picks a free port and no other ephemeral
// bind gets it while this lives; the reader's receivers bind the same port (SO_REUSEADDR).
// It joins no group and has IP_MULTICAST_ALL off, so nothing is delivered to it.
class PortReservation {
 public:
  PortReservation();  // std::system_error when no port can be bound
  ~PortReservation();
  PortReservation(const PortReservation&) = delete;
  PortReservation& operator=(const PortReservation&) = delete;
  std::uint16_t port() const { return port_; }

 private:
  int fd_;
  std::uint16_t port_;
};

struct SendStats {
  std::uint64_t published = 0, naks_received = 0, retransmitted = 0;
};

// A sender (runtime Publisher) plus its service thread. Thread-safe publish().
class SendChannel {
 public:
  explicit SendChannel(const ChannelParams& params);  // std::exception on socket/parameter errors
  ~SendChannel();
  SendChannel(const SendChannel&) = delete;
  SendChannel& operator=(const SendChannel&) = delete;
  // Hands one OpenDDS transport packet to the engine. replace: the packet supersedes the
  // queued/unacknowledged older ones with its `tag`, and waits in the engine's queue ahead of
  // every lower `priority` (higher is sent first); the other kinds ignore both.
  void publish(const std::uint8_t* data, std::size_t size, std::uint32_t tag, std::uint8_t priority = 0);
  SendStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct ReceiveStats {
  std::uint64_t delivered = 0, unrecoverable = 0, naks_sent = 0, recovered = 0, injected_drops = 0;
};

// A receiver (runtime Subscriber) for one remote stream, plus its thread. `deliver` is called
// from that thread with each recovered OpenDDS transport packet (never under a channel lock).
class ReceiveChannel {
 public:
  typedef std::function<void(const std::uint8_t*, std::size_t)> Deliver;
  ReceiveChannel(const ChannelParams& params, Deliver deliver);
  ~ReceiveChannel();  // stops and joins the thread; no deliver() call after it returns
  ReceiveChannel(const ReceiveChannel&) = delete;
  ReceiveChannel& operator=(const ReceiveChannel&) = delete;
  ReceiveStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace adamant_opendds

#endif
