#include <adamant/adaptive/adaptive_receiver.hpp>
#include <adamant/adaptive/adaptive_sender.hpp>
#include <adamant/auth.hpp>
#include <adamant/contract.hpp>
#include <adamant/replace.hpp>
#include <adamant/setup.hpp>
#include <adamant/sim.hpp>
#include <adamant/units.hpp>

#include "point_common.hpp"
#include "reader_presence.hpp"
#include "sim_in_flight.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

namespace adamant::sim {

// ------------------------------------------------------------------ event queue

void EventQueue::at(Nanos t, Action a) {
  std::uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(actions_.size());
    actions_.push_back(std::move(a));
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
    actions_[slot] = std::move(a);
  }
  heap_.push_back(Item{std::max(t, now_), seq_++, slot});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
}

Nanos EventQueue::next_time() const { return heap_.front().t; }

bool EventQueue::step() {
  if (heap_.empty()) return false;
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  const Item it = heap_.back();
  heap_.pop_back();
  now_ = it.t;
  ++executed_;
  Action a = std::move(actions_[it.slot]);  // out of its slot first: the action may schedule into it
  free_slots_.push_back(it.slot);
  a();
  return true;
}

void EventQueue::run_until(Nanos end) {
  while (!heap_.empty() && heap_.front().t <= end) step();
  now_ = std::max(now_, end);
}

// ------------------------------------------------------------------ one experiment point

namespace {

using bench::detail::Failure;

constexpr std::uint16_t kBasePort = 40000;  // writer; reader i uses kBasePort + 1 + i
constexpr std::uint32_t kLoopback = 0x7F000001;

class PointSim {
 public:
  PointSim(const bench::HarnessSpec& spec, const bench::Point& pt, const NetConfig& net)
      : pt_(pt), net_(net), kind_(bench::detail::check_point(pt)),
        plan_(bench::detail::plan_point(spec, pt)) {
    if (pt.receivers > 20000) throw Failure("simulator supports at most 20000 receivers");
    if (!spec.make_payload) throw Failure("HarnessSpec::make_payload is empty");
    for (const double pct : {net.reorder_pct, net.duplicate_pct})
      if (!(pct >= 0.0 && pct <= 100.0)) throw Failure("reorder and duplicate percentages must be within 0..100");
    Link::Config lc{net.bandwidth, net.queue_packets, net.delay};
    ChannelConfig wcfg = bench::detail::point_channel(pt, false, 0);
    if (wcfg.transport.pace_bytes_per_s == 0 && !net.bandwidth.empty()) {
      std::uint64_t slowest = 0;  // pace to the slowest non-outage phase
      for (const auto& ph : net.bandwidth)
        if (ph.bytes_per_s > 0 && (slowest == 0 || ph.bytes_per_s < slowest)) slowest = ph.bytes_per_s;
      wcfg.transport.pace_bytes_per_s = slowest;
    }
    pace_ = wcfg.transport.pace_bytes_per_s;
    wcfg.psk = net.forge_without_key ? std::string() : net.psk;
    if (!net.psk.empty())  // one sealing epoch per host, derived from the seed: runs repeat
      for (std::size_t i = 0; i <= static_cast<std::size_t>(pt.receivers); ++i)
        host_auth_.emplace_back(net.psk, (pt.seed * 0x9E3779B97F4A7C15ull + i) | (std::uint64_t{1} << 63));
    session_ = static_cast<std::uint32_t>((pt.seed * 0x2545F4914F6CDD1Dull) >> 33) | 1u;
    wcfg_ = wcfg;
    if (net.adaptive && !net.adaptive->table) throw Failure("the adaptive transport needs a decision table");
    for (const auto& ph : net.loss_schedule)
      if (!(ph.loss_pct >= 0.0 && ph.loss_pct <= 100.0) || (net.loss_schedule.size() > 1 && ph.duration.count() <= 0))
        throw Failure("a loss schedule's phases need a loss within 0..100 and (more than one) a duration");
    if (!net.readers_schedule.empty() && max_readers(net.readers_schedule) != pt.receivers)
      throw Failure("with a readers schedule, the point's receivers must be the most readers any phase has");
    writer_ = make_writer(session_);
    hosts_.reserve(static_cast<std::size_t>(pt.receivers) + 1);
    double hz = 0;  // the point's publish rate over every stream
    for (const auto& st : plan_.streams) hz += st.rate_hz;
    interval_ = hz > 0 ? Nanos{static_cast<Nanos::rep>(1e9 / hz)} : Nanos{0};
    hosts_.push_back(Host{Endpoint{kLoopback, kBasePort}, Link(lc), std::nullopt, nullptr, {}, {}, fault_rng(pt.seed, 0)});
    for (int i = 0; i < pt.receivers; ++i) {
      ChannelConfig rcfg = bench::detail::point_channel(pt, true, i);
      rcfg.burst = net.burst;
      const Endpoint ep{kLoopback, static_cast<std::uint16_t>(kBasePort + 1 + i)};
      hosts_.push_back(Host{ep, Link(lc), LossInjector(LossModel{rcfg.loss_pct, rcfg.burst}, rcfg.seed),
                            make_reader(i), {}, {}, fault_rng(pt.seed, static_cast<std::uint64_t>(i) + 1)});
      hosts_.back().r.latencies.resize(plan_.streams.size());
    }
    expected_.resize(plan_.streams.size());
    if (!net.readers_schedule.empty()) set_readers(readers_at(net.readers_schedule, Nanos{0}));
  }

  adaptive::AdaptiveConfig adaptive_config(const ChannelConfig& ch) const {
    adaptive::AdaptiveConfig c;
    c.table = net_.adaptive->table;
    c.channel = ch;
    c.hold = net_.adaptive->hold;
    c.margin_pct = net_.adaptive->margin_pct;
    return c;
  }

  std::unique_ptr<engine::SenderEngine> make_writer(std::uint32_t session) const {
    if (net_.adaptive) return std::make_unique<adaptive::AdaptiveSender>(adaptive_config(wcfg_), session);
    return engine::make_sender(setup::sender_config(wcfg_, session));
  }

  std::unique_ptr<engine::ReceiverEngine> make_reader(int i) const {
    ChannelConfig rcfg = bench::detail::point_channel(pt_, true, i);
    const Endpoint ep{kLoopback, static_cast<std::uint16_t>(kBasePort + 1 + i)};
    if (net_.adaptive)
      return std::make_unique<adaptive::AdaptiveReceiver>(adaptive_config(rcfg), ep, static_cast<std::uint32_t>(i + 1));
    return engine::make_receiver(setup::receiver_config(rcfg, ep, static_cast<std::uint32_t>(i + 1)));
  }

  PointResult run() {
    const Nanos t0 = kFirstUpdateAt;
    const std::uint64_t total = plan_.total();
    for (std::size_t h = 0; h < hosts_.size(); ++h) schedule_tick(h, false);
    if (total > 0) q_.at(t0 + Nanos{plan_.slot(1).offset_ns}, [this] { publish(1); });
    else published_all_ = true;
    schedule_incidents();
    Nanos linger = bench::detail::linger_for(pt_);
    if ((kind_ == TransportKind::Replace || kind_ == TransportKind::Fifo) && pace_ > 0) {
      // Time to drain what replacement leaves queued (one message per tag) at the pace,
      // plus the retransmissions loss causes (at most one per message and lossy receiver).
      // A stream that does not replace may leave all of its updates queued.
      double bytes = 0;
      for (std::size_t s = 0; s < plan_.streams.size(); ++s) {
        const auto& st = plan_.streams[s];
        const double queued = st.replaces ? static_cast<double>(st.tags) : static_cast<double>(plan_.updates[s]);
        bytes += (queued + 2) * static_cast<double>(contract::link_bytes(engine::msg_wire_size(st.payload_bytes)));
      }
      const double retx = 1.0 + std::min(1.0, pt_.loss_pct / 100.0 * pt_.receivers);
      linger = std::max(linger, Nanos{static_cast<Nanos::rep>(retx * bytes / static_cast<double>(pace_) * 1e9)} +
                                    std::chrono::seconds(2));
    }
    const Nanos last_publish = t0 + Nanos{total > 0 ? plan_.slot(total).offset_ns : 0};
    const Nanos end = last_publish + linger;
    std::vector<Nanos> lengths;
    for (const auto& ph : net_.readers_schedule) lengths.push_back(ph.duration);
    for (const Nanos t : phase_changes(lengths, end))
      q_.at(t, [this] { set_readers(readers_at(net_.readers_schedule, q_.now())); });
    while (!q_.empty()) {
      if (q_.next_time() > end) break;
      q_.step();
      if (published_all_ && done_ + away_ == pt_.receivers) break;
    }

    PointResult res;
    std::vector<std::vector<std::int64_t>> lat(plan_.streams.size());
    for (std::size_t h = 1; h < hosts_.size(); ++h) {
      auto& x = hosts_[h];
      for (std::size_t s = 0; s < lat.size(); ++s)
        lat[s].insert(lat[s].end(), x.r.latencies[s].begin(), x.r.latencies[s].end());
      retired_rx_.push_back(std::move(x.rx));
      res.corrupt += x.r.corrupt;
      res.order_errors += x.r.order_errors;
      res.injected_drops += x.loss->drops();
    }
    for (const auto& rx : retired_rx_) {
      res.unrecoverable += rx->stats().unrecoverable;
      res.naks += rx->stats().naks_sent;
      res.nak_sequences += rx->stats().nak_sequences;
      res.repairs_sent += rx->stats().repairs_sent;
      res.recovered += rx->stats().recovered;
    }
    for (const auto& x : hosts_) res.link_drops += x.egress.dropped();
    for (const auto& a : host_auth_) res.auth_rejected += a.rejected();
    res.injected_drops += scheduled_drops_;
    res.tampered = tampered_;
    res.reordered = reordered_;
    res.duplicated = duplicated_;
    res.retransmits = retired_retransmits_ + writer_->stats().retransmitted;
    res.repaired = writer_->stats().repaired;
    res.repairs_sent += retired_repairs_ + writer_->stats().repairs_sent;  // FEC: the sender's repairs
    res.partitioned = partitioned_;
    res.published_before = published_before_;
    res.session_resets = session_resets_;
    if (writer_restart_ns_) res.stale_feedback = writer_->stats().rejected;
    res.writer_state_max = writer_state_max_;
    res.writer_state = std::move(writer_state_);
    res.events = q_.executed();
    res.end_time = q_.now();
    for (std::size_t s = 0; s < lat.size(); ++s) {
      res.rows.push_back(bench::detail::stream_row(pt_, plan_, s, std::move(lat[s])));
      auto& row = res.rows.back();
      if (!net_.readers_schedule.empty()) bench::detail::set_delivery_of_owed(row, expected_[s]);  // what each was there for
    }
    res.deliveries = std::move(records_);
    std::vector<std::vector<std::uint64_t>> delivered(hosts_.size() - 1);
    for (const auto& d : res.deliveries) delivered[static_cast<std::size_t>(d.reader)].push_back(d.sequence);
    bench::detail::set_replaced(plan_, pt_, delivered, res.rows);
    bench::detail::set_sender_counts(*writer_, plan_, res.rows);
    if (const auto* rs = dynamic_cast<const engine::ReplaceSender*>(writer_.get())) {
      const auto& s = rs->replace_stats();
      res.replaced_queued = s.replaced_queued;
      res.replaced_inflight = s.replaced_inflight;
      res.expired = s.expired;
      res.transmitted = s.transmitted;
      res.srtt = s.srtt;
      res.estimate_bytes_per_s = s.estimate_bytes_per_s;
      res.bandwidth_samples = s.bandwidth_samples;
    }
    for (auto& row : res.rows) bench::detail::set_bytes(row, bytes_);
    if (const auto* a = dynamic_cast<const adaptive::AdaptiveSender*>(writer_.get())) {
      res.timeline = a->timeline();
      res.srtt = a->measured_rtt(q_.now()).value_or(Nanos{0});
      res.rtt_mismatches = a->rtt_mismatches();
      res.rtt_warning = a->rtt_warning();
      for (const auto& c : a->table().candidates()) res.candidates.push_back(c.name);
      for (auto& row : res.rows) row.switches = a->switches();
    }
    // NetConfig::adaptive in place of the point's transport: the row names the transport it ran.
    if (net_.adaptive) {
      char margin[32];
      std::snprintf(margin, sizeof margin, "%g", net_.adaptive->margin_pct);
      const std::string params = "hold=" +
                                 format_duration(std::chrono::duration_cast<std::chrono::microseconds>(net_.adaptive->hold)) +
                                 ";margin=" + margin;
      for (auto& row : res.rows) row.transport = "adaptive", row.transport_params = params;
    }
    res.row = res.rows.front();
    return res;
  }

 private:
  struct ReaderRecord {
    std::vector<std::vector<std::int64_t>> latencies;  // per stream
    std::uint64_t last_seq = 0, corrupt = 0, order_errors = 0;
    bool done = false;
    bool rejoined = false;    // the engine was restarted
    bool new_session = false;  // the restarted writer's session seen
    bool away = false;         // not taking part now (NetConfig::readers_schedule)
    // The first update published since it last came back: earlier ones, still in flight when it
    // joined, are not counted (nor owed: expected_ counts only what is published while it takes part,
    // less what could not reach it before it left: forgive_unreachable).
    std::uint64_t first_owed = 0;
  };
  struct Host {
    Endpoint ep;
    Link egress;
    std::optional<LossInjector> loss;            // readers: the Subscriber's loss injection
    std::unique_ptr<engine::ReceiverEngine> rx;  // null for the writer
    std::optional<Nanos> tick_at;
    ReaderRecord r;
    std::mt19937_64 faults;  // reordering and duplication of what arrives here
  };
  // Host h's fault stream: apart from its loss stream, distinct per host and point seed.
  static std::mt19937_64 fault_rng(std::uint64_t seed, std::uint64_t h) {
    return std::mt19937_64((seed ^ 0xFA0175EEDull) * 0x9E3779B97F4A7C15ull + h);
  }
  using InFlight = detail::InFlight;

  void schedule_incidents() {
    const Incidents& in = net_.incidents;
    if (in.reader_restart_at && pt_.receivers > 0)
      q_.at(*in.reader_restart_at, [this] {
        auto& x = hosts_[1];
        published_before_ = published_;
        retired_rx_.push_back(std::move(x.rx));
        x.rx = make_reader(0);
        x.r.rejoined = true;
        x.tick_at.reset();
      });
    if (in.reader_stop_at && pt_.receivers > 0)
      q_.at(*in.reader_stop_at, [this] {
        auto& x = hosts_[1];
        if (!x.r.done) ++done_;
        x.r.done = true;  // takes nothing more, ticks no more
        x.tick_at.reset();
      });
    if (in.writer_restart_at)
      q_.at(*in.writer_restart_at, [this] {
        published_before_ = published_;
        writer_restart_ns_ = q_.now().count();
        retired_retransmits_ += writer_->stats().retransmitted;
        retired_repairs_ += writer_->stats().repairs_sent;
        writer_ = make_writer(session_ + 2);
        hosts_[0].tick_at.reset();
        schedule_tick(0, false);
      });
  }

  // Readers 0 .. n - 1 take part from now on: those coming back join late with a new engine.
  void set_readers(int n) {
    for (std::size_t h = 1; h < hosts_.size(); ++h) {
      auto& x = hosts_[h];
      const bool in = static_cast<int>(h) - 1 < n;
      if (in == !x.r.away) continue;
      x.tick_at.reset();
      if (!in) {
        x.r.away = true;
        if (!x.r.done) ++away_;
        forgive_unreachable(x.r.first_owed);
        continue;
      }
      x.r.away = false;
      x.r.first_owed = published_ + 1;
      if (x.r.done) continue;
      --away_;
      retired_rx_.push_back(std::move(x.rx));
      x.rx = make_reader(static_cast<int>(h) - 1);
      schedule_tick(h, false);
    }
  }

  // A reader leaving now is not owed the updates (from `first_owed` on) that no transport could have
  // brought it before it left: bare, on the writer's idle link, they would arrive after now (as one
  // coming back is not owed those published before).
  void forgive_unreachable(std::uint64_t first_owed) {
    for (std::uint64_t seq = published_; seq >= std::max<std::uint64_t>(first_owed, 1); --seq) {
      const auto& slot = plan_.slot(seq);
      const std::size_t bytes = contract::link_bytes(engine::msg_wire_size(plan_.streams[slot.stream].payload_bytes));
      if (hosts_[0].egress.transmit_end(kFirstUpdateAt + Nanos{slot.offset_ns}, bytes) + net_.delay <= q_.now()) break;
      --expected_[slot.stream];
    }
  }

  // The point's sequence of a delivery: the restarted writer numbers its updates from 1 again.
  std::uint64_t point_sequence(const engine::Delivery& d) const {
    return writer_restart_ns_ && d.send_time_ns >= *writer_restart_ns_ ? d.sequence + published_before_ : d.sequence;
  }

  void publish(std::uint64_t seq) {
    published_ = seq;
    for (std::size_t h = 1; h < hosts_.size(); ++h) expected_[plan_.slot(seq).stream] += hosts_[h].r.away ? 0 : 1;
    auto payload = plan_.payload(seq);
    const ByteView bytes{payload.data(), payload.size()};
    if (pt_.streams.empty()) {
      writer_->publish_tagged(plan_.tag(seq), bytes, q_.now(), out_);
    } else {
      const auto& st = plan_.streams[plan_.slot(seq).stream];
      writer_->publish_in_class(plan_.tag(seq), bench::detail::stream_class(st), st.replaces, bytes, q_.now(), out_);
    }
    // The next update is queued before the writer's timer (handle), so an update and a timer due at the
    // same instant run update first, however the writer's timers were scheduled before (an idle
    // heartbeat is not idle when an update goes out with it).
    if (seq < plan_.total())
      q_.at(kFirstUpdateAt + Nanos{plan_.slot(seq + 1).offset_ns}, [this, seq] { publish(seq + 1); });
    else
      published_all_ = true;
    handle(0, false);
  }

  void handle(std::size_t h, bool after_tick) {
    // What the engine wrote into out_, handled in place (nothing here calls an engine) and then
    // cleared: its buffers are kept for the engines' next output.
    engine::Output& out = out_;
    if (h > 0 && out.datagrams.empty() && out.deliveries.empty() && out.events.empty()) {
      note_done(hosts_[h]);  // most datagrams (heartbeats) make a reader write nothing
      schedule_tick(h, after_tick);
      return;
    }
    engine::count_sent(out, bytes_);
    for (auto& d : out.datagrams) send(h, d);
    if (h == 0) {
      const std::size_t entries = writer_->state_entries();
      writer_state_max_ = std::max(writer_state_max_, entries);
      while (q_.now() >= Nanos{std::chrono::seconds(static_cast<std::int64_t>(writer_state_.size()))})
        writer_state_.push_back(entries);
    }
    if (h > 0) {
      auto& x = hosts_[h];
      for (const auto& e : out.events)
        if (e.kind == engine::EventKind::SessionReset) ++session_resets_, x.r.new_session = true;
      for (const auto& d : out.deliveries) {
        if (x.r.done || x.r.away) break;
        const std::uint64_t seq = point_sequence(d);
        if (seq < x.r.first_owed) continue;
        const std::int64_t latency = q_.now().count() - d.send_time_ns;
        records_.push_back({static_cast<int>(h) - 1, seq, latency, x.r.rejoined});
        if (!plan_.check(seq, ByteView{d.payload.data(), d.payload.size()})) ++x.r.corrupt;
        if (seq >= 1 && seq <= plan_.total()) x.r.latencies[plan_.slot(seq).stream].push_back(latency);
        if (seq <= x.r.last_seq) ++x.r.order_errors;
        x.r.last_seq = seq;
      }
      note_done(x);
    }
    out.clear();
    schedule_tick(h, after_tick);
  }

  // A reader is done once everything published is delivered or given up.
  void note_done(Host& x) {
    const std::uint64_t base = x.r.new_session ? published_before_ : 0;
    if (!x.r.done && !x.r.away && published_all_ && x.rx->accounted_through() + base >= plan_.total()) {
      x.r.done = true;
      ++done_;
    }
  }

  std::optional<Nanos> deadline(std::size_t h) const {
    return h == 0 ? writer_->next_deadline() : hosts_[h].rx->next_deadline();
  }

  void schedule_tick(std::size_t h, bool after_tick) {
    auto& x = hosts_[h];
    if (h > 0 && (x.r.done || x.r.away)) return;
    auto d = deadline(h);
    if (!d) return;
    // After a tick, never re-tick at the same instant (an engine whose deadline stays
    // due would otherwise spin); 1 us is far below every protocol timer.
    const Nanos t = std::max(*d, q_.now() + (after_tick ? Nanos{1000} : Nanos{0}));
    if (x.tick_at && *x.tick_at <= t) return;
    x.tick_at = t;
    q_.at(t, [this, h] {  // runs at t (>= now): q_.now() is t
      auto& y = hosts_[h];
      if (y.tick_at != q_.now()) return;  // superseded by an earlier tick
      y.tick_at.reset();
      if (h == 0) writer_->on_tick(q_.now(), out_);
      else y.rx->on_tick(q_.now(), out_);
      handle(h, true);
    });
  }

  void send(std::size_t h, engine::OutDatagram& d) {
    if (!host_auth_.empty() && !(h == 0 && net_.forge_without_key))
      d.bytes = host_auth_[h].seal(ByteView{d.bytes.data(), d.bytes.size()}, q_.now().count());
    // the link carries the datagram's headers too, as a real (shaped) link does
    const auto arrival = hosts_[h].egress.offer(q_.now(), contract::link_bytes(d.bytes.size()));
    if (!arrival) return;
    if (d.dest == engine::Dest::Group) {
      if (net_.reorder_pct == 0.0 && net_.duplicate_pct == 0.0) {
        // One event delivers to every member in host order: the same order as one event per member
        // (their times are equal and they would run one after the other), without an event each.
        const std::uint64_t key = InFlight::route(0, h, flight_.hold(d.bytes, 1));
        q_.at(*arrival, [this, key] {
          const std::size_t src = InFlight::src(key);
          const std::uint32_t slot = InFlight::slot(key);
          // Decoded once for every member when each gets the same bytes (no tampering or sealing).
          std::optional<wire::Packet> pkt;
          if (host_auth_.empty() && net_.tamper_pct == 0.0) {
            const auto& bytes = flight_.bytes(slot);
            pkt = wire::decode(ByteView{bytes.data(), bytes.size()});
          }
          for (std::size_t dst = 1; dst < hosts_.size(); ++dst)
            if (dst != src) arrive(dst, src, slot, pkt ? &*pkt : nullptr);
          flight_.release(slot);
        });
        return;
      }
      const std::uint32_t slot = flight_.hold(d.bytes, 1);  // this reference is let go below
      for (std::size_t dst = 1; dst < hosts_.size(); ++dst)
        if (dst != h) reach(dst, h, *arrival, slot);
      flight_.release(slot);
      return;
    }
    if (d.peer.ipv4 != kLoopback || d.peer.port < kBasePort) return;  // nobody there
    const std::size_t dst = d.peer.port - kBasePort;
    if (dst >= hosts_.size() || dst == h) return;
    const std::uint32_t slot = flight_.hold(d.bytes, 1);
    reach(dst, h, *arrival, slot);
    flight_.release(slot);
  }

  // Schedules the datagram's arrival at `dst`, held back or doubled as NetConfig says.
  void reach(std::size_t dst, std::size_t src, Nanos arrival, std::uint32_t slot) {
    auto& rng = hosts_[dst].faults;
    auto chance = [&rng](double pct) {
      return pct > 0.0 && std::uniform_real_distribution<double>(0.0, 100.0)(rng) < pct;
    };
    auto upto = [&rng](Nanos max) {
      return Nanos{std::uniform_int_distribution<Nanos::rep>(1, std::max<Nanos::rep>(1, max.count()))(rng)};
    };
    Nanos t = arrival;
    if (chance(net_.reorder_pct)) {
      t += upto(interval_ * kReorderIntervals);
      ++reordered_;
    }
    const std::uint64_t key = InFlight::route(dst, src, slot);
    auto deliver = [this, key] {
      arrive(InFlight::dst(key), InFlight::src(key), InFlight::slot(key));
      flight_.release(InFlight::slot(key));
    };
    flight_.add_ref(slot);
    q_.at(t, deliver);
    if (chance(net_.duplicate_pct)) {
      ++duplicated_;
      flight_.add_ref(slot);
      q_.at(arrival + upto(interval_), deliver);
    }
  }

  // The datagram in `slot` reaches host `dst`; `decoded`, when given, is that datagram decoded.
  void arrive(std::size_t dst, std::size_t src, std::uint32_t slot, const wire::Packet* decoded = nullptr) {
    auto& x = hosts_[dst];
    const auto& bytes = flight_.bytes(slot);
    ByteView v{bytes.data(), bytes.size()};
    std::vector<std::uint8_t> flipped;
    if (dst > 0 && net_.tamper_pct > 0.0 && !bytes.empty()) {
      if (x.loss->chance(net_.tamper_pct)) {
        flipped = bytes;
        flipped[x.loss->index_below(flipped.size())] ^= 0x20;
        v = ByteView{flipped.data(), flipped.size()};
        ++tampered_;
      }
    }
    if (!host_auth_.empty()) {
      auto opened = host_auth_[dst].open(v, q_.now().count());
      if (!opened) return;
      v = *opened;
    }
    const auto& in = net_.incidents;
    if (in.partition_at && q_.now() >= *in.partition_at && q_.now() < *in.partition_at + in.partition_for) {
      ++partitioned_;
      return;
    }
    if (dst == 0) {
      writer_->on_datagram(v, hosts_[src].ep, q_.now(), out_);
      handle(0, false);
      return;
    }
    if (x.r.done || x.r.away) return;
    if (net_.loss_schedule.empty() ? x.loss->drop() : x.loss->chance(loss_at(net_.loss_schedule, q_.now()))) {
      if (!net_.loss_schedule.empty()) ++scheduled_drops_;
      return;
    }
    if (decoded) x.rx->on_packet(*decoded, v, hosts_[src].ep, q_.now(), out_);
    else x.rx->on_datagram(v, hosts_[src].ep, q_.now(), out_);
    handle(dst, false);
  }

  const bench::Point& pt_;
  const NetConfig& net_;
  TransportKind kind_;
  bench::detail::Plan plan_;
  EventQueue q_;
  std::unique_ptr<engine::SenderEngine> writer_;
  ChannelConfig wcfg_;    // the writer's, for its restart
  std::uint32_t session_ = 0;
  std::vector<Host> hosts_;
  std::vector<std::unique_ptr<engine::ReceiverEngine>> retired_rx_;  // restarted readers' engines, then all
  std::uint64_t retired_retransmits_ = 0, retired_repairs_ = 0;      // the restarted writer's
  std::uint64_t published_ = 0, published_before_ = 0, partitioned_ = 0, session_resets_ = 0;
  std::optional<std::int64_t> writer_restart_ns_;
  std::size_t writer_state_max_ = 0;
  std::vector<std::size_t> writer_state_;
  engine::Output out_;  // what the engines write, emptied by handle()
  InFlight flight_;     // datagrams in flight, by slot
  engine::WireBytes bytes_;
  std::vector<DeliveryRecord> records_;
  std::uint64_t pace_ = 0;
  std::vector<auth::Authenticator> host_auth_;  // per host: seals what it sends, opens what it gets
  std::uint64_t tampered_ = 0, reordered_ = 0, duplicated_ = 0, scheduled_drops_ = 0;
  Nanos interval_{0};  // the point's mean publish interval (reordering's scale)
  bool published_all_ = false;
  int done_ = 0;
  int away_ = 0;                        // readers away and not done
  std::vector<std::uint64_t> expected_;  // per stream: deliveries the readers taking part owed
};

}  // namespace

PointResult run_point(const bench::HarnessSpec& spec, const bench::Point& pt, const NetConfig& net) {
  PointSim sim(spec, pt, net);
  return sim.run();
}

}  // namespace adamant::sim
