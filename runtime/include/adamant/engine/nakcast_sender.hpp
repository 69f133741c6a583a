// NAKcast sender: stamps sequences, multicasts DATA, keeps a bounded history (the last `history`
// packets, more while they are younger than history_span, never over history_max), answers NAKs
// with multicast RETRANSMITs (one per hold-off, however many receivers NAKed; at most
// max_repairs_per_nak for one NAK, the first sequences it asks for) and sends an
// idle HEARTBEAT (highest sequence, lowest still in history) every heartbeat_interval.
// Adaptive timing (nak_timeout auto): the first idle heartbeat after data follows it by a
// fraction of the mean publish interval (contract nak_auto_heartbeat_*), so a lost last packet
// is detected well before the next one; later idle heartbeats keep heartbeat_interval.
// Batching (batch_bytes > 0): publish_held() adds the message to an open DATA_BATCH, emitted when
// the next message would not fit, or by send_held() (publish, on_tick, a heartbeat); a batch of one
// goes out as a plain DATA, so a caller that flushes every message sends what it always did.
// While data goes out in batches (the last DATA datagram carried several), the retransmissions
// for one NAK share RETRANSMIT_BATCH datagrams of the same size; otherwise each is a RETRANSMIT.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>

#include <optional>
#include <vector>

namespace adamant::engine {

struct NakcastSenderConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint32_t session = defaults::kSession;
  std::size_t history = defaults::nakcast::kHistory;             // packets kept for retransmission, at least
  Nanos history_span = defaults::nakcast::kHistorySpan;           // and every packet younger than this,
  std::size_t history_max = defaults::nakcast::kHistoryMax;       // up to this many
  std::size_t max_repairs_per_nak = defaults::nakcast::kMaxRepairsPerNak;  // the rest wait for a re-NAK
  Nanos heartbeat_interval = defaults::nakcast::kHeartbeatInterval;  // when idle
  Nanos retransmit_holdoff = defaults::nakcast::kRetransmitHoldoff;  // ignore repeat NAKs this soon
  bool adaptive = false;  // nak_timeout auto (see above)
  std::size_t batch_bytes = 0;  // largest batch datagram (codec bytes); 0 = one message per datagram
};

class NakcastSender final : public SenderEngine {
 public:
  explicit NakcastSender(NakcastSenderConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  std::uint64_t publish_held(std::uint32_t tag, ByteView payload, Nanos now, Output& out) override;
  void send_held(Nanos now, Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override { return stats_; }
  std::size_t state_entries() const override { return size_; }

  std::uint64_t highest() const { return next_seq_ - 1; }
  std::uint64_t lowest_available() const;  // highest()+1 when history is empty
  Nanos publish_interval() const { return interval_; }  // running mean (adaptive timing)

 private:
  struct Entry {
    std::uint64_t seq;
    std::int64_t send_time_ns;
    std::vector<std::uint8_t> payload;
    std::optional<Nanos> last_retransmit;
  };
  void heartbeat(Nanos now, Output& out);
  Nanos idle_gap() const;  // from the last send to the next heartbeat
  Entry& at(std::size_t i) { return ring_[(head_ + i) % ring_.size()]; }  // i-th oldest kept
  Entry& remember(std::uint64_t seq, Nanos now, ByteView payload);
  // Emits `batch` (one entry: as the plain `single` kind from history) and leaves it empty.
  void emit(std::vector<std::uint8_t>& batch, wire::Kind single, std::uint64_t last_seq, Output& out);
  void send(const wire::Header& h, ByteView payload, Output& out);  // one datagram, in a reused buffer
  void retransmit(Entry& e, std::vector<std::uint8_t>& batch, Nanos now, Output& out);

  NakcastSenderConfig cfg_;
  std::uint64_t next_seq_ = 1;
  // History: a ring of contiguous sequences whose payload buffers are reused (no allocation per
  // message once it is full). head_ = oldest, size_ kept.
  std::vector<Entry> ring_;
  std::size_t head_ = 0, size_ = 0;
  std::vector<std::uint8_t> open_;  // the DATA_BATCH being filled (empty: none)
  std::uint64_t rtx_last_ = 0;      // the sequence last added to a RETRANSMIT_BATCH
  bool batching_ = false;           // the last data datagram was a batch of several
  std::optional<Nanos> last_send_;
  std::optional<Nanos> last_publish_;
  Nanos interval_{0};
  bool data_since_heartbeat_ = false;
  SenderStats stats_;
};

}  // namespace adamant::engine
