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
// The table's scores hold for one round trip (DecisionTable::rtt_us); when the readers' median
// measured round trip stays outside [rtt/2, 2 rtt] for a window, the writer records one warning that
// its table was fitted for another round trip and counts such spells. It does not switch for it: the
// table has no round-trip axis.
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/adaptive/environment.hpp>

#include <deque>
#include <memory>
#include <optional>
#include <string>
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
  // The readers' median smoothed round trip (Environment::rtt); nullopt before a REPORT echoed a time.
  std::optional<Nanos> measured_rtt(Nanos now) const { return env_.rtt(now); }
  // Spells of a window or longer with the measured round trip outside [rtt/2, 2 rtt] of the table's,
  // and the one line recorded for the first (empty while there was none).
  std::uint64_t rtt_mismatches() const { return rtt_mismatches_; }
  const std::string& rtt_warning() const { return rtt_warning_; }

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
  void check_rtt(Nanos now);

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
  std::optional<Nanos> rtt_off_since_;  // the measured round trip left the table's band then
  bool rtt_counted_ = false;            // this spell is counted
  std::uint64_t rtt_mismatches_ = 0;
  std::string rtt_warning_;
};

}  // namespace adamant::adaptive
