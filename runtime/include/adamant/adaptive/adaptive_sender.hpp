// The adaptive writer: a SenderEngine that runs one inner engine per epoch, each a decision-table
// candidate (adamant/adaptive/decision_table.hpp). At the first publish it picks from what it
// measured (adamant/adaptive/environment.hpp); at each later publish it re-ranks, and switches when
// another candidate's interpolated ReLate2 beats the current one's by more than margin_pct and hold
// has passed since the last switch (hysteresis). A switch begins epoch k+1 with a fresh engine;
// epoch k's engine keeps answering NAKs (retransmissions, FEC flushes) for `drain`; its heartbeats
// are left out, since epoch k+1's datagrams announce where k ends.
// Every datagram goes out in an epoch envelope (adamant/wire.hpp) naming its epoch, candidate and
// base: epoch k+1's base is the last sequence of epoch k, so readers know where k ends.
// Sequences are the flow's: update i of epoch k is sequence base_k + i.
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/adaptive/environment.hpp>

#include <deque>
#include <memory>
#include <vector>

namespace adamant::adaptive {

class AdaptiveSender final : public engine::SenderEngine {
 public:
  // Throws std::invalid_argument when the table is missing or a candidate is not a runtime transport.
  AdaptiveSender(AdaptiveConfig cfg, std::uint32_t session);
  std::uint64_t publish(ByteView payload, Nanos now, engine::Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, engine::Output& out) override;
  void on_tick(Nanos now, engine::Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const engine::SenderStats& stats() const override;
  std::size_t state_entries() const override;

  const std::vector<Switch>& timeline() const { return timeline_; }
  std::size_t switches() const { return timeline_.empty() ? 0 : timeline_.size() - 1; }  // the start is none
  std::size_t current() const { return live_.back().candidate; }  // requires a publish first
  Query measured(Nanos now) const { return env_.measure(now, cfg_.initial); }
  std::size_t live_epochs() const { return live_.size(); }
  const DecisionTable& table() const { return *cfg_.table; }
  std::uint64_t heartbeats_left_out() const { return heartbeats_left_out_; }  // retiring epochs'

 private:
  struct Epoch {
    std::uint32_t epoch;
    std::uint16_t candidate;
    std::uint64_t base;
    std::unique_ptr<engine::SenderEngine> engine;
    std::optional<Nanos> retire_at;  // set when a newer epoch began
  };
  void begin(std::size_t candidate, Nanos now, const Query& q, std::string reason);
  void maybe_switch(Nanos now);
  void wrap(const Epoch& e, engine::Output& inner, engine::Output& out);
  void retire_due(Nanos now);

  AdaptiveConfig cfg_;
  std::uint32_t session_;
  std::vector<TransportSettings> settings_;  // per candidate
  Environment env_;
  std::deque<Epoch> live_;  // back = the current epoch
  std::vector<Switch> timeline_;
  engine::Output scratch_;
  engine::SenderStats retired_;  // engines no longer live
  mutable engine::SenderStats stats_;
  std::uint64_t rejected_ = 0;
  std::uint64_t heartbeats_left_out_ = 0;
};

}  // namespace adamant::adaptive
