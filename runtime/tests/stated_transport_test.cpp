// adamant/stated_transport.hpp: a transport stated by its kind and the parameters given is the
// TransportSettings (or bench::Point) with those, and the contract table's defaults for the rest.
#include <adamant/bench.hpp>
#include <adamant/stated_transport.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using adamant::StatedTransport;
using adamant::TransportKind;
using adamant::TransportSettings;
using namespace std::chrono_literals;

namespace {

// The message of the std::invalid_argument converting `t` throws, or "" when it converts.
std::string rejection(const StatedTransport& t) {
  try {
    const TransportSettings settings = t;
    (void)settings;
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

}  // namespace

TEST(StatedTransport, NothingStatedIsTheDefaultsForTheKind) {
  const TransportSettings defaults{};
  for (const TransportKind kind : {TransportKind::Baseline, TransportKind::Nakcast, TransportKind::Ricochet,
                                   TransportKind::Replace, TransportKind::Fifo, TransportKind::Fec}) {
    const TransportSettings s = TransportSettings::of(kind);
    EXPECT_EQ(s.kind, kind);
    EXPECT_EQ(s.nak_timeout, defaults.nak_timeout);
    EXPECT_FALSE(s.lec_r.has_value());  // lec_params: the kind's own r and c
    EXPECT_FALSE(s.lec_c.has_value());
    EXPECT_EQ(s.pace_bytes_per_s, defaults.pace_bytes_per_s);
    EXPECT_EQ(s.min_receivers, defaults.min_receivers);
  }
  EXPECT_EQ(adamant::lec_params(TransportSettings(TransportSettings::of(TransportKind::Fec))).r,
            adamant::defaults::fec::kR);
}

TEST(StatedTransport, WhatIsStatedIsSet) {
  const TransportSettings nak = TransportSettings::of(TransportKind::Nakcast).nak_timeout(25ms);
  EXPECT_EQ(nak.nak_timeout, 25ms);
  const TransportSettings ricochet = TransportSettings::of(TransportKind::Ricochet).r(4).c(2).nak_timeout(30ms);
  EXPECT_EQ(ricochet.lec_r, 4);
  EXPECT_EQ(ricochet.lec_c, 2);
  EXPECT_EQ(ricochet.nak_timeout, 30ms);
  const TransportSettings fec = TransportSettings::of(TransportKind::Fec).r(6);
  EXPECT_EQ(fec.lec_r, 6);
  EXPECT_FALSE(fec.lec_c.has_value());
  const TransportSettings replace = TransportSettings::of(TransportKind::Replace).pace(5120);
  EXPECT_EQ(replace.kind, TransportKind::Replace);
  EXPECT_EQ(replace.pace_bytes_per_s, 5120u);
  EXPECT_TRUE(replace.sequenced);  // the contract's default
  const TransportSettings mockets = TransportSettings::of(TransportKind::Fifo)
                                        .sequenced(false)
                                        .enqueue_timeout(2s)
                                        .retry_timeout(5s)
                                        .pace_mode(adamant::PaceMode::Estimate);
  EXPECT_FALSE(mockets.sequenced);
  EXPECT_EQ(mockets.enqueue_timeout, 2s);
  EXPECT_EQ(mockets.retry_timeout, 5s);
  EXPECT_TRUE(mockets.estimate_bandwidth);
  EXPECT_THROW(static_cast<void>(TransportSettings(TransportSettings::of(TransportKind::Nakcast).sequenced(false))),
               std::invalid_argument);
  // Each setter returns a copy: the one it was called on keeps what it stated.
  const StatedTransport base = StatedTransport::of(TransportKind::Ricochet).r(4);
  const TransportSettings more = base.c(2);
  EXPECT_EQ(TransportSettings(base).lec_c, std::nullopt);
  EXPECT_EQ(more.lec_c, 2);
}

TEST(StatedTransport, ABenchPointTakesWhatIsStated) {
  adamant::bench::Point p{};
  StatedTransport::of("fifo").pace(1000).sequenced(false).pace_mode(adamant::PaceMode::Estimate).apply(p);
  EXPECT_EQ(p.pace_bytes_per_s, 1000u);
  EXPECT_FALSE(p.sequenced);
  EXPECT_TRUE(p.estimate_bandwidth);
  EXPECT_EQ(p.nak_timeout, adamant::bench::Point{}.nak_timeout);
}

// A parameter its kind does not take (the contract table's kinds) is not stated for it.
TEST(StatedTransport, AParameterTheKindDoesNotTakeIsRejected) {
  EXPECT_EQ(rejection(StatedTransport::of(TransportKind::Nakcast).nak_timeout(25ms)), "");
  EXPECT_EQ(rejection(StatedTransport::of(TransportKind::Nakcast).c(3)),
            "transport 'nakcast' states c, which its kind does not take (contract table)");
  EXPECT_EQ(StatedTransport::of(TransportKind::Replace).pace(5120).r(8).foreign_parameter(), "r");
  EXPECT_EQ(StatedTransport::of(TransportKind::Fec).pace(5120).foreign_parameter(), "pace");
  EXPECT_EQ(StatedTransport::of(TransportKind::Baseline).nak_timeout(25ms).foreign_parameter(), "nak_timeout");
  EXPECT_EQ(StatedTransport::of(TransportKind::Ricochet).nak_timeout(25ms).r(4).c(3).foreign_parameter(), "");
}

TEST(StatedTransport, AKindByNameIsParsed) {
  EXPECT_EQ(StatedTransport::of("ricochet").kind(), TransportKind::Ricochet);
  try {
    (void)StatedTransport::of("nakcats");
    FAIL() << "an unknown kind was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown transport 'nakcats' (valid: baseline, nakcast, ricochet, replace, fifo, fec, adaptive)");
  }
}

TEST(StatedTransport, AdaptiveStatesItsTableHoldAndMargin) {
  const TransportSettings s =
      TransportSettings::of(TransportKind::Adaptive).table("adaptive/radar.Tracks.json").hold(500ms).margin(5);
  EXPECT_EQ(s.kind, TransportKind::Adaptive);
  EXPECT_EQ(s.table, "adaptive/radar.Tracks.json");
  EXPECT_EQ(s.hold, 500ms);
  EXPECT_EQ(s.margin_pct, 5.0);
  const TransportSettings defaults = TransportSettings::of(TransportKind::Adaptive);
  EXPECT_EQ(defaults.hold, adamant::defaults::adaptive::kHold);  // the contract's 2 s
  EXPECT_EQ(defaults.margin_pct, adamant::defaults::adaptive::kMarginPct);
  EXPECT_EQ(rejection(TransportSettings::of(TransportKind::Nakcast).table("t.json")),
            "transport 'nakcast' states table, which its kind does not take (contract table)");
}
