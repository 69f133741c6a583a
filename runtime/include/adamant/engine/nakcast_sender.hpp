// NAKcast sender: stamps sequences, multicasts DATA, keeps a bounded history, answers NAKs
// with multicast RETRANSMITs (one per hold-off, however many receivers NAKed) and sends an
// idle HEARTBEAT (highest sequence, lowest still in history) every heartbeat_interval.
// Adaptive timing (nak_timeout auto): the first idle heartbeat after data follows it by a
// fraction of the mean publish interval (contract nak_auto_heartbeat_*), so a lost last packet
// is detected well before the next one; later idle heartbeats keep heartbeat_interval.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>

#include <deque>
#include <optional>
#include <vector>

namespace adamant::engine {

struct NakcastSenderConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint32_t session = defaults::kSession;
  std::size_t history = defaults::nakcast::kHistory;             // packets kept for retransmission
  Nanos heartbeat_interval = defaults::nakcast::kHeartbeatInterval;  // when idle
  Nanos retransmit_holdoff = defaults::nakcast::kRetransmitHoldoff;  // ignore repeat NAKs this soon
  bool adaptive = false;  // nak_timeout auto (see above)
};

class NakcastSender final : public SenderEngine {
 public:
  explicit NakcastSender(NakcastSenderConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override { return stats_; }
  std::size_t state_entries() const override { return history_.size(); }

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

  NakcastSenderConfig cfg_;
  std::uint64_t next_seq_ = 1;
  std::deque<Entry> history_;  // contiguous sequences, front = oldest
  std::optional<Nanos> last_send_;
  std::optional<Nanos> last_publish_;
  Nanos interval_{0};
  bool data_since_heartbeat_ = false;
  SenderStats stats_;
};

}  // namespace adamant::engine
