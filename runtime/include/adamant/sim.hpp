// Deterministic discrete-event network simulator hosting the same sans-IO engines the
// socket binding uses (via adamant::setup), so a simulated experiment point produces the
// same metrics and CSV row as the real multi-process harness.
//
// Model
// - Virtual clock: int64 ns. Events run in (time, insertion order): ties are stable.
// - Hosts: one writer (sender engine) and N readers (receiver engines). Every host has
//   one egress Link: serialisation at a (possibly time-varying) bandwidth behind a
//   bounded FIFO with tail drop, then a fixed propagation delay. A datagram costs the link
//   its UDP payload plus contract::kLinkOverheadBytes (UDP, IPv4, Ethernet headers), as a
//   shaped real link charges it.
// - A group (multicast) send is serialised once on the sender's egress link and then
//   fanned out to every other reader; each receiving end host draws its own loss, as the
//   real harness injects loss on receive (every datagram kind, readers only).
// - Loss: Bernoulli(loss_pct) per reader from the reader's seed, or an optional
//   two-state Gilbert burst model per reader: the Subscriber's LossInjector (adamant/loss.hpp).
// - Reordering and duplication (NetConfig::reorder_pct, duplicate_pct): every datagram arriving
//   at any host (readers and the writer) is held back, with that probability, by a uniform extra
//   delay of up to kReorderIntervals publish intervals, so later datagrams overtake it; and, with
//   the other probability, delivered a second time up to one publish interval after the first.
//   Each host draws from its own seeded stream, apart from the loss stream (a point without
//   these faults draws nothing more, so its results do not change).
// - Incidents (NetConfig::incidents), at set virtual times: a partition (every datagram arriving
//   anywhere is lost while it lasts), reader 0 restarting (its engine replaced by a fresh one: a
//   volatile join) or stopping to read (it takes nothing more; its socket would overflow), and
//   the writer restarting (its engine replaced by one with a new session; the new writer numbers
//   its updates from 1 again, and the simulator maps them back to the point's sequence).
// - Same inputs and seed -> bit-identical results (no wall clock, no unordered iteration).
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/bench.hpp>
#include <adamant/engine.hpp>
#include <adamant/loss.hpp>
#include <adamant/metrics.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adamant::sim {

using Nanos = engine::Nanos;

// Min-heap of actions ordered by (time, insertion sequence).
class EventQueue {
 public:
  using Action = std::function<void()>;
  // Schedules `a` at `t`; a time in the past runs at now() (time never goes backwards).
  void at(Nanos t, Action a);
  Nanos now() const { return now_; }
  bool empty() const { return heap_.empty(); }
  Nanos next_time() const;  // requires !empty()
  bool step();              // runs the earliest event; false if none
  void run_until(Nanos end);  // runs every event with time <= end; now() = end afterwards
  std::uint64_t executed() const { return executed_; }
  std::size_t pending() const { return heap_.size(); }

 private:
  // The heap orders small items; the actions wait in slots (reused) so that sifting moves no closures.
  struct Item {
    Nanos t;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  struct Later {  // a type, not a function pointer: the heap's comparisons inline
    bool operator()(const Item& x, const Item& y) const { return x.t != y.t ? x.t > y.t : x.seq > y.seq; }
  };
  std::vector<Item> heap_;
  std::vector<Action> actions_;
  std::vector<std::uint32_t> free_slots_;
  Nanos now_{0};
  std::uint64_t seq_ = 0, executed_ = 0;
};

// One phase of a repeating bandwidth schedule; 0 bytes/s = outage.
struct BandwidthPhase {
  std::uint64_t bytes_per_s = 0;
  Nanos duration{0};
};

// A link's bandwidth is read from text by units::parse_bandwidth_schedule (adamant/units.hpp).

// One phase of a repeating loss schedule (units::parse_loss_schedule): every reader loses this share
// of what reaches it (Bernoulli) while the phase lasts.
struct LossPhase {
  double loss_pct = 0;
  Nanos duration{0};
};
// The loss of `schedule` at virtual time `t` (the phases repeat from t = 0); requires a non-empty
// schedule whose phases (when more than one) all have durations.
double loss_at(const std::vector<LossPhase>& schedule, Nanos t);

// One phase of a repeating readers schedule (units::parse_readers_schedule): readers 0 .. readers - 1
// take part while it lasts, the others are away (they get nothing and send nothing). A reader that
// comes back joins late with a new engine, as a restarted process would.
struct ReadersPhase {
  int readers = 0;
  Nanos duration{0};
};
// The readers of `schedule` at virtual time `t` (the phases repeat from t = 0), as loss_at.
int readers_at(const std::vector<ReadersPhase>& schedule, Nanos t);
// The most readers any phase has: the point's receivers when the schedule drives membership.
int max_readers(const std::vector<ReadersPhase>& schedule);
// The times in (0, end) where one phase gives way to the next, in order.
std::vector<Nanos> phase_changes(const std::vector<Nanos>& durations, Nanos end);

// The adaptive transport in place of the point's (the point's transport then only names what its
// rows say is unchanged: stream, seeds, payloads): a decision table and the writer's hysteresis.
struct AdaptiveRun {
  std::shared_ptr<const adaptive::DecisionTable> table;
  Nanos hold = adaptive::AdaptiveConfig{}.hold;
  double margin_pct = adaptive::AdaptiveConfig{}.margin_pct;
};

// Egress link: FIFO serialisation + bounded queue (tail drop) + propagation delay.
// `queue_packets` counts packets waiting behind the one being transmitted
// (0 = unbounded). An empty schedule means infinite bandwidth (no queueing at all).
class Link {
 public:
  struct Config {
    std::vector<BandwidthPhase> schedule;
    std::size_t queue_packets = 0;
    Nanos delay{0};
  };
  explicit Link(Config cfg);  // throws std::invalid_argument for an all-outage schedule
  // A packet of `bytes` handed to the link at `now`: its arrival time at the far end,
  // or nullopt when the queue is full (tail drop).
  std::optional<Nanos> offer(Nanos now, std::size_t bytes);
  // When the transmission of `bytes` starting at `start` ends (integrates the schedule).
  Nanos transmit_end(Nanos start, std::size_t bytes) const;
  std::uint64_t dropped() const { return dropped_; }
  std::uint64_t sent() const { return sent_; }

 private:
  Config cfg_;
  Nanos period_{0};
  std::deque<Nanos> in_link_;  // transmission end times of queued/in-service packets
  std::uint64_t dropped_ = 0, sent_ = 0;
};

using GilbertLoss = adamant::GilbertLoss;  // adamant/loss.hpp

// A held-back datagram arrives up to this many of the point's mean publish intervals late.
inline constexpr int kReorderIntervals = 3;

// Faults at set virtual times (updates start at 100 ms); reader 0 is the one restarted or stopped.
struct Incidents {
  std::optional<Nanos> partition_at;  // from then on, for partition_for, every arriving datagram is lost
  Nanos partition_for{0};
  std::optional<Nanos> reader_restart_at;
  std::optional<Nanos> reader_stop_at;
  std::optional<Nanos> writer_restart_at;
};

struct NetConfig {
  Nanos delay = std::chrono::microseconds(100);  // propagation delay of every link
  std::vector<BandwidthPhase> bandwidth;          // every host's egress; empty = unlimited
  std::size_t queue_packets = 0;                  // egress queue bound; 0 = unbounded
  std::optional<GilbertLoss> burst;               // replaces Bernoulli(loss_pct) when set
  std::string psk;            // non-empty: every datagram carries HMAC-SHA256 (adamant/auth.hpp)
  double tamper_pct = 0.0;    // readers: flip one byte of this share of received datagrams
  bool forge_without_key = false;  // the writer sends without the key (receivers have it)
  double reorder_pct = 0.0;    // every host: hold back this share of arriving datagrams (%)
  double duplicate_pct = 0.0;  // every host: deliver this share of arriving datagrams twice (%)
  Incidents incidents;
  std::vector<LossPhase> loss_schedule;  // non-empty: the readers' loss follows it instead of loss_pct
  // Non-empty: readers join and leave on it; the point's receivers must be its max_readers. Each
  // row's delivery then counts, per reader, the updates published while it took part.
  std::vector<ReadersPhase> readers_schedule;
  std::optional<AdaptiveRun> adaptive;   // run the adaptive transport (adamant/adaptive/)
};

struct DeliveryRecord {
  int reader;              // 0-based
  std::uint64_t sequence;  // update index (1-based)
  std::int64_t latency_ns;
  bool rejoined = false;  // delivered by reader 0's engine after its restart
};

struct PointResult {
  metrics::Row row;                  // rows.front(): the point's row when it has one stream
  std::vector<metrics::Row> rows;    // one per stream, exactly what the real harness writes
  std::uint64_t unrecoverable = 0, corrupt = 0, order_errors = 0, injected_drops = 0,
                naks = 0, retransmits = 0, repairs_sent = 0, recovered = 0;
  std::uint64_t nak_sequences = 0, repaired = 0;  // NAKed sequences; distinct ones the writer repaired
  std::uint64_t link_drops = 0;      // tail drops on egress queues
  std::uint64_t auth_rejected = 0, tampered = 0;  // psk: dropped by readers / bytes flipped
  std::uint64_t reordered = 0, duplicated = 0;    // datagrams held back / delivered twice
  std::uint64_t partitioned = 0;     // datagrams lost to the partition
  std::uint64_t published_before = 0;  // updates published before the reader or writer restarted
  std::uint64_t session_resets = 0;  // readers: a new writer session seen (EventKind::SessionReset)
  std::uint64_t stale_feedback = 0;  // NAKs / ACKs the restarted writer got for the old session
  std::size_t writer_state_max = 0;  // the largest SenderEngine::state_entries() seen
  std::vector<std::size_t> writer_state;  // SenderEngine::state_entries() at each whole second
  std::uint64_t events = 0;          // simulator events executed
  Nanos end_time{0};                 // virtual time when the point finished
  std::vector<DeliveryRecord> deliveries;  // every delivery of every reader, in time order
  // replace/fifo: sender statistics (0 otherwise).
  std::uint64_t replaced_queued = 0, replaced_inflight = 0, expired = 0, transmitted = 0;
  Nanos srtt{0};  // replace/fifo: the sender's; adaptive: the readers' median measured round trip (0: none)
  std::uint64_t rtt_mismatches = 0;  // adaptive: AdaptiveSender::rtt_mismatches()
  std::string rtt_warning;           // adaptive: AdaptiveSender::rtt_warning()
  double estimate_bytes_per_s = 0;      // the sender's bandwidth estimate at the end
  std::uint64_t bandwidth_samples = 0;  // delivery-rate samples it took
  std::vector<adaptive::Switch> timeline;  // adaptive: the writer's epochs (the first is its start)
  std::vector<std::string> candidates;     // adaptive: the table's candidate names, by index
};

// When a point's first update is published (virtual time): after 100 ms of warm-up, as in the real harness.
inline constexpr Nanos kFirstUpdateAt = std::chrono::milliseconds(100);

// Runs one point (same schedule as the real harness: 100 ms of warm-up, updates at
// t0 + i/rate, linger for repairs) entirely in virtual time. Throws std::runtime_error
// for an invalid point or a payload size that disagrees with the spec.
PointResult run_point(const bench::HarnessSpec& spec, const bench::Point& pt, const NetConfig& net);

}  // namespace adamant::sim
