// What the adaptive writer measures of its environment while it runs: the readers (those that sent a
// REPORT within three report intervals), the loss they report (DATA missing before recovery over the
// window, pooled over the readers: missed over expected, each reader weighing at most the updates
// published in the window), its own publish rate over the window, and the round trip to each reader
// (a REPORT echoes the newest writer send time the reader saw and how long it held it: now - echo -
// held, smoothed as TCP's SRTT is, a new sample weighing 1/8).
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/wire.hpp>

#include <deque>
#include <optional>
#include <vector>

namespace adamant::adaptive {

class Environment {
 public:
  Environment(Nanos report_interval, Nanos window) : report_interval_(report_interval), window_(window) {}
  void on_report(const Endpoint& reader, const wire::EpochReport& r, Nanos now);
  void on_publish(Nanos now);
  // The current measurement; `initial` stands in for what nothing was measured of yet.
  Query measure(Nanos now, const Query& initial) const;
  std::size_t readers_known() const { return readers_.size(); }
  // The smoothed round trip to one reader; nullopt before its first REPORT with a usable echo.
  std::optional<Nanos> rtt(const Endpoint& reader) const;
  // The median of the live readers' smoothed round trips (the upper one of an even count): the table's
  // scores are means over readers at one round trip, so a typical reader's is what they assumed; one
  // reader far away or stalled does not move it. nullopt while no live reader has one.
  std::optional<Nanos> rtt(Nanos now) const;

 private:
  struct Sample {
    Nanos at;
    std::uint64_t received, expected;  // since the previous report
  };
  struct Reader {
    Endpoint ep;
    Nanos last{0};
    wire::EpochReport total;
    std::deque<Sample> samples;  // within the window
    std::optional<std::int64_t> echo;  // the newest echo taken
    std::optional<double> srtt_ns;
  };
  void take_rtt(Reader& r, const wire::EpochReport& report, Nanos now);
  bool alive(const Reader& r, Nanos now) const;
  void trim(std::deque<Sample>& s, Nanos now) const;

  Nanos report_interval_, window_;
  std::vector<Reader> readers_;
  std::deque<Nanos> publishes_;  // within the window
};

}  // namespace adamant::adaptive
