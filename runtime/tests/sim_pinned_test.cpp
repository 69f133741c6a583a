// The simulator's results for fixed seeds, pinned (label: sim): a change meant only to make the
// simulator cheaper (docs/results.md, "Simulator speed") must leave every row and counter as it was.
// The figures were recorded from the simulator before its event queue, in-flight datagrams, decoding
// and the Ricochet receiver's stores were reworked for speed, and the reworked one gives the same.
#include <adamant/sim.hpp>

#include <gtest/gtest.h>

#include <string>

using namespace adamant;
using namespace adamant::sim;
using namespace std::chrono_literals;

namespace {

// The point's row and the counters the row does not show.
std::string figures(const bench::Point& p, const NetConfig& net = {}) {
  const PointResult r = run_point(bench::counter_spec("sim-pinned", 12, {p}), p, net);
  return metrics::csv_line(r.row) + " | unrecoverable " + std::to_string(r.unrecoverable) + " drops " +
         std::to_string(r.injected_drops) + " naks " + std::to_string(r.naks) + " retransmits " +
         std::to_string(r.retransmits) + " repairs " + std::to_string(r.repairs_sent) + " recovered " +
         std::to_string(r.recovered) + " reordered " + std::to_string(r.reordered) + " duplicated " +
         std::to_string(r.duplicated) + " events " + std::to_string(r.events) + " end " +
         std::to_string(r.end_time.count());
}

bench::Point ricochet(int r, int receivers, double loss) {
  bench::Point p{TransportKind::Ricochet, receivers, loss, 100, 2000, 1, 7, 25ms};
  p.lec_r = r;
  p.lec_c = 3;
  p.lec_nak_fallback = false;
  return p;
}

}  // namespace

TEST(SimPinned, Ricochet25Readers3Pct) {
  EXPECT_EQ(figures(ricochet(4, 25, 3.0)),
            "ricochet,25,3,100,1,2000,49893,0.997860,330.155,2239.536,100.000,100.000,10200.000,60200.000,"
            "330.863,400.808,96000,0,3487920,0,58924,0,0.997860,r=4;c=3;nak_fallback=0,,0,0,0,,,,,,,0"
            " | unrecoverable 107 drops 3425 naks 0 retransmits 0 repairs 36333 recovered 1431 reordered 0 "
            "duplicated 0 events 57500 end 20760100000");
  EXPECT_EQ(figures(ricochet(8, 10, 2.0)),
            "ricochet,10,2,100,1,2000,19958,0.997900,477.167,3958.666,100.000,100.000,10200.000,100200.000,"
            "478.171,577.372,96000,0,939048,0,23044,0,0.997900,r=8;c=3;nak_fallback=0,,0,0,0,,,,,,,0"
            " | unrecoverable 42 drops 632 naks 0 retransmits 0 repairs 7338 recovered 375 reordered 0 "
            "duplicated 0 events 19285 end 20240100000");
}

TEST(SimPinned, Nakcast25Readers3Pct) {
  EXPECT_EQ(figures(bench::Point{TransportKind::Nakcast, 25, 3.0, 100, 2000, 1, 7, 25ms}),
            "nakcast,25,3,100,1,2000,50000,1.000000,2793.428,8423.558,100.000,6749.019,36845.783,88646.953,"
            "2793.428,2793.428,96000,61152,0,54096,572,0,1.000000,nak_timeout=25ms,,0,0,0,,,,,,,0"
            " | unrecoverable 0 drops 2394 naks 1176 retransmits 1127 repairs 0 recovered 0 reordered 0 "
            "duplicated 0 events 10976 end 20125580923");
}

TEST(SimPinned, RicochetWithReorderingAndDuplicates) {
  NetConfig net;
  net.reorder_pct = 2.0;
  net.duplicate_pct = 1.0;
  EXPECT_EQ(figures(ricochet(4, 5, 1.0), net),
            "ricochet,5,1,100,1,2000,9997,0.999700,249.913,1522.914,100.000,100.000,7659.252,30200.000,"
            "249.988,257.410,96000,0,702144,0,11360,0,0.999700,r=4;c=3;nak_fallback=0,,0,0,0,,,,,,,0"
            " | unrecoverable 3 drops 189 naks 0 retransmits 0 repairs 7314 recovered 237 reordered 358 "
            "duplicated 169 events 25139 end 20090100000");
}
