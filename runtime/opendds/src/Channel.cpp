// C++17 side of Channel.h: the runtime's Publisher/Subscriber driven by one thread each.
#include "Channel.h"

#include <adamant/adaptive/candidate_settings.hpp>
#include <adamant/adaptive/decision_table.hpp>
#include <adamant/auth.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/key_file.hpp>
#include <adamant/pubsub.hpp>
#include <adamant/types.hpp>
#include <adamant/wire.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <mutex>
#include <poll.h>
#include <random>
#include <sys/socket.h>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace adamant_opendds {
namespace {

adamant::ChannelConfig to_config(const ChannelParams& p) {
  if (!known_kind(p.kind))
    throw std::invalid_argument("adamant: unknown transport kind '" + p.kind +
                                "' (valid: baseline, nakcast, ricochet, fec, replace, adaptive)");
  adamant::ChannelConfig c;
  c.group = p.group;
  c.port = p.port;
  c.iface = p.iface;
  c.stream_id = p.stream_id;
  c.transport.kind = adamant::transport_from_name(p.kind);
  c.transport.nak_timeout = std::chrono::microseconds(p.nak_timeout_us);
  c.transport.lec_r = p.lec_r;
  c.transport.lec_c = p.lec_c;
  c.transport.lec_nak_fallback = p.lec_nak_fallback;
  c.transport.pace_bytes_per_s = p.pace_bytes_per_s;
  c.transport.estimate_bandwidth = p.estimate_bandwidth;
  c.transport.enqueue_timeout = std::chrono::microseconds(p.enqueue_timeout_us);
  c.transport.retry_timeout = std::chrono::microseconds(p.retry_timeout_us);
  c.transport.table = p.table;
  c.transport.hold = std::chrono::microseconds(p.hold_us);
  c.transport.margin_pct = p.margin_pct;
  c.loss_pct = p.loss_pct;
  c.seed = p.seed;
  c.psk_file = adamant::auth::key_file_path(p.psk_file);  // psk_file=, else $ADAMANT_PSK_FILE
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

ChannelParams::ChannelParams()
    : nak_timeout_us(adamant::defaults::nakcast::kNakTimeout.count()),
      lec_r(adamant::defaults::ricochet::kR),
      lec_c(adamant::defaults::ricochet::kC),
      lec_nak_fallback(adamant::defaults::ricochet::kNakFallback),
      pace_bytes_per_s(adamant::defaults::replace::kPaceBytesPerS),
      estimate_bandwidth(adamant::defaults::replace::kEstimateBandwidth),
      enqueue_timeout_us(adamant::defaults::replace::kEnqueueTimeout.count()),
      retry_timeout_us(adamant::defaults::replace::kRetryTimeout.count()),
      hold_us(adamant::defaults::adaptive::kHold.count()),
      margin_pct(adamant::defaults::adaptive::kMarginPct) {}

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

std::string key_file_error(const std::string& path) {
  try {
    adamant::auth::read_key_file(path);
    return std::string();
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string table_error(const std::string& path) {
  try {
    const auto table = adamant::adaptive::DecisionTable::load(path);
    for (const auto& c : table.candidates()) adamant::adaptive::settings_of(c);
    return std::string();
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::size_t max_payload(const std::string& kind) {
  std::size_t m = adamant::wire::kMaxPayload - adamant::auth::kTrailerSize;
  if (kind == "replace") m -= adamant::wire::kMsgFixedSize;
  if (kind == "adaptive") m -= adamant::wire::kEpochHeaderSize;  // every epoch's datagram is enveloped
  return m;
}

PortReservation::PortReservation() : fd_(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)), port_(0) {
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "adamant: socket (port reservation)");
  const int one = 1, zero = 0;
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_ANY);
  socklen_t len = sizeof sa;
  if (::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
      ::setsockopt(fd_, IPPROTO_IP, IP_MULTICAST_ALL, &zero, sizeof zero) != 0 ||
      ::bind(fd_, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0 ||
      ::getsockname(fd_, reinterpret_cast<sockaddr*>(&sa), &len) != 0) {
    const int e = errno;
    ::close(fd_);
    throw std::system_error(e, std::generic_category(), "adamant: cannot reserve a UDP port for an ant_replace reader");
  }
  port_ = ntohs(sa.sin_port);
}

PortReservation::~PortReservation() { ::close(fd_); }

// One thread driving a runtime endpoint (Publisher or Subscriber): a non-blocking pass under
// `mu`, then work outside the lock, then a wait on the endpoint's sockets and next timer (or
// a wake-up). Declare it after the endpoint: it stops and joins first.
class Driver {
 public:
  std::mutex mu;
  template <class Endpoint, class Pass, class After>
  void start(Endpoint& ep, Pass pass, After after) {
    thread_ = std::thread([this, &ep, pass, after] {
      while (!stop_) {
        std::vector<int> fds;
        std::optional<std::int64_t> deadline;
        {
          std::lock_guard<std::mutex> g(mu);
          pass();
          fds = ep.fds();
          deadline = ep.next_deadline_ns();
        }
        after(stop_);
        if (stop_) break;
        wait(fds, waker_, deadline);
        waker_.drain();
      }
    });
  }
  void wake() const { waker_.wake(); }
  ~Driver() {
    stop_ = true;
    waker_.wake();
    if (thread_.joinable()) thread_.join();
  }

 private:
  Waker waker_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// ------------------------------------------------------------------ SendChannel

struct SendChannel::Impl {
  adamant::Publisher pub;
  Driver driver;

  explicit Impl(const ChannelParams& p) : pub(to_config(p)) {
    // One pass: NAKs/ACKs in, timers (heartbeats, retransmissions), paced sends.
    driver.start(pub, [this] { pub.service_until(0); }, [](const std::atomic<bool>&) {});
  }
};

SendChannel::SendChannel(const ChannelParams& params) : impl_(new Impl(params)) {}
SendChannel::~SendChannel() = default;

void SendChannel::publish(const std::uint8_t* data, std::size_t size, std::uint32_t tag, std::uint8_t priority) {
  {
    std::lock_guard<std::mutex> g(impl_->driver.mu);
    impl_->pub.publish(adamant::ByteView{data, size}, tag, priority, true);
  }
  impl_->driver.wake();  // the engine may have queued work (pacing) with a new deadline
}

SendStats SendChannel::stats() const {
  std::lock_guard<std::mutex> g(impl_->driver.mu);
  const auto& s = impl_->pub.stats();
  SendStats r;
  r.published = s.published;
  r.naks_received = s.naks_received;
  r.retransmitted = s.retransmitted;
  return r;
}

// ------------------------------------------------------------------ ReceiveChannel

struct ReceiveChannel::Impl {
  std::vector<std::vector<std::uint8_t>> ready;  // filled by the Subscriber callback, under mu
  std::vector<std::vector<std::uint8_t>> batch;  // the driver thread's, delivered outside mu
  adamant::Subscriber sub;
  Deliver deliver;
  Driver driver;

  Impl(const ChannelParams& p, Deliver d)
      : sub(to_config(p),
            [this](const adamant::Sample& s) { ready.emplace_back(s.payload.data, s.payload.data + s.payload.size); }),
        deliver(std::move(d)) {
    driver.start(
        sub,
        [this] {
          sub.poll_until(0);  // one pass: receive, recover, deliver into `ready`
          batch.swap(ready);
        },
        [this](const std::atomic<bool>& stop) {
          for (const auto& b : batch) {  // into OpenDDS, outside the lock
            if (stop) break;
            deliver(b.data(), b.size());
          }
          batch.clear();
        });
  }
};

ReceiveChannel::ReceiveChannel(const ChannelParams& params, Deliver deliver)
    : impl_(new Impl(params, std::move(deliver))) {}
ReceiveChannel::~ReceiveChannel() = default;

ReceiveStats ReceiveChannel::stats() const {
  std::lock_guard<std::mutex> g(impl_->driver.mu);
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
