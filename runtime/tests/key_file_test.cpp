// Key files: format, permissions, the environment variable, rotation by re-reading (label: unit).
#include <adamant/key_file.hpp>

#include <gtest/gtest.h>

#include "test_key_file.hpp"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

using namespace adamant;
using adamant::testing::write_key_file;

namespace {
const std::string kHex32 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
}  // namespace

TEST(KeyFile, ParsesOneHexLineWithCommentsAndBlankLines) {
  const std::string k = auth::parse_key_text("# fleet key, 2026-11\n\n  " + kHex32 + "  \n");
  ASSERT_EQ(k.size(), 32u);
  EXPECT_EQ(static_cast<unsigned char>(k[0]), 0x00);
  EXPECT_EQ(static_cast<unsigned char>(k[31]), 0x1f);
  EXPECT_EQ(auth::parse_key_text("00112233445566778899AABBCCDDEEFF\n").size(), 16u);
}

TEST(KeyFile, RefusesShortOddNonHexMissingNewlineAndTwoKeys) {
  for (const std::string& bad : {std::string("0011223344556677\n"), kHex32.substr(1) + "\n", "zz" + kHex32 + "\n", kHex32,
                                kHex32 + "\n" + kHex32 + "\n", std::string("# only a comment\n"), std::string()})
    EXPECT_THROW(auth::parse_key_text(bad), std::invalid_argument) << bad;
}

TEST(KeyFile, RefusesFilesOthersMayReadAndNonRegularFiles) {
  const std::string ok = write_key_file(kHex32 + "\n");
  EXPECT_EQ(auth::read_key_file(ok).size(), 32u);
  const std::string open = write_key_file(kHex32 + "\n", 0644);
  try {
    auth::read_key_file(open);
    ADD_FAILURE() << "a world-readable key file was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("chmod 600"), std::string::npos) << e.what();
  }
  EXPECT_THROW(auth::read_key_file(write_key_file(kHex32 + "\n", 0640)), std::runtime_error);
  EXPECT_THROW(auth::read_key_file("/tmp"), std::runtime_error);
  EXPECT_THROW(auth::read_key_file("/nonexistent/key"), std::runtime_error);
}

TEST(KeyFile, PathFromOptionElseEnvironment) {
  ::unsetenv(auth::kKeyFileEnv);
  EXPECT_EQ(auth::key_file_path(""), "");
  ::setenv(auth::kKeyFileEnv, "/run/keys/fleet", 1);
  EXPECT_EQ(auth::key_file_path(""), "/run/keys/fleet");
  EXPECT_EQ(auth::key_file_path("mine"), "mine");
  ::unsetenv(auth::kKeyFileEnv);
  EXPECT_NE(auth::key_on_command_line("--psk").find("--psk-file"), std::string::npos);
}

TEST(KeyFile, WatchHandsOverANewKeyAndKeepsTheOldOnABrokenFile) {
  const std::string path = write_key_file(kHex32 + "\n");
  auth::KeyFileWatch w(path);
  EXPECT_FALSE(w.poll(0));  // unchanged
  const std::string next = "ff" + kHex32.substr(2);
  std::ofstream(path) << next << "\n";
  EXPECT_FALSE(w.poll(auth::kKeyPollNs - 1));  // not yet due
  auto k = w.poll(auth::kKeyPollNs);
  ASSERT_TRUE(k);
  EXPECT_EQ(static_cast<unsigned char>((*k)[0]), 0xff);
  std::ofstream(path) << "ff00";  // partly written
  EXPECT_FALSE(w.poll(2 * auth::kKeyPollNs));
  EXPECT_EQ(w.key(), *k);
}
