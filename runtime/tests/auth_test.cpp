// HMAC-SHA256 datagram authentication (label: unit).
#include <adamant/auth.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>

using namespace adamant;

TEST(Auth, SealOpenRoundTripAndKnownVector) {
  // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
  auth::Authenticator a("Jefe");
  const std::string msg = "what do ya want for nothing?";
  const auto sealed = a.seal(ByteView{reinterpret_cast<const std::uint8_t*>(msg.data()), msg.size()});
  ASSERT_EQ(sealed.size(), msg.size() + auth::kTagSize);
  const std::uint8_t expect[4] = {0x5b, 0xdc, 0xc1, 0x46};  // first bytes of the RFC's HMAC-SHA256
  EXPECT_EQ(0, std::memcmp(sealed.data() + msg.size(), expect, 4));
  auto opened = a.open(ByteView{sealed.data(), sealed.size()});
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->size, msg.size());
  EXPECT_EQ(a.accepted(), 1u);
  EXPECT_EQ(a.rejected(), 0u);
}

TEST(Auth, TamperedTruncatedWrongKeyAndUnsealedAreRejectedAndCounted) {
  auth::Authenticator a("secret"), b("other");
  const std::vector<std::uint8_t> d{1, 2, 3, 4, 5};
  auto sealed = a.seal(ByteView{d.data(), d.size()});
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    auto t = sealed;
    t[i] ^= 1;
    EXPECT_FALSE(a.open(ByteView{t.data(), t.size()})) << i;
  }
  EXPECT_FALSE(a.open(ByteView{sealed.data(), sealed.size() - 1}));
  EXPECT_FALSE(a.open(ByteView{sealed.data(), 3}));
  EXPECT_FALSE(a.open(ByteView{d.data(), d.size()}));
  EXPECT_FALSE(a.open(ByteView{}));
  EXPECT_FALSE(b.open(ByteView{sealed.data(), sealed.size()}));
  EXPECT_EQ(a.rejected(), sealed.size() + 4);
  EXPECT_EQ(b.rejected(), 1u);
  EXPECT_TRUE(a.open(ByteView{sealed.data(), sealed.size()}));
  auto empty = a.seal(ByteView{});
  EXPECT_TRUE(a.open(ByteView{empty.data(), empty.size()}));
  EXPECT_THROW(auth::Authenticator(""), std::invalid_argument);
}
