// Mockets-style message transport with tag replacement (sans-IO). One sender serves N
// receivers. TransportKind::Replace and TransportKind::Fifo (the same sender with
// replacement switched off, the contrast case).
//
// Receivers (connections)
// - A MSG is multicast once to the group; every receiver ACKs it to the sender. The sender
//   learns a receiver (its endpoint) from its first ACK and keeps a connection for it: the
//   messages it has not acknowledged yet (with its own retransmission count and time), its
//   RTT estimate and RTO, and statistics (receiver_stats()).
// - A reliable message stays in flight until every known receiver acknowledged it and at
//   least `min_receivers` receivers are known; while fewer are known it is retransmitted to
//   the group every RTO, so a receiver that missed it before its first ACK still gets it.
//   A receiver learnt later owes the in-flight messages above its cumulative ACK; messages
//   completed before it was known are skipped for it (the MSG's low water tells it).
// - Retransmission: per receiver after its RTO; when two or more receivers (or an unknown
//   one) are due for the same message it is multicast once, otherwise unicast to the one.
// - A receiver that did not ACK anything since a message was first sent, when that message
//   reaches the retry timeout, is dropped (it left); it is learnt again from a new ACK.
// - Pacing is one token bucket over everything the sender emits (multicast and unicast
//   retransmissions): the link bandwidth is shared by all receivers.
// - Bandwidth estimation (`estimate_bandwidth`; off = the fixed pace `pace_bytes_per_s`):
//   the pace follows the link, measured from the acknowledgements (Mockets' network
//   condition monitoring reports the available bandwidth; this is how ADAMANT measures it).
//   Every reliable message sent once to a known receiver is a delivery-rate sample when that
//   receiver acknowledges it (also after replace/cancel dropped it in flight): the bytes the
//   receiver acknowledged since the reference message (the one it had acknowledged last when
//   this one was sent), over the longer of the send interval and the ACK interval between the
//   two (DeliverySample). A sample saw the path limit the rate when its ACK interval exceeds
//   its send interval (by 1/8 + 1 ms: a queue grew) or fewer bytes arrived than were sent to
//   that receiver in between (by more than 1/8: a full queue dropped them); it measures the
//   bottleneck. A sample above the estimate raises it to the sample (it cannot exceed what was
//   sent); one below moves it halfway down when the path limited it or when the sender was
//   sending all it could (messages waited behind this one, not in a draining round); a low
//   sample of an app-limited message just means the sender had less to send. The sender's
//   estimate is the lowest of its receivers' (one multicast serves them all). The pace is
//   the estimate times a gain cycling 5/4, 3/4, 1, 1 per round (the slowest receiver's
//   smoothed RTT, at least `bwe_min_round`): the 5/4 round probes for more bandwidth, the 3/4
//   round drains what the probe queued. It starts at `pace_bytes_per_s` (0:
//   `bwe_initial_bytes_per_s`) and stays within [bwe_min, bwe_max].
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
// - Reliable messages are retransmitted after an RTO (per receiver: Jacobson/Karn estimate
//   from ACKs of once-sent messages, clamped to [min_rto, max_rto]) until acknowledged by
//   every receiver, cancelled, or `retry_timeout` after their first transmission (abandoned).
// - A queued message that waited longer than `enqueue_timeout` (0 = forever) is dropped.
// Receiver
// - ACKs every MSG at once: cumulative id (advanced past ids the sender no longer needs,
//   from the MSG's low water) + selective ranges above it, the oldest first, as many as
//   keep the ACK within the MSG's size ((40 + body) / 16, 4..64 ranges: the ACKs of a deep
//   backlog must not crowd out the data on a link they share). When more do not fit, the
//   last range is the one holding this MSG's id (a queued low-priority message or a lost
//   one holds the low water back while newer ids arrive: each is still acknowledged).
// - Flow sequences (per class) are numbered at a message's first transmission (its id at
//   enqueue), so flow order is sending order and never waits for a message still queued.
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
  std::size_t min_receivers = 1;           // receivers a message waits for (known by their ACKs)
  std::size_t max_receivers = 1024;        // connection table bound (ACKs of others are rejected)
  // Bandwidth estimation (see above): the pace follows the acknowledged delivery rate.
  bool estimate_bandwidth = false;
  std::uint64_t bwe_initial_bytes_per_s = 125'000;  // start when pace_bytes_per_s is 0
  std::uint64_t bwe_min_bytes_per_s = 500;
  std::uint64_t bwe_max_bytes_per_s = 1'250'000'000;
  Nanos bwe_min_round = std::chrono::milliseconds(10);
};

// One delivery-rate measurement (sans-IO, pure: deterministic tests call it directly).
// A receiver's delivery state: the bytes it acknowledged (each message once), when that
// count last grew, and when the message acknowledged then had been sent.
// `sent` counts every byte sent that it had not acknowledged (retransmissions too), and
// `first_sent_bytes` was `sent` just after that message was sent.
// `unknown` counts bytes settled without knowing whether they arrived (see settle_unknown).
struct DeliveryState {
  std::uint64_t delivered = 0, sent = 0, first_sent_bytes = 0, unknown = 0;
  Nanos delivered_time{0}, first_sent_time{0};
};
// What a message records when it is sent to a receiver: that receiver's delivery state.
struct DeliverySnapshot {
  std::uint64_t delivered = 0, first_sent_bytes = 0, sent_bytes = 0, unknown = 0;
  Nanos delivered_time{0}, first_sent_time{0}, sent{0};
  bool valid = false;  // the receiver had acknowledged something before (a reference exists)
  // The sender could have sent more: nothing waited behind the message, or it was sent in a
  // draining round (gain < 1). Such a sample says little about the path when it is low.
  bool app_limited = false;
};
struct DeliverySample {
  double bytes_per_s = 0;
  bool network_limited = false;  // the ACKs came slower than the messages were sent, or fewer
  bool app_limited = false;      // the snapshot's
};
// A message of `bytes` sent to the receiver at `sent`: counts it, returns its snapshot.
DeliverySnapshot on_sent(DeliveryState& d, std::size_t bytes, Nanos sent);
// A message the receiver may or may not have got was settled (its ACK covers it, but it
// might have been told to skip it): not a sample, and not counted as lost.
void settle_unknown(DeliveryState& d, std::size_t bytes);
// The receiver acknowledged the message of `bytes` sent with `snap` at `now`: updates `d`
// and returns the sample (none for an invalid snapshot or an empty interval).
std::optional<DeliverySample> on_delivered(DeliveryState& d, const DeliverySnapshot& snap, std::size_t bytes,
                                           Nanos now);

// One receiver's bandwidth estimate from its samples (see above), within [min, max].
class BandwidthEstimate {
 public:
  BandwidthEstimate(double initial, double min, double max);
  void add(const DeliverySample& s);
  double bytes_per_s() const { return bw_; }
  std::uint64_t samples() const { return samples_; }

 private:
  double bw_, min_, max_;
  std::uint64_t samples_ = 0;
};

// The pacing gain of probe round `round` (0, 1, 2, ...): 5/4, 3/4, 1, 1, repeating.
double pacing_gain(std::uint64_t round);

// One receiver as its sender sees it.
struct ReceiverConnStats {
  Endpoint endpoint;
  Nanos srtt{0}, rttvar{0}, rto{0};       // srtt 0: no sample yet (rto = initial_rto)
  std::uint64_t acks = 0;                  // ACK datagrams received from it
  std::uint64_t acked = 0;                 // messages it acknowledged
  std::uint64_t retransmissions = 0;       // retransmissions it was due (unicast or multicast)
  std::uint64_t cancelled = 0;             // in-flight messages it owed that replace/cancel dropped
  std::uint64_t abandoned = 0;             // messages it owed at their retry timeout
  std::size_t unacked = 0;                 // in-flight messages it has not acknowledged
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
  std::uint64_t receivers_dropped = 0;  // connections dropped (silent past a retry timeout)
  Nanos srtt{0}, rttvar{0}, rto{0};     // of the slowest known receiver (largest RTO)
  std::size_t receivers = 0;            // known receivers (connections)
  std::size_t queue_length = 0, unacked = 0;
  std::map<std::uint32_t, TagStats> tags;
  // Pacing: the rate the token bucket fills at now (0 = unpaced) and, when estimating,
  // the bandwidth estimate (the slowest receiver's) and the samples taken.
  double pace_bytes_per_s = 0, estimate_bytes_per_s = 0;
  std::uint64_t bandwidth_samples = 0;
};

class ReplaceSender final : public SenderEngine {
 public:
  explicit ReplaceSender(ReplaceConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  std::uint64_t publish_tagged(std::uint32_t tag, ByteView payload, Nanos now, Output& out) override;
  // The default class with `priority`; replace() when `replaces`, else send().
  std::uint64_t publish_message(std::uint32_t tag, std::uint8_t priority, bool replaces, ByteView payload,
                                Nanos now, Output& out) override;
  // Enqueues (replacing older messages with `tag` when replacement is on); returns the id.
  std::uint64_t replace(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now, Output& out);
  std::uint64_t send(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now, Output& out);
  std::size_t cancel(std::uint32_t tag);  // queued + unacknowledged messages cancelled (all receivers)
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override { return stats_; }
  std::size_t state_entries() const override {
    return queue_.size() + inflight_.size() + obligations() + conns_.size() + ghosts_.size();
  }
  const ReplaceSenderStats& replace_stats() const { return rstats_; }
  // One entry per known receiver, in endpoint order.
  std::vector<ReceiverConnStats> receiver_stats() const;
  // Memory bound checks: messages queued, in flight, and receiver obligations held.
  std::size_t queued() const { return queue_.size(); }
  std::size_t in_flight() const { return inflight_.size(); }
  std::size_t obligations() const;

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
  struct Owed {  // a receiver that has not acknowledged an in-flight message
    std::uint64_t conn;
    Nanos last_tx;
    int tx;
    DeliverySnapshot snap;  // its delivery state at the first transmission
  };
  // A message replaced or cancelled while in flight: receivers may still acknowledge it, and
  // their ACKs still measure the delivery rate (kept until all did, or retry_timeout).
  struct Ghost {
    std::size_t bytes;
    Nanos first_tx;
    std::vector<Owed> owed;
    bool skip_announced = false;  // a MSG carried low water id + 1 (see on_ack)
  };
  static constexpr std::size_t kMaxGhosts = 4096;
  struct Inflight {
    Msg msg;
    Nanos first_tx, last_tx;  // last_tx: last multicast
    int tx = 0;
    std::vector<Owed> owed;
  };
  struct Conn {
    Endpoint ep;
    std::optional<Nanos> srtt, rttvar;
    Nanos rto;
    Nanos last_heard;
    ReceiverConnStats stats;
    DeliveryState delivery;
    BandwidthEstimate bw;
    std::optional<Nanos> backed_off;  // last RTO backoff (reset by an RTT sample)
  };
  static std::uint64_t conn_key(const Endpoint& e) { return (std::uint64_t{e.ipv4} << 16) | e.port; }
  using QKey = std::pair<int, std::uint64_t>;  // (-priority, id)
  static int flow_of(const MessageClass& c) { return (c.reliable ? 1 : 0) | (c.sequenced ? 2 : 0); }
  std::uint64_t enqueue(std::uint32_t tag, ByteView payload, const MessageClass& cls, bool replace, Nanos now);
  std::size_t drop_tag(std::uint32_t tag, bool by_cancel);
  void refill(Nanos now);
  bool paced() const { return cfg_.pace_bytes_per_s > 0 || cfg_.estimate_bandwidth; }
  double pace_rate() const;  // bytes/s the bucket fills at now
  double estimate() const;   // the slowest receiver's estimate (the start value before any)
  void pump(Nanos now, Output& out);
  void transmit(const Msg& m, Dest dest, const Endpoint& peer, Output& out);
  bool complete(const Inflight& f) const { return f.owed.empty() && conns_.size() >= cfg_.min_receivers; }
  bool group_due(const Inflight& f, Nanos now) const {
    return conns_.size() < cfg_.min_receivers && f.last_tx + group_rto() <= now;
  }
  Nanos group_rto() const;
  void retransmit(Inflight& f, Nanos now, Output& out);
  // Delivery-rate sample, and (rtt) an RTT sample when the message was sent once.
  void measure(Conn& c, const Owed& o, std::size_t bytes, Nanos now, bool rtt);
  void on_ack(std::uint64_t key, std::uint64_t cum, const std::vector<wire::SeqRange>& ranges, Nanos now);
  void drop_conns(const std::vector<std::uint64_t>& keys);
  std::uint64_t low_water() const;
  std::uint64_t flow_low(int flow) const;
  std::uint64_t flow_prev(int flow, std::uint64_t below) const;
  Nanos conn_rto(const Conn& c) const;
  void sync_stats();

  ReplaceConfig cfg_;
  std::uint64_t next_id_ = 1;
  std::uint64_t next_flow_seq_[4] = {1, 1, 1, 1};
  std::map<QKey, Msg> queue_;
  std::map<std::uint64_t, Inflight> inflight_;  // reliable, sent, unacknowledged
  std::map<std::uint64_t, Ghost> ghosts_;       // replaced/cancelled in flight, by id
  double tokens_ = 0;                           // bytes
  std::optional<Nanos> last_refill_;
  double start_rate_ = 0;                       // estimation: before any sample
  std::uint64_t round_ = 0;                     // estimation: probe round (pacing_gain)
  std::optional<Nanos> round_start_;
  std::map<std::uint64_t, Conn> conns_;        // by conn_key(endpoint)
  SenderStats stats_;
  ReplaceSenderStats rstats_;
};

struct ReplaceReceiverStats {
  std::uint64_t obsolete = 0;  // older than a delivered message of the same tag/flow
  std::uint64_t acks_sent = 0;
  std::uint64_t acks_truncated = 0;  // ACKs whose ranges did not all fit (the last: this MSG's)
  std::map<std::uint32_t, TagStats> tags;
};

class ReplaceReceiver final : public ReceiverEngine {
 public:
  explicit ReplaceReceiver(ReceiverConfig cfg) : cfg_(cfg) {}
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  // Every message id <= this was received (delivered or dropped as obsolete/duplicate) or
  // will never come (the sender's low water: cancelled, replaced, abandoned, unreliable).
  std::uint64_t accounted_through() const override { return cum_; }
  std::uint64_t highest_received() const { return highest_; }
  const ReceiverStats& stats() const override { return stats_; }
  std::size_t state_entries() const override;
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
  static constexpr std::size_t kMinAckRanges = 4;      // ACK ranges even for the smallest MSG
  static constexpr std::size_t kTagPruneAt = 4096;     // tags tracked before settled ones are pruned
  std::size_t tag_prune_at_ = kTagPruneAt;
  ReceiverStats stats_;
  ReplaceReceiverStats rstats_;
};

}  // namespace adamant::engine
