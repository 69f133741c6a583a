// Real UDP multicast through the kernel. Run only inside tools/adamant-netns (CTest does).
#include <adamant/adamant.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <poll.h>
#include <sstream>
#include <unistd.h>

using namespace adamant;
using namespace std::chrono_literals;

namespace {

bench::HarnessSpec real_spec() {
  bench::Point p{TransportKind::Nakcast, 3, 1.0, 200.0, 500, 1, 7, std::chrono::microseconds(50'000)};
  return bench::counter_spec("real-test", 12, {p});
}

// The fields of a CSV record, by the runtime's RFC 4180 reader (columns as metrics::columns()).
std::vector<std::string> split(const std::string& s) { return metrics::parse_csv_record(s); }

std::string self_path;

// Runs `p` through harness_main (reader processes re-executed from this binary) and returns
// the columns of each of its CSV rows (one per stream); empty (with a test failure) when the
// harness failed.
std::vector<std::vector<std::string>> run_rows(const bench::Point& p) {
  const std::string csv = "/tmp/adamant_real_" + std::string(to_string(p.transport)) + "_" + std::to_string(::getpid()) + ".csv";
  std::remove(csv.c_str());
  std::vector<std::string> args{self_path, "--csv", csv};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = bench::harness_main(static_cast<int>(args.size()), argv.data(),
                                     bench::counter_spec("real-test", 12, {p}));
  EXPECT_EQ(rc, 0) << to_string(p.transport);
  std::ifstream f(csv);
  std::string header;
  std::vector<std::vector<std::string>> rows;
  const bool ok = rc == 0 && std::getline(f, header);
  for (std::string row; ok && std::getline(f, row);) rows.push_back(split(row));
  std::remove(csv.c_str());
  EXPECT_TRUE(ok) << "a header expected";
  EXPECT_EQ(header, metrics::csv_header());
  EXPECT_EQ(rows.size(), std::max<std::size_t>(1, p.streams.size())) << "one row per stream expected";
  return rows;
}

// The columns of the point's one CSV row.
std::vector<std::string> run_point(const bench::Point& p) {
  auto rows = run_rows(p);
  return rows.size() == 1 ? rows.front() : std::vector<std::string>{};
}

}  // namespace

TEST(Real, Nakcast3Readers1PctLoss) {
  const auto cols = run_point(real_spec().points[0]);
  // The contract's 15 + bytes by kind + replaced, delivery_or_replaced, transport_params, stream,
  // and the sender's counters (replace/fifo only; 0 here).
  ASSERT_EQ(cols.size(), metrics::columns().size());
  EXPECT_EQ(cols[23], "nak_timeout=50ms");
  EXPECT_EQ(cols[24], "");  // one stream: no name
  // DATA: 500 × (36 + 12) bytes where the writer kept its schedule; a late writer batches due
  // updates (20 bytes + payload each after a 40-byte header and count), which costs most per update
  // in a batch of two: 52 bytes each (a loaded machine does it).
  constexpr std::size_t plain = wire::kHeaderSize + 12;
  constexpr std::size_t pair = (wire::kHeaderSize + wire::kBatchFixedSize + 2 * wire::batch_entry_bytes(12)) / 2;
  static_assert(pair > plain);
  EXPECT_LE(std::stoull(cols[16]), 500u * pair);
  EXPECT_GE(std::stoull(cols[16]), 500u * (12 + wire::kBatchEntrySize));
  EXPECT_NE(cols[17], "0");                       // NAKs were sent
  EXPECT_EQ(cols[18], "0");                       // no Ricochet repairs
  EXPECT_NE(cols[19], "0");                       // retransmissions
  EXPECT_EQ(cols[0], "nakcast");
  EXPECT_EQ(cols[5], "500");   // sent
  EXPECT_EQ(cols[6], "1500");  // received
  EXPECT_EQ(std::stod(cols[7]), 1.0);  // delivery
  EXPECT_GT(std::stod(cols[8]), 0.0);
}

// --stats-file: every process of the point (the writer and each reader) appends a line a second
// "<ms> <role> <index> <pid> <state_entries> <count>"; the writer's state is its retained history.
TEST(Real, StatsFileFromEveryProcess) {
  const std::string base = "/tmp/adamant_real_stats_" + std::to_string(::getpid());
  const std::string csv = base + ".csv", stats = base + ".stats";
  std::remove(csv.c_str());
  std::remove(stats.c_str());
  std::vector<std::string> args{self_path, "--csv", csv, "--stats-file", stats};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const bench::Point p{TransportKind::Nakcast, 2, 3.0, 200.0, 500, 1, 11, std::chrono::microseconds(25'000)};
  ASSERT_EQ(bench::harness_main(static_cast<int>(args.size()), argv.data(), bench::counter_spec("real-test", 12, {p})), 0);
  std::map<std::string, int> lines;
  std::map<std::string, std::set<long>> pids;
  std::size_t writer_state = 0;
  unsigned long long writer_last = 0;
  std::ifstream f(stats);
  for (std::string line; std::getline(f, line);) {
    std::istringstream in(line);
    long long ms = 0;
    std::string role;
    int index = -1;
    long pid = 0;
    std::size_t state = 0;
    unsigned long long count = 0;
    ASSERT_TRUE(in >> ms >> role >> index >> pid >> state >> count) << line;
    const std::string who = role + std::to_string(index);
    ++lines[who];
    pids[who].insert(pid);
    EXPECT_LE(count, 500u) << line;
    if (role == "writer") {
      writer_state = std::max(writer_state, state);
      writer_last = count;
    }
  }
  std::remove(csv.c_str());
  std::remove(stats.c_str());
  ASSERT_EQ(lines.size(), 3u) << "writer0, reader0, reader1 expected";
  EXPECT_EQ(writer_last, 500u) << "the writer's line after its last update";
  for (const auto& [who, n] : lines) {
    EXPECT_GE(n, 2) << who;  // 2.5 s of updates: a line at the start and at least one more
    EXPECT_EQ(pids[who].size(), 1u) << who;
  }
  EXPECT_NE(*pids["reader0"].begin(), *pids["writer0"].begin());
  EXPECT_GT(writer_state, 0u);
}

// NAKcast with 25 reader processes (the seeds' group size) at 3 % loss: every update
// delivered to every reader, in order (the harness fails the point on an out-of-order one).
TEST(Real, Nakcast25Readers3PctLoss) {
  const auto cols = run_point(bench::Point{TransportKind::Nakcast, 25, 3.0, 100.0, 300, 1, 19, std::chrono::microseconds(25'000)});
  ASSERT_EQ(cols.size(), metrics::columns().size());
  EXPECT_EQ(cols[6], std::to_string(300 * 25));
  EXPECT_EQ(std::stod(cols[7]), 1.0);
  EXPECT_NE(cols[17], "0");  // NAKs
  EXPECT_NE(cols[19], "0");  // retransmissions
  EXPECT_EQ(cols[23], "nak_timeout=25ms");
}

// Ricochet over real sockets: membership by JOIN multicasts, repairs over each reader's
// unicast socket, loss injected at every reader.
TEST(Real, Ricochet5Readers3PctLoss) {
  bench::Point p{TransportKind::Ricochet, 5, 3.0, 200.0, 600, 1, 11, std::chrono::microseconds(50'000)};
  p.lec_r = 4;
  p.lec_c = 3;
  const auto cols = run_point(p);
  ASSERT_EQ(cols.size(), metrics::columns().size());
  EXPECT_EQ(cols[0], "ricochet");
  EXPECT_EQ(cols[17], "0");  // no NAKs: the fallback is off
  EXPECT_NE(cols[18], "0");  // repairs between readers
  EXPECT_NE(cols[20], "0");  // JOINs + heartbeats
  EXPECT_EQ(cols[5], "600");
  EXPECT_EQ(cols[23], "r=4;c=3;nak_fallback=0");  // the readers ran with these too
  // Without lateral repair about 3% would be missing.
  EXPECT_GE(std::stod(cols[7]), 0.99);
}

// Replace and fifo with several receivers over real sockets: one multicast per message,
// each reader ACKs from its own unicast socket, losses are retransmitted to that reader.
TEST(Real, ReplaceAndFifo5Readers3PctLoss) {
  for (const TransportKind kind : {TransportKind::Replace, TransportKind::Fifo}) {
    const std::string transport(to_string(kind));
    bench::Point p{kind, 5, 3.0, 200.0, 300, 1, 13, std::chrono::microseconds(50'000)};
    p.tags = 300;  // every update its own tag: nothing is superseded, everything must arrive
    const auto cols = run_point(p);
    ASSERT_EQ(cols.size(), metrics::columns().size()) << transport;
    EXPECT_EQ(cols[0], transport);
    EXPECT_EQ(cols[6], "1500") << transport;  // 300 updates x 5 readers
    EXPECT_EQ(std::stod(cols[7]), 1.0) << transport;
  }
}

// Replace at 8x overload over real sockets (2 readers): 200 updates/s of 5 tags, paced to
// 2,000 B/s (~20 datagrams/s). The row counts what replacement superseded, as the simulator
// does (`replaced`, from what each reader delivered) and as the sender saw it
// (`sender_replaced`); every update is delivered or superseded. Then the same with the pace
// estimated from the ACKs (unshaped loopback: it climbs from 2,000 B/s).
TEST(Real, ReplaceOverloadReportsReplaced) {
  bench::Point p{TransportKind::Replace, 2, 0.0, 200.0, 400, 1, 29, std::chrono::microseconds(50'000)};
  p.tags = 5;
  p.pace_bytes_per_s = 2000;
  const auto cols = run_point(p);
  ASSERT_EQ(cols.size(), metrics::columns().size());
  const auto received = std::stoull(cols[6]), replaced = std::stoull(cols[21]);
  std::printf("real replace, fixed pace: received %llu replaced %llu sender_replaced %s delivery_or_replaced %s\n",
              static_cast<unsigned long long>(received), static_cast<unsigned long long>(replaced), cols[25].c_str(),
              cols[22].c_str());
  EXPECT_GT(replaced, 400u);                       // most of the 2 x 400 were superseded
  EXPECT_EQ(received + replaced, 800u);            // and the rest delivered
  EXPECT_EQ(std::stod(cols[22]), 1.0);             // delivery_or_replaced
  EXPECT_GE(std::stoull(cols[25]), replaced / 2);  // the sender dropped them (queued or in flight)
  EXPECT_EQ(cols[26], "0");                        // nothing expired (no enqueue timeout)
  EXPECT_EQ(cols[23], "tags=5;pace=2000;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
  p.estimate_bandwidth = true;
  const auto est = run_point(p);
  ASSERT_EQ(est.size(), metrics::columns().size());
  std::printf("real replace, estimated pace: received %s replaced %s sender_replaced %s\n", est[6].c_str(),
              est[21].c_str(), est[25].c_str());
  EXPECT_EQ(std::stod(est[22]), 1.0);
  EXPECT_EQ(est[23], "tags=5;pace=2000;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=estimate");
  EXPECT_GT(std::stoull(est[6]), received);  // loopback is far faster than 2,000 B/s
}

// Two streams over one fifo connection (2 readers, 3 % loss): one row per stream, each
// stream's updates at its own rate, every update delivered to every reader.
TEST(Real, FifoTwoStreams2Readers3PctLoss) {
  bench::Point p{TransportKind::Fifo, 2, 3.0, 100.0, 200, 1, 23, std::chrono::microseconds(50'000)};
  bench::Stream a, b;
  a.name = "Tracks", a.rate_hz = 100, a.payload_bytes = 64, a.tags = 10;
  b.name = "Images", b.rate_hz = 25, b.payload_bytes = 2000, b.first_tag = 10, b.tags = 1, b.priority = 10;
  b.replaces = false;
  p.streams = {a, b};
  const auto rows = run_rows(p);
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& cols : rows) ASSERT_EQ(cols.size(), metrics::columns().size());
  EXPECT_EQ(rows[0][24], "Tracks");
  EXPECT_EQ(rows[1][24], "Images");
  EXPECT_EQ(rows[0][3], "100");  // rate_hz
  EXPECT_EQ(rows[1][3], "25");
  EXPECT_EQ(rows[0][5], "200");  // sent: 2 s at 100 Hz
  EXPECT_EQ(rows[1][5], "50");   //       and at 25 Hz
  EXPECT_EQ(rows[0][6], "400");  // received: every update at both readers
  EXPECT_EQ(rows[1][6], "100");
  EXPECT_EQ(rows[0][16], rows[1][16]);  // bytes_data: the shared connection's
}

// FEC over real sockets: the writer multicasts one XOR repair per 4 updates; readers send nothing.
TEST(Real, Fec3Readers3PctLoss) {
  bench::Point p{TransportKind::Fec, 3, 3.0, 200.0, 400, 1, 17, std::chrono::microseconds(50'000)};
  p.lec_r = 4;
  p.lec_c = 1;
  const auto cols = run_point(p);
  ASSERT_EQ(cols.size(), metrics::columns().size());
  EXPECT_EQ(cols[0], "fec");
  EXPECT_EQ(cols[17], "0");  // no NAKs
  // 100 repairs of 4 packets; a block the writer could not finish within 50 ms (a loaded
  // machine) is repaired in parts, with more, smaller repairs.
  EXPECT_GE(std::stoull(cols[18]), 100u * (36 + 16 + 4 * 8 + 12));
  EXPECT_EQ(cols[23], "r=4;c=1");
  EXPECT_GE(std::stod(cols[7]), 0.99);  // ~0.9965 expected; without repairs ~0.97
}

// The adaptive transport on reader processes: a table of two reliable candidates (NAKcast with
// auto and with 20 ms NAK timing) whose pick moves from the first to the second as loss rises.
// The writer starts with the first (nothing measured yet: the table's 0 % loss), learns the
// readers' 3 % from their REPORTs and switches; every update still reaches every reader, in order.
TEST(Real, Adaptive3Readers3PctLoss) {
  bench::Point p{TransportKind::Adaptive, 3, 3.0, 100.0, 300, 1, 23};
  p.table = ADAMANT_ADAPTIVE_TEST_TABLE;
  p.hold = 300ms;
  const auto cols = run_point(p);
  ASSERT_EQ(cols.size(), metrics::columns().size());
  const auto column = [&](std::string_view name) {
    for (std::size_t i = 0; i < metrics::columns().size(); ++i)
      if (metrics::columns()[i].name == name) return cols[i];
    ADD_FAILURE() << "no column " << name;
    return std::string();
  };
  EXPECT_EQ(column("transport"), "adaptive");
  EXPECT_EQ(column("received"), std::to_string(300 * 3));
  EXPECT_EQ(std::stod(column("delivery")), 1.0);
  EXPECT_GE(std::stoull(column("switches")), 1u);
  EXPECT_EQ(column("transport_params"), "table=" + std::string(ADAMANT_ADAPTIVE_TEST_TABLE) + ";hold=300ms;margin=10");
}

namespace {

// 200 updates from a Publisher on `cfg` to a Subscriber on `rcfg` (which injects loss): all of
// them arrive, in order, after injected drops and retransmissions.
void expect_pubsub_recovers(const ChannelConfig& cfg, const ChannelConfig& rcfg) {
  std::vector<std::uint64_t> got;
  Subscriber sub(rcfg, [&](const Sample& s) { got.push_back(s.sequence); });
  Publisher pub(cfg);
  pub.service_for(30ms);  // heartbeats first: the subscriber starts at sequence 1
  sub.poll_for(5ms);
  std::uint8_t payload[12] = {};
  for (int i = 0; i < 200; ++i) {
    pub.publish(ByteView{payload, sizeof(payload)});
    pub.service_for(1ms);
    sub.poll_for(1ms);
  }
  for (int i = 0; i < 400 && sub.accounted_through() < 200; ++i) {
    pub.service_for(2ms);
    sub.poll_for(2ms);
  }
  ASSERT_EQ(got.size(), 200u);
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], i + 1);
  EXPECT_GT(sub.injected_drops(), 0u);
  EXPECT_GT(pub.stats().retransmitted, 0u);
}

}  // namespace

TEST(Real, PubSubApi) {
  ChannelConfig cfg;
  cfg.port = 7611;
  cfg.transport.nak_timeout = 10ms;
  ChannelConfig rcfg = cfg;
  rcfg.loss_pct = 5.0;
  rcfg.seed = 99;
  expect_pubsub_recovers(cfg, rcfg);
}

// Gilbert–Elliott loss on the socket path: the Subscriber's LossInjector (the simulator's).
TEST(Real, PubSubGilbertLoss) {
  ChannelConfig cfg;
  cfg.port = 7615;
  cfg.transport.nak_timeout = 10ms;
  ChannelConfig rcfg = cfg;
  rcfg.burst = GilbertLoss{0.05, 0.3, 0.0, 100.0};  // loss_pct stays 0: only the bursts lose
  rcfg.seed = 3;
  expect_pubsub_recovers(cfg, rcfg);
}

// The event-loop hooks: a Publisher and a Ricochet Subscriber driven only by poll() on their
// fds() and next_deadline_ns() with non-blocking passes (as the OpenDDS transports do).
TEST(Real, EventLoopHooks) {
  ChannelConfig cfg;
  cfg.port = 7631;
  cfg.transport.kind = TransportKind::Ricochet;
  cfg.transport.lec_nak_fallback = true;
  cfg.transport.nak_timeout = 10ms;
  ChannelConfig rcfg = cfg;
  rcfg.loss_pct = 5.0;
  rcfg.seed = 3;
  std::vector<std::uint64_t> got;
  Subscriber sub(rcfg, [&](const Sample& s) { got.push_back(s.sequence); });
  Publisher pub(cfg);
  ASSERT_EQ(pub.fds().size(), 1u);
  ASSERT_EQ(sub.fds().size(), 2u);  // group socket + Ricochet unicast socket
  EXPECT_TRUE(sub.next_deadline_ns().has_value());  // JOIN announcements are timed
  auto loop = [&](std::chrono::milliseconds d) {
    const std::int64_t end = monotonic_now_ns() + std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
    for (std::int64_t now = monotonic_now_ns(); now < end; now = monotonic_now_ns()) {
      std::vector<pollfd> p;
      for (int fd : pub.fds()) p.push_back({fd, POLLIN, 0});
      for (int fd : sub.fds()) p.push_back({fd, POLLIN, 0});
      std::int64_t wake = end;
      if (auto t = pub.next_deadline_ns()) wake = std::min(wake, *t);
      if (auto t = sub.next_deadline_ns()) wake = std::min(wake, *t);
      wake = std::max(wake, now);  // a deadline may be far in the past (due at once)
      const auto ms = (wake - now + 999'999) / 1'000'000;
      ::poll(p.data(), p.size(), static_cast<int>(ms));
      pub.service_until(0);
      sub.poll_until(0);
    }
  };
  loop(30ms);
  const auto idle = pub.next_deadline_ns();
  ASSERT_TRUE(idle.has_value());  // NAKcast sender side: idle heartbeats are timed
  std::uint8_t payload[12] = {};
  for (int i = 0; i < 200; ++i) {
    pub.publish(ByteView{payload, sizeof(payload)});
    loop(1ms);
  }
  for (int i = 0; i < 100 && sub.accounted_through() < 200; ++i) loop(5ms);
  std::sort(got.begin(), got.end());
  got.erase(std::unique(got.begin(), got.end()), got.end());
  EXPECT_EQ(got.size(), 200u);
  EXPECT_GT(sub.injected_drops(), 0u);
}

// Replace over real sockets, with a pre-shared key: keep-latest (tag 0), every datagram
// authenticated, and a subscriber with another key hears nothing.
TEST(Real, ReplacePubSubWithPsk) {
  ChannelConfig cfg;
  cfg.port = 7621;
  cfg.transport.kind = TransportKind::Replace;
  cfg.psk = "k1";
  std::vector<std::uint64_t> got;
  Subscriber sub(cfg, [&](const Sample& s) { got.push_back(s.sequence); });
  ChannelConfig other = cfg;
  other.psk = "k2";
  std::size_t intruder = 0;
  Subscriber wrong(other, [&](const Sample&) { ++intruder; });
  Publisher pub(cfg);
  std::uint8_t payload[12] = {};
  for (int i = 0; i < 50; ++i) {
    pub.publish(ByteView{payload, sizeof(payload)});
    pub.service_for(1ms);
    sub.poll_for(1ms);
    wrong.poll_for(1ms);
  }
  for (int i = 0; i < 20; ++i) {
    pub.service_for(2ms);
    sub.poll_for(2ms);
  }
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back(), 50u);  // the newest always arrives
  EXPECT_TRUE(std::is_sorted(got.begin(), got.end()));
  EXPECT_EQ(intruder, 0u);
  EXPECT_GT(wrong.auth_rejected(), 0u);
  EXPECT_EQ(sub.auth_rejected(), 0u);
}

int main(int argc, char** argv) {
  // Reader processes re-executed by the harness land here too.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--reader") == 0) return bench::harness_main(argc, argv, real_spec());
  self_path = argv[0];
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
