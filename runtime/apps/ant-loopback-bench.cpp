// ant-loopback-bench: messages/s and latency of every transport over real UDP on loopback
// (a benchmark that prints figures, not a test). Multicast: run it inside adamant-netns.
//   tools/adamant-netns ant-loopback-bench [--messages N] [--window W] [--rate HZ]
//                                          [--transports a,b] [--payloads 12,1024]
// For each transport and payload size, one Publisher (this thread) and one Subscriber (a
// second thread) on the same host:
// - throughput: the publisher sends N messages as fast as it can while at most W are
//   published but not yet delivered (a closed loop, so no transport is measured by how fast
//   it overflows socket buffers); messages/s = delivered / (first publish .. last delivery);
//   latency = publish to delivery under that load (mean, p99).
// - paced latency: N/4 messages at --rate per second (mean, p99): latency without queueing.
// No loss is injected. Ricochet has no peer with one subscriber, so it runs as plain
// multicast plus its membership traffic; replace uses a tag per message (nothing superseded).
// A run whose deliveries stop for a second (an unreliable transport lost one of the window's
// messages) stops publishing and is marked "stalled"; the paced run reports the rate it
// achieved and whether the publisher fell behind its schedule.
#include <adamant/adamant.hpp>
#include <adamant/metrics.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace adamant;

namespace {

struct Figures {
  double msgs_per_s = 0, mean_us = 0, p99_us = 0;
  double published_per_s = 0;  // the publisher's own rate (paced: against the requested one)
  std::uint64_t delivered = 0, published = 0;
  std::int64_t behind_ns = 0;  // paced: the most the publisher was late for a slot
  bool stalled = false;        // deliveries stopped for a second: publishing stopped early
};
constexpr std::int64_t kStallNs = 1'000'000'000;
constexpr std::int64_t kBehindNs = 1'000'000;  // later than this for a slot: fell behind

Figures run(TransportKind kind, std::size_t payload, int messages, int window, double rate_hz, std::uint16_t port,
            const std::string& psk_file) {
  ChannelConfig cfg;
  cfg.port = port;
  cfg.psk_file = psk_file;  // empty: no key
  cfg.transport.kind = kind;
  cfg.transport.nak_timeout = std::chrono::milliseconds(10);
  cfg.transport.lec_r = 4;
  cfg.transport.lec_c = 1;
  std::atomic<std::uint64_t> delivered{0};
  std::atomic<bool> stop{false};
  std::vector<std::int64_t> lat;
  lat.reserve(static_cast<std::size_t>(messages));
  std::int64_t last_delivery = 0;
  std::mutex started_mu;
  bool started = false;
  std::thread reader([&] {
    Subscriber sub(cfg, [&](const Sample& s) {
      const std::int64_t now = monotonic_now_ns();
      lat.push_back(now - s.send_time_ns);
      last_delivery = now;
      delivered.fetch_add(1, std::memory_order_release);
    });
    {
      std::lock_guard<std::mutex> g(started_mu);
      started = true;
    }
    while (!stop.load(std::memory_order_acquire)) sub.poll_for(std::chrono::milliseconds(1));
  });
  for (;;) {
    std::lock_guard<std::mutex> g(started_mu);
    if (started) break;
  }
  Publisher pub(cfg);
  pub.service_for(std::chrono::milliseconds(50));  // heartbeats / JOINs first
  std::vector<std::uint8_t> body(payload, 0x42);
  const std::int64_t t0 = monotonic_now_ns();
  const std::int64_t period = rate_hz > 0 ? static_cast<std::int64_t>(1e9 / rate_hz) : 0;
  Figures f;
  std::uint64_t seen = 0;
  std::int64_t progress = t0;
  for (int i = 0; i < messages && !f.stalled; ++i) {
    if (period > 0) {
      const std::int64_t due = t0 + i * period;
      pub.service_until(due);
      f.behind_ns = std::max(f.behind_ns, monotonic_now_ns() - due);
    } else {
      while (!f.stalled && static_cast<std::int64_t>(i) -
                                   static_cast<std::int64_t>(delivered.load(std::memory_order_acquire)) >= window) {
        pub.service_until(monotonic_now_ns() + 20'000);
        const std::uint64_t d = delivered.load(std::memory_order_acquire);
        const std::int64_t now = monotonic_now_ns();
        if (d != seen) seen = d, progress = now;
        f.stalled = now - progress > kStallNs;
      }
      if (f.stalled) break;
    }
    body[0] = static_cast<std::uint8_t>(i);
    pub.publish(ByteView{body.data(), body.size()}, static_cast<std::uint32_t>(i));
    ++f.published;
  }
  const std::int64_t published_ns = monotonic_now_ns() - t0;
  const std::int64_t deadline = monotonic_now_ns() + 3'000'000'000;
  while (delivered.load(std::memory_order_acquire) < f.published && monotonic_now_ns() < deadline)
    pub.service_for(std::chrono::milliseconds(1));
  stop.store(true, std::memory_order_release);
  reader.join();
  f.published_per_s = published_ns > 0 ? static_cast<double>(f.published) * 1e9 / static_cast<double>(published_ns) : 0;
  f.delivered = lat.size();
  const auto stats = metrics::latency_stats(lat);
  f.mean_us = stats.mean_us;
  f.p99_us = stats.p99_us;
  const double secs = static_cast<double>(last_delivery - t0) / 1e9;
  f.msgs_per_s = secs > 0 ? static_cast<double>(f.delivered) / secs : 0;
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-loopback-bench: messages/s and latency per transport over loopback UDP (run in adamant-netns)"};
  int messages = 20000, window = 64;
  double rate = 1000;
  std::vector<std::string> transports{"baseline", "nakcast", "ricochet", "fec", "replace", "fifo"};
  std::vector<std::size_t> payloads{12, 1024};
  std::uint16_t port = 7800;
  app.add_option("--messages", messages, "messages per throughput run (paced runs send a quarter)")
      ->check(CLI::Range(100, 10'000'000));
  app.add_option("--window", window, "most messages published but not yet delivered")->check(CLI::Range(1, 100000));
  app.add_option("--rate", rate, "paced latency run: messages per second")->check(CLI::PositiveNumber);
  app.add_option("--transports", transports, "comma-separated")->delimiter(',');
  app.add_option("--payloads", payloads, "payload sizes in bytes, comma-separated")->delimiter(',');
  app.add_option("--port", port, "first UDP port (each run uses the next)");
  std::string psk_file;
  app.add_option("--psk-file", psk_file, "authenticate every datagram with the key in FILE (the MAC's cost)");
  CLI11_PARSE(app, argc, argv);
  std::vector<TransportKind> kinds;
  try {
    for (const auto& t : transports) kinds.push_back(transport_from_name(t));
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "ant-loopback-bench: --transports: %s\n", e.what());
    return 2;
  }
  std::printf("%-9s %7s | %12s %10s %10s %15s | %10s %10s %12s (paced %g/s)\n", "transport", "payload", "msgs/s",
              "mean us", "p99 us", "delivered/sent", "mean us", "p99 us", "achieved/s", rate);
  for (const TransportKind k : kinds)
    for (auto b : payloads) {
      const Figures hi = run(k, b, messages, window, 0, port++, psk_file);
      const Figures lo = run(k, b, std::max(100, messages / 4), window, rate, port++, psk_file);
      char counts[48];
      std::snprintf(counts, sizeof counts, "%llu/%llu", static_cast<unsigned long long>(hi.delivered),
                    static_cast<unsigned long long>(hi.published));
      std::printf("%-9s %7zu | %12.0f %10.1f %10.1f %15s | %10.1f %10.1f %12.0f%s%s\n", std::string(to_string(k)).c_str(), b,
                  hi.msgs_per_s, hi.mean_us, hi.p99_us, counts, lo.mean_us, lo.p99_us, lo.published_per_s,
                  hi.stalled ? " | throughput run stalled (a message of the window never arrived)" : "",
                  lo.behind_ns > kBehindNs ? " | paced run FELL BEHIND its schedule" : "");
      std::fflush(stdout);
    }
  return 0;
}
