// Mockets-style message transport with tag replacement (sans-IO, one receiver per
// connection). TransportKind::Replace and TransportKind::Fifo (the same sender with
// replacement switched off, the contrast case).
//
// Sender
// - Messages carry a tag, a class (reliable/unreliable × sequenced/unsequenced) and a
//   priority. They wait in ADAMANT's own queue, ordered by priority (higher first), then
//   by message id (FIFO). The queue drains through a token bucket paced to the configured
//   bandwidth (`pace_bytes_per_s`, whole datagrams; 0 = unpaced), so messages wait here —
//   where replacement can act — instead of in the network's queue.
// - replace(tag, msg) (Replace only; publish_tagged() does the same): cancels every queued
//   and every sent-but-unacknowledged older message with that tag (the latter are never
//   retransmitted), then enqueues the new one. cancel(tag) cancels without a new one.
// - Reliable messages are retransmitted after an RTO (Jacobson/Karn estimate from ACKs of
//   once-sent messages, clamped to [min_rto, max_rto]) until acknowledged, cancelled, or
//   `retry_timeout` after their first transmission (then abandoned).
// - A queued message that waited longer than `enqueue_timeout` (0 = forever) is dropped.
// Receiver
// - ACKs every MSG at once: cumulative id (advanced past ids the sender no longer needs,
//   from the MSG's low water) + up to 64 selective ranges above it.
// - Unsequenced classes deliver on arrival (duplicates dropped). Unreliable sequenced
//   delivers only messages newer (flow sequence) than the last delivered of its class.
//   Reliable sequenced delivers in flow order, skipping flow sequences below the MSG's
//   `flow low` (cancelled / abandoned on the sender); a message waits only for its
//   `flow prev` (the newest older message the sender still meant to deliver). A message older than one already
//   delivered with the same tag is dropped as obsolete (stats: obsolete).
#pragma once

#include <adamant/engine.hpp>

#include <map>
#include <optional>
#include <set>

namespace adamant::engine {

struct MessageClass {
  bool reliable = true;
  bool sequenced = true;
  std::uint8_t priority = 0;  // higher is sent first
};

struct ReplaceConfig {
  std::uint32_t stream_id = 1;
  std::uint32_t session = 1;
  bool replacement = true;                 // false: Fifo
  std::uint64_t pace_bytes_per_s = 0;      // token bucket rate; 0 = unpaced
  std::size_t pace_burst_bytes = 1500;     // bucket depth
  std::size_t pace_overhead_bytes = 0;     // per datagram, added below the engine (HMAC trailer)
  Nanos enqueue_timeout{0};                // 0 = never drop queued messages
  Nanos retry_timeout = std::chrono::seconds(10);  // give up a reliable message after this
  Nanos initial_rto = std::chrono::seconds(1);
  Nanos min_rto = std::chrono::milliseconds(20);
  Nanos max_rto = std::chrono::seconds(10);
  MessageClass default_class;              // what publish() / publish_tagged() use
};

struct TagStats {
  std::uint64_t sent = 0;       // first transmissions
  std::uint64_t received = 0;   // receiver: delivered
  std::uint64_t cancelled = 0;  // sender: replaced or cancelled (queued or unacknowledged)
};

struct ReplaceSenderStats {
  std::uint64_t enqueued = 0, transmitted = 0, retransmissions = 0, acked = 0;
  std::uint64_t replaced_queued = 0;    // cancelled before their first transmission
  std::uint64_t replaced_inflight = 0;  // cancelled while sent but unacknowledged
  std::uint64_t cancelled = 0;          // by cancel(tag)
  std::uint64_t expired = 0;            // enqueue timeout
  std::uint64_t abandoned = 0;          // retry timeout
  Nanos srtt{0}, rttvar{0}, rto{0};
  std::size_t queue_length = 0, unacked = 0;
  std::map<std::uint32_t, TagStats> tags;
};

class ReplaceSender final : public SenderEngine {
 public:
  explicit ReplaceSender(ReplaceConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  std::uint64_t publish_tagged(std::uint32_t tag, ByteView payload, Nanos now, Output& out) override;
  // Enqueues (replacing older messages with `tag` when replacement is on); returns the id.
  std::uint64_t replace(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now, Output& out);
  std::uint64_t send(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now, Output& out);
  std::size_t cancel(std::uint32_t tag);  // queued + unacknowledged messages cancelled
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override { return stats_; }
  const ReplaceSenderStats& replace_stats() const { return rstats_; }

 private:
  struct Msg {
    std::uint64_t id;
    std::uint32_t tag;
    MessageClass cls;
    std::uint64_t flow_seq;
    Nanos enqueued;
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> body;
  };
  struct Inflight {
    Msg msg;
    Nanos first_tx, last_tx;
    int tx = 0;
  };
  using QKey = std::pair<int, std::uint64_t>;  // (-priority, id)
  static int flow_of(const MessageClass& c) { return (c.reliable ? 1 : 0) | (c.sequenced ? 2 : 0); }
  std::uint64_t enqueue(std::uint32_t tag, ByteView payload, const MessageClass& cls, bool replace, Nanos now);
  std::size_t drop_tag(std::uint32_t tag, bool by_cancel);
  void refill(Nanos now);
  void pump(Nanos now, Output& out);
  void transmit(const Msg& m, Nanos now, Output& out);
  std::uint64_t low_water() const;
  std::uint64_t flow_low(int flow) const;
  std::uint64_t flow_prev(int flow, std::uint64_t below) const;
  Nanos rto() const;
  void sync_stats();

  ReplaceConfig cfg_;
  std::uint64_t next_id_ = 1;
  std::uint64_t next_flow_seq_[4] = {1, 1, 1, 1};
  std::map<QKey, Msg> queue_;
  std::map<std::uint64_t, Inflight> inflight_;  // reliable, sent, unacknowledged
  double tokens_ = 0;                           // bytes
  std::optional<Nanos> last_refill_;
  std::optional<Nanos> srtt_, rttvar_;
  SenderStats stats_;
  ReplaceSenderStats rstats_;
};

struct ReplaceReceiverStats {
  std::uint64_t obsolete = 0;  // older than a delivered message of the same tag/flow
  std::uint64_t acks_sent = 0;
  std::map<std::uint32_t, TagStats> tags;
};

class ReplaceReceiver final : public ReceiverEngine {
 public:
  explicit ReplaceReceiver(ReceiverConfig cfg) : cfg_(cfg) {}
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  // Highest message id received (delivered, or dropped as obsolete/duplicate).
  std::uint64_t accounted_through() const override { return highest_; }
  const ReceiverStats& stats() const override { return stats_; }
  const ReplaceReceiverStats& replace_stats() const { return rstats_; }

 private:
  struct Held {
    std::uint64_t id;
    std::uint32_t tag;
    std::int64_t send_time_ns;
    std::uint64_t prev;
    std::vector<std::uint8_t> body;
  };
  void deliver(std::uint64_t id, std::uint32_t tag, std::int64_t t, std::vector<std::uint8_t> body, Output& out);
  void advance_cum();

  ReceiverConfig cfg_;
  std::optional<std::uint32_t> session_;
  std::uint64_t cum_ = 0, highest_ = 0;
  std::set<std::uint64_t> above_;               // received ids > cum_
  std::uint64_t next_flow_[4] = {1, 1, 1, 1};   // sequenced: next flow seq to deliver
  std::map<std::uint64_t, Held> held_[4];       // reliable sequenced: waiting for a gap
  std::map<std::uint32_t, std::uint64_t> tag_latest_;  // newest id delivered per tag
  ReceiverStats stats_;
  ReplaceReceiverStats rstats_;
};

}  // namespace adamant::engine
