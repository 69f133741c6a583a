// ant-peer-bench: one experiment point on a PEER reliable-multicast library, measured as
// ant-bench measures ADAMANT's transports, with a row in ant-bench's CSV schema (so
// `adamant plot` and ReLate2 apply unchanged). Peer: NRL NORM (libnorm, transport "norm").
//   adamant-netns ant-peer-bench --receivers 3 --loss 1 --rate 100 --updates 2000 --csv out.csv
//                 [--block 64 --parity 8 --auto-parity 0 --backoff 0 --grtt 1ms --tx-rate 10000000]
//
// 1 sender (this process) and N receiver processes (forked before any NORM thread exists),
// each with its own NORM instance and session on GROUP:PORT, interface --iface (127.0.0.1),
// TTL 0 and multicast loopback on (every host is this one). Update k (1..U) is one NORM data
// object: 8 bytes of send time (CLOCK_MONOTONIC, ns, big-endian) and the --payload bytes of
// ant-bench's counter payload (sequence k + a pattern each receiver checks), enqueued at
// t0 + (k-1)/rate. A receiver's latency for k is its NORM_RX_OBJECT_COMPLETED time minus the
// send time; delivery = distinct updates received / (U x N). Loss: NormSetRxLoss(--loss) on
// every receiver session, which drops that share of EVERY message the receiver's session
// receives (data, repairs, commands, other receivers' NACKs), as ant-bench's injected loss
// drops every datagram a reader receives; each receiver seeds rand() (NORM's loss RNG) with
// ant-bench's per-reader seed. Bytes: an AF_PACKET socket on --iface's device (lo) counts
// every NORM datagram to PORT once, by NORM message type (bytes_data: first transmissions,
// bytes_retransmit: a source segment sent again, bytes_repair: FEC parity, bytes_nak: NACK,
// bytes_control: INFO, CMD, ACK, REPORT), UDP payload bytes as ant-bench's columns count.
#include <adamant/engine.hpp>
#include <adamant/metrics.hpp>
#include <adamant/types.hpp>
#include <adamant/udp.hpp>
#include <adamant/units.hpp>

#include "point_common.hpp"
#include "reader_process.hpp"

#include <CLI/CLI.hpp>
#include <normApi.h>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <linux/if_packet.h>
#include <memory>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace adamant;
using bench::detail::Failure;
using bench::detail::ReaderProcess;

namespace {

constexpr std::uint64_t kMagic = 0x4E4F524D52534C54ull;  // "NORMRSLT"

// ------------------------------------------------------------------ NORM handles (RAII)

class NormInstance {
 public:
  NormInstance() : h_(NormCreateInstance()) {
    if (h_ == NORM_INSTANCE_INVALID) throw Failure("NormCreateInstance failed");
  }
  NormInstance(const NormInstance&) = delete;
  NormInstance& operator=(const NormInstance&) = delete;
  ~NormInstance() { NormDestroyInstance(h_); }
  NormInstanceHandle get() const { return h_; }
  int descriptor() const { return NormGetDescriptor(h_); }

 private:
  NormInstanceHandle h_;
};

// A session of `instance` (which must outlive it) on group:port as node `id`, with every
// multicast setting the project requires: interface, TTL 0, multicast loopback on.
class NormSession {
 public:
  NormSession(const NormInstance& instance, const std::string& group, std::uint16_t port, NormNodeId id,
              const std::string& iface)
      : h_(NormCreateSession(instance.get(), group.c_str(), port, id)) {
    if (h_ == NORM_SESSION_INVALID) throw Failure("NormCreateSession " + group + ":" + std::to_string(port) + " failed");
    if (!NormSetMulticastInterface(h_, iface.c_str()) || !NormSetTTL(h_, 0) || !NormSetMulticastLoopback(h_, true)) {
      NormDestroySession(h_);
      throw Failure("NORM multicast settings (interface " + iface + ", TTL 0, loopback) failed");
    }
    NormSetRxPortReuse(h_, true);  // every receiver (and the sender) binds the session port
  }
  NormSession(const NormSession&) = delete;
  NormSession& operator=(const NormSession&) = delete;
  ~NormSession() { NormDestroySession(h_); }  // stops its sender / receiver first
  NormSessionHandle get() const { return h_; }

 private:
  NormSessionHandle h_;
};

// The NORM configuration of a point (recorded in the CSV's transport_params column).
struct NormParams {
  std::uint16_t segment = 64;  // bytes per segment: every update object fits in one
  std::uint16_t block = 64;    // source segments per FEC block (NORM default)
  std::uint16_t parity = 8;    // parity segments the sender may compute per block for repair
  std::uint8_t auto_parity = 0;  // proactive parity segments sent with every block
  double backoff = 0;            // NACK backoff factor (x GRTT); NORM default 4
  std::chrono::microseconds grtt{1000};  // initial GRTT estimate (NORM default 250 ms)
  double tx_rate_bps = 10e6;             // sender rate cap, bits/s (NORM default 64 kbit/s)
  std::uint32_t buffer = 4u << 20;       // sender and receiver buffer space, bytes
  std::string csv() const {
    char b[200];
    std::snprintf(b, sizeof b, "segment=%u;block=%u;parity=%u;auto_parity=%u;backoff=%g;grtt=%s;tx_rate=%.0f;sync=all",
                  segment, block, parity, auto_parity, backoff, bench::detail::format_duration(grtt).c_str(),
                  tx_rate_bps);
    return b;
  }
};

struct PointArgs {
  int receivers = 3, updates = 1000, run = 1;
  double loss = 0, rate = 100;
  std::uint64_t seed = 1;
  std::size_t payload = 12;
  std::string group = "239.255.0.1", iface = "127.0.0.1";
  int port = 0;
  std::chrono::milliseconds linger{2000};
  NormParams norm;
};

std::vector<std::uint8_t> update_object(std::int64_t send_ns, std::size_t payload, std::uint64_t seq) {
  std::vector<std::uint8_t> v(8);
  for (int i = 0; i < 8; ++i) v[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(send_ns) >> (56 - 8 * i));
  const auto p = bench::detail::counter_payload(payload, seq);
  v.insert(v.end(), p.begin(), p.end());
  return v;
}

std::uint64_t be64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

// ------------------------------------------------------------------ receiver process

// A receiver's report: these fields, then its latencies and their sequences.
enum ReportField { kCorrupt, kAborted, kDuplicates, kReportFields };

// Runs receiver `index` until it has every update or the writer closes `ctrl`; writes
// 'R' to `result` once its session is open, then its report.
void run_receiver(const PointArgs& a, int index, int result, int ctrl) {
  std::srand(static_cast<unsigned>(bench::detail::reader_seed(a.seed, index)));  // NORM's rx-loss RNG
  NormInstance inst;
  NormSession session(inst, a.group, static_cast<std::uint16_t>(a.port), static_cast<NormNodeId>(index + 2), a.iface);
  NormSetDefaultSyncPolicy(session.get(), NORM_SYNC_ALL);  // a lost first update is still repaired
  NormSetDefaultUnicastNack(session.get(), false);
  NormSetRxCacheLimit(session.get(), 4096);
  if (a.loss > 0) NormSetRxLoss(session.get(), a.loss);
  if (!NormStartReceiver(session.get(), a.norm.buffer)) throw Failure("NormStartReceiver failed");
  bench::detail::write_ready(result);

  const auto total = static_cast<std::uint64_t>(a.updates);
  bench::detail::ReaderReport r;
  r.fields.assign(kReportFields, 0);
  r.latencies_ns.reserve(total);
  r.sequences.reserve(total);
  std::vector<bool> seen(total + 1, false);
  std::uint64_t distinct = 0;
  pollfd fds[2] = {{inst.descriptor(), POLLIN, 0}, {ctrl, POLLIN, 0}};
  while (distinct < total) {
    if (::poll(fds, 2, 100) < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
    if (fds[1].revents) break;  // the writer closed the control pipe: report now
    NormEvent ev;
    while (NormGetNextEvent(inst.get(), &ev, false)) {
      if (ev.type == NORM_RX_OBJECT_ABORTED) ++r.fields[kAborted];
      if (ev.type != NORM_RX_OBJECT_COMPLETED || NormObjectGetType(ev.object) != NORM_OBJECT_DATA) continue;
      const std::int64_t now = monotonic_now_ns();  // first: keep the checks out of the latency
      const auto* d = reinterpret_cast<const std::uint8_t*>(NormDataAccessData(ev.object));
      const auto size = static_cast<std::size_t>(NormObjectGetSize(ev.object));
      if (size != 8 + a.payload || !bench::detail::counter_check(a.payload, ByteView{d + 8, size - 8})) {
        ++r.fields[kCorrupt];
        continue;
      }
      const std::uint64_t seq = be64(d + 8);
      if (seq < 1 || seq > total) {
        ++r.fields[kCorrupt];
        continue;
      }
      if (seen[seq]) {
        ++r.fields[kDuplicates];
        continue;
      }
      seen[seq] = true;
      ++distinct;
      r.latencies_ns.push_back(now - static_cast<std::int64_t>(be64(d)));
      r.sequences.push_back(seq);
    }
  }
  bench::detail::write_report(result, kMagic, r);
}

// Forks receiver `index` (the writer must have no thread yet: the child runs normal code).
std::unique_ptr<ReaderProcess> fork_receiver(const PointArgs& a, int index) {
  auto rp = std::make_unique<ReaderProcess>(index);
  std::fflush(nullptr);  // nothing buffered is written twice
  rp->start([&a, index, res = rp->child_result_fd(), ctl = rp->child_ctrl_fd()] {
    int code = 0;
    try {
      run_receiver(a, index, res, ctl);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-peer-bench: receiver %d: %s\n", index, e.what());
      code = 1;
    }
    std::fflush(nullptr);
    return code;
  });
  return rp;
}

// Reaps receiver `r` and decodes its report; throws Failure on any failure.
bench::detail::ReaderReport finish_receiver(ReaderProcess& r) {
  const std::string who = "receiver " + std::to_string(r.index());
  if (auto err = r.reap()) throw Failure(who + " " + *err);
  auto rep = bench::detail::parse_report(r.received(), kMagic, kReportFields);
  if (!rep) throw Failure(who + " sent a malformed result");
  return std::move(*rep);
}

// ------------------------------------------------------------------ bytes on the wire

// Counts every NORM datagram to `port` seen on `iface`'s device, once each, by NORM type.
// Runs its own thread until destroyed; unavailable (counts stay 0, says why) without
// CAP_NET_RAW in the namespace.
class WireCounter {
 public:
  WireCounter(const std::string& iface, std::uint16_t port) : port_(port) {
    in_addr addr{};
    if (::inet_pton(AF_INET, iface.c_str(), &addr) != 1) throw Failure("bad --iface " + iface);
    const unsigned ifindex = addr.s_addr == htonl(INADDR_LOOPBACK) ? ::if_nametoindex("lo") : 0;
    if (ifindex == 0) {
      why_ = "bytes not counted: --iface is not 127.0.0.1";
      return;
    }
    fd_ = io::UniqueFd(::socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_IP)));
    if (!fd_) {
      why_ = std::string("bytes not counted: AF_PACKET socket: ") + std::strerror(errno);
      return;
    }
    sockaddr_ll sll{};
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons(ETH_P_IP);
    sll.sll_ifindex = static_cast<int>(ifindex);
    const int rcvbuf = 8 << 20;
    ::setsockopt(fd_.get(), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    if (::bind(fd_.get(), reinterpret_cast<sockaddr*>(&sll), sizeof sll) != 0) {
      why_ = std::string("bytes not counted: bind AF_PACKET: ") + std::strerror(errno);
      fd_.reset();
      return;
    }
    thread_ = std::thread([this] { loop(); });
  }
  WireCounter(const WireCounter&) = delete;
  WireCounter& operator=(const WireCounter&) = delete;
  ~WireCounter() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  // Stops counting and returns the totals (and the reason when nothing could be counted).
  engine::WireBytes finish(std::string& why) {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    why = why_;
    return bytes_;
  }

 private:
  void loop() {
    std::uint8_t pkt[65536];
    while (!stop_) {
      pollfd p{fd_.get(), POLLIN, 0};
      if (::poll(&p, 1, 20) <= 0) continue;
      for (;;) {
        sockaddr_ll from{};
        socklen_t fl = sizeof from;
        const ssize_t n = ::recvfrom(fd_.get(), pkt, sizeof pkt, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &fl);
        if (n <= 0) break;
        // Every datagram on lo is seen once as received (PACKET_HOST / _MULTICAST; a unicast
        // one also once as PACKET_OUTGOING, skipped): once per datagram, not per receiver.
        if (from.sll_pkttype == PACKET_OUTGOING) continue;
        count(pkt, static_cast<std::size_t>(n));
      }
    }
  }
  void count(const std::uint8_t* p, std::size_t n) {
    if (n < 20 || (p[0] >> 4) != 4 || p[9] != IPPROTO_UDP) return;
    const std::size_t ihl = (p[0] & 0x0F) * 4u;
    if (n < ihl + 8 + 16) return;
    const std::uint8_t* udp = p + ihl;
    if (((udp[2] << 8) | udp[3]) != port_) return;
    const std::uint64_t len = ((udp[4] << 8) | udp[5]) - 8u;  // UDP payload: the NORM message
    const std::uint8_t* m = udp + 8;
    switch (m[0] & 0x0F) {
      case 2: {  // NORM_DATA. NORM does not flag every repair (NORM_FLAG_REPAIR), so a
        // datagram repeating an (object, symbol) already seen is a retransmission.
        const std::uint16_t obj = static_cast<std::uint16_t>((m[14] << 8) | m[15]);
        const std::uint8_t esi = m[19];  // FEC id 5 (RS8: block + parity <= 255, enforced)
        if (!newest_ || static_cast<std::int16_t>(obj - *newest_) > 0) {
          newest_ = obj;  // a new object: forget what its 16-bit id carried before a wrap
          symbols_[obj].clear();
        }
        auto& seen = symbols_[obj];
        const bool again = std::find(seen.begin(), seen.end(), esi) != seen.end();
        if (!again) seen.push_back(esi);
        if (esi > 0) bytes_.repair += len;  // parity: every update object is 1 source segment
        else if (again) bytes_.retransmit += len;
        else bytes_.data += len;
        break;
      }
      case 4: bytes_.nak += len; break;
      default: bytes_.control += len; break;  // INFO, CMD, ACK, REPORT
    }
  }

  std::uint16_t port_;
  io::UniqueFd fd_;
  std::string why_;
  std::atomic<bool> stop_{false};
  engine::WireBytes bytes_;
  std::optional<std::uint16_t> newest_;                      // newest NORM object id seen
  std::vector<std::vector<std::uint8_t>> symbols_ = std::vector<std::vector<std::uint8_t>>(65536);  // per id
  std::thread thread_;
};

// ------------------------------------------------------------------ writer

void drain_events(const NormInstance& inst) {
  NormEvent ev;
  while (NormGetNextEvent(inst.get(), &ev, false)) {
  }
}

// Services the sender's events and the receivers' pipes until `until_ns`.
void service_until(const NormInstance& inst, std::vector<std::unique_ptr<ReaderProcess>>& rx, std::int64_t until_ns) {
  for (;;) {
    drain_events(inst);
    for (auto& r : rx) r->drain();
    const std::int64_t left = until_ns - monotonic_now_ns();
    if (left <= 0) return;
    pollfd p{inst.descriptor(), POLLIN, 0};
    ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left / 1'000'000 + 1, 5)));
  }
}

void run_point(const PointArgs& a, const std::string& csv) {
  std::vector<std::unique_ptr<ReaderProcess>> rx;  // forked first: no thread exists yet
  for (int i = 0; i < a.receivers; ++i) rx.push_back(fork_receiver(a, i));
  const std::int64_t ready_deadline = monotonic_now_ns() + 10'000'000'000;
  while (!std::all_of(rx.begin(), rx.end(), [](const auto& r) { return r->ready(); })) {
    for (auto& r : rx) {
      r->drain();
      if (r->eof() && !r->ready()) throw Failure("receiver " + std::to_string(r->index()) + " died before becoming ready");
    }
    if (monotonic_now_ns() > ready_deadline) throw Failure("receivers not ready within 10 s");
    ::usleep(2000);
  }

  WireCounter wire(a.iface, static_cast<std::uint16_t>(a.port));
  NormInstance inst;
  NormSession session(inst, a.group, static_cast<std::uint16_t>(a.port), 1, a.iface);
  NormSetTxRate(session.get(), a.norm.tx_rate_bps);
  NormSetGrttEstimate(session.get(), std::chrono::duration<double>(a.norm.grtt).count());
  NormSetBackoffFactor(session.get(), a.norm.backoff);
  NormSetGroupSize(session.get(), static_cast<unsigned>(a.receivers));
  NormSetTxCacheBounds(session.get(), a.norm.buffer, 8, 4096);
  NormSetAutoParity(session.get(), a.norm.auto_parity);
  if (!NormStartSender(session.get(), static_cast<NormSessionId>(a.seed & 0xFFFF), a.norm.buffer, a.norm.segment,
                       a.norm.block, a.norm.parity))
    throw Failure("NormStartSender failed (segment " + std::to_string(a.norm.segment) + ", block " +
                  std::to_string(a.norm.block) + ", parity " + std::to_string(a.norm.parity) + ")");
  service_until(inst, rx, monotonic_now_ns() + 100'000'000);  // GRTT probes before the first update

  // NORM sends from the caller's buffers until the object is purged: keep all of them.
  const auto total = static_cast<std::uint64_t>(a.updates);
  std::vector<std::vector<std::uint8_t>> objects(total);
  const auto period = static_cast<std::int64_t>(1e9 / a.rate);
  std::uint64_t enqueue_failures = 0;
  const std::int64_t t0 = monotonic_now_ns();
  std::int64_t behind_ns = 0;  // the most the writer was late for a slot
  for (std::uint64_t seq = 1; seq <= total; ++seq) {
    const std::int64_t due = t0 + static_cast<std::int64_t>(seq - 1) * period;
    service_until(inst, rx, due);
    behind_ns = std::max(behind_ns, monotonic_now_ns() - due);
    auto& obj = objects[seq - 1];
    obj = update_object(monotonic_now_ns(), a.payload, seq);
    if (NormDataEnqueue(session.get(), reinterpret_cast<const char*>(obj.data()), static_cast<UINT32>(obj.size())) ==
        NORM_OBJECT_INVALID)
      ++enqueue_failures;  // the update is never sent: it counts as lost
    if (seq % 50 == 0 && seq < total)
      for (auto& r : rx)
        if (r->eof()) throw Failure("receiver " + std::to_string(r->index()) + " exited during publishing");
  }
  const std::int64_t publish_ns = monotonic_now_ns() - t0;
  std::printf("[ant-peer-bench/real] writer: %llu updates in %.3f s: %.0f msg/s achieved, %g msg/s requested%s (latest "
              "%.1f ms behind a slot)\n",
              static_cast<unsigned long long>(total), static_cast<double>(publish_ns) / 1e9,
              publish_ns > 0 ? static_cast<double>(total) * 1e9 / static_cast<double>(publish_ns) : 0.0, a.rate,
              behind_ns > 1'000'000 ? ", FELL BEHIND its schedule" : ", on schedule", static_cast<double>(behind_ns) / 1e6);
  const std::int64_t linger_end = monotonic_now_ns() + std::chrono::nanoseconds(a.linger).count();
  while (monotonic_now_ns() < linger_end && !std::all_of(rx.begin(), rx.end(), [](const auto& r) { return r->eof(); }))
    service_until(inst, rx, monotonic_now_ns() + 5'000'000);
  for (auto& r : rx) r->stop();
  const std::int64_t report_deadline = monotonic_now_ns() + 5'000'000'000;
  while (!std::all_of(rx.begin(), rx.end(), [](const auto& r) { return r->eof(); })) {
    if (monotonic_now_ns() > report_deadline) throw Failure("receivers did not report within 5 s of stop");
    service_until(inst, rx, monotonic_now_ns() + 5'000'000);
  }

  std::vector<std::int64_t> lat;
  std::uint64_t corrupt = 0, aborted = 0, duplicates = 0;
  for (auto& r : rx) {
    const auto rep = finish_receiver(*r);
    corrupt += rep.fields[kCorrupt], aborted += rep.fields[kAborted], duplicates += rep.fields[kDuplicates];
    lat.insert(lat.end(), rep.latencies_ns.begin(), rep.latencies_ns.end());
  }
  const double grtt_end_ms = NormGetGrttEstimate(session.get()) * 1e3;  // the sender's, at the end
  std::string why;
  const engine::WireBytes bytes = wire.finish(why);
  auto row = metrics::make_row("norm", a.receivers, a.loss, a.rate, a.run, total, std::move(lat));
  row.transport_params = a.norm.csv();
  bench::detail::set_bytes(row, bytes);
  metrics::append_csv(csv, row);
  std::printf("[ant-peer-bench/real] norm receivers=%d loss=%g%% rate=%gHz run=%d (%s): sent %llu, received %llu, "
              "delivery %.6f | latency us mean %.1f sd %.1f p50 %.1f p99 %.1f max %.1f | ReLate2 %.1f | bytes data "
              "%llu retransmit %llu parity %llu nack %llu control %llu | GRTT at the end %.1f ms, enqueue failures %llu, "
              "aborted objects %llu, duplicates %llu%s%s\n",
              a.receivers, a.loss, a.rate, a.run, row.transport_params.c_str(),
              static_cast<unsigned long long>(row.sent), static_cast<unsigned long long>(row.received), row.delivery,
              row.lat.mean_us, row.lat.std_us, row.lat.p50_us, row.lat.p99_us, row.lat.max_us, row.relate2,
              static_cast<unsigned long long>(bytes.data), static_cast<unsigned long long>(bytes.retransmit),
              static_cast<unsigned long long>(bytes.repair), static_cast<unsigned long long>(bytes.nak),
              static_cast<unsigned long long>(bytes.control), grtt_end_ms, static_cast<unsigned long long>(enqueue_failures),
              static_cast<unsigned long long>(aborted), static_cast<unsigned long long>(duplicates),
              why.empty() ? "" : " | ", why.c_str());
  std::fflush(stdout);
  if (corrupt) throw Failure(std::to_string(corrupt) + " corrupt update(s) delivered");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ant-peer-bench: one experiment point on NRL NORM, as ant-bench measures ADAMANT's transports"};
  PointArgs a;
  std::string csv = "ant-peer-bench.csv", transport = "norm", grtt = "1ms";
  int runs = 1;
  std::optional<int> linger_ms;
  app.add_option("--transport", transport, "peer library: norm")->check(CLI::IsMember({"norm"}));
  app.add_option("--receivers", a.receivers, "receiver processes")->check(CLI::Range(1, 200));
  app.add_option("--loss", a.loss, "loss injected at each receiver (NormSetRxLoss), percent")->check(CLI::Range(0.0, 100.0));
  app.add_option("--rate", a.rate, "updates per second")->check(CLI::PositiveNumber);
  app.add_option("--updates", a.updates, "updates per point")->check(CLI::Range(1, 10'000'000));
  app.add_option("--payload", a.payload, "bytes per update (default 12, as ant-bench)")->check(CLI::Range(12, 8192));
  app.add_option("--runs", runs, "repeat the point N times (run + k, seed + k)")->check(CLI::PositiveNumber);
  app.add_option("--seed", a.seed, "loss-injection seed (each receiver derives its own, as ant-bench)");
  app.add_option("--csv", csv, "CSV file to append one row per run to (ant-bench's schema)");
  app.add_option("--port", a.port, "UDP port (run k uses port+k; 0 = derive from pid)")->check(CLI::Range(0, 65000));
  app.add_option("--group", a.group, "multicast group");
  app.add_option("--iface", a.iface, "multicast interface address");
  app.add_option("--linger-ms", linger_ms, "time to keep repairing after the last update (default 2000)");
  const std::string g = "NORM (recorded in the transport_params column)";
  app.add_option("--segment", a.norm.segment, "segment size, bytes (>= 8 + payload)")->group(g);
  app.add_option("--block", a.norm.block, "source segments per FEC block")->check(CLI::Range(1, 255))->group(g);
  app.add_option("--parity", a.norm.parity, "parity segments per block available for repair")->check(CLI::Range(0, 254))->group(g);
  app.add_option("--auto-parity", a.norm.auto_parity, "proactive parity segments per block (<= --parity)")->group(g);
  app.add_option("--backoff", a.norm.backoff, "NACK backoff factor (x GRTT)")->check(CLI::Range(0.0, 64.0))->group(g);
  app.add_option("--grtt", grtt, "initial GRTT estimate (e.g. 1ms, 250ms)")->group(g);
  app.add_option("--tx-rate", a.norm.tx_rate_bps, "sender rate, bits/s")->check(CLI::PositiveNumber)->group(g);
  CLI11_PARSE(app, argc, argv);

  const auto d = parse_duration(grtt);
  if (!d || d->count() <= 0) {
    std::fprintf(stderr, "ant-peer-bench: bad --grtt '%s' (e.g. 1ms, 250ms)\n", grtt.c_str());
    return 2;
  }
  a.norm.grtt = *d;
  if (a.norm.segment < 8 + a.payload || a.norm.auto_parity > a.norm.parity || a.norm.block + a.norm.parity > 255) {
    std::fprintf(stderr, "ant-peer-bench: need --segment >= 8 + --payload, --auto-parity <= --parity, "
                         "--block + --parity <= 255\n");
    return 2;
  }
  if (linger_ms) a.linger = std::chrono::milliseconds(*linger_ms);
  if (a.port == 0) a.port = 30000 + static_cast<int>(::getpid() % 1000) * 20;
  std::signal(SIGPIPE, SIG_IGN);
  const PointArgs base = a;
  for (int k = 0; k < runs; ++k) {
    PointArgs p = base;
    p.run = base.run + k;
    p.seed = base.seed + static_cast<std::uint64_t>(k);
    p.port = base.port + k;
    try {
      run_point(p, csv);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-peer-bench: norm point (%d receivers, %g%% loss, %g Hz, run %d) FAILED: %s\n",
                   p.receivers, p.loss, p.rate, p.run, e.what());
      return 1;
    }
  }
  return 0;
}
