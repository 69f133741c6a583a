// NAKcast receiver: in-order delivery; a gap is NAKed to the sender (the source of the
// stream's datagrams) after nak_timeout plus a random jitter, re-NAKed at the same interval
// until repaired, and declared unrecoverable after max_naks or when the sender's heartbeat
// says it left the history.
//
// Adaptive timing (nak_timeout auto): the NAK delay is a uniform random [0, backoff * rtt *
// share], where rtt is the receiver's running estimate of NAK-to-repair round trips (its first
// NAK of a sequence only, Karn's rule) and share grows with the receivers heard NAKing (a small
// group has little to suppress, so it waits less). NAKs also go to the group, and a NAK heard for a sequence this
// receiver misses counts as its own (suppression): it waits for the repair, re-NAKing after
// max(renak * rtt, renak_min) times a backoff (doubled per re-NAK of its own, reset by a round-trip
// sample) plus a NAK delay. The constants are the contract's nak_auto_*.
//
// Late-join rule: a receiver's stream starts at the first sequence it learns of — the
// sequence of the first DATA it receives, or highest+1 from the first HEARTBEAT (so a
// receiver that is up before publishing starts sends heartbeats with highest = 0 and
// therefore starts at sequence 1; a DATA_BATCH counts as its first entry). Earlier sequences
// are never requested. RETRANSMITs never start a stream (they may be old). A batch is taken
// entry by entry, as that many DATA (RETRANSMIT) datagrams.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/nak_auto_timing.hpp>

#include <map>
#include <optional>
#include <random>
#include <vector>

namespace adamant::engine {

struct NakcastReceiverConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  Duration nak_timeout = defaults::nakcast::kFixedNakTimeout;
  Nanos nak_jitter{0};          // max extra random delay (desynchronises receivers)
  std::uint64_t seed = defaults::kSeed;       // for the jitter
  std::uint64_t max_window = defaults::kMaxWindow;  // max sequences tracked ahead of the delivery point
  int max_naks = defaults::nakcast::kMaxNaks;                // per sequence, then declared unrecoverable
  bool adaptive = false;  // nak_timeout auto (see above); nak_timeout and nak_jitter unused
  Endpoint self{};        // adaptive: this receiver's address (its own NAKs come back from the group)
};

class NakcastReceiver final : public ReceiverEngine {
 public:
  explicit NakcastReceiver(NakcastReceiverConfig cfg);
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_packet(const wire::Packet& pkt, ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  std::uint64_t accounted_through() const override { return next_expected_ - 1; }
  const ReceiverStats& stats() const override { return stats_; }
  std::size_t state_entries() const override { return missing_.size() + buffer_.size(); }

  bool started() const { return session_.has_value(); }
  std::size_t missing_count() const { return missing_.size(); }
  Nanos rtt_estimate() const { return timing_.rtt(); }  // adaptive timing's round-trip estimate
  std::uint64_t suppressed() const { return suppressed_; }  // sequences whose NAK another's replaced
  std::size_t naking_peers() const { return peers_.size(); }  // other receivers heard NAKing

 private:
  struct Missing {
    Nanos due;
    int naks = 0;
    std::optional<Nanos> asked;  // when this receiver first NAKed it (an RTT sample's start)
    bool heard = false;          // another receiver's NAK for it arrived first
  };
  struct Buffered {
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
  };
  void start(std::uint32_t session, std::uint64_t first, Output& out, bool reset);
  void note_highest(std::uint64_t seq, bool received, Nanos now, Output& out);
  void declare_unrecoverable_below(std::uint64_t seq, Output& out);
  void deliver_ready(Output& out);
  void take(const wire::BatchEntry& m, bool repair, Nanos now, Output& out);  // one DATA or RETRANSMIT
  Nanos nak_delay();
  Nanos renak_delay();
  void take_packet(const wire::Packet& pkt, const Endpoint& from, Nanos now, Output& out);  // of our stream
  void on_peer_nak(ByteView ranges, const Endpoint& from, Nanos now);

  NakcastReceiverConfig cfg_;
  std::mt19937_64 rng_;
  std::optional<std::uint32_t> session_;
  std::optional<Endpoint> sender_;  // learned from the datagram source; NAKs go there
  std::uint64_t next_expected_ = 1;  // next sequence to deliver
  std::uint64_t highest_known_ = 0;  // highest sequence known to exist
  std::map<std::uint64_t, Missing> missing_;
  std::map<std::uint64_t, Buffered> buffer_;  // received out of order
  AutoNakTiming timing_;  // adaptive timing
  std::vector<Endpoint> peers_;  // bounded by kNakAutoBackoffGroup: only the share needs them
  std::uint64_t suppressed_ = 0;
  ReceiverStats stats_;
};

}  // namespace adamant::engine
