// The fault table's incidents (adamant/fault_table.hpp) in the simulator: a partition that heals,
// a reader that stops reading, a reader and the writer restarting; every reliable kind keeps its
// promise, with exact counts (label: sim).
#include "fault_checks.hpp"

#include <adamant/fault_table.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace adamant;
using namespace adamant::sim;

namespace {

// Updates published by the time of `incident` (update k at 100 ms + (k - 1) / rate).
std::uint64_t published_by(Nanos incident, const faults::Setup& setup) {
  const double s = static_cast<double>(incident.count()) / 1e9 - 0.1;
  return static_cast<std::uint64_t>(s * setup.rate_hz) + 1;
}

const faults::Fault& incident(const std::vector<faults::Fault>& all, std::string_view prefix) {
  for (const auto& f : all)
    if (f.label.rfind(prefix, 0) == 0) return f;
  throw std::invalid_argument("no incident " + std::string(prefix));
}

}  // namespace

TEST(FaultJudge, ReadersBelowFirstReaderAreNotJudged) {
  std::vector<DeliveryRecord> d{{0, 1, 0}, {1, 1, 5}, {1, 2, 7}};
  const auto o = faults::judge(d, 2, 2, 0, 1);
  EXPECT_EQ(o.expected, 2u);
  EXPECT_EQ(o.delivered, 2u);
  EXPECT_EQ(o.missing, 0u);  // reader 0 missed 2, and is not judged
  EXPECT_EQ(o.max_latency_ns, 7);
}

TEST(Incidents, AtTheirStatedUpdates) {
  const faults::Setup setup;  // 1000 updates at 100 Hz
  const auto all = faults::incidents(setup);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(published_by(*incident(all, "partition").net.incidents.partition_at, setup), 301u);
  EXPECT_EQ(incident(all, "partition").net.incidents.partition_for, std::chrono::seconds(1));
  EXPECT_EQ(published_by(*incident(all, "reader stops").net.incidents.reader_stop_at, setup), 201u);
  EXPECT_EQ(published_by(*incident(all, "reader restarts").net.incidents.reader_restart_at, setup), 501u);
  EXPECT_EQ(published_by(*incident(all, "writer restarts").net.incidents.writer_restart_at, setup), 501u);
}

// Each reliable kind under each incident, two seeds, exact counts.
class IncidentCell : public ::testing::TestWithParam<std::tuple<std::size_t, std::size_t>> {};

TEST_P(IncidentCell, KindKeepsItsPromise) {
  const faults::Setup setup;
  const auto& k = faults::kinds()[std::get<0>(GetParam())];
  const auto f = faults::incidents(setup)[std::get<1>(GetParam())];
  const auto& in = f.net.incidents;
  const std::uint64_t readers = static_cast<std::uint64_t>(setup.receivers);
  const std::uint64_t updates = static_cast<std::uint64_t>(setup.updates);
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const auto o = faults::run(k, f, setup, seed);
    SCOPED_TRACE(f.label + ", seed " + std::to_string(seed));
    expect_promise_kept(k, o);
    if (in.partition_at) {
      EXPECT_GT(o.partitioned, 0u);
      EXPECT_EQ(o.expected, readers * updates);
      // Healed: the updates of the partition (a second: 100) reach the readers afterwards
      // (replace: the newest of each tag, soon after it heals).
      if (!k.replaces) {
        EXPECT_GT(o.max_latency_ns, 900'000'000);
      }
    }
    if (in.reader_stop_at) {
      EXPECT_EQ(o.expected, (readers - 1) * updates);
      EXPECT_EQ(o.stopped_got, published_by(*in.reader_stop_at, setup));
      EXPECT_LT(o.max_latency_ns, 1'000'000);  // the others: no loss, no waiting for the stopped reader
    }
    if (in.reader_restart_at) {
      EXPECT_EQ(o.before_join, 0u);
      EXPECT_EQ(o.delivered, readers * updates);  // the old engine got 1..501, the new one 502..1000
    }
    if (in.writer_restart_at) {
      EXPECT_EQ(o.session_resets, readers);  // each reader saw the new session once
      EXPECT_EQ(o.naks, 0u);                 // no gap storm over the old session's numbers
      EXPECT_EQ(o.stale_feedback, 0u);
      EXPECT_EQ(o.delivered, readers * updates);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    KindsByIncidents, IncidentCell,
    ::testing::Combine(::testing::Range<std::size_t>(0, faults::kinds().size()),
                       ::testing::Range<std::size_t>(0, faults::incidents(faults::Setup{}).size())),
    [](const auto& info) {
      std::string name = std::string(faults::kinds()[std::get<0>(info.param)].label) + "_" +
                         faults::incidents(faults::Setup{})[std::get<1>(info.param)].label;
      for (auto& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

// A reader that stops for good: the writer's state stays bounded. nakcast and ricochet keep no
// per-reader state (their history is the same as without the stopped reader). replace and fifo
// hold what the stopped reader did not acknowledge for the retry timeout (replace: as ghosts of
// the messages newer ones of their tag replaced): at most rate x retry_timeout messages, one
// obligation each, and flat from then on, for as long as the writer publishes (the point's
// min_receivers is its 3 readers: with the stopped one dropped, every message waits for the
// retry timeout). 7 s at 100 Hz, the reader stopping after 1 s, a retry timeout of 2 s.
TEST(Incidents, StoppedReaderLeavesTheWriterBounded) {
  const double rate = 100;
  const int updates = 700;
  const double retry_s = 2;
  for (const auto& k : faults::kinds()) {
    bench::Point p{k.transport, 3, 0.0, rate, updates, 1, 1};
    p.lec_nak_fallback = k.nak_fallback;
    p.retry_timeout = std::chrono::seconds(2);
    const auto spec = bench::counter_spec("fault-table", 12, {p});
    NetConfig stop;
    stop.incidents.reader_stop_at = std::chrono::milliseconds(1105);
    const auto calm = run_point(spec, p, NetConfig{});
    const auto hit = run_point(spec, p, stop);
    ASSERT_GE(hit.writer_state.size(), 7u) << k.label;
    if (!k.replaces && k.transport != TransportKind::Fifo) {
      EXPECT_EQ(hit.writer_state_max, calm.writer_state_max) << k.label;
      continue;
    }
    // In flight to the stopped reader: at most rate x retry_timeout messages, one obligation each.
    const auto bound = static_cast<std::size_t>(2 * rate * retry_s) + 2 * 3 + p.tags;
    EXPECT_LE(hit.writer_state_max, bound) << k.label;
    EXPECT_GT(hit.writer_state_max, calm.writer_state_max) << k.label;  // it did hold them
    const auto after = static_cast<std::size_t>(1.105 + retry_s + 1);  // the first expiries are past
    for (std::size_t s = after; s < hit.writer_state.size(); ++s)  // flat: not growing any more
      EXPECT_LE(hit.writer_state[s], hit.writer_state[after] + p.tags) << k.label << " at " << s << " s";
  }
}
