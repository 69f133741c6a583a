// ant-peer-bench: one experiment point on a PEER reliable-multicast library, measured as
// ant-bench measures ADAMANT's transports, with a row in ant-bench's CSV schema (so
// `adamant plot`, `adamant report` and ReLate2 apply unchanged). Peers (peer/peer.hpp): NRL
// NORM (--library norm, peer/norm_peer.cpp), OpenPGM (--library pgm, peer/pgm_peer.cpp) and, as the
// reliable-FIFO peer of the Mockets experiments, kernel TCP (--library tcp, peer/tcp_peer.cpp).
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
// host and --loss is only recorded. Bytes: peer/wire_counter.hpp. Placement: as ant-bench's
// (reader_launch.hpp), `--reader-host "ADDR [CMD ARG...]"` puts receiver i on the i-th host (round
// robin), bound to ADDR; under a launcher it re-runs this program with the point's options and
// --receiver-index, its control pipe on stdin and its report on stdout. `--list-points` prints
// the point as ant-bench does, so tools/testbed runs either bench alike.
#include <adamant/latency_cdf.hpp>
#include <adamant/metrics.hpp>
#include <adamant/types.hpp>
#include <adamant/units.hpp>

#include "peer/peer.hpp"
#include "peer/wire_counter.hpp"
#include "point_common.hpp"
#include "reader_launch.hpp"
#include "reader_process.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <set>
#include <map>
#include <memory>
#include <optional>
#include <poll.h>
#include <string>
#include <sstream>
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

// Where the receivers run: --reader-host's hosts (receiver i on hosts[i % size]; none: forked
// here on the writer's interface), and what a launched receiver is given.
struct Placement {
  std::vector<bench::detail::ReaderHost> hosts;
  std::vector<std::string> options;  // the point's options but the per-run and per-host ones
  std::string self;                  // this program's path
};

// Runs receiver `index` of `a` on `host` under its launcher: this program with the point's
// options, its result pipe as stdout and its control pipe as stdin.
void launch_receiver(ReaderProcess& rp, const Placement& pl, const bench::detail::ReaderHost& host, const PeerPoint& a) {
  std::vector<std::string> args = pl.options;
  args.insert(args.end(), {"--port", std::to_string(a.port), "--seed", std::to_string(a.seed), "--iface", host.iface,
                           "--receiver-index", std::to_string(rp.index())});
  args = bench::detail::reader_command(host, pl.self, args);
  const std::string exe = bench::detail::find_program(args.front());
  std::vector<char*> argv;
  for (auto& w : args) argv.push_back(w.data());
  argv.push_back(nullptr);
  const int fds[2] = {rp.child_result_fd(), rp.child_ctrl_fd()};
  rp.start([&argv, &exe, fds] {  // async-signal-safe calls only until exec
    if (::dup2(fds[0], 1) < 0 || ::dup2(fds[1], 0) < 0) return 127;
    ::execv(exe.c_str(), argv.data());
    return 127;
  });
}

// Starts receiver `index` where `pl` places it (the writer must have no thread yet: a forked
// child runs normal code).
std::unique_ptr<ReaderProcess> fork_receiver(PeerLibrary& lib, const PeerPoint& point, const Placement& pl, int index) {
  auto rp = std::make_unique<ReaderProcess>(index);
  std::fflush(nullptr);  // nothing buffered is written twice
  PeerPoint a = point;
  if (!pl.hosts.empty()) {
    const auto& host = pl.hosts[static_cast<std::size_t>(index) % pl.hosts.size()];
    if (!host.launcher.empty()) {
      launch_receiver(*rp, pl, host, a);
      return rp;
    }
    a.iface = host.iface;
  }
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

void run_point(PeerLibrary& lib, const PeerPoint& a, const Placement& pl, const std::string& csv, const std::string& cdf) {
  std::vector<std::unique_ptr<ReaderProcess>> rx;  // forked first: no thread exists yet
  for (int i = 0; i < a.receivers; ++i) rx.push_back(fork_receiver(lib, a, pl, i));
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
  PeerPoint at = a;  // the sender learns where each receiver listens (a unicast peer connects to it)
  for (int i = 0; i < a.receivers; ++i)
    at.receiver_addresses.push_back(pl.hosts.empty() ? a.iface : pl.hosts[static_cast<std::size_t>(i) % pl.hosts.size()].iface);
  const auto tx = lib.sender(at);
  service_until(*tx, rx, monotonic_now_ns() + 100'000'000);  // the library's probes before the first update

  const auto total = static_cast<std::uint64_t>(a.updates);
  const auto period = static_cast<std::int64_t>(1e9 / a.rate);
  std::uint64_t refused = 0;
  const std::int64_t t0 = monotonic_now_ns();
  std::int64_t behind_ns = 0;  // the most the writer was late for a slot
  for (std::uint64_t seq = 1; seq <= total; ++seq) {
    const std::int64_t due = t0 + static_cast<std::int64_t>(seq - 1) * period;
    service_until(*tx, rx, due);
    behind_ns = std::max(behind_ns, monotonic_now_ns() - due);
    if (!tx->send(update_object(monotonic_now_ns(), a.payload, seq))) ++refused;  // never sent: lost
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
  if (!cdf.empty()) metrics::append_cdf_csv(cdf, row);
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
  m.emplace("tcp", peer::make_tcp());
  return m;
}

// The point as ant-bench's --list-points prints one (point_selection.hpp's columns).
void list_point(const PeerLibrary& lib, const PeerPoint& a) {
  const auto number = [](double v) {
    std::ostringstream o;
    o << v;
    return o.str();
  };
  std::printf("index,transport,transport_params,receivers,loss_pct,rate_hz,run,updates,streams\n%s\n",
              metrics::csv_record({"0", lib.name(), lib.params(), std::to_string(a.receivers), number(a.loss),
                                   number(a.rate), std::to_string(a.run), std::to_string(a.updates), ""})
                  .c_str());
}

// The options `app` was given, as arguments, but those in `skip` (by first long name).
std::vector<std::string> given_options(const CLI::App& app, const std::set<std::string>& skip) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    if (o->count() == 0 || o->get_lnames().empty() || skip.count(o->get_name())) continue;
    out.push_back(o->get_name());
    out.insert(out.end(), o->results().begin(), o->results().end());
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  auto libs = libraries();
  std::vector<std::string> names;
  for (const auto& [n, l] : libs) names.push_back(n);
  CLI::App app{"ant-peer-bench: one experiment point on a peer library (NRL NORM, OpenPGM, kernel TCP), "
               "as ant-bench measures ADAMANT's transports"};
  PeerPoint a;
  std::string csv = "ant-peer-bench.csv", cdf, library = libs.count("norm") ? "norm" : names.front(), loss_at = "process";
  int runs = 1;
  bool list = false, list_points = false;
  std::optional<int> linger_ms, receiver_index;
  std::vector<std::string> reader_hosts;
  app.add_flag("--list-libraries", list, "print the libraries this build has, one a line, and run nothing");
  app.add_flag("--list-points", list_points, "print the point (index, fields) as CSV, as ant-bench does, and run none");
  app.add_option("--library,--transport", library, "peer library (this build has: " + CLI::detail::join(names) + ")")
      ->check(CLI::IsMember(names));
  app.add_option("--receivers", a.receivers, "receiver processes")->check(CLI::Range(1, 200));
  app.add_option("--loss", a.loss, "loss at each receiver, percent")->check(CLI::Range(0.0, 100.0));
  app.add_option("--loss-at", loss_at, "process: injected in each receiver's receive path; host: by the testbed "
                                       "(nothing injected here, --loss only recorded)")
      ->check(CLI::IsMember({"process", "host"}));
  app.add_option("--rate", a.rate, "updates per second")->check(CLI::PositiveNumber);
  app.add_option("--updates", a.updates, "updates per point")->check(CLI::Range(1, 10'000'000));
  app.add_option("--payload", a.payload, "bytes per update (default 12, as ant-bench)")->check(CLI::Range(12, 8192));
  app.add_option("--runs", runs, "repeat the point N times (run + k, seed + k)")->check(CLI::PositiveNumber);
  app.add_option("--seed", a.seed, "loss-injection seed (each receiver derives its own, as ant-bench)");
  app.add_option("--csv", csv, "CSV file to append one row per run to (ant-bench's schema)");
  app.add_option("--cdf", cdf, "CSV file to append each row's latency at every whole percentile to (as ant-bench)");
  app.add_option("--run", a.run, "the first run's number (the row's run column; --runs counts on from it)")
      ->check(CLI::PositiveNumber);
  app.add_option("--port", a.port, "first UDP port (run k uses port+2k and port+2k+1; 0 = derive from pid)")
      ->check(CLI::Range(0, 65000));
  app.add_option("--group", a.group, "multicast group");
  app.add_option("--iface", a.iface, "multicast interface address");
  app.add_option("--linger-ms", linger_ms, "time to keep repairing after the last update (default 2000)");
  app.add_option("--reader-host", reader_hosts, "where receiver i runs (the i-th, round robin): ADDR [CMD ARG...], "
                                                "bound to ADDR, forked here or run under CMD (docs/testbed.md)");
  app.add_option("--receiver-index", receiver_index, "internal: run receiver N (launched on a reader host)")
      ->group("");
  for (auto& [n, l] : libs) l->add_options(app);
  CLI11_PARSE(app, argc, argv);
  if (list) {
    for (const auto& n : names) std::printf("%s\n", n.c_str());
    return 0;
  }

  PeerLibrary& lib = *libs.at(library);
  a.loss_at = loss_at == "host" ? peer::LossAt::host : peer::LossAt::process;
  if (linger_ms) a.linger = std::chrono::milliseconds(*linger_ms);
  // Below Linux's ephemeral ports (32768 and up) and the benches' 20000..30959: no socket bound to
  // port 0 can hold it first.
  if (a.port == 0) a.port = 10000 + static_cast<int>(::getpid() % 500) * 20;
  if (const auto err = lib.check(a); !err.empty()) {
    std::fprintf(stderr, "ant-peer-bench: %s\n", err.c_str());
    return 2;
  }
  if (list_points) {
    list_point(lib, a);
    return 0;
  }
  std::signal(SIGPIPE, SIG_IGN);
  if (receiver_index) {  // a launched receiver: control on stdin, report on stdout
    try {
      run_receiver(lib, a, *receiver_index, 1, 0);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-peer-bench: receiver %d: %s\n", *receiver_index, e.what());
      return 1;
    }
    return 0;
  }
  Placement pl;
  try {
    for (const auto& h : reader_hosts) pl.hosts.push_back(bench::detail::parse_reader_host(h));
    if (!pl.hosts.empty()) pl.self = bench::detail::own_program();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ant-peer-bench: %s\n", e.what());
    return 2;
  }
  pl.options = given_options(app, {"--reader-host", "--csv", "--cdf", "--run", "--runs", "--port", "--seed", "--iface", "--library"});
  pl.options.insert(pl.options.begin(), {"--library", library});
  const PeerPoint base = a;
  for (int k = 0; k < runs; ++k) {
    PeerPoint p = base;
    p.run = base.run + k;
    p.seed = base.seed + static_cast<std::uint64_t>(k);
    p.port = base.port + 2 * k;
    try {
      run_point(lib, p, pl, csv, cdf);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ant-peer-bench: %s point (%d receivers, %g%% loss, %g Hz, run %d) FAILED: %s\n",
                   lib.name().c_str(), p.receivers, p.loss, p.rate, p.run, e.what());
      return 1;
    }
  }
  return 0;
}
