#include <adamant/dds_app.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using adamant::dds_app::Options;

// Runs parse_options on a command line given as strings; err and out collect what it printed.
std::optional<int> parse(std::vector<std::string> args, Options& options, std::string* printed = nullptr) {
  args.insert(args.begin(), "app");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::ostringstream out;
  std::ostringstream err;
  const auto rc = adamant::dds_app::parse_options(static_cast<int>(argv.size()), argv.data(), "reader", "m.ini",
                                                  options, out, err);
  if (printed != nullptr) *printed = out.str() + err.str();
  return rc;
}

TEST(DdsAppOptions, DefaultsWhenNoArguments) {
  Options o;
  EXPECT_EQ(parse({}, o), std::nullopt);
  EXPECT_EQ(o.count, 1000u);
  EXPECT_EQ(o.seconds, 0);
  EXPECT_EQ(o.print, 10u);
  EXPECT_EQ(o.key, 0u);
  EXPECT_EQ(o.readers, -1);
}

TEST(DdsAppOptions, ParsesEveryOption) {
  Options o;
  EXPECT_EQ(parse({"--count", "5", "--seconds", "1.5", "--print", "0", "--key", "7", "--readers", "3"}, o),
            std::nullopt);
  EXPECT_EQ(o.count, 5u);
  EXPECT_DOUBLE_EQ(o.seconds, 1.5);
  EXPECT_EQ(o.print, 0u);
  EXPECT_EQ(o.key, 7u);
  EXPECT_EQ(o.readers, 3);
}

TEST(DdsAppOptions, HelpExitsZeroAndNamesTheProgramAndItsConfigFile) {
  Options o;
  std::string printed;
  EXPECT_EQ(parse({"--help"}, o, &printed), 0);
  EXPECT_NE(printed.find("usage: reader [-DCPSConfigFile m.ini]"), std::string::npos) << printed;
}

TEST(DdsAppOptions, BadOptionsAndValuesExitTwo) {
  Options o;
  std::string printed;
  EXPECT_EQ(parse({"--bogus", "1"}, o, &printed), 2);
  EXPECT_NE(printed.find("reader: bad option --bogus"), std::string::npos) << printed;
  EXPECT_EQ(parse({"--count"}, o), 2);
  EXPECT_EQ(parse({"--count", "many"}, o, &printed), 2);
  EXPECT_NE(printed.find("bad value 'many' for --count"), std::string::npos) << printed;
  EXPECT_EQ(parse({"--seconds", "-1"}, o), 2);
  EXPECT_EQ(parse({"--readers", ""}, o), 2);
}

TEST(DdsApp, FindsTheConfigFileOption) {
  std::vector<std::string> args{"app", "--count", "3", "-DCPSConfigFile", "m.ini"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  EXPECT_TRUE(adamant::dds_app::has_config_file(static_cast<int>(argv.size()), argv.data()));
  EXPECT_FALSE(adamant::dds_app::has_config_file(3, argv.data()));
}

TEST(DdsApp, ExpectedReadersComeFromTheOptionElseTheModel) {
  Options o;
  EXPECT_EQ(adamant::dds_app::expected_readers(o, 2), 2);
  o.readers = 0;
  EXPECT_EQ(adamant::dds_app::expected_readers(o, 2), 0);
}

// A writer's start on fakes: matched_readers() answers `matched` in turn (the last one from then
// on); `events` records each sleep (in ms) and registration in order.
struct FakeWriter {
  explicit FakeWriter(std::vector<long> answers) : matched(std::move(answers)) {}

  std::vector<long> matched;
  std::size_t polls = 0;
  std::vector<std::string> events;

  adamant::dds_app::WriterStart calls() {
    adamant::dds_app::WriterStart c;
    c.matched_readers = [this]() { return matched[std::min(polls++, matched.size() - 1)]; };
    c.register_instance = [this]() { events.push_back("register"); };
    c.sleep = [this](adamant::dds_app::Clock::duration d) {
      events.push_back(std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()) + " ms");
    };
    return c;
  }
};

TEST(DdsAppWriterStart, WaitsUntilTheExpectedReadersMatched) {
  FakeWriter w({0, 2, 3, 3});
  const adamant::dds_app::RunTimer unlimited(0);
  EXPECT_EQ(adamant::dds_app::await_readers(3, 0, unlimited, w.calls()), 3);
  EXPECT_EQ(w.events, (std::vector<std::string>{"100 ms", "100 ms"}));
  EXPECT_EQ(w.polls, 3u);
}

TEST(DdsAppWriterStart, GivesUpAfterTenSecondsOrAtTheRunsEnd) {
  FakeWriter w({1});
  const adamant::dds_app::RunTimer unlimited(0);
  EXPECT_EQ(adamant::dds_app::await_readers(3, 0, unlimited, w.calls()), 1);
  EXPECT_EQ(w.events, std::vector<std::string>(100, "100 ms"));
  FakeWriter ended({1});
  const adamant::dds_app::RunTimer expired(1e-9);
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(adamant::dds_app::await_readers(3, 0, expired, ended.calls()), 1);
  EXPECT_TRUE(ended.events.empty());
}

TEST(DdsAppWriterStart, ForeignReadersGetTheirSyncAfterTheRegistration) {
  FakeWriter w({0, 1});
  const adamant::dds_app::RunTimer unlimited(0);
  EXPECT_EQ(adamant::dds_app::await_readers(1, 2, unlimited, w.calls()), 1);
  EXPECT_EQ(w.events, (std::vector<std::string>{"100 ms", "register", "2000 ms"}));
  // No foreign readers: no registration, no extra wait.
  FakeWriter native({1});
  EXPECT_EQ(adamant::dds_app::await_readers(1, 0, unlimited, native.calls()), 1);
  EXPECT_TRUE(native.events.empty());
}

TEST(DdsApp, PacerStepsOnePeriodFromTheStartWithoutDrift) {
  const auto start = adamant::dds_app::Clock::time_point{};
  adamant::dds_app::Pacer pacer(4.0, start);
  EXPECT_EQ(pacer.period(), std::chrono::milliseconds(250));
  EXPECT_EQ(pacer.next(), start + std::chrono::milliseconds(250));
  EXPECT_EQ(pacer.next(), start + std::chrono::milliseconds(500));
}

TEST(DdsApp, RunTimerExpiresOnlyWithALimit) {
  adamant::dds_app::RunTimer unlimited(0);
  adamant::dds_app::RunTimer short_one(0.01);
  EXPECT_FALSE(short_one.expired());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(short_one.expired());
  EXPECT_FALSE(unlimited.expired());
}

TEST(DdsApp, ReadersAreDoneWhenEveryOneCountedOrAllWritersLeft) {
  using adamant::dds_app::readers_done;
  Options o;
  o.count = 10;
  EXPECT_FALSE(readers_done(o, {{10, 1, 1}, {9, 1, 1}}));
  EXPECT_TRUE(readers_done(o, {{10, 1, 1}, {12, 1, 1}}));
  // Writers that matched and left end the run; a reader that never saw a writer keeps waiting.
  EXPECT_TRUE(readers_done(o, {{3, 1, 0}, {0, 2, 0}}));
  EXPECT_FALSE(readers_done(o, {{3, 1, 0}, {0, 0, 0}}));
  // --count 0: no count ends it.
  o.count = 0;
  EXPECT_FALSE(readers_done(o, {{100, 1, 1}}));
}

}  // namespace
