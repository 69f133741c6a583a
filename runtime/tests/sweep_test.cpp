// adamant/sweep.hpp: the points a Sweep expands to, its HarnessSpec, the command line sweep_main
// hands to harness_main (the modeled link's options in sim mode), and a whole sweep_main run.
#include <adamant/sweep.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace adamant::bench;
using Args = std::vector<std::string>;
using std::chrono::microseconds;

namespace {

// A one-stream sweep with the counter payload of `bytes` bytes.
Sweep counter_sweep(std::size_t bytes) {
  const HarnessSpec counter = counter_spec("counter", bytes, {});
  Sweep s;
  s.name = "t";
  s.transports = {SweepTransport::of("nakcast").nak_timeout(microseconds(25'000))};
  s.receivers = {1};
  s.loss_pct = {0.0};
  s.rate_hz = {100.0};
  s.updates = 10;
  s.payload_bytes = counter.payload_bytes;
  s.make_payload = counter.make_payload;
  s.check_payload = counter.check_payload;
  return s;
}

Stream stream(const std::string& name, std::size_t bytes, std::uint32_t first_tag, std::uint32_t tags) {
  Stream st;
  st.name = name;
  st.rate_hz = 20;
  st.payload_bytes = bytes;
  st.first_tag = first_tag;
  st.tags = tags;
  return st;
}

// The message of the std::invalid_argument sweep_spec throws, or "" when it does not throw.
std::string rejection(const Sweep& s) {
  try {
    sweep_spec(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Sweep, PointsAreEveryCombinationInTheModelsOrder) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("nakcast").nak_timeout(microseconds(25'000)), SweepTransport::of("replace").pace(5120)};
  // What each entry's points run with: what it states, the defaults for the rest.
  const microseconds nak_timeouts[] = {microseconds(25'000), Point{}.nak_timeout};
  const std::uint64_t paces[] = {Point{}.pace_bytes_per_s, 5120};
  s.receivers = {3, 5};
  s.loss_pct = {0.0, 2.5};
  s.rate_hz = {10.0, 100.0};
  s.runs = 2;
  s.updates = 77;
  const std::vector<Point> points = sweep_points(s);
  ASSERT_EQ(points.size(), 2u * 2 * 2 * 2 * 2);
  std::size_t i = 0;
  for (std::size_t e = 0; e < s.transports.size(); ++e) {
    const SweepTransport& t = s.transports[e];
    for (int receivers : s.receivers) {
      for (double loss : s.loss_pct) {
        for (double rate : s.rate_hz) {
          for (int run = 1; run <= 2; ++run, ++i) {
            const Point& p = points[i];
            SCOPED_TRACE("point " + std::to_string(i));
            EXPECT_EQ(p.transport, t.kind());
            EXPECT_EQ(p.receivers, receivers);
            EXPECT_DOUBLE_EQ(p.loss_pct, loss);
            EXPECT_DOUBLE_EQ(p.rate_hz, rate);
            EXPECT_EQ(p.run, run);
            EXPECT_EQ(p.seed, static_cast<std::uint64_t>(run));  // run k: the same loss pattern everywhere
            EXPECT_EQ(p.updates, 77);
            EXPECT_EQ(p.nak_timeout, nak_timeouts[e]);
            EXPECT_FALSE(p.lec_r.has_value());  // neither states r or c
            EXPECT_FALSE(p.lec_c.has_value());
            EXPECT_EQ(p.pace_bytes_per_s, paces[e]);
            EXPECT_EQ(p.tags, Point{}.tags);  // no instance rate: the default
            EXPECT_TRUE(p.streams.empty());
          }
        }
      }
    }
  }
  EXPECT_EQ(transport_params(points[0]), "nak_timeout=25ms");
  EXPECT_EQ(transport_params(points.back()), "tags=20;pace=5120;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
}

TEST(Sweep, OneTagPerInstanceFromTheRate) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("replace").pace(5120)};
  s.rate_hz = {0.1, 2.4, 2.5, 20.0};
  s.instance_rate_hz = 1.0;
  std::vector<std::uint32_t> tags;
  for (const Point& p : sweep_points(s)) tags.push_back(p.tags);
  EXPECT_EQ(tags, (std::vector<std::uint32_t>{1, 2, 3, 20}));  // max(1, round(rate / 1 Hz))
  s.instance_rate_hz = 0.5;
  EXPECT_EQ(sweep_points(s).back().tags, 40u);
}

TEST(Sweep, AFixedTagCountHoldsAtEveryRate) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("replace").pace(5120)};
  s.rate_hz = {0.5, 20.0, 100.0};
  s.tags = 1;  // a keyless topic: one instance
  for (const Point& p : sweep_points(s)) EXPECT_EQ(p.tags, 1u);
  s.tags = 0;  // neither: the points' default
  EXPECT_EQ(sweep_points(s).back().tags, Point{}.tags);
}

TEST(Sweep, SpecCarriesTheNameThePointsAndTheOneStreamsPayload) {
  const Sweep s = counter_sweep(24);
  const HarnessSpec spec = sweep_spec(s);
  EXPECT_EQ(spec.name, "t");
  ASSERT_EQ(spec.points.size(), 1u);
  EXPECT_EQ(spec.points[0].transport, adamant::TransportKind::Nakcast);
  EXPECT_EQ(spec.payload_bytes, 24u);
  const std::vector<std::uint8_t> bytes = spec.make_payload(7);
  EXPECT_EQ(bytes, s.make_payload(7));
  EXPECT_TRUE(spec.check_payload(adamant::ByteView{bytes.data(), bytes.size()}));
  EXPECT_TRUE(spec.reader_args.empty());
}

TEST(Sweep, MultiStreamPointsCarryTheStreamsAndTheSpecHasTheFirstStreamsPayload) {
  Sweep s = counter_sweep(16);
  s.payload_bytes = 0;
  s.make_payload = nullptr;
  s.check_payload = nullptr;
  Stream first = stream("BlueForce", 1024, 0, 20);
  first.make_payload = [](std::uint64_t seq) { return std::vector<std::uint8_t>(1024, static_cast<std::uint8_t>(seq)); };
  first.check_payload = [](adamant::ByteView b) { return b.size == 1024; };
  Stream second = stream("Images", 5120, 20, 1);
  second.replaces = false;
  second.priority = 10;
  s.streams = {first, second};
  s.runs = 2;
  const HarnessSpec spec = sweep_spec(s);
  ASSERT_EQ(spec.points.size(), 2u);
  for (const Point& p : spec.points) {
    ASSERT_EQ(p.streams.size(), 2u);
    EXPECT_EQ(p.streams[0].name, "BlueForce");
    EXPECT_EQ(p.streams[1].name, "Images");
    EXPECT_EQ(p.streams[1].first_tag, 20u);
    EXPECT_EQ(p.streams[1].priority, 10);
    EXPECT_FALSE(p.streams[1].replaces);
  }
  EXPECT_EQ(spec.payload_bytes, 1024u);
  EXPECT_EQ(spec.make_payload(3), std::vector<std::uint8_t>(1024, 3));
  const std::vector<std::uint8_t> short_update(8);
  EXPECT_FALSE(spec.check_payload(adamant::ByteView{short_update.data(), short_update.size()}));
}

TEST(Sweep, MalformedSweepsAreRejectedWithTheField) {
  const Sweep good = counter_sweep(16);
  EXPECT_EQ(rejection(good), "");
  auto rejected = [&](auto change, const std::string& field) {
    Sweep s = good;
    change(s);
    const std::string message = rejection(s);
    EXPECT_NE(message.find("sweep 't': "), std::string::npos) << message;
    EXPECT_NE(message.find(field), std::string::npos) << "expected '" << field << "' in: " << message;
  };
  rejected([](Sweep& s) { s.transports.clear(); }, "no transports");
  // A parameter the kind does not take (the contract table's kinds) is not stated for it.
  rejected([](Sweep& s) { s.transports[0] = SweepTransport::of("replace").pace(5120).r(8); },
           "transport 'replace' states r, which its kind does not take");
  rejected([](Sweep& s) { s.transports[0] = SweepTransport::of("nakcast").c(3); }, "transport 'nakcast' states c");
  rejected([](Sweep& s) { s.transports[0] = SweepTransport::of("fec").pace(5120); }, "transport 'fec' states pace");
  rejected([](Sweep& s) { s.transports[0] = SweepTransport::of("baseline").nak_timeout(microseconds(25'000)); },
           "transport 'baseline' states nak_timeout");
  rejected([](Sweep& s) { s.receivers.clear(); }, "no receivers");
  rejected([](Sweep& s) { s.loss_pct.clear(); }, "no loss_pct");
  rejected([](Sweep& s) { s.rate_hz.clear(); }, "no rate_hz");
  rejected([](Sweep& s) { s.runs = 0; }, "runs is 0");
  rejected([](Sweep& s) { s.instance_rate_hz = -1; }, "instance_rate_hz is negative");
  rejected([](Sweep& s) { s.make_payload = nullptr; }, "no make_payload");
  rejected([](Sweep& s) { s.payload_bytes = 0; }, "payload_bytes is 0");
  rejected([](Sweep& s) { s.streams = {stream("A", 16, 0, 1)}; }, "next to streams");  // payload kept
  rejected(
      [](Sweep& s) {
        s.payload_bytes = 0, s.make_payload = nullptr, s.check_payload = nullptr;
        s.streams = {stream("A", 16, 0, 1)};
        s.instance_rate_hz = 1;
      },
      "instance_rate_hz next to streams");
  rejected([](Sweep& s) { s.tags = 1, s.instance_rate_hz = 1; }, "tags and instance_rate_hz both set");
  rejected(
      [](Sweep& s) {
        s.payload_bytes = 0, s.make_payload = nullptr, s.check_payload = nullptr;
        s.streams = {stream("A", 16, 0, 1)};
        s.tags = 1;
      },
      "tags next to streams");
  rejected([](Sweep& s) { s.sim_link = {{"queue", "4"}}; }, "sim_link option 'queue'");
  rejected([](Sweep& s) { s.sim_link = {{"--queue=4", ""}}; }, "sim_link option '--queue=4'");
}

// Each kind states what it takes: the entries a generated bench writes are accepted.
TEST(Sweep, EachKindTakesItsOwnParameters) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("baseline"),
                  SweepTransport::of("nakcast").nak_timeout(microseconds(25'000)),
                  SweepTransport::of("ricochet").r(4).c(2).nak_timeout(microseconds(30'000)),
                  SweepTransport::of("fec").r(6).c(2),
                  SweepTransport::of("replace").pace(5120),
                  SweepTransport::of("fifo").pace(0)};
  const HarnessSpec spec = sweep_spec(s);
  ASSERT_EQ(spec.points.size(), 6u);
  EXPECT_EQ(transport_params(spec.points[0]), "");
  EXPECT_EQ(transport_params(spec.points[1]), "nak_timeout=25ms");
  EXPECT_EQ(transport_params(spec.points[2]), "r=4;c=2;nak_fallback=0");
  EXPECT_EQ(spec.points[2].nak_timeout, microseconds(30'000));
  EXPECT_EQ(transport_params(spec.points[3]), "r=6;c=2");
  EXPECT_EQ(transport_params(spec.points[4]), "tags=20;pace=5120;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
  EXPECT_EQ(transport_params(spec.points[5]), "tags=20;pace=0;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
  // Each setter returns a copy: the entry it was called on keeps what it stated.
  const SweepTransport base = SweepTransport::of("ricochet").r(4);
  const SweepTransport more = base.c(2);
  Point a{}, b{};
  base.apply(a);
  more.apply(b);
  EXPECT_EQ(a.lec_r, 4);
  EXPECT_FALSE(a.lec_c.has_value());
  EXPECT_EQ(b.lec_r, 4);
  EXPECT_EQ(b.lec_c, 2);
}

TEST(Transport, NamesAreParsedOnceWithTheValidNamesInTheError) {
  for (const auto kind : {adamant::TransportKind::Baseline, adamant::TransportKind::Nakcast,
                           adamant::TransportKind::Ricochet, adamant::TransportKind::Replace,
                           adamant::TransportKind::Fifo, adamant::TransportKind::Fec})
    EXPECT_EQ(adamant::transport_from_name(adamant::to_string(kind)), kind);
  EXPECT_FALSE(adamant::parse_transport("NAKcast"));
  try {
    adamant::transport_from_name("mockets");
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown transport 'mockets' (valid: baseline, nakcast, ricochet, replace, fifo, fec, adaptive)");
  }
}

TEST(Sweep, SimLinkOptionsAreAddedOnlyInSimMode) {
  const std::vector<SimOption> link = {{"--bandwidth", "5120B/s"}, {"--queue", "4"}, {"--delay-us", "50000"}};
  // real mode (the default or explicit): the command line as given
  EXPECT_EQ(with_sim_link({"bench", "--csv", "x.csv"}, link), (Args{"bench", "--csv", "x.csv"}));
  EXPECT_EQ(with_sim_link({"bench", "--mode", "real"}, link), (Args{"bench", "--mode", "real"}));
  EXPECT_EQ(with_sim_link({"bench", "--csv", "sim"}, link), (Args{"bench", "--csv", "sim"}));  // a value, not the mode
  EXPECT_EQ(with_sim_link({"bench", "--mode"}, link), (Args{"bench", "--mode"}));  // harness_main reports it
  // sim mode, either spelling: every option appended after the command line, in the link's order
  EXPECT_EQ(with_sim_link({"bench", "--mode", "sim", "--updates", "10"}, link),
            (Args{"bench", "--mode", "sim", "--updates", "10", "--bandwidth", "5120B/s", "--queue", "4", "--delay-us",
                  "50000"}));
  EXPECT_EQ(with_sim_link({"bench", "--mode=sim"}, link),
            (Args{"bench", "--mode=sim", "--bandwidth", "5120B/s", "--queue", "4", "--delay-us", "50000"}));
  // an option the command line sets (either spelling) keeps the command line's value
  EXPECT_EQ(with_sim_link({"bench", "--queue", "8", "--mode", "sim", "--bandwidth=1KB/s"}, link),
            (Args{"bench", "--queue", "8", "--mode", "sim", "--bandwidth=1KB/s", "--delay-us", "50000"}));
  // a longer option that starts with a link option's name does not set it
  EXPECT_EQ(with_sim_link({"bench", "--mode", "sim", "--queue-depth", "1"}, {{"--queue", "4"}}),
            (Args{"bench", "--mode", "sim", "--queue-depth", "1", "--queue", "4"}));
  // no link: nothing to add
  EXPECT_EQ(with_sim_link({"bench", "--mode", "sim"}, {}), (Args{"bench", "--mode", "sim"}));
}

TEST(Sweep, StatedLinkPrintsTheModelsLinkForTheTestbed) {
  Sweep s = counter_sweep(12);
  s.sim_link = {{"--bandwidth", "5120B/s"}, {"--delay-us", "100"}};
  std::string program = "bench", option = kStatedLinkOption;
  char* argv[] = {program.data(), option.data(), nullptr};
  testing::internal::CaptureStdout();
  const int rc = sweep_main(2, argv, s);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "--bandwidth 5120B/s\n--delay-us 100\n");
  EXPECT_EQ(rc, 0);
  s.sim_link.clear();  // a model that states no link: nothing, still exit 0
  testing::internal::CaptureStdout();
  EXPECT_EQ(sweep_main(2, argv, s), 0);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

namespace {

// Runs sweep_main with `args` (after the program name) and returns the CSV it wrote, as rows of
// column name -> value; `rc` gets its exit code.
std::vector<std::vector<std::pair<std::string, std::string>>> run_sweep(const Sweep& s, Args args, int& rc) {
  char path[] = "/tmp/adamant_sweep_test_XXXXXX";
  const int fd = ::mkstemp(path);
  EXPECT_GE(fd, 0);
  ::close(fd);
  std::remove(path);  // the harness writes the header into a new file
  args.insert(args.begin(), "sweep_test");
  args.insert(args.end(), {"--csv", path});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  rc = sweep_main(static_cast<int>(args.size()), argv.data(), s);

  std::ifstream in(path);
  std::vector<std::string> header;
  std::vector<std::vector<std::pair<std::string, std::string>>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    if (header.empty()) {
      header = cells;
      continue;
    }
    std::vector<std::pair<std::string, std::string>> row;
    for (std::size_t i = 0; i < header.size(); ++i) row.emplace_back(header[i], i < cells.size() ? cells[i] : "");
    rows.push_back(row);
  }
  std::remove(path);
  return rows;
}

std::string cell(const std::vector<std::pair<std::string, std::string>>& row, const std::string& column) {
  for (const auto& [name, value] : row) {
    if (name == column) return value;
  }
  ADD_FAILURE() << "no column " << column;
  return "";
}

}  // namespace

TEST(Sweep, SweepMainRunsTheSweepWithTheModeledLinkInTheSimulator) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("nakcast").nak_timeout(microseconds(25'000)),
                  SweepTransport::of("nakcast").nak_timeout(microseconds(50'000))};
  s.updates = 20;
  s.sim_link = {{"--delay-us", "40000"}};
  int rc = -1;
  auto rows = run_sweep(s, {"--mode", "sim"}, rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(rows.size(), 2u);  // one row per point, in order
  EXPECT_EQ(cell(rows[0], "transport_params"), "nak_timeout=25ms");
  EXPECT_EQ(cell(rows[1], "transport_params"), "nak_timeout=50ms");
  for (const auto& row : rows) {
    EXPECT_EQ(cell(row, "sent"), "20");
    EXPECT_EQ(cell(row, "delivery"), "1.000000");
    EXPECT_GE(std::stod(cell(row, "lat_mean_us")), 40'000.0);  // the link's one-way delay was applied
  }
  // the command line's own --delay-us wins over the link's
  rows = run_sweep(s, {"--mode=sim", "--delay-us", "1000", "--transport", "baseline"}, rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(cell(rows[0], "transport"), "baseline");  // harness_main's overrides still work
  EXPECT_LT(std::stod(cell(rows[0], "lat_mean_us")), 40'000.0);
  EXPECT_GE(std::stod(cell(rows[0], "lat_mean_us")), 1'000.0);
}

// The simulator's reordering and duplication are harness options like the link's: a sweep's
// sim_link may add them, the row records them, and real mode refuses them (it cannot inject them).
TEST(Sweep, ReorderAndDuplicateAreRecordedInSimAndRefusedInReal) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("nakcast")};
  s.updates = 50;
  s.sim_link = {{"--reorder", "10"}, {"--duplicate", "5"}};
  int rc = -1;
  auto rows = run_sweep(s, {"--mode", "sim"}, rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(cell(rows[0], "link_reorder_pct"), "10");
  EXPECT_EQ(cell(rows[0], "link_duplicate_pct"), "5");
  EXPECT_EQ(cell(rows[0], "delivery"), "1.000000");
  rows = run_sweep(s, {"--mode", "sim", "--reorder", "0", "--duplicate", "0"}, rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(cell(rows[0], "link_reorder_pct"), "");  // none injected: empty, as link_burst
  EXPECT_EQ(cell(rows[0], "link_duplicate_pct"), "");
  rows = run_sweep(s, {"--duplicate", "5"}, rc);
  EXPECT_EQ(rc, 2);
  EXPECT_TRUE(rows.empty());
}

// A point's r and c are its kind's defaults in the contract table unless something sets them:
// a transport of the sweep given none, or one the command line switches to, runs with its own.
TEST(Sweep, RAndCAreTheKindsDefaultsUnlessGiven) {
  Sweep s = counter_sweep(16);
  s.transports = {SweepTransport::of("fec"), SweepTransport::of("ricochet"), SweepTransport::of("fec").r(6)};
  const auto points = sweep_points(s);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(transport_params(points[0]), "r=4;c=1");
  EXPECT_EQ(transport_params(points[1]), "r=8;c=3;nak_fallback=0");
  EXPECT_EQ(transport_params(points[2]), "r=6;c=1");

  s = counter_sweep(16);  // one nakcast point that sets no r or c, as ant-bench's; the command line
  s.transports = {SweepTransport::of("nakcast")};  // picks the transport
  const auto params = [&](Args args) {
    int rc = -1;
    args.insert(args.begin(), {"--mode", "sim"});
    const auto rows = run_sweep(s, args, rc);
    EXPECT_EQ(rc, 0);
    return rows.size() == 1 ? cell(rows[0], "transport_params") : "rows: " + std::to_string(rows.size());
  };
  EXPECT_EQ(params({"--transport", "fec"}), "r=4;c=1");
  EXPECT_EQ(params({"--transport", "ricochet"}), "r=8;c=3;nak_fallback=0");
  EXPECT_EQ(params({"--transport", "fec", "--r", "6"}), "r=6;c=1");
  EXPECT_EQ(params({"--transport", "fec", "--c", "2"}), "r=4;c=2");
  EXPECT_EQ(params({"--transport", "ricochet", "--r", "4"}), "r=4;c=3;nak_fallback=0");
}

TEST(Sweep, SweepMainRefusesAMalformedSweep) {
  Sweep s = counter_sweep(16);
  s.receivers.clear();
  int rc = -1;
  testing::internal::CaptureStderr();
  const auto rows = run_sweep(s, {"--mode", "sim"}, rc);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(rc, 2);
  EXPECT_TRUE(rows.empty());
  EXPECT_NE(err.find("sweep 't': no receivers"), std::string::npos) << err;
}
