// Readers joining and leaving on a schedule in the simulator (NetConfig::readers_schedule): the parse,
// who receives what while taking part, the delivery counted over what each reader was there for, and
// the adaptive writer seeing the membership change (its readers measurement) and switching on it.
#include <adamant/adaptive/decision_table.hpp>
#include <adamant/sim.hpp>
#include <adamant/units.hpp>

#include <gtest/gtest.h>

#include <map>
#include <memory>

using namespace adamant;
using namespace std::chrono_literals;

TEST(ReadersSchedule, ParsesRepeatsAndChangesPhase) {
  const auto s = units::parse_readers_schedule("3@2s,25@1s,3@1s");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->size(), 3u);
  EXPECT_EQ(sim::readers_at(*s, 0ms), 3);
  EXPECT_EQ(sim::readers_at(*s, 2s), 25);
  EXPECT_EQ(sim::readers_at(*s, 3500ms), 3);
  EXPECT_EQ(sim::readers_at(*s, 6s), 25);  // the second period
  EXPECT_EQ(sim::max_readers(*s), 25);
  EXPECT_EQ(sim::phase_changes({2s, 1s, 1s}, 5s), (std::vector<sim::Nanos>{2s, 3s, 4s}));
  EXPECT_TRUE(sim::phase_changes({2s}, 5s).empty());
  EXPECT_FALSE(units::parse_readers_schedule("3,25@1s"));  // phases need durations
  EXPECT_FALSE(units::parse_readers_schedule("-1@1s"));
  EXPECT_FALSE(units::parse_readers_schedule("2.5@1s"));
  EXPECT_FALSE(units::parse_readers_schedule("20001@1s"));
}

TEST(ReadersSchedule, ReadersReceiveWhileTheyTakePart) {
  // 3 readers, 8 from 1.005 s to 2.005 s, then 3 again; 300 updates at 100 Hz from 100 ms (to 3.09 s).
  bench::Point p{TransportKind::Nakcast, 8, 0.0, 100.0, 300, 1, 1};
  sim::NetConfig net;
  net.readers_schedule = {{3, 1005ms}, {8, 1s}, {3, 1h}};
  const auto r = sim::run_point(bench::counter_spec("readers", 12, {p}), p, net);
  std::map<int, std::pair<std::uint64_t, std::uint64_t>> span;  // reader: first and last sequence
  std::map<int, std::uint64_t> count;
  for (const auto& d : r.deliveries) {
    auto [it, fresh] = span.try_emplace(d.reader, d.sequence, d.sequence);
    if (!fresh) it->second.second = d.sequence;
    ++count[d.reader];
  }
  for (int i = 0; i < 3; ++i) EXPECT_EQ(count[i], 300u) << "reader " << i;
  for (int i = 3; i < 8; ++i) {  // published while they take part: updates 92 (1.01 s) .. 191 (2.00 s)
    EXPECT_GE(span[i].first, 90u) << "reader " << i;  // a late joiner may start at an announced one
    EXPECT_LE(span[i].first, 92u) << "reader " << i;
    EXPECT_EQ(span[i].second, 191u) << "reader " << i;
    EXPECT_GE(count[i], 100u) << "reader " << i;
    EXPECT_LE(count[i], 102u) << "reader " << i;
  }
  EXPECT_EQ(r.row.receivers, 8);
  EXPECT_NEAR(r.row.delivery, 1.0, 0.01);  // of what each reader was there for, not of 8 x 300
  EXPECT_EQ(r.order_errors, 0u);
  EXPECT_THROW(sim::run_point(bench::counter_spec("readers", 12, {p}), bench::Point{TransportKind::Nakcast, 5, 0.0, 100.0, 300, 1, 1}, net),
               std::runtime_error);  // the point's receivers must be the schedule's most
}

TEST(ReadersSchedule, AReaderComingBackIsNotCreditedWithUpdatesInFlight) {
  // A 50 ms link: when readers 3..7 come back at 1.005 s, updates 87..91 (published 0.96-1.00 s) are
  // still on their way; they are neither owed nor counted. Nor are those that cannot reach the five
  // before they leave at 2.005 s, 187..191 (1.96-2.00 s): 92..186 owed each, all delivered.
  bench::Point p{TransportKind::Nakcast, 8, 0.0, 100.0, 300, 1, 1};
  sim::NetConfig net;
  net.delay = 50ms;
  net.readers_schedule = {{3, 1005ms}, {8, 1s}, {3, 1h}};
  const auto r = sim::run_point(bench::counter_spec("readers", 12, {p}), p, net);
  std::map<int, std::uint64_t> first;
  for (const auto& d : r.deliveries) first.try_emplace(d.reader, d.sequence);
  for (int i = 3; i < 8; ++i) EXPECT_EQ(first[i], 92u) << "reader " << i;
  EXPECT_DOUBLE_EQ(r.row.delivery, 1.0);
  EXPECT_EQ(r.row.received, 3u * 300u + 5u * 95u);
}

TEST(ReadersSchedule, AReaderLeavingIsOwedWhatCouldReachItBeforeItLeft) {
  // As above with 5 % loss and a 300 ms NAK timeout: every transport owes the same 3 x 300 + 5 x 95
  // updates (those that could reach the five before they left), and what they lost in the last
  // 400 ms before leaving, deliverable but not repaired in time, stays lost.
  sim::NetConfig net;
  net.delay = 50ms;
  net.readers_schedule = {{3, 1005ms}, {8, 1s}, {3, 1h}};
  for (const auto kind : {TransportKind::Nakcast, TransportKind::Ricochet}) {
    bench::Point p{kind, 8, 5.0, 100.0, 300, 1, 1};
    p.nak_timeout = 300ms;
    const auto r = sim::run_point(bench::counter_spec("readers_leave", 12, {p}), p, net);
    ASSERT_GT(r.row.delivery, 0.0);
    EXPECT_LT(r.row.delivery, 1.0);
    EXPECT_NEAR(static_cast<double>(r.row.received) / r.row.delivery, 3.0 * 300 + 5.0 * 95, 1e-6);
  }
}

TEST(ReadersSchedule, TheAdaptiveWriterSeesReadersJoinAndLeave) {
  // nakcast auto is the pick at 3 readers, nakcast 5 ms at 10: the writer switches when 7 join and back
  // when they leave; every reader gets every update it was there for, in order.
  const adaptive::Candidate a{"nakcast_auto", "nakcast", {{"nak_timeout", "auto"}}};
  const adaptive::Candidate b{"nakcast_5ms", "nakcast", {{"nak_timeout", "5000"}}};
  auto table = std::make_shared<const adaptive::DecisionTable>(
      std::vector<double>{3, 10}, std::vector<double>{0}, std::vector<double>{100}, std::vector<adaptive::Candidate>{a, b},
      std::vector<std::optional<double>>{100.0, 200.0, 400.0, 150.0});
  bench::Point p{TransportKind::Nakcast, 10, 0.0, 100.0, 700, 1, 1};
  sim::NetConfig net;
  net.readers_schedule = {{3, 2s}, {10, 3s}, {3, 1h}};
  net.adaptive = sim::AdaptiveRun{table, 1s, 10};
  const auto r = sim::run_point(bench::counter_spec("readers_adaptive", 12, {p}), p, net);
  EXPECT_EQ(r.row.switches, 2u);
  ASSERT_EQ(r.timeline.size(), 3u);
  EXPECT_EQ(r.timeline[0].to, 0u);
  EXPECT_EQ(r.timeline[1].to, 1u);
  EXPECT_GT(r.timeline[1].at, 2s);
  EXPECT_LT(r.timeline[1].at, 4s);
  EXPECT_GE(r.timeline[1].measured.receivers, 6.0);  // b beats a by the margin from 6 readers on
  EXPECT_EQ(r.timeline[2].to, 0u);
  EXPECT_GT(r.timeline[2].at, 5s);
  EXPECT_LE(r.timeline[2].measured.receivers, 5.0);
  EXPECT_EQ(r.candidates, (std::vector<std::string>{"nakcast_auto", "nakcast_5ms"}));
  EXPECT_DOUBLE_EQ(r.row.delivery, 1.0);
  EXPECT_EQ(r.order_errors, 0u);
  EXPECT_EQ(r.unrecoverable, 0u);
}
