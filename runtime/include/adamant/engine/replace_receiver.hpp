// The replace / fifo receiver (see replace.hpp for the protocol): ACKs every MSG at once
// (ack_ranges.hpp), delivers per class — unsequenced on arrival, sequenced in flow order
// skipping what the sender gave up — and drops messages older than a delivered one of
// their tag.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/replace_common.hpp>

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace adamant::engine {

struct ReplaceReceiverConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint64_t max_window = defaults::kMaxWindow;  // ids tracked above the cumulative ACK
};

struct ReplaceReceiverStats {
  std::uint64_t obsolete = 0;  // older than a delivered message of the same tag/flow
  std::uint64_t acks_sent = 0;
  std::uint64_t acks_truncated = 0;  // ACKs whose ranges did not all fit (the last: this MSG's)
  std::map<std::uint32_t, TagStats> tags;
};

class ReplaceReceiver final : public ReceiverEngine {
 public:
  explicit ReplaceReceiver(ReplaceReceiverConfig cfg = {}) : cfg_(cfg) {}
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

  ReplaceReceiverConfig cfg_;
  std::optional<std::uint32_t> session_;
  std::uint64_t cum_ = 0, highest_ = 0;
  std::set<std::uint64_t> above_;               // received ids > cum_
  std::uint64_t next_flow_[kFlows] = {1, 1, 1, 1};  // sequenced: next flow seq to deliver
  std::map<std::uint64_t, Held> held_[kFlows];     // reliable sequenced: waiting for a gap
  std::map<std::uint32_t, std::uint64_t> tag_latest_;  // newest id delivered per tag
  static constexpr std::size_t kTagPruneAt = 4096;     // tags tracked before settled ones are pruned
  std::size_t tag_prune_at_ = kTagPruneAt;
  ReceiverStats stats_;
  ReplaceReceiverStats rstats_;
};

}  // namespace adamant::engine
