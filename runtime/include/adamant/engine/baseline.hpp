// Baseline: plain multicast, no history, no heartbeats; receivers deliver what arrives
// (newer than anything delivered so far) and ignore the rest.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>

#include <optional>

namespace adamant::engine {

struct BaselineSenderConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint32_t session = defaults::kSession;
};

struct BaselineReceiverConfig {
  std::uint32_t stream_id = defaults::kStreamId;
};

class BaselineSender final : public SenderEngine {
 public:
  explicit BaselineSender(BaselineSenderConfig cfg) : cfg_(cfg) {}
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView, const Endpoint&, Nanos, Output&) override {}
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  const SenderStats& stats() const override { return stats_; }
  std::size_t state_entries() const override { return 0; }

 private:
  BaselineSenderConfig cfg_;
  std::uint64_t next_seq_ = 1;
  SenderStats stats_;
};

class BaselineReceiver final : public ReceiverEngine {
 public:
  explicit BaselineReceiver(BaselineReceiverConfig cfg) : cfg_(cfg) {}
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos, Output&) override {}
  std::optional<Nanos> next_deadline() const override { return std::nullopt; }
  std::uint64_t accounted_through() const override { return highest_; }
  const ReceiverStats& stats() const override { return stats_; }
  std::size_t state_entries() const override { return 0; }

 private:
  BaselineReceiverConfig cfg_;
  std::optional<std::uint32_t> session_;
  std::uint64_t highest_ = 0;
  ReceiverStats stats_;
};

}  // namespace adamant::engine
