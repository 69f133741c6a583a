// The fault table: every reliable transport kind in the simulator under reordering, duplication
// and Gilbert burst loss, and under incidents (a partition that heals, a reader restarting or
// stopping to read, the writer restarting), checked against what the kind promises each reader. Run by the sim
// tests (runtime/tests/fault_table_test.cpp) and printed by ant-fault-table for
// docs/reliability.md, "Faults in the simulator".
#pragma once

#include <adamant/sim.hpp>
#include <adamant/types.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace adamant::sim::faults {

// A reliable kind and what it promises each reader, beyond "no update delivered twice".
struct Kind {
  std::string_view label;  // "ricochet+nak_fallback"
  TransportKind transport;
  bool nak_fallback;  // ricochet: without it, an update XOR repair cannot rebuild is lost
  bool in_order;      // deliveries in sequence order
  bool replaces;      // an update may be skipped when a newer one of its tag is delivered
};

// nakcast (in order), ricochet with nak_fallback (out of order), replace (in order; every
// update or a newer one of its tag), fifo (in order): the kinds contract.hpp calls reliable.
const std::vector<Kind>& kinds();

struct Fault {
  std::string label;  // "reorder 20%"
  NetConfig net;      // the faults (no bandwidth limit, default delay)
};
// How hard each fault hits.
struct Levels {
  double reorder_pct = 20;
  double duplicate_pct = 20;
  GilbertLoss burst{0.02, 0.25, 0.0, 100.0};  // ~7 % lost, in bursts of 4 on average
  double partition_s = 1.0;                   // how long the partition lasts
};
// Reordering, duplication, Gilbert burst loss, and all three together.
std::vector<Fault> faults(const Levels& levels = {});

// One kind under one fault, summed over readers (and seeds, by add()).
struct Outcome {
  std::uint64_t expected = 0;      // updates x readers
  std::uint64_t delivered = 0;     // distinct updates delivered
  std::uint64_t replaced = 0;      // not delivered, a newer one of the tag was (replace)
  std::uint64_t missing = 0;       // neither delivered nor replaced
  std::uint64_t duplicates = 0;    // an update delivered again
  std::uint64_t out_of_order = 0;  // a first delivery below an earlier-delivered update
  std::uint64_t corrupt = 0;       // payload check failed
  std::uint64_t reordered = 0, duplicated = 0, dropped = 0;  // faults injected
  std::uint64_t recovered = 0, retransmits = 0;              // how the engines repaired
  std::uint64_t partitioned = 0;     // datagrams lost to the partition
  std::uint64_t before_join = 0;     // a restarted reader's deliveries published before it joined
  std::uint64_t session_resets = 0;  // readers that saw the restarted writer's new session
  std::uint64_t naks = 0;            // NAKs the readers sent
  std::uint64_t stale_feedback = 0;  // NAKs / ACKs the restarted writer got for the old session
  std::uint64_t stopped_got = 0;     // what the reader that stopped took before it did (not judged)
  std::size_t writer_state_max = 0;  // the writer's largest state_entries() (max over seeds)
  std::int64_t max_latency_ns = 0;   // the judged readers' largest first-delivery latency
  void add(const Outcome& o);
  // Whether `kind` kept its promise: nothing missing (a replacing kind: nothing missing that no
  // newer update of its tag made obsolete), no duplicates, no corruption, in order if it says so;
  // a restarted reader got nothing published before it joined (volatile durability), and a
  // restarted writer no feedback for its old session.
  bool kept(const Kind& kind) const;
};

struct Setup {
  int receivers = 5;
  int updates = 1000;
  double rate_hz = 100;
  std::uint32_t tags = 20;  // replace / fifo
};

// The incidents at `setup`'s pace: a partition of `levels.partition_s` from 30 % of the updates
// on, reader 0 stopping to read after 20 %, reader 0 restarting after 50 %, the writer
// restarting after 50 % (each half a publish interval after an update). The reader that stops
// is not judged: the others are.
std::vector<Fault> incidents(const Setup& setup, const Levels& levels = {});

// Runs `kind` under `fault` with `seed` and checks every reader's deliveries.
Outcome run(const Kind& kind, const Fault& fault, const Setup& setup, std::uint64_t seed);

// Where `deliveries` (in time order) break the promises: counts for `readers` readers of
// `updates` updates tagged (seq - 1) mod `tags` (tags 0: no replacement); readers below
// `first_reader` are not judged.
Outcome judge(const std::vector<DeliveryRecord>& deliveries, int readers, std::uint64_t updates,
              std::uint32_t tags, int first_reader = 0);

}  // namespace adamant::sim::faults
