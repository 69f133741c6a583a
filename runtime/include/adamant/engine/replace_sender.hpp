// The replace / fifo sender (see replace.hpp for the protocol): ADAMANT's own priority queue
// with tag replacement, paced by a token bucket, one multicast per message, per-receiver ACK
// state, RTT/RTO and retransmission, and optionally a pace that follows the bandwidth
// measured from the ACKs (bandwidth_estimate.hpp).
#pragma once

#include <adamant/engine/bandwidth_estimate.hpp>
#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/replace_common.hpp>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace adamant::engine {

struct ReplaceConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint32_t session = defaults::kSession;
  bool replacement = true;                 // false: Fifo
  std::uint64_t pace_bytes_per_s = defaults::replace::kPaceBytesPerS;     // token bucket rate; 0 = unpaced
  // Bucket depth: at most one datagram keeps the sender from choosing a message before the
  // link can take it (0: a datagram goes when the ones before it have left at the pace).
  std::size_t pace_burst_bytes = defaults::replace::kPaceBurstBytes;
  std::size_t pace_overhead_bytes = 0;     // per datagram, added below the engine (link headers, key trailer)
  Duration enqueue_timeout = defaults::replace::kEnqueueTimeout;          // 0 = never drop queued messages
  Duration retry_timeout = defaults::replace::kRetryTimeout;              // give up a reliable message after this
  Nanos initial_rto = defaults::replace::kInitialRto;
  Nanos min_rto = defaults::replace::kMinRto;
  Nanos max_rto = defaults::replace::kMaxRto;
  Nanos rto_margin = defaults::replace::kRtoMargin;  // RTO = srtt + max(rto_margin, 4 rttvar)
  MessageClass default_class;              // what publish() / publish_tagged() use
  std::size_t min_receivers = defaults::replace::kMinReceivers;  // receivers a message waits for (known by their ACKs)
  std::size_t max_receivers = defaults::replace::kMaxReceivers;  // connection table bound (ACKs of others are rejected)
  // Bandwidth estimation (see replace.hpp): the pace follows the acknowledged delivery rate.
  bool estimate_bandwidth = defaults::replace::kEstimateBandwidth;
  std::uint64_t bwe_initial_bytes_per_s = defaults::replace::kBweInitialBytesPerS;  // start when pace_bytes_per_s is 0
  std::uint64_t bwe_min_bytes_per_s = defaults::replace::kBweMinBytesPerS;
  std::uint64_t bwe_max_bytes_per_s = defaults::replace::kBweMaxBytesPerS;
  Nanos bwe_min_round = defaults::replace::kBweMinRound;
  // In flight to each receiver (unacknowledged bytes, replaced ones too): at most
  // bwe_inflight_gain x its estimate x its least round trip within bwe_min_rtt_window, and
  // at least one datagram, so a slower link does not fill with a standing queue.
  Nanos bwe_min_rtt_window = defaults::replace::kBweMinRttWindow;
  double bwe_inflight_gain = defaults::replace::kBweInflightGain;
};

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
  std::uint64_t publish_in_class(std::uint32_t tag, const MessageClass& cls, bool replaces, ByteView payload,
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
    std::optional<Nanos> min_rtt;     // least RTT sample within bwe_min_rtt_window (estimation)
    Nanos min_rtt_at{0};              // when it was taken
  };
  static std::uint64_t conn_key(const Endpoint& e) { return (std::uint64_t{e.ipv4} << 16) | e.port; }
  using QKey = std::pair<int, std::uint64_t>;  // (-priority, id)
  using Queue = std::map<QKey, Msg>;
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
  // Bytes each receiver owes (in-flight messages and ghosts), by receiver; those owing nothing are absent.
  std::map<std::uint64_t, std::size_t> owed_bytes() const;
  // Estimation: the receivers whose in-flight bound a new datagram of `bytes` would exceed.
  std::vector<std::uint64_t> inflight_full(const std::map<std::uint64_t, std::size_t>& owed, std::size_t bytes) const;
  // The message sent next from the queue: the highest priority; among equal priorities, with
  // replacement, round-robin over the tags (the least recently served), else the oldest.
  Queue::const_iterator head() const;
  std::uint64_t low_water() const;
  std::uint64_t flow_low(int flow) const;
  std::uint64_t flow_prev(int flow, std::uint64_t below) const;
  Nanos conn_rto(const Conn& c) const;
  void sync_stats();

  ReplaceConfig cfg_;
  std::uint64_t next_id_ = 1;
  std::uint64_t next_flow_seq_[kFlows] = {1, 1, 1, 1};
  Queue queue_;
  std::map<std::uint32_t, std::uint64_t> served_;  // tag -> serves_ at its last first transmission
  std::uint64_t serves_ = 0;                        // first transmissions from the queue
  std::map<std::uint64_t, Inflight> inflight_;  // reliable, sent, unacknowledged
  std::map<std::uint64_t, Ghost> ghosts_;       // replaced/cancelled in flight, by id
  double tokens_ = 0;                           // bytes
  std::optional<Nanos> last_refill_;
  double start_rate_ = 0;                       // estimation: before any sample
  std::uint64_t round_ = 0;                     // estimation: probe round (pacing_gain)
  std::optional<Nanos> round_start_;
  std::vector<std::uint64_t> held_;             // estimation: receivers whose in-flight bound held the queue head
  std::map<std::uint64_t, Conn> conns_;        // by conn_key(endpoint)
  SenderStats stats_;
  ReplaceSenderStats rstats_;
};

}  // namespace adamant::engine
