// ant-auth-bench: the CPU cost of the pre-shared key per datagram (adamant/auth.hpp): seal at the
// sender, open at a receiver (HMAC-SHA256, replay window, freshness), per payload size. Thread CPU
// time, so other jobs on the machine inflate the figures less than wall time would.
#include <adamant/auth.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <ctime>
#include <vector>

using namespace adamant;

namespace {
double cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-auth-bench: CPU time per datagram to seal and to open with a pre-shared key"};
  int datagrams = 200000;
  std::vector<std::size_t> sizes{48, 1060, 8228};  // 36-byte header + 12 B, 1 KB, 8 KB payloads
  app.add_option("--datagrams", datagrams, "datagrams per size")->check(CLI::Range(1000, 100'000'000));
  app.add_option("--sizes", sizes, "datagram sizes in bytes (before the trailer), comma-separated")->delimiter(',');
  CLI11_PARSE(app, argc, argv);
  std::printf("%8s | %10s %10s | %9s\n", "bytes", "seal ns", "open ns", "rejected");
  const std::string key(32, '\x5a');
  for (const std::size_t size : sizes) {
    auth::Authenticator tx(key, 1), rx(key, 2);
    const std::vector<std::uint8_t> d(size, 0xab);
    std::vector<std::vector<std::uint8_t>> sealed(static_cast<std::size_t>(datagrams));
    const std::int64_t now = 1'700'000'000'000'000'000;
    double t0 = cpu_ns();
    for (auto& s : sealed) s = tx.seal(ByteView{d.data(), d.size()}, now);
    const double seal = (cpu_ns() - t0) / datagrams;
    t0 = cpu_ns();
    for (const auto& s : sealed) rx.open(ByteView{s.data(), s.size()}, now);
    const double open = (cpu_ns() - t0) / datagrams;
    std::printf("%8zu | %10.0f %10.0f | %9llu\n", size, seal, open, static_cast<unsigned long long>(rx.rejected()));
  }
  return 0;
}
