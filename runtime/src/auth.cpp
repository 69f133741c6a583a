#include <adamant/auth.hpp>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace adamant::auth {

namespace {
constexpr std::size_t kFields = kTrailerSize - kTagSize;  // epoch, counter, time

void put_u64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}
std::uint64_t get_u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

void check_key(const std::string& key) {
  if (key.empty()) throw std::invalid_argument("adamant::auth: empty key");
  if (key.size() > 1024) throw std::invalid_argument("adamant::auth: key longer than 1024 bytes");
}

// HMAC-SHA256 over data (datagram and trailer fields) into out.
void mac(const std::string& key, const std::uint8_t* data, std::size_t size, std::uint8_t* out) {
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), data, size, out, &len) || len != kTagSize)
    throw std::runtime_error("adamant::auth: HMAC-SHA256 failed");
}

bool tag_matches(const std::string& key, const std::uint8_t* data, std::size_t size) {
  std::uint8_t expect[kTagSize];
  mac(key, data, size, expect);
  return CRYPTO_memcmp(expect, data + size, kTagSize) == 0;
}
}  // namespace

Authenticator::Authenticator(std::string key, std::uint64_t epoch, Timing timing)
    : key_(std::move(key)), epoch_(epoch), timing_(timing) {
  check_key(key_);
  if (epoch_ == 0) throw std::invalid_argument("adamant::auth: epoch 0");
}

void Authenticator::rotate(std::string key, std::int64_t now_ns) {
  check_key(key);
  if (key == key_) return;
  previous_ = std::move(key_);
  key_ = std::move(key);
  rotated_ns_ = now_ns;
}

std::vector<std::uint8_t> Authenticator::seal(ByteView d, std::int64_t now_ns) {
  std::vector<std::uint8_t> out(d.size + kTrailerSize);
  if (d.size) std::copy(d.data, d.data + d.size, out.begin());
  std::uint8_t* t = out.data() + d.size;
  put_u64(t, epoch_);
  put_u64(t + 8, ++counter_);
  put_u64(t + 16, static_cast<std::uint64_t>(now_ns));
  const bool old = !previous_.empty() && now_ns - rotated_ns_ < timing_.seal_previous_ns;
  mac(old ? previous_ : key_, out.data(), d.size + kFields, t + kFields);
  return out;
}

bool Authenticator::make_room(std::int64_t now_ns) {
  if (senders_.size() < kMaxSenders) return true;
  // An epoch whose newest datagram is older than max_age can be forgotten: all its datagrams
  // are stale from now on, so none can be replayed.
  for (auto it = senders_.begin(); it != senders_.end();)
    it = now_ns - it->second.latest_ns > timing_.max_age_ns ? senders_.erase(it) : std::next(it);
  return senders_.size() < kMaxSenders;
}

std::optional<ByteView> Authenticator::open(ByteView s, std::int64_t now_ns) {
  if (s.data == nullptr || s.size < kTrailerSize) {
    ++stats_.bad_mac;
    return std::nullopt;
  }
  const std::size_t covered = s.size - kTagSize;
  const bool grace = !previous_.empty() && now_ns - rotated_ns_ < timing_.grace_ns;
  if (!tag_matches(key_, s.data, covered) && !(grace && tag_matches(previous_, s.data, covered))) {
    ++stats_.bad_mac;
    return std::nullopt;
  }
  if (!grace) previous_.clear();
  const std::uint8_t* t = s.data + s.size - kTrailerSize;
  const std::uint64_t epoch = get_u64(t), counter = get_u64(t + 8);
  const auto sent_ns = static_cast<std::int64_t>(get_u64(t + 16));
  if (sent_ns < now_ns - timing_.max_age_ns || sent_ns > now_ns + timing_.max_age_ns) {
    ++stats_.stale;
    return std::nullopt;
  }
  auto it = senders_.find(epoch);
  if (it == senders_.end()) {
    if (!make_room(now_ns)) {
      ++stats_.crowded;
      return std::nullopt;
    }
    it = senders_.emplace(epoch, Sender{ReplayWindow{}, sent_ns}).first;
  }
  if (!it->second.window.fresh(counter)) {
    ++stats_.replayed;
    return std::nullopt;
  }
  it->second.window.accept(counter);
  it->second.latest_ns = std::max(it->second.latest_ns, sent_ns);
  ++stats_.accepted;
  return ByteView{s.data, s.size - kTrailerSize};
}

Stats& Stats::operator+=(const Stats& o) {
  accepted += o.accepted, bad_mac += o.bad_mac, replayed += o.replayed, stale += o.stale, crowded += o.crowded;
  return *this;
}

std::string describe_rejected(const Stats& s) {
  return std::to_string(s.rejected()) + " (bad MAC " + std::to_string(s.bad_mac) + ", replayed " +
         std::to_string(s.replayed) + ", stale " + std::to_string(s.stale) + ", crowded " +
         std::to_string(s.crowded) + ")";
}

std::uint64_t random_epoch() {
  std::uint8_t b[8];
  std::uint64_t v = 0;
  while (v == 0) {
    if (RAND_bytes(b, sizeof b) != 1) throw std::runtime_error("adamant::auth: RAND_bytes failed");
    v = get_u64(b);
  }
  return v;
}

}  // namespace adamant::auth
