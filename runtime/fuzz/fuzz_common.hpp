// Shared by the libFuzzer targets: every decoder must either reject the input or return a
// value that re-encodes to exactly the input (canonical encoding), never read out of bounds.
#pragma once

#include <adamant/wire.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace adamant::fuzz {

inline void require(bool ok) {
  if (!ok) std::abort();
}

inline ByteView view(const std::uint8_t* data, std::size_t size) { return ByteView{data, size}; }

inline bool same(const std::vector<std::uint8_t>& a, const std::uint8_t* data, std::size_t size) {
  return a.size() == size && (size == 0 || std::memcmp(a.data(), data, size) == 0);
}

// Copies the input so ASan catches any read past its end.
inline std::vector<std::uint8_t> copy(const std::uint8_t* data, std::size_t size) {
  return std::vector<std::uint8_t>(data, data + size);
}

// The key and the one instant fuzz_auth and its seeds seal and open at: freshness is not what is
// fuzzed there, so every datagram is sent and received at the same time.
inline constexpr const char* kAuthKey = "fuzz-key";
inline constexpr std::int64_t kAuthNowNs = 1'000'000'000'000;

}  // namespace adamant::fuzz
