// HMAC-authenticated datagrams (auth::Authenticator::open, then wire::decode as a receiver does).
// The first byte chooses: even, the rest is a received datagram (never accepted unless sealed
// with the key); odd, the rest is sealed by a writer, then must open to itself at the reader once,
// be rejected when it comes again (a replay), once any byte is changed, or with the trailer cut short.
#include <adamant/auth.hpp>

#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  auth::Authenticator reader(fuzz::kAuthKey, 1);
  const auto in = fuzz::copy(data + 1, size - 1);
  const ByteView rest{in.data(), in.size()};
  if (data[0] % 2 == 0) {
    auto body = reader.open(rest, fuzz::kAuthNowNs);
    fuzz::require(reader.accepted() + reader.rejected() == 1);
    if (!body) return 0;
    fuzz::require(body->data == in.data() && body->size + auth::kTrailerSize == in.size());
    (void)wire::decode(*body);
    return 0;
  }
  auth::Authenticator writer(fuzz::kAuthKey, 2);
  auto sealed = writer.seal(rest, fuzz::kAuthNowNs);
  auto body = reader.open(ByteView{sealed.data(), sealed.size()}, fuzz::kAuthNowNs);
  fuzz::require(body && body->size == in.size() && fuzz::same(in, body->data, body->size));
  fuzz::require(!reader.open(ByteView{sealed.data(), sealed.size()}, fuzz::kAuthNowNs));
  const std::size_t at = (in.empty() ? 0 : in[0]) * 131u % sealed.size();
  sealed[at] ^= static_cast<std::uint8_t>(1u << (data[0] >> 5));
  fuzz::require(!reader.open(ByteView{sealed.data(), sealed.size()}, fuzz::kAuthNowNs));
  sealed[at] ^= static_cast<std::uint8_t>(1u << (data[0] >> 5));
  fuzz::require(!reader.open(ByteView{sealed.data(), sealed.size() - 1 - at % auth::kTagSize}, fuzz::kAuthNowNs));
  fuzz::require(reader.accepted() == 1 && reader.rejected() == 3);
  return 0;
}
