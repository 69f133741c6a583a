// Datagram authentication: HMAC-SHA256 trailer, replay window, freshness, key rotation
// (label: unit). Sans-IO: every time below is passed in.
#include <adamant/auth.hpp>

#include <gtest/gtest.h>

#include <openssl/hmac.h>

#include <cstring>
#include <stdexcept>

using namespace adamant;

namespace {
constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::int64_t kT0 = 1'700'000'000 * kSec;  // a wall-clock instant

std::vector<std::uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }
ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
}  // namespace

TEST(Auth, TrailerLayoutAndTagAreHmacSha256OverDatagramAndFields) {
  auth::Authenticator a("Jefe", 0x0102030405060708ull);
  const auto msg = bytes("what do ya want for nothing?");
  const auto sealed = a.seal(view(msg), kT0);
  ASSERT_EQ(sealed.size(), msg.size() + auth::kTrailerSize);
  EXPECT_EQ(0, std::memcmp(sealed.data(), msg.data(), msg.size()));
  const std::uint8_t* t = sealed.data() + msg.size();
  const std::uint8_t epoch_counter[16] = {1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_EQ(0, std::memcmp(t, epoch_counter, 16));  // big-endian epoch, counter 1
  std::uint8_t tag[32];
  unsigned len = 0;
  HMAC(EVP_sha256(), "Jefe", 4, sealed.data(), msg.size() + 24, tag, &len);
  EXPECT_EQ(0, std::memcmp(t + 24, tag, 32));
  auth::Authenticator b("Jefe", 9);
  auto opened = b.open(view(sealed), kT0 + kSec);
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->size, msg.size());
  EXPECT_EQ(b.accepted(), 1u);
  EXPECT_EQ(b.rejected(), 0u);
}

TEST(Auth, ForgedTamperedTruncatedUnsealedAreBadMac) {
  auth::Authenticator a("secret", 1), b("other", 2), rx("secret", 3);
  const auto d = bytes("hello");
  const auto sealed = a.seal(view(d), kT0);
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    auto t = sealed;
    t[i] ^= 1;
    EXPECT_FALSE(rx.open(view(t), kT0)) << i;
  }
  EXPECT_FALSE(rx.open(ByteView{sealed.data(), sealed.size() - 1}, kT0));
  EXPECT_FALSE(rx.open(ByteView{sealed.data(), 3}, kT0));
  EXPECT_FALSE(rx.open(view(d), kT0));
  EXPECT_FALSE(rx.open(ByteView{}, kT0));
  const auto forged = b.seal(view(d), kT0);
  EXPECT_FALSE(rx.open(view(forged), kT0));
  EXPECT_EQ(rx.stats().bad_mac, sealed.size() + 5);
  EXPECT_EQ(rx.stats().replayed, 0u);
  EXPECT_TRUE(rx.open(view(sealed), kT0));  // none of the above touched the window
  auto empty = a.seal(ByteView{}, kT0);
  EXPECT_TRUE(rx.open(view(empty), kT0));
  EXPECT_THROW(auth::Authenticator("", 1), std::invalid_argument);
  EXPECT_THROW(auth::Authenticator("k", 0), std::invalid_argument);
}

TEST(Auth, ReplayedDatagramsAreRejectedPerSenderEpoch) {
  auth::Authenticator a("k", 11), restarted("k", 12), rx("k", 13);
  const auto d = bytes("x");
  std::vector<std::vector<std::uint8_t>> sent;
  for (int i = 0; i < 10; ++i) sent.push_back(a.seal(view(d), kT0 + i));
  // Out of order within the window is fine; each once.
  for (int i : {0, 2, 1, 5, 3, 4, 9, 6, 8, 7}) EXPECT_TRUE(rx.open(view(sent[i]), kT0 + 10)) << i;
  for (const auto& s : sent) EXPECT_FALSE(rx.open(view(s), kT0 + 20));
  EXPECT_EQ(rx.stats().replayed, 10u);
  // A restarted sender (new epoch, counter from 1 again) is a new window.
  const auto r1 = restarted.seal(view(d), kT0 + 30);
  EXPECT_TRUE(rx.open(view(r1), kT0 + 30));
  EXPECT_FALSE(rx.open(view(r1), kT0 + 31));
  // Below the window: too old to tell from a replay.
  auth::Authenticator far("k", 14);
  const auto first = far.seal(view(d), kT0);
  for (std::uint64_t i = 0; i < auth::ReplayWindow::kBits; ++i) far.seal(view(d), kT0);
  EXPECT_TRUE(rx.open(view(far.seal(view(d), kT0)), kT0));
  EXPECT_FALSE(rx.open(view(first), kT0));
  EXPECT_EQ(rx.stats().replayed, 12u);
  EXPECT_EQ(rx.stats().accepted, 12u);
}

TEST(Auth, StaleDatagramsAreRejectedEvenAfterTheEpochIsForgotten) {
  auth::Timing t;
  auth::Authenticator a("k", 21), rx("k", 22, t);
  const auto d = bytes("x");
  const auto captured = a.seal(view(d), kT0);
  EXPECT_FALSE(rx.open(view(captured), kT0 + t.max_age_ns + 1));  // replayed later
  EXPECT_FALSE(rx.open(view(captured), kT0 - t.max_age_ns - 1));  // from the future
  EXPECT_TRUE(rx.open(view(captured), kT0 + t.max_age_ns));
  EXPECT_EQ(rx.stats().stale, 2u);
  // The table of epochs is bounded: full of fresh senders, a new one is refused ...
  auth::Authenticator box("k", 23);
  for (std::uint64_t e = 1; e < auth::kMaxSenders; ++e) {
    auth::Authenticator s("k", 1000 + e);
    ASSERT_TRUE(box.open(view(s.seal(view(d), kT0)), kT0));
  }
  auth::Authenticator late("k", 5000);
  EXPECT_TRUE(box.open(view(late.seal(view(d), kT0)), kT0));  // the 1024th
  auth::Authenticator extra("k", 5001);
  EXPECT_FALSE(box.open(view(extra.seal(view(d), kT0)), kT0));
  EXPECT_EQ(box.stats().crowded, 1u);
  // ... until they are older than max_age: forgotten, their datagrams stale for good.
  const std::int64_t later = kT0 + t.max_age_ns + 1;
  EXPECT_TRUE(box.open(view(extra.seal(view(d), later)), later));
}

TEST(Auth, RotationAcceptsBothKeysDuringTheGraceThenRefusesTheOld) {
  auth::Timing t;
  auth::Authenticator old_sender("old-key", 31), new_sender("new-key", 32), rx("old-key", 33, t);
  const auto d = bytes("x");
  EXPECT_TRUE(rx.open(view(old_sender.seal(view(d), kT0)), kT0));
  EXPECT_FALSE(rx.open(view(new_sender.seal(view(d), kT0)), kT0));  // not yet known
  rx.rotate("new-key", kT0);
  EXPECT_TRUE(rx.open(view(new_sender.seal(view(d), kT0 + 1)), kT0 + 1));
  EXPECT_TRUE(rx.open(view(old_sender.seal(view(d), kT0 + 2)), kT0 + 2));
  const std::int64_t end = kT0 + t.grace_ns;
  EXPECT_TRUE(rx.open(view(old_sender.seal(view(d), end - 1)), end - 1));
  EXPECT_FALSE(rx.open(view(old_sender.seal(view(d), end)), end));
  EXPECT_TRUE(rx.open(view(new_sender.seal(view(d), end)), end));
  EXPECT_EQ(rx.stats().bad_mac, 2u);
  // The rotating endpoint itself keeps sealing with the old key for seal_previous, so peers
  // that have not read the new key yet still hear it.
  auth::Authenticator peer_old("old-key", 34), peer_new("new-key", 35);
  rx.rotate("third-key", end);
  EXPECT_TRUE(peer_new.open(view(rx.seal(view(d), end + t.seal_previous_ns - 1)), end + t.seal_previous_ns - 1));
  EXPECT_FALSE(peer_new.open(view(rx.seal(view(d), end + t.seal_previous_ns)), end + t.seal_previous_ns));
  EXPECT_FALSE(peer_old.open(view(rx.seal(view(d), end)), end));
}

TEST(Auth, DescribeRejected) {
  auth::Stats s;
  s.bad_mac = 3, s.replayed = 2, s.stale = 1;
  EXPECT_EQ(auth::describe_rejected(s), "6 (bad MAC 3, replayed 2, stale 1, crowded 0)");
}
