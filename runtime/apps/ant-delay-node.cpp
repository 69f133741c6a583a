// ant-delay-node: a delay node, as Emulab's: joins two interfaces and forwards every frame that
// arrives on one out of the other a fixed one-way delay later (each direction its own DelayLine,
// first in first out, bounded), so a testbed link has the round trip of the network a model
// states (docs/testbed.md). One thread: poll over both packet sockets, a timerfd armed at the next
// due frame (an absolute CLOCK_MONOTONIC deadline) and a signalfd. On SIGTERM or SIGINT it prints
// what it forwarded and dropped and how late it sent (send time - due time), the error it adds.
#include "delay/lateness.hpp"
#include "delay/packet_port.hpp"

#include <adamant/delay_line.hpp>
#include <adamant/units.hpp>

#include <CLI/CLI.hpp>

#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace adamant;
using Nanos = DelayLine::Nanos;

namespace {

Nanos monotonic_now() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return Nanos{static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec};
}

// A file descriptor closed when it goes.
class Fd {
 public:
  explicit Fd(int fd, const char* what) : fd_(fd) {
    if (fd_ < 0) throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
  }
  ~Fd() { ::close(fd_); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// One direction: frames arriving on `in` leave by `out` after the delay.
struct Direction {
  delay::PacketPort& in;
  delay::PacketPort& out;
  DelayLine line;
  std::uint64_t refused = 0;  // frames the kernel did not take at send (the far side's queue was full)
};

void arm(int timer, std::optional<Nanos> deadline) {
  itimerspec spec{};  // all zero: disarmed
  if (deadline) {
    const auto ns = std::max<std::int64_t>(deadline->count(), 1);  // 0 would disarm
    spec.it_value.tv_sec = static_cast<time_t>(ns / 1'000'000'000);
    spec.it_value.tv_nsec = static_cast<long>(ns % 1'000'000'000);
  }
  if (::timerfd_settime(timer, TFD_TIMER_ABSTIME, &spec, nullptr) != 0)
    throw std::runtime_error(std::string("arming the timer: ") + std::strerror(errno));
}

// Sends every frame of `d` due now, each one's lateness into `lateness`.
void release(Direction& d, delay::Lateness& lateness) {
  const Nanos now = monotonic_now();
  while (const auto* f = d.line.due(now)) {
    if (!d.out.send(f->bytes.data(), f->bytes.size())) ++d.refused;
    lateness.add(monotonic_now() - f->due);
    d.line.pop();
  }
}

// SCHED_FIFO when allowed, and no timer slack (50 us by default for other threads) either way.
void try_realtime() {
  ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  sched_param p{};
  p.sched_priority = 10;
  if (::sched_setscheduler(0, SCHED_FIFO, &p) != 0)
    std::fprintf(stderr, "ant-delay-node: runs without SCHED_FIFO (%s): its lateness grows with the machine's load\n",
                 std::strerror(errno));
}

void report(const Direction& d) {
  const auto& c = d.line.counters();
  std::printf("ant-delay-node: %s -> %s: %llu frames forwarded, %llu dropped (%llu queue full, %llu refused by the kernel)\n",
              d.in.name().c_str(), d.out.name().c_str(), static_cast<unsigned long long>(c.released - d.refused),
              static_cast<unsigned long long>(c.dropped + d.refused), static_cast<unsigned long long>(c.dropped),
              static_cast<unsigned long long>(d.refused));
}

int run(const std::string& left, const std::string& right, Nanos delay, DelayLine::Bound bound) {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  if (::sigprocmask(SIG_BLOCK, &stop_signals, nullptr) != 0) throw std::runtime_error("blocking SIGTERM");
  Fd signals(::signalfd(-1, &stop_signals, SFD_CLOEXEC), "signalfd");
  Fd timer(::timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK), "timerfd");
  delay::PacketPort a(left), b(right);
  std::array<Direction, 2> dirs{Direction{a, b, DelayLine(delay, bound)}, Direction{b, a, DelayLine(delay, bound)}};
  try_realtime();
  delay::Lateness lateness;
  std::vector<std::uint8_t> buf(delay::PacketPort::kMaxFrame);
  std::printf("ant-delay-node: forwarding %s <-> %s, %lld us each way, queue %zu packets%s\n", left.c_str(),
              right.c_str(), static_cast<long long>(delay.count() / 1000), bound.packets,
              bound.bytes ? (" / " + std::to_string(bound.bytes) + " B").c_str() : "");
  std::fflush(stdout);  // the testbed waits for this line before it uses the link
  pollfd fds[4] = {{a.fd(), POLLIN, 0}, {b.fd(), POLLIN, 0}, {timer.get(), POLLIN, 0}, {signals.get(), POLLIN, 0}};
  for (;;) {
    std::optional<Nanos> next;
    for (const auto& d : dirs)
      if (auto due = d.line.next_due()) next = next ? std::min(*next, *due) : *due;
    arm(timer.get(), next);
    if (::poll(fds, 4, -1) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    }
    if (fds[3].revents & POLLIN) break;
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & POLLIN)) continue;
      // a bounded batch per wake-up, so one busy side cannot hold the other's due frames back
      for (int n = 0; n < 64; ++n) {
        const std::size_t size = dirs[i].in.receive(buf.data(), buf.size());
        if (size == 0) break;
        dirs[i].line.push(monotonic_now(), ByteView{buf.data(), size});
      }
    }
    if (fds[2].revents & POLLIN) {
      std::uint64_t expirations = 0;
      [[maybe_unused]] auto got = ::read(timer.get(), &expirations, sizeof expirations);
    }
    for (auto& d : dirs) release(d, lateness);
  }
  for (const auto& d : dirs) report(d);
  std::printf("ant-delay-node: lateness (send - due) over %llu frames: p50 %lld us, p99 %lld us, max %lld us\n",
              static_cast<unsigned long long>(lateness.count()), static_cast<long long>(lateness.percentile_us(50)),
              static_cast<long long>(lateness.percentile_us(99)), static_cast<long long>(lateness.max_us()));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-delay-node: forwards frames between two interfaces after a one-way delay (a testbed delay node)"};
  std::string left, right, delay_text;
  std::size_t limit_packets = 1000, limit_bytes = 0;
  app.add_option("--left", left, "one interface (e.g. the host's side)")->required();
  app.add_option("--right", right, "the other interface (e.g. the switch's side)")->required();
  app.add_option("--delay", delay_text, "the one-way delay, each direction: 50us, 10ms, 0.2s (a bare number is ms)")
      ->required();
  app.add_option("--limit-packets", limit_packets, "frames queued per direction before tail drop (0: no bound)");
  app.add_option("--limit-bytes", limit_bytes, "bytes queued per direction before tail drop (0: no bound)");
  CLI11_PARSE(app, argc, argv);
  const auto delay = parse_duration(delay_text);
  if (!delay) {
    std::fprintf(stderr, "ant-delay-node: --delay '%s' is not a duration: give e.g. 50us, 10ms or 0.2s\n",
                 delay_text.c_str());
    return 2;
  }
  if (left == right) {
    std::fprintf(stderr, "ant-delay-node: --left and --right are both '%s': give the two interfaces the node joins\n",
                 left.c_str());
    return 2;
  }
  if (limit_packets == 0 && limit_bytes == 0) {
    std::fprintf(stderr, "ant-delay-node: --limit-packets 0 and --limit-bytes 0 leave the queue unbounded: set one\n");
    return 2;
  }
  try {
    return run(left, right, std::chrono::duration_cast<Nanos>(*delay), DelayLine::Bound{limit_packets, limit_bytes});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ant-delay-node: %s\n", e.what());
    return 1;
  }
}
