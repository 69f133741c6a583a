// What the adaptive writer measures of its environment while it runs: the readers (those that sent a
// REPORT within three report intervals), the loss each reports (DATA missing before recovery, over
// the window), and its own publish rate over the window.
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/wire.hpp>

#include <deque>
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
  };
  void trim(std::deque<Sample>& s, Nanos now) const;

  Nanos report_interval_, window_;
  std::vector<Reader> readers_;
  std::deque<Nanos> publishes_;  // within the window
};

}  // namespace adamant::adaptive
