#include <adamant/auth.hpp>
#include <adamant/bench.hpp>
#include <adamant/contract.hpp>
#include <adamant/key_file.hpp>
#include <adamant/metrics.hpp>
#include <adamant/pubsub.hpp>
#include <adamant/sim.hpp>
#include <adamant/udp.hpp>
#include <adamant/units.hpp>

#include "point_common.hpp"
#include "point_overrides.hpp"
#include "point_selection.hpp"
#include "reader_launch.hpp"
#include "reader_presence.hpp"
#include "reader_process.hpp"
#include "reader_role.hpp"
#include "stats_log.hpp"
#include "timeline_csv.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <iostream>
#include <memory>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace adamant::bench {
namespace {

// A double as text that reads back to the same value (std::to_string keeps only 6 decimals).
std::string exact(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

using namespace std::chrono_literals;
// A writer later than this for a slot fell behind its schedule (reported with the rate).
constexpr std::int64_t kBehindNs = 1'000'000;

using detail::Failure;
using detail::ReaderArgs;
using detail::ReaderProcess;
using detail::gilbert;
using detail::parse_result;
using detail::run_reader;

std::int64_t now_ns() { return monotonic_now_ns(); }

// ------------------------------------------------------------------ writer role

void drain_all(std::vector<std::unique_ptr<ReaderProcess>>& kids) {
  for (auto& k : kids) k->drain();
}

bool all(const std::vector<std::unique_ptr<ReaderProcess>>& kids, bool (ReaderProcess::*pred)() const) {
  return std::all_of(kids.begin(), kids.end(), [&](const auto& k) { return ((*k).*pred)(); });
}

struct WriterOptions {
  std::string csv, cdf, group = "239.255.0.1", iface = "127.0.0.1", stats_file;  // cdf: --cdf FILE, "" = none
  int port = 0;
  std::optional<int> linger_ms;
  std::vector<double> burst;  // Gilbert loss at the readers: P(good->bad), P(bad->good); empty: --loss
  std::string loss_schedule;  // the readers' loss phases (units::parse_loss_schedule); empty: --loss
  std::string psk_file;       // every process's key file (adamant/key_file.hpp); empty: no key
  std::vector<detail::ReaderHost> hosts;  // --reader-host: reader i on hosts[i % size]; empty: here
  bool loss_at_host = false;              // --loss-at host: the testbed drops, the readers inject none
  std::string self;                       // this program's path, for readers run under a launcher
  std::size_t batch_bytes = wire::kDefaultBatchDatagram;  // the writer's (ChannelConfig::batch_bytes)
  std::string readers_schedule;  // --readers-schedule: reader i takes part while i < the phase's count
};

// Runs one point and appends its CSV row; throws Failure with a clear message.
void run_point(const HarnessSpec& spec, const Point& pt, const WriterOptions& opt, int port) {
  detail::check_point(pt);
  const detail::Plan plan = detail::plan_point(spec, pt);
  ChannelConfig cfg = detail::point_channel(pt, false, 0);
  cfg.group = opt.group;
  cfg.port = static_cast<std::uint16_t>(port);
  cfg.iface = opt.iface;
  cfg.psk_file = opt.psk_file;
  cfg.batch_bytes = opt.batch_bytes;
  Publisher pub(cfg);

  std::vector<std::unique_ptr<ReaderProcess>> kids;
  for (int i = 0; i < pt.receivers; ++i) {
    const detail::ReaderHost* host = opt.hosts.empty() ? nullptr : &opt.hosts[static_cast<std::size_t>(i) % opt.hosts.size()];
    const bool via = host && !host->launcher.empty();  // run under a launcher: pipes on stdin/stdout
    std::vector<std::string> args{"adamant-reader", "--reader", "--reader-transport", std::string(to_string(pt.transport)),
                                  "--reader-group", opt.group, "--reader-iface", host ? host->iface : opt.iface,
                                  "--reader-port", std::to_string(port), "--reader-index",
                                  std::to_string(i), "--reader-loss", exact(opt.loss_at_host ? 0.0 : pt.loss_pct),
                                  "--reader-seed", std::to_string(pt.seed), "--reader-updates",
                                  std::to_string(pt.updates), "--reader-rate", exact(pt.rate_hz),
                                  "--reader-streams", detail::streams_arg(pt), "--reader-params",
                                  detail::all_params(pt)};
    // the program's own options (parsed before harness_main, e.g. ant-bench --payload) must reach
    // the re-executed reader too, or it would build a different spec than the writer
    if (!opt.psk_file.empty()) args.insert(args.end(), {"--reader-psk-file", opt.psk_file});  // the path, never the key
    if (opt.burst.size() == 2) args.insert(args.end(), {"--reader-burst", exact(opt.burst[0]) + "," + exact(opt.burst[1])});
    if (!opt.loss_schedule.empty()) args.insert(args.end(), {"--reader-loss-schedule", opt.loss_schedule});
    if (!opt.readers_schedule.empty()) args.insert(args.end(), {"--reader-readers-schedule", opt.readers_schedule});
    if (!opt.stats_file.empty()) args.insert(args.end(), {"--reader-stats-file", opt.stats_file});
    args.insert(args.end(), spec.reader_args.begin(), spec.reader_args.end());
    auto kid = std::make_unique<ReaderProcess>(i);
    args.insert(args.end(), {"--reader-result-fd", via ? "1" : std::to_string(kid->child_result_fd()),
                             "--reader-ctrl-fd", via ? "0" : std::to_string(kid->child_ctrl_fd())});
    if (via) args = detail::reader_command(*host, opt.self, {args.begin() + 1, args.end()});
    const std::string exe = via ? detail::find_program(args.front()) : "/proc/self/exe";
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int fds[2] = {kid->child_result_fd(), kid->child_ctrl_fd()};
    kid->start([&argv, &exe, fds, via] {  // async-signal-safe calls only until exec
      if (via ? ::dup2(fds[0], 1) < 0 || ::dup2(fds[1], 0) < 0
              : ::fcntl(fds[0], F_SETFD, 0) != 0 || ::fcntl(fds[1], F_SETFD, 0) != 0)
        return 127;
      ::execv(exe.c_str(), argv.data());
      return 127;
    });
    kids.push_back(std::move(kid));
  }

  // Wait until every reader has joined the group.
  // Generous: a reader plans every update first (a 10-minute point at 16 kHz: 9.6 M slots).
  const std::int64_t ready_deadline = now_ns() + 60'000'000'000;
  while (!all(kids, &ReaderProcess::ready)) {
    drain_all(kids);
    for (auto& k : kids)
      if (k->eof() && !k->ready())
        throw Failure("reader " + std::to_string(k->index()) + " died before becoming ready");
    if (now_ns() > ready_deadline) throw Failure("readers not ready within 60 s");
    pub.service_for(2ms);
  }
  // The schedules' t = 0, as the simulator's: the first update kFirstUpdateAt later. Heartbeats
  // (highest = 0) before it fix every reader's start point at 1, so even a lost first update is recovered.
  const std::int64_t start = now_ns(), t0 = start + sim::kFirstUpdateAt.count();
  const bool scheduled = !opt.readers_schedule.empty();
  const auto tell_all = [&kids](std::int64_t word) {
    for (auto& k : kids) {
      try {
        k->tell(word);
      } catch (const std::system_error&) {  // done and gone already (EPIPE): its report tells
      }
    }
  };
  if (scheduled) tell_all(start);
  pub.service_until(t0);

  detail::StatsLog stats(opt.stats_file, "writer", 0);
  const std::uint64_t total = plan.total();
  std::vector<std::int64_t> published_at(scheduled ? total + 1 : 0);  // by sequence: what a scheduled reader is owed
  std::int64_t behind_ns = 0;  // the most the writer was late for a slot
  for (std::uint64_t seq = 1; seq <= total; ++seq) {
    const auto& slot = plan.slot(seq);
    const std::int64_t due = t0 + slot.offset_ns, before = now_ns();
    // Late for this slot: the service pass (NAKs, timers) only every kServiceEvery updates, so
    // a writer that cannot keep up spends its time sending.
    constexpr std::uint64_t kServiceEvery = 64;
    if (due > before || seq % kServiceEvery == 0) {
      stats.sample(before, pub.engine().state_entries(), seq - 1);
      pub.service_until(due);  // absolute schedule: no cumulative drift; sends what is held first
    }
    behind_ns = std::max(behind_ns, before - due);
    auto payload = plan.payload(seq);
    const ByteView bytes{payload.data(), payload.size()};
    if (scheduled) published_at[seq] = now_ns();
    if (pt.streams.empty()) {
      // The next update is due already: this one may share its datagram (NAKcast batches).
      if (seq < total && t0 + plan.slot(seq + 1).offset_ns <= now_ns()) pub.publish_held(bytes, plan.tag(seq));
      else pub.publish(bytes, plan.tag(seq));
    } else {
      const auto& st = plan.streams[slot.stream];
      pub.publish(bytes, plan.tag(seq), detail::stream_class(st), st.replaces);
    }
    if (seq % 256 == 0 && seq < total) {
      // No reader can be complete before the last update, so EOF now means it died: fail fast.
      // (After the last update a fast reader may legitimately be done already.)
      drain_all(kids);
      for (auto& k : kids)
        if (k->eof()) {
          const auto why = k->reap();
          throw Failure("reader " + std::to_string(k->index()) + " exited during publishing (" +
                        why.value_or("exit status 0") + ")");
        }
    }
  }
  pub.flush();
  if (scheduled) tell_all(now_ns());  // the last update is out: a reader away now is done
  const std::int64_t publish_ns = now_ns() - t0;
  const double requested = total > 1 ? static_cast<double>(total - 1) * 1e9 / static_cast<double>(plan.slot(total).offset_ns) : 0;
  const double achieved = publish_ns > 0 ? static_cast<double>(total) * 1e9 / static_cast<double>(publish_ns) : 0;
  const bool fell_behind = behind_ns > kBehindNs;
  std::printf("[%s/real] writer: %llu updates in %.3f s: %.0f msg/s achieved, %.0f msg/s requested%s (latest %.1f ms "
              "behind a slot)\n",
              spec.name.c_str(), static_cast<unsigned long long>(total), static_cast<double>(publish_ns) / 1e9, achieved,
              requested, fell_behind ? ", FELL BEHIND its schedule" : ", on schedule",
              static_cast<double>(behind_ns) / 1e6);
  std::fflush(stdout);

  stats.sample(now_ns(), pub.engine().state_entries(), total, /*now=*/true);
  std::chrono::milliseconds linger = detail::linger_for(pt);
  if (opt.linger_ms) linger = std::chrono::milliseconds(*opt.linger_ms);
  const std::int64_t linger_end = now_ns() + std::chrono::duration_cast<std::chrono::nanoseconds>(linger).count();
  while (!all(kids, &ReaderProcess::eof) && now_ns() < linger_end) {
    pub.service_for(5ms);
    stats.sample(now_ns(), pub.engine().state_entries(), total);
    drain_all(kids);
  }
  for (auto& k : kids) k->stop();
  // 5 s, plus 2 us per update per reader: each reports 16 bytes per update (154 MB at 16 kHz for 10 minutes).
  const std::int64_t report_wait_ns = 5'000'000'000 + static_cast<std::int64_t>(total) * pt.receivers * 2'000,
                     report_deadline = now_ns() + report_wait_ns;
  while (!all(kids, &ReaderProcess::eof)) {
    if (now_ns() > report_deadline) throw Failure("readers did not report within " + std::to_string(report_wait_ns / 1'000'000'000) + " s of stop");
    pub.service_for(5ms);
    drain_all(kids);
  }

  std::vector<std::vector<std::int64_t>> lat(plan.streams.size());
  std::vector<std::vector<std::uint64_t>> delivered;  // per reader: the sequences it delivered
  std::vector<std::uint64_t> owed(plan.streams.size());  // scheduled: per stream, over the readers
  detail::Totals t;
  engine::WireBytes bytes;
  auth::Stats keys;
  for (auto& k : kids) {
    const std::string who = "reader " + std::to_string(k->index());
    if (auto err = k->reap()) throw Failure(who + " " + *err);
    auto r = parse_result(k->received());
    if (!r) throw Failure(who + " sent a malformed result");
    if (scheduled && !detail::account_spells(r->spells, published_at, [&plan](std::uint64_t seq) { return plan.slot(seq).stream; },
                                             r->latencies_ns, r->sequences, owed))
      throw Failure(who + " reported spells that do not fit its deliveries");
    for (std::size_t j = 0; j < r->latencies_ns.size(); ++j) {
      const std::uint64_t seq = r->sequences[j];
      if (seq < 1 || seq > total) throw Failure(who + " delivered sequence " + std::to_string(seq) + " never sent");
      lat[plan.slot(seq).stream].push_back(r->latencies_ns[j]);
    }
    t.unrecoverable += r->unrecoverable;
    t.corrupt += r->corrupt;
    t.order_errors += r->order_errors;
    t.drops += r->drops;
    t.naks += r->naks;
    t.nak_sequences += r->nak_sequences;
    t.repairs += r->repairs;
    t.recovered += r->recovered;
    bytes.add(r->sent);
    keys += r->keys;
    delivered.push_back(std::move(r->sequences));
  }
  t.retransmits = pub.stats().retransmitted;
  t.repaired = pub.stats().repaired;
  t.repairs += pub.stats().repairs_sent;  // FEC: the sender's repairs
  bytes.add(pub.sent_bytes());
  std::vector<metrics::Row> rows;
  for (std::size_t s = 0; s < plan.streams.size(); ++s) {
    rows.push_back(detail::stream_row(pt, plan, s, std::move(lat[s])));
    if (scheduled) detail::set_delivery_of_owed(rows.back(), owed[s]);  // what each was there for
    detail::set_bytes(rows.back(), bytes);
  }
  detail::set_replaced(plan, pt, delivered, rows);
  detail::set_sender_counts(pub.engine(), plan, rows);
  detail::warn_round_trip(spec.name, pub.engine());
  detail::print_switches(spec.name, pub.engine(), t0);
  detail::finish_point(spec, pt, rows, t, opt.csv, opt.cdf, "real");
  if (keys.rejected() > 0)
    std::fprintf(stderr, "%s: the readers' key checks rejected datagrams: %s\n", spec.name.c_str(), auth::describe_rejected(keys).c_str());
}

std::string default_csv(const std::string& name) {
  std::string s = name.empty() ? "adamant" : name;
  for (auto& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return s + ".csv";
}

// The CSV's link columns of a simulated point: what the simulator models (always a delay).
metrics::LinkSettings sim_link(const sim::NetConfig& net) {
  metrics::LinkSettings link;
  for (const auto& phase : net.bandwidth) {
    if (!link.bandwidth.empty()) link.bandwidth += ';';
    link.bandwidth += std::to_string(phase.bytes_per_s);
    if (net.bandwidth.size() > 1)
      link.bandwidth += '@' + format_duration(std::chrono::duration_cast<std::chrono::microseconds>(phase.duration));
  }
  if (net.queue_packets > 0) link.queue_packets = net.queue_packets;
  link.delay_us = std::chrono::duration_cast<std::chrono::microseconds>(net.delay).count();
  if (net.burst) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g;%g", net.burst->p_good_to_bad, net.burst->p_bad_to_good);
    link.burst = buf;
  }
  if (net.reorder_pct > 0) link.reorder_pct = net.reorder_pct;
  if (net.duplicate_pct > 0) link.duplicate_pct = net.duplicate_pct;
  return link;
}

// Runs one point in the simulator and appends its CSV row; throws Failure.
void run_sim_point(const HarnessSpec& spec, const Point& pt, const sim::NetConfig& net, const std::string& csv,
                   const std::string& cdf, const std::string& timeline) {
  detail::check_point(pt);
  const auto w0 = std::chrono::steady_clock::now();
  const auto res = sim::run_point(spec, pt, net);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  detail::Totals t;
  t.unrecoverable = res.unrecoverable;
  t.corrupt = res.corrupt;
  t.order_errors = res.order_errors;
  t.drops = res.injected_drops;
  t.naks = res.naks;
  t.nak_sequences = res.nak_sequences;
  t.repaired = res.repaired;
  t.retransmits = res.retransmits;
  t.repairs = res.repairs_sent;
  t.recovered = res.recovered;
  std::printf("[%s/sim] wall %.3f s, %llu events (%.2f M events/s), virtual %.3f s, link drops %llu, "
              "reordered %llu, duplicated %llu\n",
              spec.name.c_str(), wall, static_cast<unsigned long long>(res.events),
              wall > 0 ? static_cast<double>(res.events) / wall / 1e6 : 0.0, static_cast<double>(res.end_time.count()) / 1e9,
              static_cast<unsigned long long>(res.link_drops), static_cast<unsigned long long>(res.reordered),
              static_cast<unsigned long long>(res.duplicated));
  std::vector<metrics::Row> rows = res.rows;
  for (auto& row : rows) row.link = sim_link(net);
  detail::finish_point(spec, pt, rows, t, csv, cdf, "sim");
  if (!timeline.empty()) detail::append_timeline(timeline, pt, res);
}

std::string describe(const Point& p) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s, %d receivers, %g%% loss, %g Hz, run %d%s%s", std::string(to_string(p.transport)).c_str(), p.receivers,
                p.loss_pct, p.rate_hz, p.run, transport_params(p).empty() ? "" : ", ",
                transport_params(p).c_str());
  return buf;
}

}  // namespace

int harness_main(int argc, char** argv, const HarnessSpec& spec) {
  CLI::App app{spec.name.empty() ? "ADAMANT benchmark" : spec.name};
  WriterOptions opt;
  opt.csv = default_csv(spec.name);
  std::optional<int> runs, linger;
  detail::PointOverrides over;
  over.add_to(app);
  app.add_option("--csv", opt.csv, "CSV file to append one row per point to");
  app.add_option("--cdf", opt.cdf, "CSV file to append each row's latency at every whole percentile to");
  std::string only;
  bool list = false;
  app.add_option("--only", only, "run only these points, by index in --list-points (e.g. 0,3,5-7)");
  app.add_flag("--list-points", list, "print the points (index, fields) as CSV and run none");
  app.add_option("--runs", runs, "repeat every point N times (run + k, seed + k)")->check(CLI::PositiveNumber);
  app.add_option("--port", opt.port, "real: first UDP port (point i uses port+i; 0 = derive from pid)");
  app.add_option("--group", opt.group, "real: multicast group");
  app.add_option("--iface", opt.iface, "real: multicast interface address (the writer's)");
  std::vector<std::string> reader_hosts;
  app.add_option("--reader-host", reader_hosts, "real: where reader i runs (the i-th, round robin): ADDR [CMD ARG...], "
                 "its interface address and the command it runs under (docs/testbed.md)")->allow_extra_args(false);
  std::string loss_at = "process";
  app.add_option("--loss-at", loss_at, "real: where --loss drops: process (in each reader) or host (the testbed's "
                 "nftables at each reader host; the readers inject none)")->check(CLI::IsMember({"process", "host"}));
  app.add_option("--stats-file", opt.stats_file, "real: each process appends its engine's state size there each second");
  app.add_option("--batch-bytes", opt.batch_bytes,
                 "real, NAKcast: largest datagram a batch of due updates fills (0 = one update per datagram)")
      ->check(CLI::Range(std::size_t{0}, wire::kMaxDatagram));
  app.add_option("--linger-ms", linger, "time to keep repairing after the last update");
  std::string mode = "real", bandwidth;
  std::size_t queue = 0;
  std::int64_t delay_us = 100;
  std::vector<double>& burst = opt.burst;
  app.add_option("--mode", mode, "real (processes + UDP multicast) or sim (discrete-event simulator)")
      ->check(CLI::IsMember({"real", "sim"}));
  app.add_option("--bandwidth", bandwidth,
                 "sim: egress bandwidth of every host, e.g. 5KB/s or 40KB/s@50s,5KB/s@10s");
  app.add_option("--queue", queue, "sim: egress queue in packets (0 = unbounded)");
  std::string readers_schedule, timeline;
  app.add_option("--readers-schedule", readers_schedule, "readers taking part over time, repeating, e.g. "
                 "3@20s,25@20s,3@20s (every point's receivers become its largest; real: reader processes join and "
                 "leave, timed from 100 ms before the first update)");
  app.add_option("--timeline", timeline, "sim: CSV file to append each point's latency per second and the adaptive "
                 "writer's epochs to");
  std::string psk;  // refused: a key on the command line leaks through ps
  app.add_option("--psk", psk, "refused (use --psk-file)")->group("");
  app.add_option("--psk-file", opt.psk_file, std::string("pre-shared key file (hex, chmod 600; default $") +
                 auth::kKeyFileEnv + "): every datagram carries HMAC-SHA256, forged/tampered/replayed are dropped");
  app.add_option("--delay-us", delay_us, "sim: propagation delay in microseconds")->check(CLI::NonNegativeNumber);
  double reorder = 0, duplicate = 0;
  app.add_option("--reorder", reorder, "sim: percent of datagrams held back (up to " +
                 std::to_string(sim::kReorderIntervals) + " publish intervals: reordered)")
      ->check(CLI::Range(0.0, 100.0));
  app.add_option("--duplicate", duplicate, "sim: percent of datagrams delivered twice")->check(CLI::Range(0.0, 100.0));
  app.add_option("--burst", burst, "Gilbert loss at the readers, P(good->bad),P(bad->good), instead of --loss")
      ->expected(2)->delimiter(',');
  app.add_option("--loss-schedule", opt.loss_schedule,
                 "the readers' loss follows these phases instead of --loss, repeating: e.g. 0%@10s,3%@10s,0%@10s "
                 "(sim: from t = 0; real: from the first update each reader receives)");

  bool reader = false;
  ReaderArgs ra;
  const std::string hidden;  // empty group name hides the internal options from --help
  app.add_flag("--reader", reader, "internal: reader role")->group(hidden);
  app.add_option("--reader-transport", ra.transport)->group(hidden);
  app.add_option("--reader-group", ra.group)->group(hidden);
  app.add_option("--reader-iface", ra.iface)->group(hidden);
  app.add_option("--reader-port", ra.port)->group(hidden);
  app.add_option("--reader-index", ra.index)->group(hidden);
  app.add_option("--reader-loss", ra.loss)->group(hidden);
  app.add_option("--reader-seed", ra.seed)->group(hidden);
  app.add_option("--reader-updates", ra.updates)->group(hidden);
  app.add_option("--reader-params", ra.params)->group(hidden);
  app.add_option("--reader-rate", ra.rate)->group(hidden);
  app.add_option("--reader-streams", ra.streams)->group(hidden);
  app.add_option("--reader-psk-file", ra.psk_file)->group(hidden);
  app.add_option("--reader-burst", ra.burst)->expected(2)->delimiter(',')->group(hidden);
  app.add_option("--reader-loss-schedule", ra.loss_schedule)->group(hidden);
  app.add_option("--reader-readers-schedule", ra.readers_schedule)->group(hidden);
  app.add_option("--reader-result-fd", ra.result_fd)->group(hidden);
  app.add_option("--reader-ctrl-fd", ra.ctrl_fd)->group(hidden);
  app.add_option("--reader-stats-file", ra.stats_file)->group(hidden);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (reader) {
    try {
      return run_reader(ra, spec);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: reader %d: %s\n", spec.name.c_str(), ra.index, e.what());
      return 1;
    }
  }

  std::vector<Point> points;
  try {
    for (const auto& p : spec.points) {
      for (int k = 0; k < runs.value_or(1); ++k) {
        Point q = p;
        over.apply(q);
        if (runs) {
          q.run = p.run + k;
          q.seed = q.seed + static_cast<std::uint64_t>(k);
        }
        detail::check_point(q);
        points.push_back(q);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), e.what());
    return 2;
  }
  try {
    if (!only.empty()) {
      std::vector<Point> chosen;
      for (const std::size_t i : detail::parse_point_indices(only, points.size())) chosen.push_back(points[i]);
      points = std::move(chosen);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), e.what());
    return 2;
  }
  if (list) {
    std::fputs(detail::list_points(points).c_str(), stdout);
    return 0;
  }
  opt.linger_ms = linger;
  // Below Linux's ephemeral ports (32768 and up by default), so that no socket bound to port 0 in the
  // namespace (a writer's sender, say) can hold a point's port before its readers bind it.
  if (opt.port == 0) opt.port = 20000 + static_cast<int>(::getpid() % 250) * 40;  // 20000..30959 with +i
  std::signal(SIGPIPE, SIG_IGN);  // a dead reader must surface as an error, not kill us
  if (!spec.make_payload) {
    std::fprintf(stderr, "%s: HarnessSpec::make_payload is empty\n", spec.name.c_str());
    return 2;
  }
  const bool sim_mode = mode == "sim";
  if (!psk.empty()) {
    std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), auth::key_on_command_line("--psk").c_str());
    return 2;
  }
  opt.psk_file = auth::key_file_path(opt.psk_file);
  try {  // read now: a bad key file fails before any process starts
    if (!opt.psk_file.empty()) psk = auth::read_key_file(opt.psk_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), e.what());
    return 2;
  }
  std::vector<sim::LossPhase> loss_schedule;
  try {
    for (const auto& h : reader_hosts) opt.hosts.push_back(detail::parse_reader_host(h));
    opt.loss_at_host = loss_at == "host";
    if (opt.loss_at_host && !burst.empty()) throw detail::Failure("--burst is injected in the readers: not with --loss-at host");
    if (!opt.loss_schedule.empty()) {
      const auto schedule = units::parse_loss_schedule(opt.loss_schedule);
      if (!schedule) throw detail::Failure("bad --loss-schedule '" + opt.loss_schedule + "' (e.g. 0%@10s,3%@10s,0%@10s)");
      if (opt.loss_at_host || !burst.empty())
        throw detail::Failure("--loss-schedule is Bernoulli loss in the readers: not with --loss-at host or --burst");
      loss_schedule = *schedule;
    }
    if (sim_mode && (opt.loss_at_host || !opt.hosts.empty())) throw detail::Failure("--reader-host and --loss-at host are for --mode real");
    if (!opt.hosts.empty()) opt.self = detail::own_program();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), e.what());
    return 2;
  }
  if (!sim_mode && (reorder > 0 || duplicate > 0)) {
    std::fprintf(stderr, "%s: --reorder and --duplicate are supported in --mode sim only\n", spec.name.c_str());
    return 2;
  }
  sim::NetConfig net;
  net.delay = std::chrono::microseconds(delay_us);
  net.queue_packets = queue;
  net.psk = psk;
  net.reorder_pct = reorder;
  net.duplicate_pct = duplicate;
  if (!bandwidth.empty()) {
    auto bw = units::parse_bandwidth_schedule(bandwidth);
    if (!bw) {
      std::fprintf(stderr, "%s: bad --bandwidth '%s' (e.g. 5KB/s or 40KB/s@50s,5KB/s@10s)\n", spec.name.c_str(),
                   bandwidth.c_str());
      return 2;
    }
    net.bandwidth = *bw;
  }
  net.burst = gilbert(burst);
  if (!sim_mode && !timeline.empty()) {
    std::fprintf(stderr, "%s: --timeline is for --mode sim\n", spec.name.c_str());
    return 2;
  }
  net.loss_schedule = loss_schedule;
  if (!readers_schedule.empty()) {
    auto rs = units::parse_readers_schedule(readers_schedule);
    if (!rs || sim::max_readers(*rs) < 1) {
      std::fprintf(stderr, "%s: bad --readers-schedule '%s' (e.g. 3@20s,25@20s)\n", spec.name.c_str(), readers_schedule.c_str());
      return 2;
    }
    net.readers_schedule = *rs;
    opt.readers_schedule = readers_schedule;
    for (auto& p : points) p.receivers = sim::max_readers(*rs);
  }

  for (std::size_t i = 0; i < points.size(); ++i) {
    try {
      if (sim_mode) run_sim_point(spec, points[i], net, opt.csv, opt.cdf, timeline);
      else run_point(spec, points[i], opt, opt.port + static_cast<int>(i % 1000));  // fresh port per point
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: %s point %zu (%s) FAILED: %s\n", spec.name.c_str(), sim_mode ? "sim" : "real", i,
                   describe(points[i]).c_str(), e.what());
      return 1;
    }
  }
  return 0;
}

HarnessSpec counter_spec(std::string name, std::size_t bytes, std::vector<Point> points) {
  bytes = std::max<std::size_t>(bytes, 8);
  HarnessSpec s;
  s.name = std::move(name);
  s.points = std::move(points);
  s.payload_bytes = bytes;
  s.make_payload = [bytes](std::uint64_t seq) { return detail::counter_payload(bytes, seq); };
  s.check_payload = [bytes](ByteView b) { return detail::counter_check(bytes, b); };
  return s;
}

}  // namespace adamant::bench
