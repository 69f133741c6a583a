// The model-independent parts every bench shares: durations (adamant/units.hpp), the publish
// schedule (adamant/schedule.hpp) and the process bench's command line, latency files and rows
// (adamant/process_bench.hpp, the OpenDDS benches' machinery), all without a network.
#include <adamant/process_bench.hpp>
#include <adamant/schedule.hpp>
#include <adamant/units.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

using namespace adamant;
using namespace adamant::bench;
using std::chrono::microseconds;

TEST(Units, ParseDurationOneSyntaxOneRounding) {
  EXPECT_EQ(parse_duration("25ms"), microseconds(25'000));
  EXPECT_EQ(parse_duration("2000us"), microseconds(2'000));
  EXPECT_EQ(parse_duration("0.05s"), microseconds(50'000));
  EXPECT_EQ(parse_duration(" 20 "), microseconds(20'000));  // bare number: ms
  EXPECT_EQ(parse_duration("2 s"), microseconds(2'000'000));
  // nearest microsecond: 0.3 ms is 299.99999999999997 us in binary, still 300 us
  EXPECT_EQ(parse_duration("0.3ms"), microseconds(300));
  EXPECT_EQ(parse_duration("1.6us"), microseconds(2));
  EXPECT_EQ(parse_duration("0"), microseconds(0));
  for (const char* bad : {"", "abc", "-5ms", "5min", "1e3ms", "ms", "1..2ms", "nan", "inf", "20000000s"})
    EXPECT_FALSE(parse_duration(bad)) << bad;
  EXPECT_EQ(format_duration(microseconds(2'000'000)), "2s");
  EXPECT_EQ(format_duration(microseconds(25'000)), "25ms");
  EXPECT_EQ(format_duration(microseconds(1'500)), "1500us");
  EXPECT_EQ(format_duration(microseconds(0)), "0ms");
  for (const auto d : {microseconds(1), microseconds(1'500), microseconds(3'000'000), microseconds(7'000)})
    EXPECT_EQ(parse_duration(format_duration(d)), d);
}

TEST(Schedule, OneStream) {
  const Schedule s = make_schedule({}, 100.0, 3);
  ASSERT_EQ(s.slots.size(), 3u);
  EXPECT_EQ(s.rate_hz, std::vector<double>{100.0});
  EXPECT_EQ(s.updates, std::vector<std::uint64_t>{3});
  EXPECT_EQ(s.slots[2].offset_ns, 20'000'000);
  EXPECT_EQ(s.slots[2].index, 3u);
  EXPECT_THROW(make_schedule({}, 0.0, 3), std::invalid_argument);
  EXPECT_THROW(make_schedule({1.0, 0.0}, 1.0, 3), std::invalid_argument);
}

TEST(Schedule, StreamsScaledAndInterleavedEarlierStreamFirst) {
  // modeled 1 Hz and 0.5 Hz, run at 4 Hz: the second stream runs at 2 Hz for as long (1 s)
  const Schedule s = make_schedule({1.0, 0.5}, 4.0, 4);
  EXPECT_EQ(s.rate_hz, (std::vector<double>{4.0, 2.0}));
  EXPECT_EQ(s.updates, (std::vector<std::uint64_t>{4, 2}));
  std::vector<std::pair<std::size_t, std::uint64_t>> order;
  for (const auto& slot : s.slots) order.emplace_back(slot.stream, slot.index);
  EXPECT_EQ(order, (std::vector<std::pair<std::size_t, std::uint64_t>>{{0, 1}, {1, 1}, {0, 2}, {0, 3}, {1, 2}, {0, 4}}));
}

TEST(Schedule, AStreamStartingLaterStopsWithTheFirst) {
  // 8 updates at 4 Hz (2 s); the second stream, 4 Hz too, starts 1.1 s later: 0.9 s of it, 4 updates
  const Schedule s = make_schedule({4.0, 4.0}, 4.0, 8, {0, 1'100'000'000});
  EXPECT_EQ(s.updates, (std::vector<std::uint64_t>{8, 4}));
  std::vector<std::int64_t> second;
  for (const auto& slot : s.slots)
    if (slot.stream == 1) second.push_back(slot.offset_ns);
  EXPECT_EQ(second, (std::vector<std::int64_t>{1'100'000'000, 1'350'000'000, 1'600'000'000, 1'850'000'000}));
  EXPECT_TRUE(std::is_sorted(s.slots.begin(), s.slots.end(),
                             [](const ScheduleSlot& a, const ScheduleSlot& b) { return a.offset_ns < b.offset_ns; }));
  EXPECT_THROW(make_schedule({4.0, 4.0}, 4.0, 8, {0, 2'000'000'000}), std::invalid_argument);  // at the end
  EXPECT_THROW(make_schedule({4.0, 4.0}, 4.0, 8, {1, 0}), std::invalid_argument);              // the first's
  EXPECT_THROW(make_schedule({4.0, 4.0}, 4.0, 8, {0, -1}), std::invalid_argument);
  EXPECT_THROW(make_schedule({4.0, 4.0}, 4.0, 8, {0}), std::invalid_argument);  // one per stream
}

namespace {

ProcessBench two_point_bench() {
  ProcessBench b;
  b.name = "smoke";
  b.points = {{"ant_nakcast", "nak_timeout=50ms", 3, 1.0, 100.0}, {"rtps_udp", "", 2, 0.0, 10.0}};
  b.streams = {{"", 100.0}};
  b.updates = 2000;
  b.runs = 1;
  return b;
}

std::optional<int> parse(const ProcessBench& b, std::vector<std::string> args, ProcessArgs& out) {
  args.insert(args.begin(), "smoke_bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  out = ProcessArgs{};
  return parse_process_args(static_cast<int>(args.size()), argv.data(), b, "-DCPS", out);
}

}  // namespace

TEST(ProcessBench, CommandLine) {
  const ProcessBench b = two_point_bench();
  ProcessArgs a;
  EXPECT_EQ(parse(b, {}, a), std::nullopt);
  EXPECT_EQ(a.role, "driver");
  EXPECT_EQ(a.csv, "smoke.csv");
  EXPECT_EQ(a.updates, 2000);
  EXPECT_EQ(parse(b, {"-DCPSConfigFile", "sar.ini", "--csv", "x.csv", "--updates", "300", "--runs", "2",
                      "--points", "1,0"},
                  a),
            std::nullopt);
  EXPECT_EQ(a.passthrough, (std::vector<std::string>{"-DCPSConfigFile", "sar.ini"}));
  EXPECT_EQ(a.csv, "x.csv");
  EXPECT_EQ(a.updates, 300);
  EXPECT_EQ(a.runs, 2);
  EXPECT_EQ(a.points, (std::vector<int>{1, 0}));
  EXPECT_EQ(parse(b, {"--role", "reader", "--point", "1", "--run", "2", "--index", "1", "--out", "r"}, a), std::nullopt);
  EXPECT_EQ(a.role, "reader");
  EXPECT_EQ(a.point, 1);
  EXPECT_EQ(a.run, 2);
  EXPECT_EQ(a.index, 1);
  EXPECT_EQ(parse(b, {"--points", "2"}, a), 2);    // no point 2
  EXPECT_EQ(parse(b, {"--points", "0,"}, a), 2);
  EXPECT_EQ(parse(b, {"--updates", "0"}, a), 2);
  EXPECT_EQ(parse(b, {"--role", "boss"}, a), 2);
  EXPECT_EQ(parse(b, {"--point", "5"}, a), 2);
  EXPECT_EQ(parse(b, {"--bogus"}, a), 2);
  EXPECT_EQ(parse(b, {"--help"}, a), 0);
  EXPECT_EQ(point_list(b), "0 ant_nakcast nak_timeout=50ms 3 1 100\n1 rtps_udp - 2 0 10\n");
}

TEST(ProcessBench, TestbedOptions) {
  const ProcessBench b = two_point_bench();
  ProcessArgs a;
  EXPECT_EQ(parse(b, {"--iface", "198.18.0.1", "--reader-host", "198.18.0.2 mnexec -a 42", "--reader-host",
                      "198.18.0.3", "--loss-at", "host", "--points", "1", "--list-points"},
                  a),
            std::nullopt);
  EXPECT_EQ(a.iface, "198.18.0.1");
  EXPECT_EQ(a.reader_hosts, (std::vector<std::string>{"198.18.0.2 mnexec -a 42", "198.18.0.3"}));
  EXPECT_TRUE(a.loss_at_host);
  EXPECT_TRUE(a.list_points);
  EXPECT_EQ(point_csv(b, a.points, 500),
            "index,transport,transport_params,receivers,loss_pct,rate_hz,updates\n1,rtps_udp,,2,0,10,500\n");
  EXPECT_EQ(parse(b, {"--loss-at", "kernel"}, a), 2);
  EXPECT_EQ(parse(b, {"--reader-host", "reader0"}, a), 2);  // not an IPv4 address
  EXPECT_EQ(parse(b, {"--loss-at", "process"}, a), std::nullopt);
  EXPECT_FALSE(a.loss_at_host);
}

TEST(ProcessBench, LatencyFilesRoundTripAndRefuseGarbage) {
  const std::string path = "/tmp/adamant_process_bench_test_" + std::to_string(::getpid());
  write_latencies(path, {{1'000, 2'000}, {3'000}});
  EXPECT_EQ(read_latencies(path, 2), (std::vector<std::vector<std::int64_t>>{{1'000, 2'000}, {3'000}}));
  EXPECT_THROW(read_latencies(path, 1), std::runtime_error);  // stream 1 of a one-stream bench
  std::ofstream(path) << "0 12.5\n";
  EXPECT_THROW(read_latencies(path, 1), std::runtime_error);
  std::remove(path.c_str());
  EXPECT_THROW(read_latencies(path, 1), std::runtime_error);
}

TEST(ProcessBench, RowsHaveTheNativeColumnsAndStatistics) {
  ProcessBench b = two_point_bench();
  b.streams = {{"BlueForce", 1.0}, {"SensorData", 0.5}};
  // point 0 at 100 Hz, 4 updates: BlueForce 4 updates, SensorData (50 Hz) 2; 3 readers
  auto rows = process_rows(b, 0, 1, 4, true, {{100'000, 200'000, 300'000, 400'000}, {1'000'000}});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].stream, "BlueForce");
  EXPECT_EQ(rows[0].sent, 4u);
  EXPECT_EQ(rows[0].received, 4u);
  EXPECT_DOUBLE_EQ(rows[0].delivery, 4.0 / 12.0);
  EXPECT_DOUBLE_EQ(rows[0].lat.p90_us, 400.0);
  EXPECT_EQ(rows[0].transport_params, "nak_timeout=50ms");
  EXPECT_DOUBLE_EQ(rows[1].rate_hz, 50.0);
  EXPECT_EQ(rows[1].sent, 2u);
  EXPECT_EQ(metrics::parse_csv_record(metrics::csv_line(rows[1])).size(), metrics::columns().size());
  EXPECT_EQ(process_rows(b, 0, 1, 4, false, {})[0].sent, 0u);  // the writer failed
}

#ifdef ADAMANT_CONTRACT_DOC
// docs/runtime-contract.md documents the columns once, as a table between two markers: it must
// list exactly metrics::columns(), in order, with their units and meanings.
TEST(ResultsCsv, ContractDocumentsEveryColumn) {
  std::ifstream doc(ADAMANT_CONTRACT_DOC);
  ASSERT_TRUE(doc) << "cannot read " << ADAMANT_CONTRACT_DOC;
  std::vector<std::string> table;
  bool inside = false;
  for (std::string line; std::getline(doc, line);) {
    if (line.rfind("<!-- columns: begin", 0) == 0) inside = true;
    else if (line.rfind("<!-- columns: end", 0) == 0) inside = false;
    else if (inside && line.rfind("| ", 0) == 0 && line.rfind("| #", 0) != 0) table.push_back(line);
  }
  const auto& cols = metrics::columns();
  ASSERT_EQ(table.size(), cols.size()) << "the column table of " << ADAMANT_CONTRACT_DOC;
  for (std::size_t i = 0; i < cols.size(); ++i) {
    const std::string want = "| " + std::to_string(i + 1) + " | `" + std::string(cols[i].name) + "` | " +
                             std::string(cols[i].unit) + " | " + std::string(cols[i].meaning) + " |";
    EXPECT_EQ(table[i], want) << ADAMANT_CONTRACT_DOC << ": row " << i + 1;
  }
}
#endif
