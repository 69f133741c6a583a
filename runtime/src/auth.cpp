#include <adamant/auth.hpp>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace adamant::auth {

namespace {
void mac(const std::string& key, ByteView data, std::uint8_t* out) {
  unsigned int len = 0;
  static const std::uint8_t empty = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), data.size ? data.data : &empty, data.size,
            out, &len) ||
      len != kTagSize)
    throw std::runtime_error("adamant::auth: HMAC-SHA256 failed");
}
}  // namespace

Authenticator::Authenticator(std::string key) : key_(std::move(key)) {
  if (key_.empty()) throw std::invalid_argument("adamant::auth: empty key");
  if (key_.size() > 1024) throw std::invalid_argument("adamant::auth: key longer than 1024 bytes");
}

std::vector<std::uint8_t> Authenticator::seal(ByteView d) const {
  std::vector<std::uint8_t> out(d.size + kTagSize);
  if (d.size) std::copy(d.data, d.data + d.size, out.begin());
  mac(key_, d, out.data() + d.size);
  return out;
}

std::optional<ByteView> Authenticator::open(ByteView s) {
  if (s.data == nullptr || s.size < kTagSize) {
    ++rejected_;
    return std::nullopt;
  }
  const ByteView body{s.data, s.size - kTagSize};
  std::uint8_t expect[kTagSize];
  mac(key_, body, expect);
  if (CRYPTO_memcmp(expect, s.data + body.size, kTagSize) != 0) {
    ++rejected_;
    return std::nullopt;
  }
  ++accepted_;
  return body;
}

}  // namespace adamant::auth
