// Optional datagram authentication with a pre-shared key. Every datagram is sent as
//   datagram || u64 epoch || u64 counter || i64 time_ns || HMAC-SHA256(key, all before)
// (a 56-byte trailer, big-endian, OpenSSL libcrypto). `epoch` is the sealing endpoint's random
// identity, new at every start; `counter` numbers its datagrams from 1; `time_ns` is its clock
// (wall clock in real processes) at sealing. A receiver with the key drops, before any engine
// sees it, and counts:
//   bad_mac   no trailer or a wrong tag: forged, tampered, truncated, or sealed with another key;
//   replayed  a counter already seen from that epoch, or below its window (replay_window.hpp);
//   stale     time_ns further than max_age from the receiver's clock (a capture replayed later,
//             after the receiver forgot the epoch; clocks must agree within max_age);
//   crowded   a new epoch while kMaxSenders epochs heard within max_age are tracked.
// Rotation: rotate() makes a new key current; the previous one is still accepted for `grace`
// and still seals for `seal_previous` (so peers that read the new key a little later keep
// hearing this endpoint), then it is refused. Sans-IO: every call takes the time.
// The trailer sits outside the wire codec, so the engines and wire format are unchanged.
#pragma once

#include <adamant/replay_window.hpp>
#include <adamant/types.hpp>
#include <adamant/wire_sizes.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace adamant::auth {

inline constexpr std::size_t kTagSize = 32;
inline constexpr std::size_t kTrailerSize = wire::kAuthTrailerSize;  // epoch, counter, time, tag
static_assert(kTrailerSize == 8 + 8 + 8 + kTagSize);
inline constexpr std::size_t kMaxSenders = 1024;

struct Timing {
  std::int64_t max_age_ns = 30'000'000'000;       // accepted clock difference, either way
  std::int64_t seal_previous_ns = 5'000'000'000;  // after rotate(): the old key still seals
  std::int64_t grace_ns = 60'000'000'000;         // after rotate(): the old key still opens
};

struct Stats {
  std::uint64_t accepted = 0, bad_mac = 0, replayed = 0, stale = 0, crowded = 0;
  std::uint64_t rejected() const { return bad_mac + replayed + stale + crowded; }
  Stats& operator+=(const Stats& o);
};
// "N (bad MAC a, replayed b, stale c, crowded d)": the rejections.
std::string describe_rejected(const Stats& s);

class Authenticator {
 public:
  // std::invalid_argument when the key is empty or longer than 1024 bytes, or epoch is 0.
  Authenticator(std::string key, std::uint64_t epoch, Timing timing = {});
  std::vector<std::uint8_t> seal(ByteView datagram, std::int64_t now_ns);
  // The authenticated datagram (a view into `sealed`), or nullopt (counted in stats()).
  std::optional<ByteView> open(ByteView sealed, std::int64_t now_ns);
  void rotate(std::string key, std::int64_t now_ns);
  const Stats& stats() const { return stats_; }
  std::uint64_t accepted() const { return stats_.accepted; }
  std::uint64_t rejected() const { return stats_.rejected(); }
  std::uint64_t epoch() const { return epoch_; }

 private:
  struct Sender {
    ReplayWindow window;
    std::int64_t latest_ns;  // newest time_ns accepted from it
  };
  bool make_room(std::int64_t now_ns);
  std::string key_, previous_;
  std::int64_t rotated_ns_ = 0;
  std::uint64_t epoch_, counter_ = 0;
  Timing timing_;
  std::unordered_map<std::uint64_t, Sender> senders_;
  Stats stats_;
};

// A random epoch (OpenSSL RAND_bytes), never 0.
std::uint64_t random_epoch();

}  // namespace adamant::auth
