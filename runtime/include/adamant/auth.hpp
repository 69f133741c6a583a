// Optional datagram authentication with a pre-shared key: every datagram is sent as
//   datagram || HMAC-SHA256(key, datagram)   (32-byte trailer, OpenSSL libcrypto)
// and a receiver with the key drops (and counts) every datagram whose trailer is missing or
// wrong — forged, tampered, truncated, or sealed with another key — before any engine sees it.
// The trailer sits outside the wire codec, so the engines and wire format are unchanged.
#pragma once

#include <adamant/types.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adamant::auth {

inline constexpr std::size_t kTagSize = 32;

class Authenticator {
 public:
  explicit Authenticator(std::string key);  // std::invalid_argument when empty
  std::vector<std::uint8_t> seal(ByteView datagram) const;
  // The authenticated datagram (a view into `sealed`), or nullopt (counted as rejected).
  std::optional<ByteView> open(ByteView sealed);
  std::uint64_t accepted() const { return accepted_; }
  std::uint64_t rejected() const { return rejected_; }

 private:
  std::string key_;
  std::uint64_t accepted_ = 0, rejected_ = 0;
};

}  // namespace adamant::auth
