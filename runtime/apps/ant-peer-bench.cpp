// ant-peer-bench: one experiment point on a PEER reliable-multicast library, measured as
// ant-bench measures ADAMANT's transports, with a row in ant-bench's CSV schema (so
// `adamant plot`, `adamant report` and ReLate2 apply unchanged). Peers (peer/peer.hpp): NRL
// NORM (--library norm, peer/norm_peer.cpp) and OpenPGM (--library pgm, peer/pgm_peer.cpp).
//   adamant-netns ant-peer-bench --library pgm --receivers 3 --loss 1 --rate 100 --updates 2000 --csv out.csv
//
// 1 sender (this process) and N receiver processes (forked before any library thread
// exists), each with its own library instance on GROUP:PORT. Update k (1..U) is one object:
// 8 bytes of send time (CLOCK_MONOTONIC, ns, big-endian) and the --payload bytes of
// ant-bench's counter payload (sequence k + a pattern each receiver checks), sent at
// t0 + (k-1)/rate. A receiver's latency for k is the time the library hands it over minus the
// send time; delivery = distinct updates received / (U x N). Loss (--loss-at process, the
// default): injected in each receiver's receive path with ant-bench's per-reader seed (how,
// per library: its file); --loss-at host: none here, the testbed drops it at each reader's
// host and --loss is only recorded. Bytes: peer/wire_counter.hpp.
#include <adamant/metrics.hpp>
#include <adamant/types.hpp>
#include <adamant/units.hpp>

#include "peer/peer.hpp"
#include "peer/wire_counter.hpp"
#include "point_common.hpp"
#include "reader_process.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <poll.h>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

using namespace adamant;
using bench::detail::Failure;
using bench::detail::ReaderProcess;
using peer::PeerLibrary;
using peer::PeerPoint;

namespace {

constexpr std::uint64_t kMagic = 0x504545525253544Cull;  // "PEERRSTL"

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

// Waits for `w` (and `extra`, when >= 0) at most `cap`; returns whether `extra` is readable.
bool wait_for(peer::Wait w, int extra, std::chrono::microseconds cap) {
  if (extra >= 0) w.fds.push_back(pollfd{extra, POLLIN, 0});
  const auto t = std::max(std::chrono::microseconds(0), std::min(w.timeout, cap));
  const timespec ts{static_cast<time_t>(t.count() / 1'000'000), static_cast<long>(t.count() % 1'000'000) * 1000};
  if (::ppoll(w.fds.data(), w.fds.size(), &ts, nullptr) < 0 && errno != EINTR)
    throw std::system_error(errno, std::generic_category(), "ppoll");
  return extra >= 0 && w.fds.back().revents != 0;
}

// ------------------------------------------------------------------ receiver process

// A receiver's report: these fields, then its latencies and their sequences.
enum ReportField { kCorrupt, kAbandoned, kDuplicates, kReportFields };

// Runs receiver `index` until it has every update or the writer closes `ctrl`; writes
// 'R' to `result` once its library is open, then its report.
void run_receiver(PeerLibrary& lib, const PeerPoint& a, int index, int result, int ctrl) {
  const auto rx = lib.receiver(a, index);
  bench::detail::write_ready(result);

  const auto total = static_cast<std::uint64_t>(a.updates);
  bench::detail::ReaderReport r;
  r.fields.assign(kReportFields, 0);
  r.latencies_ns.reserve(total);
  r.sequences.reserve(total);
  std::vector<bool> seen(total + 1, false);
  std::uint64_t distinct = 0;
  const auto deliver = [&](const std::uint8_t* d, std::size_t size) {
    const std::int64_t now = monotonic_now_ns();  // first: keep the checks out of the latency
    if (size != 8 + a.payload || !bench::detail::counter_check(a.payload, ByteView{d + 8, size - 8})) {
      ++r.fields[kCorrupt];
      return;
    }
    const std::uint64_t seq = be64(d + 8);
    if (seq < 1 || seq > total) {
      ++r.fields[kCorrupt];
      return;
    }
    if (seen[seq]) {
      ++r.fields[kDuplicates];
      return;
    }
    seen[seq] = true;
    ++distinct;
    r.latencies_ns.push_back(now - static_cast<std::int64_t>(be64(d)));
    r.sequences.push_back(seq);
  };
  while (distinct < total) {
    if (wait_for(rx->wait(), ctrl, std::chrono::milliseconds(100))) break;  // the writer asks for the report
    rx->receive(deliver);
  }
  r.fields[kAbandoned] = rx->abandoned();
  bench::detail::write_report(result, kMagic, r);
}

// Forks receiver `index` (the writer must have no thread yet: the child runs normal code).
std::unique_ptr<ReaderProcess> fork_receiver(PeerLibrary& lib, const PeerPoint& a, int index) {
  auto rp = std::make_unique<ReaderProcess>(index);
  std::fflush(nullptr);  // nothing buffered is written twice
  rp->start([&lib, &a, index, res = rp->child_result_fd(), ctl = rp->child_ctrl_fd()] {
    int code = 0;
    try {
      run_receiver(lib, a, index, res, ctl);
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

// ------------------------------------------------------------------ writer

// Services the sender and the receivers' pipes until `until_ns`.
void service_until(peer::PeerSender& tx, std::vector<std::unique_ptr<ReaderProcess>>& rx, std::int64_t until_ns) {
  for (;;) {
    tx.service();
    for (auto& r : rx) r->drain();
    const std::int64_t left = until_ns - monotonic_now_ns();
    if (left <= 0) return;
    wait_for(tx.wait(), -1, std::chrono::microseconds(std::min<std::int64_t>(left / 1000 + 1, 5000)));
  }
}

bool all_eof(const std::vector<std::unique_ptr<ReaderProcess>>& rx) {
  return std::all_of(rx.begin(), rx.end(), [](const auto& r) { return r->eof(); });
}

void run_point(PeerLibrary& lib, const PeerPoint& a, const std::string& csv) {
  std::vector<std::unique_ptr<ReaderProcess>> rx;  // forked first: no thread exists yet
  for (int i = 0; i < a.receivers; ++i) rx.push_back(fork_receiver(lib, a, i));
  const std::int64_t ready_deadline = monotonic_now_ns() + 10'000'000'000;
  while (!std::all_of(rx.begin(), rx.end(), [](const auto& r) { return r->ready(); })) {
    for (auto& r : rx) {
      r->drain();
      if (r->eof() && !r->ready()) throw Failure("receiver " + std::to_string(r->index()) + " died before becoming ready");
    }
    if (monotonic_now_ns() > ready_deadline) throw Failure("receivers not ready within 10 s");
    ::usleep(2000);
  }

  peer::WireCounter wire(a.iface, lib.ports(a), lib);
  const auto tx = lib.sender(a);
  service_until(*tx, rx, monotonic_now_ns() + 100'000'000);  // the library's probes before the first update

  const auto total = static_cast<std::uint64_t>(a.updates);
  const auto period = static_cast<std::int64_t>(1e9 / a.rate);
  std::uint64_t refused = 0;
  const std::int64_t t0 = monotonic_now_ns();
  for (std::uint64_t seq = 1; seq <= total; ++seq) {
    service_until(*tx, rx, t0 + static_cast<std::int64_t>(seq - 1) * period);
    if (!tx->send(update_object(monotonic_now_ns(), a.payload, seq))) ++refused;  // never sent: lost
    if (seq % 50 == 0 && seq < total)
      for (auto& r : rx)
        if (r->eof()) throw Failure("receiver " + std::to_string(r->index()) + " exited during publishing");
  }
  const std::int64_t linger_end = monotonic_now_ns() + std::chrono::nanoseconds(a.linger).count();
  while (monotonic_now_ns() < linger_end && !all_eof(rx)) service_until(*tx, rx, monotonic_now_ns() + 5'000'000);
  for (auto& r : rx) r->stop();
  const std::int64_t report_deadline = monotonic_now_ns() + 5'000'000'000;
  while (!all_eof(rx)) {
    if (monotonic_now_ns() > report_deadline) throw Failure("receivers did not report within 5 s of stop");
    service_until(*tx, rx, monotonic_now_ns() + 5'000'000);
  }

  std::vector<std::int64_t> lat;
  std::uint64_t corrupt = 0, abandoned = 0, duplicates = 0;
  for (auto& r : rx) {
    const auto rep = finish_receiver(*r);
    corrupt += rep.fields[kCorrupt], abandoned += rep.fields[kAbandoned], duplicates += rep.fields[kDuplicates];
    lat.insert(lat.end(), rep.latencies_ns.begin(), rep.latencies_ns.end());
  }
  const std::string summary = tx->summary();
  std::string why;
  const engine::WireBytes bytes = wire.finish(why);
  auto row = metrics::make_row(lib.name(), a.receivers, a.loss, a.rate, a.run, total, std::move(lat));
  row.transport_params = lib.params();
  bench::detail::set_bytes(row, bytes);
  metrics::append_csv(csv, row);
  std::printf("[ant-peer-bench/real] %s receivers=%d loss=%g%% (at %s) rate=%gHz run=%d (%s): sent %llu, received %llu, "
              "delivery %.6f | latency us mean %.1f sd %.1f p50 %.1f p99 %.1f max %.1f | ReLate2 %.1f | bytes data "
              "%llu retransmit %llu parity %llu nak %llu control %llu | refused %llu, abandoned %llu, duplicates %llu%s%s%s%s\n",
              lib.name().c_str(), a.receivers, a.loss, a.loss_at == peer::LossAt::host ? "host" : "process", a.rate,
              a.run, row.transport_params.c_str(), static_cast<unsigned long long>(row.sent),
              static_cast<unsigned long long>(row.received), row.delivery, row.lat.mean_us, row.lat.std_us,
              row.lat.p50_us, row.lat.p99_us, row.lat.max_us, row.relate2, static_cast<unsigned long long>(bytes.data),
              static_cast<unsigned long long>(bytes.retransmit), static_cast<unsigned long long>(bytes.repair),
              static_cast<unsigned long long>(bytes.nak), static_cast<unsigned long long>(bytes.control),
              static_cast<unsigned long long>(refused), static_cast<unsigned long long>(abandoned),
              static_cast<unsigned long long>(duplicates), summary.empty() ? "" : " | ", summary.c_str(),
              why.empty() ? "" : " | ", why.c_str());
  std::fflush(stdout);
  if (corrupt) throw Failure(std::to_string(corrupt) + " corrupt update(s) delivered");
}

// The libraries this build has, by name.
std::map<std::string, std::unique_ptr<PeerLibrary>> libraries() {
  std::map<std::string, std::unique_ptr<PeerLibrary>> m;
#ifdef ADAMANT_PEER_NORM
  m.emplace("norm", peer::make_norm());
#endif
#ifdef ADAMANT_PEER_PGM
  m.emplace("pgm", peer::make_pgm());
#endif
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  auto libs = libraries();
  std::vector<std::string> names;
  for (const auto& [n, l] : libs) names.push_back(n);
  CLI::App app{"ant-peer-bench: one experiment point on a peer reliable-multicast library (NRL NORM, OpenPGM), "
               "as ant-bench measures ADAMANT's transports"};
  PeerPoint a;
  std::string csv = "ant-peer-bench.csv", library = libs.count("norm") ? "norm" : names.front(), loss_at = "process";
  int runs = 1;
  bool list = false;
  std::optional<int> linger_ms;
  app.add_flag("--list-libraries", list, "print the libraries this build has, one a line, and run nothing");
  app.add_option("--library,--transport", library, "peer library (this build has: " + CLI::detail::join(names) + ")")
      ->check(CLI::IsMember(names));
  app.add_option("--receivers", a.receivers, "receiver processes")->check(CLI::Range(1, 200));
  app.add_option("--loss", a.loss, "loss at each receiver, percent")->check(CLI::Range(0.0, 100.0));
  app.add_option("--loss-at", loss_at, "process: injected in each receiver's receive path; host: by the testbed "
                                       "(nothing injected here, --loss only recorded)")
      ->check(CLI::IsMember({"process", "host"}));
  app.add_option("--rate", a.rate, "updates per second")->check(CLI::PositiveNumber);
  app.add_option("--updates", a.updates, "updates per point")->check(CLI::Range(1, 10'000'000));
  app.add_option("--payload", a.payload, "bytes per update (default 12, as ant-bench)")->check(CLI::Range(12, 1000));
  app.add_option("--runs", runs, "repeat the point N times (run + k, seed + k)")->check(CLI::PositiveNumber);
  app.add_option("--seed", a.seed, "loss-injection seed (each receiver derives its own, as ant-bench)");
  app.add_option("--csv", csv, "CSV file to append one row per run to (ant-bench's schema)");
  app.add_option("--port", a.port, "first UDP port (run k uses port+2k and port+2k+1; 0 = derive from pid)")
      ->check(CLI::Range(0, 65000));
  app.add_option("--group", a.group, "multicast group");
  app.add_option("--iface", a.iface, "multicast interface address");
  app.add_option("--linger-ms", linger_ms, "time to keep repairing after the last update (default 2000)");
  for (auto& [n, l] : libs) l->add_options(app);
  CLI11_PARSE(app, argc, argv);
  if (list) {
    for (const auto& n : names) std::printf("%s\n", n.c_str());
    return 0;
  }

  PeerLibrary& lib = *libs.at(library);
  a.loss_at = loss_at == "host" ? peer::LossAt::host : peer::LossAt::process;
  if (linger_ms) a.linger = std::chrono::milliseconds(*linger_ms);
  if (a.port == 0) a.port = 30000 + static_cast<int>(::getpid() % 1000) * 20;
  if (const auto err = lib.check(a); !err.empty()) {
    std::fprintf(stderr, "ant-peer-bench: %s\n", err.c_str());
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  const PeerPoint base = a;
  for (int k = 0; k < runs; ++k) {
    PeerPoint p = base;
    p.run = base.run + k;
    p.seed = base.seed + static_cast<std::uint64_t>(k);
    p.port = base.port + 2 * k;
    try {
      run_point(lib, p, csv);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-peer-bench: %s point (%d receivers, %g%% loss, %g Hz, run %d) FAILED: %s\n",
                   lib.name().c_str(), p.receivers, p.loss, p.rate, p.run, e.what());
      return 1;
    }
  }
  return 0;
}
