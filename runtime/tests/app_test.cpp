#include <adamant/app.hpp>

#include <gtest/gtest.h>

#include "test_key_file.hpp"

#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

// Runs parse_options on a command line given as strings.
std::optional<int> parse(std::vector<std::string> args, adamant::app::Options& options) {
  args.insert(args.begin(), "app");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return adamant::app::parse_options(static_cast<int>(argv.size()), argv.data(), "test app", options);
}

}  // namespace

TEST(AppOptions, DefaultsWhenNoArguments) {
  adamant::app::Options o;
  EXPECT_EQ(parse({}, o), std::nullopt);
  EXPECT_EQ(o.count, 1000u);
  EXPECT_EQ(o.group, "239.255.0.1");
  EXPECT_EQ(o.iface, "127.0.0.1");
}

TEST(AppOptions, ParsesEveryOption) {
  adamant::app::Options o;
  EXPECT_EQ(parse({"--count", "5", "--seconds", "1.5", "--group", "239.1.2.3", "--port", "9000", "--iface",
                   "127.0.0.2", "--print", "0"},
                  o),
            std::nullopt);
  EXPECT_EQ(o.count, 5u);
  EXPECT_DOUBLE_EQ(o.seconds, 1.5);
  EXPECT_EQ(o.group, "239.1.2.3");
  EXPECT_EQ(o.port, 9000);
  EXPECT_EQ(o.iface, "127.0.0.2");
  EXPECT_EQ(o.print, 0u);
}

TEST(AppOptions, HelpExitsZeroAndBadInputExitsTwo) {
  adamant::app::Options o;
  EXPECT_EQ(parse({"--help"}, o), 0);
  EXPECT_EQ(parse({"--port", "70000"}, o), 2);
  EXPECT_EQ(parse({"--port", "0"}, o), 2);
  EXPECT_EQ(parse({"--seconds", "-1"}, o), 2);
  EXPECT_EQ(parse({"--count", "many"}, o), 2);
  EXPECT_EQ(parse({"--bogus"}, o), 2);
}

TEST(AppOptions, ChannelCarriesAddressingAndTransport) {
  adamant::app::Options o;
  o.port = 9100;
  adamant::TransportSettings t;
  t.kind = adamant::TransportKind::Ricochet;
  t.lec_r = 4;
  const auto c = adamant::app::channel(o, 7, t);
  EXPECT_EQ(c.port, 9100);
  EXPECT_EQ(c.stream_id, 7u);
  EXPECT_EQ(c.transport.kind, adamant::TransportKind::Ricochet);
  EXPECT_EQ(c.transport.lec_r, 4);
  EXPECT_EQ(c.iface, "127.0.0.1");
}

// The key file: --psk-file, else the model's (psk_file, or the variable psk_env names), else
// $ADAMANT_PSK_FILE; checked at start. A key on the command line is refused.
TEST(AppOptions, KeyFileSourcesAndRefusals) {
  const std::string key = adamant::testing::write_key_file("000102030405060708090a0b0c0d0e0f\n");
  ::unsetenv("ADAMANT_PSK_FILE");
  ::unsetenv("APP_TEST_KEY_FILE");
  adamant::app::Options o;
  EXPECT_EQ(parse({"--psk-file", key}, o), std::nullopt);
  EXPECT_EQ(o.psk_file, key);
  EXPECT_EQ(adamant::app::channel(o, 1, {}).psk_file, key);
  adamant::app::Options env;
  ::setenv("ADAMANT_PSK_FILE", key.c_str(), 1);
  EXPECT_EQ(parse({}, env), std::nullopt);
  EXPECT_EQ(env.psk_file, key);
  ::unsetenv("ADAMANT_PSK_FILE");
  adamant::app::Options model;
  model.psk_env = "APP_TEST_KEY_FILE";
  EXPECT_EQ(parse({}, model), 2);  // the model names a variable that is not set
  ::setenv("APP_TEST_KEY_FILE", key.c_str(), 1);
  EXPECT_EQ(parse({}, model), std::nullopt);
  EXPECT_EQ(model.psk_file, key);
  ::unsetenv("APP_TEST_KEY_FILE");
  adamant::app::Options refused;
  EXPECT_EQ(parse({"--psk", "secret"}, refused), 2);
  EXPECT_EQ(parse({"--psk-file", "/nonexistent/key"}, refused), 2);
  ::chmod(key.c_str(), 0644);
  adamant::app::Options open;
  EXPECT_EQ(parse({"--psk-file", key}, open), 2);
}
