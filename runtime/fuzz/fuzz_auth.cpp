// HMAC-authenticated datagrams (auth::Authenticator::open, then wire::decode as a receiver does).
// The first byte chooses: even, the rest is a received datagram (never accepted unless sealed
// with the key); odd, the rest is sealed, then must open to itself, and once any byte is changed
// or the trailer cut short, must be rejected.
#include <adamant/auth.hpp>

#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  auth::Authenticator a("fuzz-key");
  const auto in = fuzz::copy(data + 1, size - 1);
  const ByteView rest{in.data(), in.size()};
  if (data[0] % 2 == 0) {
    auto body = a.open(rest);
    fuzz::require(a.accepted() + a.rejected() == 1);
    if (!body) return 0;
    fuzz::require(fuzz::same(a.seal(*body), in.data(), in.size()));
    (void)wire::decode(*body);
    return 0;
  }
  auto sealed = a.seal(rest);
  auto body = a.open(ByteView{sealed.data(), sealed.size()});
  fuzz::require(body && body->size == in.size() && fuzz::same(in, body->data, body->size));
  const std::size_t at = (in.empty() ? 0 : in[0]) * 131u % sealed.size();
  sealed[at] ^= static_cast<std::uint8_t>(1u << (data[0] >> 5));
  fuzz::require(!a.open(ByteView{sealed.data(), sealed.size()}));
  sealed[at] ^= static_cast<std::uint8_t>(1u << (data[0] >> 5));
  fuzz::require(!a.open(ByteView{sealed.data(), sealed.size() - 1 - at % auth::kTagSize}));
  fuzz::require(a.accepted() == 1 && a.rejected() == 2);
  return 0;
}
