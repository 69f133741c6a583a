// C++17 side of Channel.h: the runtime's Publisher/Subscriber driven by one thread each.
#include "Channel.h"

#include <adamant/auth.hpp>
#include <adamant/pubsub.hpp>
#include <adamant/types.hpp>
#include <adamant/wire.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <random>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace adamant_opendds {
namespace {

adamant::ChannelConfig to_config(const ChannelParams& p) {
  const auto kind = adamant::parse_transport(p.kind);
  if (!kind || *kind == adamant::TransportKind::Fifo)
    throw std::invalid_argument("adamant: unknown transport kind '" + p.kind + "'");
  adamant::ChannelConfig c;
  c.group = p.group;
  c.port = p.port;
  c.iface = p.iface;
  c.stream_id = p.stream_id;
  c.transport.kind = *kind;
  c.transport.nak_timeout = std::chrono::microseconds(p.nak_timeout_us);
  c.transport.lec_r = p.lec_r;
  c.transport.lec_c = p.lec_c;
  c.transport.lec_nak_fallback = p.lec_nak_fallback;
  c.transport.pace_bytes_per_s = p.pace_bytes_per_s;
  c.transport.enqueue_timeout = std::chrono::microseconds(p.enqueue_timeout_us);
  c.transport.retry_timeout = std::chrono::microseconds(p.retry_timeout_us);
  c.loss_pct = p.loss_pct;
  c.seed = p.seed;
  c.psk = p.psk;
  return c;
}

// Self-pipe: wakes a channel thread out of poll() (stop, or new work queued by publish()).
class Waker {
 public:
  Waker() {
    if (::pipe2(fds_, O_NONBLOCK | O_CLOEXEC) != 0)
      throw std::system_error(errno, std::generic_category(), "adamant: pipe2");
  }
  ~Waker() {
    ::close(fds_[0]);
    ::close(fds_[1]);
  }
  Waker(const Waker&) = delete;
  Waker& operator=(const Waker&) = delete;
  int fd() const { return fds_[0]; }
  void wake() const {
    const char b = 1;
    [[maybe_unused]] auto n = ::write(fds_[1], &b, 1);  // full pipe: a wake-up is pending anyway
  }
  void drain() const {
    char buf[64];
    while (::read(fds_[0], buf, sizeof buf) > 0) {
    }
  }

 private:
  int fds_[2] = {-1, -1};
};

// Waits until one of `fds` or the waker is readable, or `deadline` (monotonic ns) passes;
// at most 100 ms, so a stop request is seen promptly even if a wake-up was lost.
void wait(const std::vector<int>& fds, const Waker& waker, std::optional<std::int64_t> deadline) {
  std::vector<pollfd> p;
  for (int fd : fds) p.push_back({fd, POLLIN, 0});
  p.push_back({waker.fd(), POLLIN, 0});
  const std::int64_t now = adamant::monotonic_now_ns();
  std::int64_t ms = 100;
  if (deadline) ms = std::min<std::int64_t>(ms, (std::max(*deadline, now) - now + 999'999) / 1'000'000);
  ::poll(p.data(), p.size(), static_cast<int>(ms));
}

}  // namespace

bool known_kind(const std::string& kind) {
  const auto k = adamant::parse_transport(kind);
  return k && *k != adamant::TransportKind::Fifo;
}

std::uint32_t fresh_stream_id() {
  std::random_device rd;
  std::uint32_t v = 0;
  while (v == 0) v = rd() ^ static_cast<std::uint32_t>(adamant::monotonic_now_ns()) ^ static_cast<std::uint32_t>(::getpid());
  return v;
}

std::size_t max_payload(const std::string& kind) {
  std::size_t m = adamant::wire::kMaxPayload - adamant::auth::kTagSize;
  if (kind == "replace") m -= adamant::wire::kMsgFixedSize;
  return m;
}

// ------------------------------------------------------------------ SendChannel

struct SendChannel::Impl {
  mutable std::mutex mu;
  adamant::Publisher pub;
  Waker waker;
  std::atomic<bool> stop{false};
  std::thread thread;

  explicit Impl(const ChannelParams& p) : pub(to_config(p)) { thread = std::thread([this] { run(); }); }
  ~Impl() {
    stop = true;
    waker.wake();
    thread.join();
  }
  void run() {
    while (!stop) {
      std::vector<int> fds;
      std::optional<std::int64_t> deadline;
      {
        std::lock_guard<std::mutex> g(mu);
        pub.service_until(0);  // one non-blocking pass: NAKs/ACKs in, timers, paced sends
        fds = pub.fds();
        deadline = pub.next_deadline_ns();
      }
      wait(fds, waker, deadline);
      waker.drain();
    }
  }
};

SendChannel::SendChannel(const ChannelParams& params) : impl_(new Impl(params)) {}
SendChannel::~SendChannel() = default;

void SendChannel::publish(const std::uint8_t* data, std::size_t size, std::uint32_t tag) {
  {
    std::lock_guard<std::mutex> g(impl_->mu);
    impl_->pub.publish(adamant::ByteView{data, size}, tag);
  }
  impl_->waker.wake();  // the engine may have queued work (pacing) with a new deadline
}

SendStats SendChannel::stats() const {
  std::lock_guard<std::mutex> g(impl_->mu);
  const auto& s = impl_->pub.stats();
  SendStats r;
  r.published = s.published;
  r.naks_received = s.naks_received;
  r.retransmitted = s.retransmitted;
  return r;
}

// ------------------------------------------------------------------ ReceiveChannel

struct ReceiveChannel::Impl {
  mutable std::mutex mu;
  std::vector<std::vector<std::uint8_t>> ready;  // filled by the Subscriber callback (thread only)
  adamant::Subscriber sub;
  Deliver deliver;
  Waker waker;
  std::atomic<bool> stop{false};
  std::thread thread;

  Impl(const ChannelParams& p, Deliver d)
      : sub(to_config(p),
            [this](const adamant::Sample& s) { ready.emplace_back(s.payload.data, s.payload.data + s.payload.size); }),
        deliver(std::move(d)) {
    thread = std::thread([this] { run(); });
  }
  ~Impl() {
    stop = true;
    waker.wake();
    thread.join();
  }
  void run() {
    std::vector<std::vector<std::uint8_t>> batch;
    while (!stop) {
      std::vector<int> fds;
      std::optional<std::int64_t> deadline;
      {
        std::lock_guard<std::mutex> g(mu);
        sub.poll_until(0);  // one non-blocking pass: receive, recover, deliver into `ready`
        batch.swap(ready);
        fds = sub.fds();
        deadline = sub.next_deadline_ns();
      }
      for (const auto& b : batch) {  // into OpenDDS, outside the lock
        if (stop) break;
        deliver(b.data(), b.size());
      }
      batch.clear();
      if (stop) break;
      wait(fds, waker, deadline);
      waker.drain();
    }
  }
};

ReceiveChannel::ReceiveChannel(const ChannelParams& params, Deliver deliver)
    : impl_(new Impl(params, std::move(deliver))) {}
ReceiveChannel::~ReceiveChannel() = default;

ReceiveStats ReceiveChannel::stats() const {
  std::lock_guard<std::mutex> g(impl_->mu);
  const auto& s = impl_->sub.stats();
  ReceiveStats r;
  r.delivered = s.delivered;
  r.unrecoverable = s.unrecoverable;
  r.naks_sent = s.naks_sent;
  r.recovered = s.recovered;
  r.injected_drops = impl_->sub.injected_drops();
  return r;
}

}  // namespace adamant_opendds
