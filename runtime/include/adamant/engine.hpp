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
#include <set>
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

// Builds one REPAIR: the XOR of some packets' payloads (zero-padded to the longest),
// lengths and send times, with the covered sequences. Ricochet receivers and the FEC
// sender both build their repairs with it.
struct XorRepair {
  std::vector<std::uint64_t> seqs;
  std::uint32_t len_xor = 0;
  std::int64_t time_xor = 0;
  std::vector<std::uint8_t> bytes;
  void add(std::uint64_t seq, std::int64_t send_time_ns, ByteView payload);
  bool empty() const { return seqs.empty(); }
  std::vector<std::uint8_t> encode(std::uint32_t session, std::uint32_t stream_id, Nanos now) const;
};

struct SenderConfig {
  std::uint32_t stream_id = 1;
  std::uint32_t session = 1;
  std::size_t history = 8192;                            // packets kept for retransmission
  Nanos heartbeat_interval = std::chrono::milliseconds(10);  // when idle
  Nanos retransmit_holdoff = std::chrono::milliseconds(10);  // ignore repeat NAKs this soon
  // Replace / Fifo only (see replace.hpp).
  std::uint64_t pace_bytes_per_s = 0;   // fixed pace, or the start of the estimate
  bool estimate_bandwidth = false;       // pace to the bandwidth measured from ACKs
  std::size_t pace_overhead_bytes = 0;  // added per datagram below the engine (HMAC trailer)
  Nanos enqueue_timeout{0};
  Nanos retry_timeout = std::chrono::seconds(10);
  std::size_t min_receivers = 1;  // receivers every message waits for (see replace.hpp)
  // FEC only (see FecSender).
  int fec_r = 4;                                       // data packets per block (1..64)
  int fec_c = 1;                                       // repair packets per block (1..r)
  Nanos fec_flush = std::chrono::milliseconds(50);     // repairs of a partial block after this
};

struct ReceiverConfig {
  std::uint32_t stream_id = 1;
  Nanos nak_timeout = std::chrono::milliseconds(50);
  Nanos nak_jitter = Nanos{0};  // max extra random delay (desynchronises receivers)
  std::uint64_t seed = 1;       // for the jitter
  std::uint64_t max_window = 65536;  // max sequences tracked ahead of the delivery point
  int max_naks = 200;                // per sequence, then declared unrecoverable

  // Ricochet (lateral error correction).
  Endpoint self;                  // this receiver's unicast endpoint (repairs arrive there)
  std::uint32_t member_id = 0;    // id in the group membership (0 = no membership traffic)
  int lec_r = 8;                  // data packets XORed into one repair (1..64)
  int lec_c = 3;                  // members each repair is sent to (1..64)
  Nanos lec_flush = std::chrono::milliseconds(50);    // partial repair after this idle time
  Nanos lec_give_up = std::chrono::seconds(1);        // missing this long = unrecoverable
  bool lec_nak_fallback = false;  // also NAK the sender (after nak_timeout) while missing
  bool lec_repairs = true;        // false (FEC): use the sender's repairs, build none
  Nanos announce_interval = std::chrono::milliseconds(500);  // JOIN refresh period
  Nanos member_timeout = std::chrono::seconds(2);     // silent members are dropped
  std::size_t max_members = 1024;                     // membership table bound
  std::size_t lec_store = 4096;         // recent packets kept for XOR recovery
  std::size_t max_pending_repairs = 256;  // repairs waiting for one more packet
  Nanos repair_expiry = std::chrono::seconds(1);
};

struct ReceiverStats {
  std::uint64_t delivered = 0;
  std::uint64_t unrecoverable = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t naks_sent = 0;
  std::uint64_t rejected = 0;
  std::uint64_t repairs_sent = 0;  // Ricochet: repair packets sent to peers
  std::uint64_t recovered = 0;     // Ricochet: packets rebuilt from a repair
};

struct SenderStats {
  std::uint64_t published = 0;
  std::uint64_t naks_received = 0;
  std::uint64_t retransmitted = 0;
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
  virtual void on_tick(Nanos now, Output& out) = 0;
  virtual std::optional<Nanos> next_deadline() const = 0;
  // Every sequence <= this was delivered or declared unrecoverable (0 = nothing yet).
  virtual std::uint64_t accounted_through() const = 0;
  virtual const ReceiverStats& stats() const = 0;
  // Entries the engine holds (buffered / stored packets, missing and settled sequences,
  // kept repairs, members, held messages): see SenderEngine::state_entries.
  virtual std::size_t state_entries() const = 0;
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
  std::size_t state_entries() const override { return 0; }

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
  std::size_t state_entries() const override { return 0; }

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
  std::size_t state_entries() const override { return history_.size(); }

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
  std::size_t state_entries() const override { return missing_.size() + buffer_.size(); }

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

// Ricochet receiver: delivers every packet as soon as it arrives or is rebuilt, i.e. OUT
// OF ORDER (a recovered packet keeps its original send time, so its latency counts from
// the original send). Every `lec_r` DATA packets received from the sender (in arrival
// order) are XORed (payloads zero-padded, lengths and send times too) into one REPAIR
// unicast to `lec_c` members chosen at random from the membership; a partial repair is
// sent after `lec_flush` without data. A REPAIR with exactly one covered packet missing
// rebuilds it; one with more missing is kept (bounded, expiring) until other recoveries
// make it usable. Membership is learned from JOIN (re-announced every announce_interval)
// and LEAVE multicasts; members silent for member_timeout are dropped. A packet still
// missing after lec_give_up is declared unrecoverable. The sender side is NakcastSender
// (DATA, idle heartbeats, retransmissions for the optional NAK fallback).
class RicochetReceiver final : public ReceiverEngine {
 public:
  explicit RicochetReceiver(ReceiverConfig cfg);
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  std::uint64_t accounted_through() const override { return next_expected_ - 1; }
  const ReceiverStats& stats() const override { return stats_; }
  std::size_t state_entries() const override {
    return settled_.size() + missing_.size() + store_.size() + pending_.size() + members_.size() + bin_.rep.seqs.size();
  }

  // Changes r and c at run time (clamped to 1..64); a bin already holding >= r packets
  // is sent with the next packet.
  void set_lec(int r, int c);
  int lec_r() const { return cfg_.lec_r; }
  int lec_c() const { return cfg_.lec_c; }
  // Multicasts a LEAVE for this member (call before going away).
  void leave(Nanos now, Output& out);
  std::size_t member_count() const { return members_.size(); }  // excluding self
  std::size_t pending_repairs() const { return pending_.size(); }
  bool started() const { return session_.has_value(); }

 private:
  struct Stored {
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
  };
  struct Bin {
    XorRepair rep;
    Nanos last_add{0};
  };
  struct Pending {
    Nanos expires;
    std::vector<std::uint64_t> seqs;
    std::uint32_t len_xor;
    std::int64_t time_xor;
    std::vector<std::uint8_t> bytes;
  };
  struct MemberInfo {
    Endpoint ep;
    Nanos last_seen;
  };
  struct Missing {
    Nanos since;
    Nanos nak_due;
  };
  enum class Use { Useless, Recovered, Wait, Unusable };

  void start(std::uint32_t session, std::uint64_t first, Output& out, bool reset);
  bool settled(std::uint64_t seq) const { return seq < next_expected_ || settled_.count(seq) > 0; }
  void settle(std::uint64_t seq);
  void compact();
  void note_highest(std::uint64_t seq, bool received, Nanos now, Output& out);
  void give_up_below(std::uint64_t limit, Output& out);
  void accept_packet(std::uint64_t seq, std::int64_t send_time, std::vector<std::uint8_t> payload,
                     bool from_sender, Nanos now, Output& out);
  Use try_repair(const std::vector<std::uint64_t>& seqs, std::uint32_t len_xor,
                 std::int64_t time_xor, ByteView bytes, Nanos now, Output& out);
  void cascade(Nanos now, Output& out);
  void on_repair(const wire::Packet& pkt, Nanos now, Output& out);
  void on_membership(const wire::Packet& pkt, Nanos now, Output& out);
  bool announces() const;
  void flush_bin(Nanos now, Output& out);
  void announce(Nanos now, Output& out);

  ReceiverConfig cfg_;
  std::mt19937_64 rng_;
  std::optional<std::uint32_t> session_;
  std::optional<Endpoint> sender_;
  std::uint64_t next_expected_ = 1;  // every sequence below is delivered or given up
  std::uint64_t highest_known_ = 0;
  std::set<std::uint64_t> settled_;  // delivered or given up, >= next_expected_
  std::map<std::uint64_t, Missing> missing_;
  std::map<std::uint64_t, Stored> store_;
  Bin bin_;
  std::deque<Pending> pending_;
  std::size_t pending_bytes_ = 0;
  std::map<std::uint32_t, MemberInfo> members_;  // ordered: deterministic target choice
  std::optional<Nanos> last_announce_;
  bool announce_soon_ = false;
  ReceiverStats stats_;
};

// FEC (sender-based XOR): DATA and idle heartbeats as NakcastSender; every `fec_r` packets
// form a block and the sender multicasts `fec_c` REPAIRs for it, repair i covering the block's
// packets at positions j with j mod c = i (interleaved), so a block recovers up to c losses
// that fall in different positions mod c — any single loss. A partial block gets its repairs
// after `fec_flush` without a new packet (the tail of a stream). Receivers are
// RicochetReceivers that build no repairs (ReceiverConfig::lec_repairs = false): out-of-order
// delivery, unrecoverable after lec_give_up. Same REPAIR wire message as Ricochet's.
class FecSender final : public SenderEngine {
 public:
  explicit FecSender(SenderConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override;
  std::size_t state_entries() const override;
  int r() const { return r_; }
  int c() const { return c_; }

 private:
  void flush(Nanos now, Output& out);

  SenderConfig cfg_;
  NakcastSender data_;  // DATA, heartbeats (NAKs are answered too, though FEC receivers send none)
  int r_, c_;
  std::vector<XorRepair> parts_;  // c_ interleaved repairs of the current block
  int in_block_ = 0;
  Nanos last_add_{0};
  mutable SenderStats stats_;
};

std::unique_ptr<SenderEngine> make_sender(TransportKind kind, const SenderConfig& cfg);
std::unique_ptr<ReceiverEngine> make_receiver(TransportKind kind, const ReceiverConfig& cfg);

}  // namespace adamant::engine
