// The contract table (adamant/contract.hpp) against what the runtime does: every default the
// engines and benches spell is the table's, the timing rules are the ones setup applies, the wire
// sizes are what the codec writes, the units are the ones the command lines read.
#include <adamant/bench.hpp>
#include <adamant/contract.hpp>
#include <adamant/metrics.hpp>
#include <adamant/replace.hpp>
#include <adamant/setup.hpp>
#include <adamant/sweep.hpp>
#include <adamant/units.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <set>
#include <stdexcept>
#include <variant>
#include <string>
#include <utility>

namespace adamant {
namespace {

using namespace std::chrono_literals;
namespace c = contract;

// Durations as microsecond counts, so a failure prints numbers.
template <class Rep, class Period>
long long us(std::chrono::duration<Rep, Period> d) {
  return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

TEST(Table, EveryParameterHasADefaultForEachKindThatTakesItWithinItsRange) {
  std::set<std::string_view> names;
  for (const auto& p : c::kParameters) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name << " twice";
    EXPECT_LE(p.min, p.max) << p.name;
    for (const auto& k : c::kKinds) {
      const auto d = c::default_for(p, k.bit);
      EXPECT_EQ(d.has_value(), (p.kinds & k.bit) != 0) << p.name << " for " << k.name;
      const bool word = d && (p.keyword_kinds & k.bit) != 0 && *d == 0;  // the keyword (`auto`), held as 0
      if (d && !word) {
        EXPECT_GE(*d, p.min) << p.name << " default for " << k.name;
        EXPECT_LE(*d, p.max) << p.name << " default for " << k.name;
      }
    }
    EXPECT_EQ(p.model_kinds & ~p.kinds, 0u) << p.name << ": a model sets it only for kinds that take it";
    EXPECT_EQ(p.model_kinds != 0, !p.model_names.empty()) << p.name;
    if (!p.unit.empty()) {
      EXPECT_NE(c::find_unit(p.unit), nullptr) << p.name << " unit " << p.unit;
    }
  }
  for (const auto& u : c::kUnits) {
    bool known = false;
    for (const auto& d : c::kDimensions) known = known || d.name == u.dimension;
    EXPECT_TRUE(known) << u.symbol;
  }
}

// The settings structs a program starts from hold the table's defaults (they read them through
// adamant/engine/defaults.hpp: a number spelt in one of them fails here).
TEST(Table, SettingsAndBenchDefaultsAreTheTables) {
  SCOPED_TRACE("a default spelt in the settings or bench headers differs from adamant/contract.hpp: "
               "take it from adamant/engine/defaults.hpp");
  auto dflt = [](std::string_view name, c::KindBit kind) { return c::default_of(name, kind); };
  auto dflt_us = [&](std::string_view name, c::KindBit kind) { return static_cast<long long>(dflt(name, kind)); };
  const TransportSettings ts;
  EXPECT_EQ(us(ts.nak_timeout), dflt_us("nak_timeout", c::kNakcast));
  EXPECT_FALSE(ts.lec_r.has_value());  // r and c: the kind's (Table, EachKindRunsItsOwnRAndC)
  EXPECT_FALSE(ts.lec_c.has_value());
  EXPECT_EQ(ts.lec_nak_fallback, dflt("nak_fallback", c::kRicochet) != 0);
  EXPECT_EQ(ts.pace_bytes_per_s, dflt("pace", c::kReplace));
  EXPECT_EQ(us(ts.enqueue_timeout), dflt_us("enqueue_timeout", c::kReplace));
  EXPECT_EQ(us(ts.retry_timeout), dflt_us("retry_timeout", c::kReplace));
  EXPECT_EQ(ts.estimate_bandwidth, dflt("pace_mode", c::kReplace) != 0);
  EXPECT_EQ(ts.sequenced, dflt("sequenced", c::kReplace) != 0);

  const bench::Point pt{};
  EXPECT_EQ(us(pt.nak_timeout), dflt_us("nak_timeout", c::kNakcast));
  EXPECT_FALSE(pt.lec_r.has_value());
  EXPECT_FALSE(pt.lec_c.has_value());
  EXPECT_EQ(pt.tags, dflt("tags", c::kReplace));
  EXPECT_EQ(pt.pace_bytes_per_s, dflt("pace", c::kReplace));
  EXPECT_EQ(us(pt.enqueue_timeout), dflt_us("enqueue_timeout", c::kReplace));
  EXPECT_EQ(us(pt.retry_timeout), dflt_us("retry_timeout", c::kReplace));
  EXPECT_EQ(pt.sequenced, dflt("sequenced", c::kReplace) != 0);
  bench::Point swept{};  // a sweep entry that states nothing leaves every default
  bench::SweepTransport::of("nakcast").apply(swept);
  EXPECT_EQ(us(swept.nak_timeout), dflt_us("nak_timeout", c::kNakcast));
  EXPECT_FALSE(swept.lec_r.has_value());
  EXPECT_FALSE(swept.lec_c.has_value());
  EXPECT_EQ(swept.pace_bytes_per_s, dflt("pace", c::kReplace));
}

// A transport that is given no r or c runs with its kind's defaults in the table (ricochet's are
// not fec's); one that is given them runs with those.
TEST(Table, EachKindRunsItsOwnRAndC) {
  for (const auto& [kind, bit] : {std::pair{TransportKind::Ricochet, c::kRicochet}, std::pair{TransportKind::Fec, c::kFec}}) {
    SCOPED_TRACE(std::string(to_string(kind)));
    const LecParams d = lec_params(kind, std::nullopt, std::nullopt);
    EXPECT_EQ(d.r, c::default_of("r", bit));
    EXPECT_EQ(d.c, c::default_of("c", bit));
    EXPECT_EQ(lec_params(kind, 2, std::nullopt).r, 2);
    EXPECT_EQ(lec_params(kind, 2, std::nullopt).c, d.c);
    EXPECT_EQ(lec_params(kind, std::nullopt, 1).r, d.r);
    EXPECT_EQ(lec_params(kind, std::nullopt, 1).c, 1);
  }
  ChannelConfig cfg;
  cfg.transport.kind = TransportKind::Fec;
  const auto fec = std::get<engine::FecSenderConfig>(setup::sender_config(cfg, 1));
  EXPECT_EQ(fec.r, c::default_of("r", c::kFec));
  EXPECT_EQ(fec.c, c::default_of("c", c::kFec));
  const auto fec_rx = std::get<engine::RicochetReceiverConfig>(setup::receiver_config(cfg, Endpoint{}, 1));
  EXPECT_EQ(fec_rx.lec_r, c::default_of("r", c::kFec));
  EXPECT_EQ(fec_rx.lec_c, c::default_of("c", c::kFec));
  cfg.transport.kind = TransportKind::Ricochet;
  const auto ric = std::get<engine::RicochetReceiverConfig>(setup::receiver_config(cfg, Endpoint{}, 1));
  EXPECT_EQ(ric.lec_r, c::default_of("r", c::kRicochet));
  EXPECT_EQ(ric.lec_c, c::default_of("c", c::kRicochet));
  cfg.transport.lec_r = 6;
  EXPECT_EQ(std::get<engine::RicochetReceiverConfig>(setup::receiver_config(cfg, Endpoint{}, 1)).lec_r, 6);
}

// The engine configs the setup does not fill keep the defaults that read the table.
TEST(Table, FecSenderDefaultsAreTheTables) {
  const engine::FecSenderConfig fc;
  EXPECT_EQ(fc.r, c::default_of("r", c::kFec));
  EXPECT_EQ(fc.c, c::default_of("c", c::kFec));
  EXPECT_EQ(us(fc.flush), us(c::kFecFlush));
}

TEST(Table, ADefaultTheTableLacksIsAnError) {
  EXPECT_THROW(c::default_of("r", c::kNakcast), std::invalid_argument);
  EXPECT_THROW(c::default_of("no_such_parameter", c::kNakcast), std::invalid_argument);
}

TEST(Timing, SetupAppliesTheHeartbeatAndJitterRules) {
  for (auto t : {500us, 2000us, 7000us, 25'000us, 50'000us, 1'000'000us}) {
    ChannelConfig cfg;
    cfg.transport.nak_timeout = t;
    const auto half = std::chrono::duration_cast<std::chrono::nanoseconds>(t) / 2;
    const auto want = std::clamp<std::chrono::nanoseconds>(half, 1ms, 10ms);
    EXPECT_EQ(std::get<engine::NakcastSenderConfig>(setup::sender_config(cfg, 1)).heartbeat_interval, want)
        << t.count() << " us";
    EXPECT_EQ(c::heartbeat_interval(t), want) << t.count() << " us";
    EXPECT_EQ(std::get<engine::NakcastReceiverConfig>(setup::receiver_config(cfg)).nak_jitter,
              std::chrono::duration_cast<std::chrono::nanoseconds>(t) / 10);
  }
}

TEST(Timing, FecUnderAutoHeartbeatsAtTheLongestInterval) {
  ChannelConfig cfg;
  cfg.transport.kind = TransportKind::Fec;
  cfg.transport.nak_timeout = c::kNakTimeoutAuto;
  EXPECT_EQ(std::get<engine::FecSenderConfig>(setup::sender_config(cfg, 1)).data.heartbeat_interval,
            std::chrono::nanoseconds{c::kHeartbeatMax});
  cfg.transport.kind = TransportKind::Ricochet;  // a full bin goes out at the writer's next datagram
  EXPECT_EQ(std::get<engine::NakcastSenderConfig>(setup::sender_config(cfg, 1)).heartbeat_interval,
            std::chrono::nanoseconds{c::kHeartbeatMin});
}

TEST(Wire, SizesAreWhatTheCodecWrites) {
  auto wire_size = [](std::string_view name) {
    for (const auto& w : c::kWire)
      if (w.name == name) return w.bytes;
    ADD_FAILURE() << "no wire constant " << name;
    return std::size_t{0};
  };
  const std::uint8_t body[12] = {};
  wire::Header h;
  EXPECT_EQ(wire::encode(h, ByteView{body, 12}).size(), wire_size("header") + 12);
  EXPECT_EQ(wire::encode_nak(1, 1, {{1, 2}, {5, 5}}, 0).size(), wire_size("header") + 2 * wire_size("nak_range"));
  EXPECT_EQ(wire::encode_heartbeat(1, 1, 9, 2, 0).size(), wire_size("header") + wire_size("heartbeat"));
  EXPECT_EQ(wire::encode_repair(1, 1, {1, 2, 3, 4}, 0, 0, ByteView{body, 12}, 0).size(),
            wire_size("header") + wire_size("repair_fixed") + 4 * wire_size("repair_sequence") + 12);
  EXPECT_EQ(wire::encode_msg(1, 1, 1, 0, wire::MsgInfo{}, ByteView{body, 12}).size(),
            wire_size("header") + wire_size("msg_fixed") + 12);
  // the epoch envelope's first byte: its version in bit 4, the candidate in the bits below
  const auto top = static_cast<std::uint16_t>(wire_size("epoch_max_candidates") - 1);
  const auto env = wire::encode_epoch({wire::EpochType::Datagram, top, 1, 0, {}}, ByteView{body, 12});
  EXPECT_EQ(env.size(), wire_size("epoch_envelope_min") + 12);
  EXPECT_EQ((env[0] >> 4) & 1u, wire_size("epoch_envelope_version"));
  EXPECT_EQ(env[0] & 0x0Fu, top);
}

TEST(ResultColumns, AreTheBenchesCsvHeader) {
  const auto j = nlohmann::json::parse(c::to_json());
  std::string header;
  for (const auto& col : j["result_columns"]) header += (header.empty() ? "" : ",") + col["name"].get<std::string>();
  EXPECT_EQ(header, metrics::csv_header());
}

TEST(Units, CommandLinesReadTheLanguagesUnits) {
  EXPECT_EQ(units::parse_bandwidth("5KB/s"), 5u * 1024);  // the language's 5 KB/s, not 5000
  EXPECT_EQ(*units::parse_bandwidth("5KB/s"), static_cast<std::uint64_t>(5 * c::find_unit("KB/s")->to_base));
  EXPECT_EQ(units::parse_bandwidth("5 KB/s"), 5120u);
  EXPECT_EQ(units::parse_bandwidth("8kbit/s"), 1000u);
  EXPECT_EQ(units::parse_bandwidth("1Mbit/s"), 125'000u);
  EXPECT_EQ(units::parse_bandwidth("125000B/s"), 125'000u);
  EXPECT_FALSE(units::parse_bandwidth("5KB"));      // a size, not a bandwidth
  EXPECT_FALSE(units::parse_bandwidth("5000"));     // a bandwidth needs its unit
  EXPECT_FALSE(units::parse_bandwidth("5kB/s"));    // not a unit of the language
  EXPECT_EQ(units::parse_bandwidth("5120", "B/s"), 5120u);  // where a bare number has a unit
  EXPECT_FALSE(units::parse_bandwidth("5kB/s", "B/s"));
  EXPECT_EQ(units::symbols("bandwidth"), "B/s, KB/s, kbit/s, Mbit/s");
  EXPECT_EQ(units::symbols("duration"), "us, ms, s");
  EXPECT_FALSE(units::parse_bandwidth("-5KB/s"));

  EXPECT_EQ(parse_duration("25ms"), 25'000us);
  EXPECT_EQ(parse_duration("25"), 25'000us);  // a bare number is milliseconds
  EXPECT_EQ(parse_duration("2s"), 2'000'000us);
  EXPECT_EQ(parse_duration("1.5us"), 2us);    // to the nearest microsecond
  EXPECT_EQ(parse_duration("0.0014ms"), 1us);
  EXPECT_FALSE(parse_duration("25 min"));
  EXPECT_FALSE(parse_duration("5KB/s"));

  auto s = units::parse_bandwidth_schedule("40KB/s@50s,5KB/s@10s");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->size(), 2u);
  EXPECT_EQ((*s)[0].bytes_per_s, 40'960u);
  EXPECT_EQ((*s)[0].duration, 50s);
  EXPECT_EQ((*s)[1].bytes_per_s, 5'120u);
  EXPECT_EQ((*s)[1].duration, 10s);
  EXPECT_EQ(units::parse_bandwidth_schedule("5KB/s")->at(0).bytes_per_s, 5'120u);
  EXPECT_FALSE(units::parse_bandwidth_schedule(""));
  EXPECT_FALSE(units::parse_bandwidth_schedule("0B/s"));            // no bandwidth at all
  EXPECT_FALSE(units::parse_bandwidth_schedule("5KB/s,1KB/s@1s"));  // phases need durations
  EXPECT_FALSE(units::parse_bandwidth_schedule("5KB/s@1s,"));
  EXPECT_FALSE(units::parse_bandwidth_schedule("5KB/s@10"));        // a phase length needs its unit
}

// A kind offers only capabilities the table names, and not both full and probabilistic recovery.
TEST(Table, KindsOfferOnlyNamedCapabilities) {
  for (const auto& k : c::kKinds) {
    std::string_view rest = k.offers;
    std::set<std::string_view> seen;
    while (!rest.empty()) {
      const auto cut = rest.find('|');
      const std::string_view word = rest.substr(0, cut);
      EXPECT_NE(std::find(std::begin(c::kCapabilities), std::end(c::kCapabilities), word), std::end(c::kCapabilities))
          << k.name << " offers " << word;
      seen.insert(word);
      rest = cut == std::string_view::npos ? std::string_view{} : rest.substr(cut + 1);
    }
    EXPECT_FALSE(seen.count("reliable") && seen.count("probabilistic")) << k.name;
  }
}

TEST(Json, HoldsTheWholeTable) {
  const auto j = nlohmann::json::parse(c::to_json());
  EXPECT_EQ(j["contract_version"], c::kVersion);
  EXPECT_EQ(j["kinds"].size(), std::size(c::kKinds));
  EXPECT_EQ(j["kinds"][1]["offers"], nlohmann::json::parse(R"(["reliable","ordered"])"));
  EXPECT_EQ(j["capabilities"].size(), std::size(c::kCapabilities));
  EXPECT_EQ(j["parameters"].size(), std::size(c::kParameters));
  EXPECT_EQ(j["units"].size(), std::size(c::kUnits));
  EXPECT_EQ(j["result_columns"].size(), metrics::columns().size());
  EXPECT_EQ(j["wire"]["header"]["bytes"], wire::kHeaderSize);
  const auto& nak = j["parameters"][0];
  EXPECT_EQ(nak["name"], "nak_timeout");
  EXPECT_EQ(nak["unit"], "us");
  EXPECT_EQ(nak["default"]["nakcast"], defaults::nakcast::kNakTimeout.count());
  EXPECT_EQ(j["parameters"][1]["default"]["fec"], defaults::fec::kR);
}

}  // namespace
}  // namespace adamant
