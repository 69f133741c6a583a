// Keys over real sockets. Run only inside tools/adamant-netns (CTest does): a running reader
// gets forged, tampered, replayed and stale datagrams from an attacker's socket and counts each
// rejection; the multi-process harness passes its key file (never the key) to its readers.
#include <adamant/adamant.hpp>

#include <gtest/gtest.h>

#include "test_key_file.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>

using namespace adamant;
using namespace std::chrono_literals;

namespace {

const std::string kKeyHex = "6164616d616e742d7265616c2d6b6579732d746573742d6b65792d3332627974";

std::string write_key(const std::string& hex, mode_t mode = 0600) { return adamant::testing::write_key_file(hex + "\n", mode); }

// A NAKcast channel on `port` keyed by a fresh key file holding kKeyHex.
ChannelConfig keyed_nakcast(std::uint16_t port) {
  ChannelConfig cfg;
  cfg.port = port;
  cfg.transport.kind = TransportKind::Nakcast;
  cfg.psk_file = write_key(kKeyHex);
  return cfg;
}

std::string key_bytes(const std::string& hex) { return auth::parse_key_text(hex + "\n"); }

bench::HarnessSpec keys_spec() {
  bench::Point p{TransportKind::Nakcast, 2, 1.0, 200.0, 300, 1, 5, std::chrono::microseconds(50'000)};
  return bench::counter_spec("keys-test", 12, {p});
}

int run_harness(std::vector<std::string> args) {
  args.insert(args.begin(), "real-keys-test");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return bench::harness_main(static_cast<int>(args.size()), argv.data(), keys_spec());
}

std::string self_path;

}  // namespace

// A reader with a key file, NAKcast from a publisher with the same file. An attacker who
// joined the group captured all 100 DATA datagrams; it then sends 7 sealed with another key
// (forged), 5 with one bit flipped (tampered), 9 verbatim (replayed) and 3 resealed with the
// right key but stamped 31 s ago (stale). Each is rejected and counted; nothing is delivered twice.
TEST(RealKeys, ReaderRejectsForgedTamperedReplayedAndStaleDatagrams) {
  const ChannelConfig cfg = keyed_nakcast(7641);
  std::vector<std::uint64_t> got;
  Subscriber sub(cfg, [&](const Sample& s) { got.push_back(s.sequence); });
  auto attacker = io::UdpSocket::open_receiver(cfg.group, cfg.port, cfg.iface);
  Publisher pub(cfg);
  std::vector<std::vector<std::uint8_t>> captured;  // sealed DATA datagrams
  std::uint8_t buf[65536];
  auto capture = [&] {
    Endpoint from;
    while (auto n = attacker.try_recv(buf, sizeof buf, from)) {
      if (*n < auth::kTrailerSize) continue;
      const auto pkt = wire::decode(ByteView{buf, *n - auth::kTrailerSize});
      if (pkt && pkt->header.kind == wire::Kind::Data) captured.emplace_back(buf, buf + *n);
    }
  };
  std::uint8_t payload[12] = {};
  for (int i = 0; i < 100; ++i) {
    pub.publish(ByteView{payload, sizeof(payload)});
    sub.poll_for(1ms);
    capture();
  }
  for (int i = 0; i < 50 && sub.accounted_through() < 100; ++i) {
    pub.service_for(2ms);
    sub.poll_for(2ms);
  }
  capture();
  ASSERT_EQ(got.size(), 100u);
  ASSERT_EQ(captured.size(), 100u);
  EXPECT_EQ(sub.auth_stats().rejected(), 0u);

  const Endpoint group = *io::parse_ipv4(cfg.group, cfg.port);
  auto inject = [&](const std::vector<std::uint8_t>& d) { attacker.send_to(ByteView{d.data(), d.size()}, group); };
  auth::Authenticator wrong(key_bytes("00" + kKeyHex.substr(2)), auth::random_epoch());
  auth::Authenticator right(key_bytes(kKeyHex), auth::random_epoch());
  for (int i = 0; i < 7; ++i)
    inject(wrong.seal(ByteView{captured[i].data(), captured[i].size() - auth::kTrailerSize}, wall_now_ns()));
  for (int i = 0; i < 5; ++i) {
    auto t = captured[10 + i];
    t[40] ^= 0x04;  // a payload bit
    inject(t);
  }
  for (int i = 0; i < 9; ++i) inject(captured[20 + 3 * i]);
  for (int i = 0; i < 3; ++i)
    inject(right.seal(ByteView{captured[60 + i].data(), captured[60 + i].size() - auth::kTrailerSize},
                      wall_now_ns() - 31'000'000'000));
  for (int i = 0; i < 20; ++i) {
    pub.service_for(2ms);
    sub.poll_for(2ms);
  }
  const auth::Stats s = sub.auth_stats();
  EXPECT_EQ(s.bad_mac, 12u);
  EXPECT_EQ(s.replayed, 9u);
  EXPECT_EQ(s.stale, 3u);
  EXPECT_EQ(s.crowded, 0u);
  EXPECT_EQ(sub.auth_rejected(), 24u);
  EXPECT_EQ(got.size(), 100u);  // nothing delivered twice, nothing forged delivered
  EXPECT_EQ(sub.stats().unrecoverable, 0u);
  EXPECT_EQ(pub.auth_rejected(), 0u);
}

// The key file is re-read while running: publisher and reader rotate to a new key without a
// restart and without a rejection (the old key seals for 5 s after the change, is accepted for 60 s).
TEST(RealKeys, RotationWithoutRestart) {
  const ChannelConfig cfg = keyed_nakcast(7643);
  std::vector<std::uint64_t> got;
  Subscriber sub(cfg, [&](const Sample& s) { got.push_back(s.sequence); });
  Publisher pub(cfg);
  std::uint8_t payload[12] = {};
  std::uint64_t sent = 0;
  std::int64_t end = 0;  // past the publisher's switch to the new key
  while (end == 0 || monotonic_now_ns() < end) {
    if (++sent == 100) {  // replaced atomically, as documented
      const std::string next = write_key("11" + kKeyHex.substr(2));
      ASSERT_EQ(std::rename(next.c_str(), cfg.psk_file.c_str()), 0);
      end = monotonic_now_ns() + auth::Timing{}.seal_previous_ns + 2 * auth::kKeyPollNs;
    }
    pub.publish(ByteView{payload, sizeof(payload)});
    pub.service_for(5ms);
    sub.poll_for(5ms);
  }
  for (int i = 0; i < 50 && sub.accounted_through() < sent; ++i) {
    pub.service_for(2ms);
    sub.poll_for(2ms);
  }
  EXPECT_EQ(got.size(), sent);
  EXPECT_EQ(sub.auth_rejected(), 0u);
  EXPECT_EQ(pub.auth_rejected(), 0u);
  // A reader holding only the old key hears nothing new once the publisher's switch is over.
  ChannelConfig stale = cfg;
  stale.psk_file = write_key(kKeyHex);
  std::size_t heard = 0;
  Subscriber old_reader(stale, [&](const Sample&) { ++heard; });
  for (int i = 0; i < 20; ++i) {
    pub.publish(ByteView{payload, sizeof(payload)});
    pub.service_for(2ms);
    old_reader.poll_for(2ms);
  }
  EXPECT_EQ(heard, 0u);
  EXPECT_GE(old_reader.auth_stats().bad_mac, 20u);
}

// The multi-process harness: --psk-file (and ADAMANT_PSK_FILE) reach every reader process as a
// path; a key on the command line and a key file others may read are refused before any process starts.
TEST(RealKeys, HarnessTakesAKeyFileAndRefusesKeysInArgv) {
  const std::string key = write_key(kKeyHex);
  const std::string csv = "/tmp/adamant_real_keys_" + std::to_string(::getpid()) + ".csv";
  std::remove(csv.c_str());
  EXPECT_EQ(run_harness({"--csv", csv, "--psk-file", key}), 0);
  ::setenv(auth::kKeyFileEnv, key.c_str(), 1);
  EXPECT_EQ(run_harness({"--csv", csv}), 0);
  ::unsetenv(auth::kKeyFileEnv);
  std::ifstream f(csv);
  std::string line;
  std::vector<std::vector<std::string>> rows;
  std::getline(f, line);  // header
  while (std::getline(f, line)) rows.push_back(metrics::parse_csv_record(line));
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) {
    EXPECT_EQ(r[6], "600");  // received: 300 × 2 readers
    EXPECT_EQ(std::stod(r[7]), 1.0);
  }
  std::remove(csv.c_str());
  EXPECT_EQ(run_harness({"--csv", csv, "--psk", "secret"}), 2);
  EXPECT_EQ(run_harness({"--csv", csv, "--psk-file", write_key(kKeyHex, 0644)}), 2);
  EXPECT_EQ(run_harness({"--csv", csv, "--psk-file", "/nonexistent/key"}), 2);
  std::ifstream none(csv);
  EXPECT_FALSE(none.good());  // nothing ran
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)  // reader processes re-executed by the harness
    if (std::strcmp(argv[i], "--reader") == 0) return bench::harness_main(argc, argv, keys_spec());
  self_path = argv[0];
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
