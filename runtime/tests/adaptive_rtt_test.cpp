// The adaptive writer's measurements: Environment's loss, pooled over the readers; and its round trip:
// the REPORT's echo and held time on the wire, Environment's smoothed round trip per reader and over
// readers, and the table's stated round trip (DecisionTable::rtt_us).
#include <adamant/adaptive/decision_table.hpp>
#include <adamant/adaptive/environment.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace adamant;
using namespace adamant::adaptive;
using namespace std::chrono_literals;

namespace {

std::vector<std::uint8_t> body_of(const std::vector<std::uint8_t>& report) {
  const auto e = wire::decode_epoch({report.data(), report.size()});
  return e ? std::vector<std::uint8_t>(e->body.data, e->body.data + e->body.size) : std::vector<std::uint8_t>{};
}
bool decodes(const std::vector<std::uint8_t>& body) {
  return wire::decode_epoch_report(body.empty() ? ByteView{} : ByteView{body.data(), body.size()}).has_value();
}
Endpoint reader(int i) { return Endpoint{0x7F000001, static_cast<std::uint16_t>(6000 + i)}; }
wire::EpochReport echo(std::int64_t at_ns, std::uint64_t held_ns) { return {10, 10, at_ns, held_ns}; }

}  // namespace

TEST(EpochReportRtt, RoundTripsEchoAndHeld) {
  for (const auto& r : {wire::EpochReport{5, 9, 0, 0}, wire::EpochReport{5, 9, 1'234'567'890'123, 200'000'000},
                        wire::EpochReport{0, 0, -1, wire::kEpochMaxHeldNs}}) {
    const auto bytes = wire::encode_epoch_report(4, r);
    const auto e = wire::decode_epoch({bytes.data(), bytes.size()});
    ASSERT_TRUE(e);
    const auto d = wire::decode_epoch_report(e->body);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->received, r.received);
    EXPECT_EQ(d->expected, r.expected);
    EXPECT_EQ(d->echo_ns, r.echo_ns);
    EXPECT_EQ(d->held_ns, r.held_ns);
    EXPECT_GE(e->body.size, wire::kEpochReportSize);
    EXPECT_LE(e->body.size, wire::kEpochReportMaxSize);
  }
  // The shortest and the longest a REPORT can be.
  EXPECT_EQ(body_of(wire::encode_epoch_report(1, {1, 1, 0, 0})).size(), wire::kEpochReportSize);
  EXPECT_EQ(body_of(wire::encode_epoch_report(1, {1, 1, -1, wire::kEpochMaxHeldNs})).size(), wire::kEpochReportMaxSize);
}

TEST(EpochReportRtt, RejectsMalformedReports) {
  const auto good = body_of(wire::encode_epoch_report(4, {5, 9, 300, 200}));  // echo, held: 2 bytes each
  ASSERT_EQ(good.size(), 20u);
  ASSERT_TRUE(decodes(good));
  auto v = good;
  v.pop_back();  // held truncated
  EXPECT_FALSE(decodes(v));
  v = good;
  v.push_back(0);  // a byte after held
  EXPECT_FALSE(decodes(v));
  EXPECT_FALSE(decodes(std::vector<std::uint8_t>(good.begin(), good.begin() + 16)));  // no echo (the old REPORT)
  v = std::vector<std::uint8_t>(good.begin(), good.begin() + 18);
  v.push_back(0x80);
  v.push_back(0x00);  // held 0 not minimal
  EXPECT_FALSE(decodes(v));
  EXPECT_FALSE(decodes(body_of(wire::encode_epoch_report(4, {5, 9, 0, wire::kEpochMaxHeldNs + 1}))));  // held too long
  EXPECT_FALSE(decodes(std::vector<std::uint8_t>(wire::kEpochReportMaxSize + 1, 0x80)));
  // The whole envelope: a REPORT whose body is malformed is rejected as a whole.
  auto whole = wire::encode_epoch_report(4, {5, 9, 300, 200});
  whole.pop_back();
  EXPECT_FALSE(wire::decode_epoch({whole.data(), whole.size()}));
}

TEST(EnvironmentRtt, SmoothsEachReadersRoundTripFromEchoes) {
  Environment env(200ms, 2s);
  const Nanos t0 = 10s;
  EXPECT_FALSE(env.rtt(t0));
  // Reader 0: sent at t0, held 3 ms by the reader, back at t0 + 43 ms: 40 ms.
  env.on_report(reader(0), echo(t0.count(), 3'000'000), t0 + 43ms);
  EXPECT_EQ(env.rtt(reader(0)), Nanos{40ms});
  // The next sample, 48 ms, moves it an eighth of the way: 41 ms.
  env.on_report(reader(0), echo((t0 + 200ms).count(), 0), t0 + 248ms);
  EXPECT_EQ(env.rtt(reader(0)), Nanos{41ms});
  // The same echo again (nothing newer heard) is not a sample.
  env.on_report(reader(0), echo((t0 + 200ms).count(), 0), t0 + 448ms);
  EXPECT_EQ(env.rtt(reader(0)), Nanos{41ms});
  // Lies are not samples: an echo from the future, held longer than since the echo.
  env.on_report(reader(0), echo((t0 + 900ms).count(), 0), t0 + 500ms);
  env.on_report(reader(0), echo((t0 + 400ms).count(), 200'000'000), t0 + 500ms);
  EXPECT_EQ(env.rtt(reader(0)), Nanos{41ms});
  // A reader without an echo yet has no round trip.
  EXPECT_FALSE(env.rtt(reader(9)));
}

TEST(EnvironmentLoss, PoolsTheReadersSamples) {
  Environment env(200ms, 2s);
  const Nanos t = 5s;
  // Three readers 2 s in, each 6 of 200 updates missed (3 %), and 22 that joined one report ago, each
  // with 20 seen and none missed: 18 of 1040 (1.73 %), not the mean of the 25 rates (0.36 %).
  for (int i = 0; i < 3; ++i) env.on_report(reader(i), {194, 200, 0, 0}, t);
  for (int i = 3; i < 25; ++i) env.on_report(reader(i), {20, 20, 0, 0}, t);
  const Query q = env.measure(t, Query{});
  EXPECT_EQ(q.receivers, 25);
  EXPECT_NEAR(q.loss_pct, 100.0 * 18 / 1040, 1e-9);
  // Samples older than the window no longer count: 2 of the next 20 missed at each of the three.
  for (int i = 0; i < 3; ++i) env.on_report(reader(i), {212, 220, 0, 0}, t + 2100ms);
  for (int i = 3; i < 25; ++i) env.on_report(reader(i), {40, 40, 0, 0}, t + 2100ms);
  EXPECT_NEAR(env.measure(t + 2100ms, Query{}).loss_pct, 100.0 * 6 / (25 * 20), 1e-9);
}

TEST(EnvironmentLoss, AReaderWeighsAtMostWhatWasPublished) {
  Environment env(200ms, 2s);
  const Nanos t = 5s;
  for (Nanos p = t - 1990ms; p <= t; p += 10ms) env.on_publish(p);  // 200 updates in the window
  for (int i = 0; i < 3; ++i) env.on_report(reader(i), {194, 200, 0, 0}, t);
  // A forged REPORT: a billion expected, none received. It counts as 220 updates (the window's 200 and
  // a report interval's 20 more), all missed, not as a billion.
  env.on_report(reader(3), {0, 1'000'000'000, 0, 0}, t);
  EXPECT_NEAR(env.measure(t, Query{}).loss_pct, 100.0 * (18 + 220) / (600 + 220), 1e-6);
}

TEST(EnvironmentRtt, TheFlowsRoundTripIsTheLiveReadersMedian) {
  Environment env(200ms, 2s);
  const Nanos t = 5s;
  env.on_report(reader(0), echo(t.count(), 0), t + 10ms);
  env.on_report(reader(1), echo(t.count(), 0), t + 12ms);
  env.on_report(reader(2), echo(t.count(), 0), t + 500ms);  // one reader far away does not move it
  EXPECT_EQ(env.rtt(t + 500ms), Nanos{12ms});
  env.on_report(reader(3), echo(t.count(), 0), t + 600ms);  // an even count: the upper middle
  EXPECT_EQ(env.rtt(t + 600ms), Nanos{500ms});
  // Readers silent for three report intervals no longer count.
  env.on_report(reader(2), echo((t + 1300ms).count(), 0), t + 1320ms);
  EXPECT_EQ(env.rtt(t + 1320ms), Nanos{440ms});  // reader 2 alone: 500 ms + (20 - 500) / 8
}

TEST(DecisionTableRtt, StatesTheRoundTripItWasComputedFor) {
  const std::string head = R"({"format": "adamant-adaptive-table/1", )";
  const std::string rest = R"("axes": {"receivers": [3], "loss_pct": [0], "rate_hz": [10]},
      "candidates": [{"name": "n", "kind": "nakcast"}], "scores": [100]})";
  EXPECT_EQ(DecisionTable::from_json(head + R"("rtt_us": 40000, )" + rest).rtt_us(), 40000.0);
  EXPECT_FALSE(DecisionTable::from_json(head + rest).rtt_us());  // older tables: not stated
  for (const char* bad : {R"("rtt_us": 0, )", R"("rtt_us": -5, )", R"("rtt_us": "40ms", )"}) {
    try {
      DecisionTable::from_json(head + bad + rest);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("rtt_us"), std::string::npos) << e.what();
    }
  }
}
