// Sans-IO protocol engines: no sockets, no clocks. Time is passed in (monotonic ns),
// inputs are datagrams (bytes + source) and timer ticks, outputs are collected in an
// Output: datagrams to send (to the group or to one peer), in-order deliveries, events.
//
// NAKcast receiver late-join rule: a receiver's stream starts at the first sequence it
// learns of — the sequence of the first DATA it receives, or highest+1 from the first
// HEARTBEAT (so a receiver that is up before publishing starts sends heartbeats with
// highest = 0 and therefore starts at sequence 1). Earlier sequences are never
// requested. RETRANSMITs never start a stream (they may be old).
#pragma once

#include <adamant/types.hpp>
#include <adamant/wire.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace adamant::engine {

using Nanos = std::chrono::nanoseconds;  // monotonic time since an arbitrary epoch

enum class Dest { Group, Peer };

struct OutDatagram {
  Dest dest = Dest::Group;
  Endpoint peer;  // meaningful only for Dest::Peer
  std::vector<std::uint8_t> bytes;
};

struct Delivery {
  std::uint64_t sequence = 0;
  std::int64_t send_time_ns = 0;
  std::vector<std::uint8_t> payload;
};

enum class EventKind {
  GapDetected,    // receiver: [first,last] missing
  NakSent,        // receiver: NAK for [first,last]
  Unrecoverable,  // receiver: [first,last] will never be delivered
  SessionReset,   // receiver: a new sender epoch was seen; state restarted at `first`
  NakReceived,    // sender
  Retransmitted,  // sender: [first,last] resent
  NotInHistory,   // sender: NAKed [first,last] already evicted
  Rejected,       // either: undecodable or foreign datagram (first = DecodeError)
};

struct Event {
  EventKind kind;
  std::uint64_t first = 0;
  std::uint64_t last = 0;
};

struct Output {
  std::vector<OutDatagram> datagrams;
  std::vector<Delivery> deliveries;
  std::vector<Event> events;
  void clear() {
    datagrams.clear();
    deliveries.clear();
    events.clear();
  }
};

struct SenderConfig {
  std::uint32_t stream_id = 1;
  std::uint32_t session = 1;
  std::size_t history = 8192;                            // packets kept for retransmission
  Nanos heartbeat_interval = std::chrono::milliseconds(10);  // when idle
  Nanos retransmit_holdoff = std::chrono::milliseconds(10);  // ignore repeat NAKs this soon
};

struct ReceiverConfig {
  std::uint32_t stream_id = 1;
  Nanos nak_timeout = std::chrono::milliseconds(50);
  Nanos nak_jitter = Nanos{0};  // max extra random delay (desynchronises receivers)
  std::uint64_t seed = 1;       // for the jitter
  std::uint64_t max_window = 65536;  // max sequences tracked ahead of the delivery point
  int max_naks = 200;                // per sequence, then declared unrecoverable
};

struct ReceiverStats {
  std::uint64_t delivered = 0;
  std::uint64_t unrecoverable = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t naks_sent = 0;
  std::uint64_t rejected = 0;
};

struct SenderStats {
  std::uint64_t published = 0;
  std::uint64_t naks_received = 0;
  std::uint64_t retransmitted = 0;
  std::uint64_t not_in_history = 0;
  std::uint64_t heartbeats = 0;
  std::uint64_t rejected = 0;
};

class SenderEngine {
 public:
  virtual ~SenderEngine() = default;
  // Stamps the next sequence (starting at 1) and emits a DATA to the group.
  virtual std::uint64_t publish(ByteView payload, Nanos now, Output& out) = 0;
  virtual void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) = 0;
  virtual void on_tick(Nanos now, Output& out) = 0;
  // When on_tick next has work; nullopt = never (until new input).
  virtual std::optional<Nanos> next_deadline() const = 0;
  virtual const SenderStats& stats() const = 0;
};

class ReceiverEngine {
 public:
  virtual ~ReceiverEngine() = default;
  virtual void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) = 0;
  virtual void on_tick(Nanos now, Output& out) = 0;
  virtual std::optional<Nanos> next_deadline() const = 0;
  // Every sequence <= this was delivered or declared unrecoverable (0 = nothing yet).
  virtual std::uint64_t accounted_through() const = 0;
  virtual const ReceiverStats& stats() const = 0;
};

// Baseline: plain multicast, no history, no heartbeats; receivers deliver what arrives
// (newer than anything delivered so far) and ignore the rest.
class BaselineSender final : public SenderEngine {
 public:
  explicit BaselineSender(SenderConfig cfg) : cfg_(cfg) {}
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView, const Endpoint&, Nanos, Output&) override {}
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  const SenderStats& stats() const override { return stats_; }

 private:
  SenderConfig cfg_;
  std::uint64_t next_seq_ = 1;
  SenderStats stats_;
};

class BaselineReceiver final : public ReceiverEngine {
 public:
  explicit BaselineReceiver(ReceiverConfig cfg) : cfg_(cfg) {}
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  std::uint64_t accounted_through() const override { return highest_; }
  const ReceiverStats& stats() const override { return stats_; }

 private:
  ReceiverConfig cfg_;
  std::optional<std::uint32_t> session_;
  std::uint64_t highest_ = 0;
  ReceiverStats stats_;
};

class NakcastSender final : public SenderEngine {
 public:
  explicit NakcastSender(SenderConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override { return stats_; }

  std::uint64_t highest() const { return next_seq_ - 1; }
  std::uint64_t lowest_available() const;  // highest()+1 when history is empty

 private:
  struct Entry {
    std::uint64_t seq;
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
    std::optional<Nanos> last_retransmit;
  };
  void heartbeat(Nanos now, Output& out);

  SenderConfig cfg_;
  std::uint64_t next_seq_ = 1;
  std::deque<Entry> history_;  // contiguous sequences, front = oldest
  std::optional<Nanos> last_send_;
  SenderStats stats_;
};

class NakcastReceiver final : public ReceiverEngine {
 public:
  explicit NakcastReceiver(ReceiverConfig cfg);
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  std::uint64_t accounted_through() const override { return next_expected_ - 1; }
  const ReceiverStats& stats() const override { return stats_; }

  bool started() const { return session_.has_value(); }
  std::size_t missing_count() const { return missing_.size(); }

 private:
  struct Missing {
    Nanos due;
    int naks = 0;
  };
  struct Buffered {
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
  };
  void start(std::uint32_t session, std::uint64_t first, Output& out, bool reset);
  void note_highest(std::uint64_t seq, bool received, Nanos now, Output& out);
  void declare_unrecoverable_below(std::uint64_t seq, Output& out);
  void deliver_ready(Output& out);
  void enforce_window(Output& out);
  Nanos nak_delay();

  ReceiverConfig cfg_;
  std::mt19937_64 rng_;
  std::optional<std::uint32_t> session_;
  std::optional<Endpoint> sender_;  // learned from the datagram source; NAKs go there
  std::uint64_t next_expected_ = 1;  // next sequence to deliver
  std::uint64_t highest_known_ = 0;  // highest sequence known to exist
  std::map<std::uint64_t, Missing> missing_;
  std::map<std::uint64_t, Buffered> buffer_;  // received out of order
  ReceiverStats stats_;
};

std::unique_ptr<SenderEngine> make_sender(TransportKind kind, const SenderConfig& cfg);
std::unique_ptr<ReceiverEngine> make_receiver(TransportKind kind, const ReceiverConfig& cfg);

}  // namespace adamant::engine
