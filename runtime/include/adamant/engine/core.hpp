// What every sans-IO engine shares: no sockets, no clocks. Time is passed in (monotonic ns),
// inputs are datagrams (bytes + source) and timer ticks, outputs are collected in an
// Output: datagrams to send (to the group or to one peer), in-order deliveries, events.
#pragma once

#include <adamant/engine/replace_common.hpp>
#include <adamant/types.hpp>
#include <adamant/wire.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
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
  // Emptied byte buffers kept for reuse (at most kMaxSpare): once they have grown, a steady
  // stream of datagrams and deliveries allocates nothing per message.
  std::vector<std::vector<std::uint8_t>> spare;
  static constexpr std::size_t kMaxSpare = 256;
  // An empty buffer: a spare one (its capacity kept) or a new one.
  std::vector<std::uint8_t> take_buffer();
  void give_back(std::vector<std::uint8_t>&& b);  // to spare (dropped when spare is full)
  void clear_datagrams();  // their buffers to spare
  void clear() {
    clear_datagrams();
    for (auto& d : deliveries) give_back(std::move(d.payload));
    deliveries.clear();
    events.clear();
  }
};

// Bytes on the wire (whole datagrams, our header included) by kind, as emitted by an
// engine: a multicast counts once, a unicast once per destination.
struct WireBytes {
  std::uint64_t data = 0;        // DATA
  std::uint64_t nak = 0;         // NAK
  std::uint64_t repair = 0;      // Ricochet REPAIR
  std::uint64_t retransmit = 0;  // RETRANSMIT
  std::uint64_t control = 0;     // HEARTBEAT, JOIN, LEAVE
  void add(const WireBytes& o) {
    data += o.data, nak += o.nak, repair += o.repair, retransmit += o.retransmit, control += o.control;
  }
  std::uint64_t total() const { return data + nak + repair + retransmit + control; }
};
// Adds every datagram in `out` to `acc` (classified by the header's kind byte).
void count_sent(const Output& out, WireBytes& acc);

struct ReceiverStats {
  std::uint64_t delivered = 0;
  std::uint64_t unrecoverable = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t naks_sent = 0;      // NAK messages (a copy to the group too counts once)
  std::uint64_t nak_sequences = 0;  // sequences those NAKs asked for
  std::uint64_t rejected = 0;
  std::uint64_t repairs_sent = 0;  // Ricochet: repair packets sent to peers
  std::uint64_t recovered = 0;     // Ricochet: packets rebuilt from a repair
};

struct SenderStats {
  std::uint64_t published = 0;
  std::uint64_t naks_received = 0;
  std::uint64_t retransmitted = 0;
  std::uint64_t repaired = 0;  // distinct sequences retransmitted (the lost packets NAKed)
  std::uint64_t not_in_history = 0;
  std::uint64_t heartbeats = 0;
  std::uint64_t rejected = 0;
  std::uint64_t repairs_sent = 0;  // FEC: REPAIR packets multicast
};

class SenderEngine {
 public:
  virtual ~SenderEngine() = default;
  // Stamps the next sequence (starting at 1) and emits a DATA to the group.
  virtual std::uint64_t publish(ByteView payload, Nanos now, Output& out) = 0;
  // Publishes with a message tag (replace/fifo transports); the others ignore the tag.
  virtual std::uint64_t publish_tagged(std::uint32_t /*tag*/, ByteView payload, Nanos now, Output& out) {
    return publish(payload, now, out);
  }
  // Publishes with a tag, a priority (higher is sent first) and whether it replaces older
  // messages of its tag (replace transport only; fifo never replaces). Only replace/fifo
  // use priority and replacement; the others publish as publish_tagged does.
  virtual std::uint64_t publish_message(std::uint32_t tag, std::uint8_t /*priority*/, bool /*replaces*/,
                                        ByteView payload, Nanos now, Output& out) {
    return publish_tagged(tag, payload, now, out);
  }
  // As publish_message, in the delivery class `cls` (its priority included); replace/fifo only.
  virtual std::uint64_t publish_in_class(std::uint32_t tag, const MessageClass& cls, bool replaces,
                                         ByteView payload, Nanos now, Output& out) {
    return publish_message(tag, cls.priority, replaces, payload, now, out);
  }
  // As publish_tagged, but an engine that batches (NAKcast with batch_bytes) may hold the
  // message for a datagram shared with the next ones, emitting only a full one; send_held() (and
  // on_tick, publish) emit what is held. For a caller that knows more messages are due now.
  virtual std::uint64_t publish_held(std::uint32_t tag, ByteView payload, Nanos now, Output& out) {
    return publish_tagged(tag, payload, now, out);
  }
  virtual void send_held(Nanos /*now*/, Output& /*out*/) {}
  virtual void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) = 0;
  virtual void on_tick(Nanos now, Output& out) = 0;
  // When on_tick next has work; nullopt = never (until new input).
  virtual std::optional<Nanos> next_deadline() const = 0;
  virtual const SenderStats& stats() const = 0;
  // Entries the engine holds (history packets, queued / in-flight messages, receiver
  // obligations, block parts): what a sustained-load test checks stays bounded.
  virtual std::size_t state_entries() const = 0;
};

class ReceiverEngine {
 public:
  virtual ~ReceiverEngine() = default;
  virtual void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) = 0;
  // As on_datagram, for a datagram wire::decode accepted as `pkt` (its payload within `bytes`): the
  // simulator decodes a multicast datagram once for every reader it reaches. By default the engine
  // decodes `bytes` itself.
  virtual void on_packet(const wire::Packet& pkt, ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
    static_cast<void>(pkt);
    on_datagram(bytes, from, now, out);
  }
  virtual void on_tick(Nanos now, Output& out) = 0;
  virtual std::optional<Nanos> next_deadline() const = 0;
  // Every sequence <= this was delivered or declared unrecoverable (0 = nothing yet).
  virtual std::uint64_t accounted_through() const = 0;
  virtual const ReceiverStats& stats() const = 0;
  // Entries the engine holds (buffered / stored packets, missing and settled sequences,
  // kept repairs, members, held messages): see SenderEngine::state_entries.
  virtual std::size_t state_entries() const = 0;
  // Whether a datagram from a peer (a unicast REPAIR) could deliver something now. When false the
  // socket layer need not wake for peer datagrams: it reads them the next time it wakes anyway.
  virtual bool wants_peer_datagrams() const { return true; }
};

}  // namespace adamant::engine
