// A bench's point-level entry points (harness_main through sweep_main): --list-points prints the
// points by index, --only runs the chosen ones, and --cdf writes each row's latency percentiles.
#include <adamant/latency_cdf.hpp>
#include <adamant/sweep.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace adamant::bench;
using Args = std::vector<std::string>;

namespace {

// nakcast and baseline × 1 and 2 receivers × 1 % loss × 100 Hz: 4 points of 50 updates.
Sweep two_by_two() {
  const HarnessSpec counter = counter_spec("counter", 16, {});
  Sweep s;
  s.name = "selection";
  s.transports = {SweepTransport::of("nakcast"), SweepTransport::of("baseline")};
  s.receivers = {1, 2};
  s.loss_pct = {1.0};
  s.rate_hz = {100.0};
  s.updates = 50;
  s.payload_bytes = counter.payload_bytes;
  s.make_payload = counter.make_payload;
  s.check_payload = counter.check_payload;
  return s;
}

std::string temp_path() {
  char path[] = "/tmp/adamant_selection_test_XXXXXX";
  const int fd = ::mkstemp(path);
  EXPECT_GE(fd, 0);
  ::close(fd);
  std::remove(path);  // the bench writes a header into a new file
  return path;
}

int run(const Sweep& s, Args args) {
  args.insert(args.begin(), "selection_test");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return sweep_main(static_cast<int>(args.size()), argv.data(), s);
}

std::vector<std::string> lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(PointSelection, ListPointsPrintsEveryPointByIndexAndRunsNone) {
  const std::string csv = temp_path();
  testing::internal::CaptureStdout();
  EXPECT_EQ(run(two_by_two(), {"--mode", "sim", "--list-points", "--csv", csv}), 0);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(out,
            "index,transport,transport_params,receivers,loss_pct,rate_hz,run,updates,streams\n"
            "0,nakcast,nak_timeout=auto,1,1,100,1,50,\n"
            "1,nakcast,nak_timeout=auto,2,1,100,1,50,\n"
            "2,baseline,,1,1,100,1,50,\n"
            "3,baseline,,2,1,100,1,50,\n");
  EXPECT_TRUE(lines(csv).empty());  // nothing ran
}

TEST(PointSelection, OnlyRunsTheChosenPoints) {
  const std::string csv = temp_path();
  testing::internal::CaptureStdout();
  EXPECT_EQ(run(two_by_two(), {"--mode", "sim", "--only", "1,3", "--csv", csv}), 0);
  testing::internal::GetCapturedStdout();
  const auto rows = lines(csv);
  ASSERT_EQ(rows.size(), 3u);  // header + 2 points
  EXPECT_EQ(rows[1].rfind("nakcast,2,1,100,1,", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("baseline,2,1,100,1,", 0), 0u) << rows[2];
  std::remove(csv.c_str());
}

TEST(PointSelection, AMalformedOrOutOfRangeListIsRefused) {
  for (const char* bad : {"4", "x", "2-1", "1,", "-1"}) {
    const std::string csv = temp_path();
    testing::internal::CaptureStderr();
    EXPECT_EQ(run(two_by_two(), {"--mode", "sim", "--only", bad, "--csv", csv}), 2) << bad;
    EXPECT_NE(testing::internal::GetCapturedStderr().find("bad point list"), std::string::npos) << bad;
    EXPECT_TRUE(lines(csv).empty()) << bad;
  }
}

TEST(PointSelection, CdfHoldsEveryPercentileOfEachRowRisingToTheMaximum) {
  const std::string csv = temp_path(), cdf = temp_path();
  testing::internal::CaptureStdout();
  EXPECT_EQ(run(two_by_two(), {"--mode", "sim", "--only", "0", "--csv", csv, "--cdf", cdf}), 0);
  testing::internal::GetCapturedStdout();
  const auto got = lines(cdf);
  ASSERT_EQ(got.size(), 101u);
  EXPECT_EQ(got[0], adamant::metrics::cdf_header());
  double previous = 0;
  for (int k = 1; k <= 100; ++k) {
    const std::string prefix = "nakcast,nak_timeout=auto,,1,1,100,1," + std::to_string(k) + ",";
    ASSERT_EQ(got[k].rfind(prefix, 0), 0u) << got[k];
    const double lat = std::stod(got[k].substr(prefix.size()));
    EXPECT_GE(lat, previous);
    previous = lat;
  }
  const auto rows = lines(csv);
  ASSERT_EQ(rows.size(), 2u);
  std::stringstream row(rows[1]);
  std::vector<std::string> cells;
  for (std::string c; std::getline(row, c, ',');) cells.push_back(c);
  EXPECT_DOUBLE_EQ(previous, std::stod(cells[13]));  // the 100 % point is lat_max_us
  std::remove(csv.c_str());
  std::remove(cdf.c_str());
}
