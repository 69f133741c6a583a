// The adaptive reader: a ReceiverEngine running one inner receiver per live epoch (the candidate the
// envelope names; adamant/wire.hpp "Epoch envelope"). It delivers epoch by epoch, in order across a
// boundary: what epoch k+1 delivers is held until epoch k is complete — every one of its sequences up
// to the last (learned from epoch k+1's base) delivered or declared unrecoverable by its engine — or
// until `drain` after the reader first heard of epoch k+1 (what k still lacks is then lost). So a
// switch loses, duplicates or reorders nothing the epochs' engines themselves would not.
// An epoch's engine starts at its update 1 whatever arrives first (a lost first DATA is NAKed) when the
// reader saw the epoch before it, or it is the writer's first; a reader joining in the middle of an
// epoch starts where the inner engine's late-join rule says. Learning where an epoch ends makes its
// engine ask for a lost tail at once. The reader sends the writer a REPORT of the DATA it received
// and expected (its loss before recovery) as soon as it first hears the writer, then every
// report_interval; it echoes the newest writer send time it saw and how long it held it (the
// writer's round trip).
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/wire.hpp>

#include <map>
#include <memory>
#include <vector>

namespace adamant::adaptive {

class AdaptiveReceiver final : public engine::ReceiverEngine {
 public:
  // self / member_id: as the inner receivers take them (Ricochet's repairs and membership).
  AdaptiveReceiver(AdaptiveConfig cfg, Endpoint self, std::uint32_t member_id);
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, engine::Output& out) override;
  void on_tick(Nanos now, engine::Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  std::uint64_t accounted_through() const override;
  const engine::ReceiverStats& stats() const override;
  std::size_t state_entries() const override;

  std::uint32_t delivering_epoch() const { return delivering_; }  // 0 before the first
  std::size_t live_epochs() const { return epochs_.size(); }
  std::uint64_t lost_at_boundaries() const { return lost_; }  // sequences given up when an epoch drained out

 private:
  struct Epoch {
    std::uint16_t candidate = 0;
    std::uint64_t base = 0;
    std::unique_ptr<engine::ReceiverEngine> engine;
    std::optional<std::uint32_t> session;   // the writer's inner session, once a writer datagram came
    std::optional<std::uint64_t> last;      // its last update (inner numbering), once announced
    std::optional<Nanos> closed_at;         // when the reader first heard of a later epoch
    std::vector<engine::Delivery> held;     // delivered by the engine before its turn
  };
  Epoch* epoch_for(const wire::Epoch& env, Nanos now);
  void count_data(const wire::Epoch& env, const wire::Packet& p);
  void note_writer_time(const wire::Packet& p, Nanos now);
  void feed(std::uint32_t id, Epoch& e, engine::Output& inner, engine::Output& out);
  void prime(Epoch& e, std::uint32_t session, const Endpoint& from, Nanos now, engine::Output& inner);
  void announce(std::uint32_t id, Nanos now, engine::Output& out);
  void advance(Nanos now, engine::Output& out);
  void retire(Epoch& e);

  AdaptiveConfig cfg_;
  Endpoint self_;
  std::uint32_t member_id_;
  std::map<std::uint32_t, Epoch> epochs_;  // live epochs; the first is the one delivering
  std::uint32_t delivering_ = 0;
  std::uint64_t accounted_ = 0;  // every flow sequence <= this was delivered or given up (finished epochs)
  std::optional<Endpoint> writer_;
  std::optional<Nanos> next_report_;
  std::uint32_t newest_ = 0;
  wire::EpochReport report_;
  std::uint64_t first_data_ = 0, highest_data_ = 0;  // flow sequences of DATA seen (for the REPORT)
  std::optional<std::int64_t> echo_;  // the newest writer send time seen (for the REPORT's round trip)
  Nanos echo_at_{0};                  // when it arrived
  engine::Output scratch_;
  engine::ReceiverStats retired_;
  mutable engine::ReceiverStats stats_;
  std::uint64_t rejected_ = 0, lost_ = 0;
};

}  // namespace adamant::adaptive
