#include <adamant/engine/replace_sender.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace adamant::engine {

ReplaceSender::ReplaceSender(ReplaceConfig cfg) : cfg_(cfg) {
  if (cfg_.max_receivers == 0) throw std::invalid_argument("adamant::engine::ReplaceSender: max_receivers must be >= 1");
  if (cfg_.bwe_min_bytes_per_s == 0 || cfg_.bwe_max_bytes_per_s < cfg_.bwe_min_bytes_per_s)
    throw std::invalid_argument("adamant::engine::ReplaceSender: need 0 < bwe_min_bytes_per_s <= bwe_max_bytes_per_s");
  start_rate_ = std::clamp(static_cast<double>(cfg_.pace_bytes_per_s ? cfg_.pace_bytes_per_s : cfg_.bwe_initial_bytes_per_s),
                           static_cast<double>(cfg_.bwe_min_bytes_per_s), static_cast<double>(cfg_.bwe_max_bytes_per_s));
  tokens_ = static_cast<double>(cfg_.pace_burst_bytes);
  sync_stats();
}

std::uint64_t ReplaceSender::publish(ByteView payload, Nanos now, Output& out) {
  return publish_tagged(0, payload, now, out);
}

std::uint64_t ReplaceSender::publish_tagged(std::uint32_t tag, ByteView payload, Nanos now, Output& out) {
  return replace(tag, payload, cfg_.default_class, now, out);
}

std::uint64_t ReplaceSender::publish_message(std::uint32_t tag, std::uint8_t priority, bool replaces,
                                             ByteView payload, Nanos now, Output& out) {
  MessageClass cls = cfg_.default_class;
  cls.priority = priority;
  return publish_in_class(tag, cls, replaces, payload, now, out);
}

std::uint64_t ReplaceSender::publish_in_class(std::uint32_t tag, const MessageClass& cls, bool replaces,
                                              ByteView payload, Nanos now, Output& out) {
  return replaces ? replace(tag, payload, cls, now, out) : send(tag, payload, cls, now, out);
}

std::uint64_t ReplaceSender::replace(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now,
                                     Output& out) {
  const auto id = enqueue(tag, payload, cls, cfg_.replacement, now);
  pump(now, out);
  return id;
}

std::uint64_t ReplaceSender::send(std::uint32_t tag, ByteView payload, const MessageClass& cls, Nanos now,
                                  Output& out) {
  const auto id = enqueue(tag, payload, cls, false, now);
  pump(now, out);
  return id;
}

std::size_t ReplaceSender::cancel(std::uint32_t tag) {
  const auto n = drop_tag(tag, true);
  sync_stats();
  return n;
}

std::size_t ReplaceSender::drop_tag(std::uint32_t tag, bool by_cancel) {
  std::size_t n = 0;
  for (auto it = queue_.begin(); it != queue_.end();) {
    if (it->second.tag == tag) {
      it = queue_.erase(it);
      ++n;
      if (by_cancel) ++rstats_.cancelled;
      else ++rstats_.replaced_queued;
    } else {
      ++it;
    }
  }
  for (auto it = inflight_.begin(); it != inflight_.end();) {
    if (it->second.msg.tag == tag) {
      for (const auto& o : it->second.owed) ++conns_.at(o.conn).stats.cancelled;
      if (!it->second.owed.empty()) {
        ghosts_.emplace(it->first, Ghost{msg_wire_size(it->second.msg.body.size()) + cfg_.pace_overhead_bytes,
                                         it->second.first_tx, std::move(it->second.owed)});
        if (ghosts_.size() > kMaxGhosts) ghosts_.erase(ghosts_.begin());
      }
      it = inflight_.erase(it);
      ++n;
      if (by_cancel) ++rstats_.cancelled;
      else ++rstats_.replaced_inflight;
    } else {
      ++it;
    }
  }
  rstats_.tags[tag].cancelled += n;
  return n;
}

std::uint64_t ReplaceSender::enqueue(std::uint32_t tag, ByteView payload, const MessageClass& cls, bool replace,
                                     Nanos now) {
  if (payload.size > wire::kMaxPayload - wire::kMsgFixedSize)
    throw std::length_error("adamant::engine::ReplaceSender: message too large");
  if (replace) drop_tag(tag, false);
  const std::uint64_t id = next_id_++;
  Msg m{id, tag, cls, 0, now, now.count(),  // flow_seq: numbered at the first transmission (pump)
        std::vector<std::uint8_t>(payload.data, payload.data + payload.size)};
  queue_.emplace(QKey{-static_cast<int>(cls.priority), id}, std::move(m));
  ++rstats_.enqueued;
  ++stats_.published;
  return id;
}

Nanos ReplaceSender::conn_rto(const Conn& c) const {
  if (!c.srtt) return cfg_.initial_rto;
  // RFC 6298's floor under the variance term: on a constant round trip rttvar decays to 0 and
  // an RTO of srtt would fire just before every ACK.
  return std::clamp(*c.srtt + std::max(cfg_.rto_margin, 4 * *c.rttvar), cfg_.min_rto, cfg_.max_rto);
}

Nanos ReplaceSender::group_rto() const {
  // An unknown receiver has no estimate: the slowest known one's, or the initial RTO.
  Nanos r{0};
  for (const auto& kv : conns_) r = std::max(r, kv.second.rto);
  return conns_.empty() ? cfg_.initial_rto : r;
}

std::size_t ReplaceSender::obligations() const {
  std::size_t n = 0;
  for (const auto& kv : inflight_) n += kv.second.owed.size();
  return n;
}

std::map<std::uint64_t, std::size_t> ReplaceSender::owed_bytes() const {
  std::map<std::uint64_t, std::size_t> owed;
  for (const auto& kv : inflight_) {
    const std::size_t bytes = msg_wire_size(kv.second.msg.body.size()) + cfg_.pace_overhead_bytes;
    for (const auto& o : kv.second.owed) owed[o.conn] += bytes;
  }
  for (const auto& kv : ghosts_)
    for (const auto& o : kv.second.owed) owed[o.conn] += kv.second.bytes;
  return owed;
}

std::vector<std::uint64_t> ReplaceSender::inflight_full(const std::map<std::uint64_t, std::size_t>& owed,
                                                         std::size_t bytes) const {
  std::vector<std::uint64_t> full;
  if (!cfg_.estimate_bandwidth) return full;
  for (const auto& [key, in_flight] : owed) {
    const auto& c = conns_.at(key);
    if (!c.min_rtt) continue;
    const double bound = cfg_.bwe_inflight_gain * c.bw.bytes_per_s() * static_cast<double>(c.min_rtt->count()) * 1e-9;
    if (static_cast<double>(in_flight + bytes) > std::max(bound, static_cast<double>(bytes))) full.push_back(key);
  }
  return full;
}

ReplaceSender::Queue::const_iterator ReplaceSender::head() const {
  if (queue_.empty() || !cfg_.replacement) return queue_.begin();
  // Round-robin among the tags of the highest priority queued: the tag served least recently
  // (never: first), its oldest message.
  const int top = queue_.begin()->first.first;
  auto best = queue_.end();
  std::uint64_t best_served = 0;
  for (auto it = queue_.begin(); it != queue_.end() && it->first.first == top; ++it) {
    const auto s = served_.find(it->second.tag);
    const std::uint64_t served = s == served_.end() ? 0 : s->second;
    if (best == queue_.end() || served < best_served) {
      best = it;
      best_served = served;
      if (served == 0) break;  // id order: no older message of a never-served tag follows
    }
  }
  return best;
}

std::uint64_t ReplaceSender::low_water() const {
  std::uint64_t lw = next_id_;
  if (!inflight_.empty()) lw = std::min(lw, inflight_.begin()->first);
  for (const auto& kv : queue_)
    if (kv.second.cls.reliable) lw = std::min(lw, kv.second.id);
  return lw;
}

// Queued messages have no flow sequence yet (numbered when first sent), so neither bound
// waits for a message that priority keeps in the queue.
std::uint64_t ReplaceSender::flow_low(int flow) const {
  std::uint64_t lo = next_flow_seq_[flow];
  for (const auto& kv : inflight_)
    if (flow_of(kv.second.msg.cls) == flow) lo = std::min(lo, kv.second.msg.flow_seq);
  return lo;
}

std::uint64_t ReplaceSender::flow_prev(int flow, std::uint64_t below) const {
  std::uint64_t p = 0;
  for (const auto& kv : inflight_)
    if (flow_of(kv.second.msg.cls) == flow && kv.second.msg.flow_seq < below) p = std::max(p, kv.second.msg.flow_seq);
  return p;
}

double ReplaceSender::estimate() const {
  if (conns_.empty()) return start_rate_;
  double e = std::numeric_limits<double>::infinity();
  for (const auto& kv : conns_) e = std::min(e, kv.second.bw.bytes_per_s());
  return e;
}

double ReplaceSender::pace_rate() const {
  if (!cfg_.estimate_bandwidth) return static_cast<double>(cfg_.pace_bytes_per_s);
  return estimate() * pacing_gain(round_);
}

void ReplaceSender::refill(Nanos now) {
  if (!paced()) return;
  if (last_refill_ && now > *last_refill_) {
    const double dt = static_cast<double>((now - *last_refill_).count()) * 1e-9;
    tokens_ = std::min(static_cast<double>(cfg_.pace_burst_bytes), tokens_ + dt * pace_rate());
  }
  if (!last_refill_ || now > *last_refill_) last_refill_ = now;
  if (cfg_.estimate_bandwidth) {
    // Probe rounds of one (slowest) smoothed RTT, and long enough for 4 datagrams of the
    // newest queued message at the estimate (a round must carry a few samples).
    Nanos len = std::max(rstats_.srtt, cfg_.bwe_min_round);
    if (!queue_.empty()) {
      const double bytes = 4.0 * static_cast<double>(msg_wire_size(head()->second.body.size()));
      len = std::max(len, Nanos{static_cast<Nanos::rep>(bytes * 1e9 / estimate())});
    }
    if (!round_start_) {
      round_start_ = now;
    } else if (now >= *round_start_ + len) {
      const auto k = (now - *round_start_) / len;
      round_ += static_cast<std::uint64_t>(k);
      *round_start_ += k * len;
    }
  }
}

void ReplaceSender::transmit(const Msg& m, Dest dest, const Endpoint& peer, Output& out) {
  wire::MsgInfo info;
  info.tag = m.tag;
  info.reliable = m.cls.reliable;
  info.sequenced = m.cls.sequenced;
  info.priority = m.cls.priority;
  info.flow_seq = m.flow_seq;
  info.low_water = std::min(low_water(), m.id);
  if (m.id > info.low_water)  // a receiver without low_water - 1 may stop exactly there
    if (auto g = ghosts_.find(info.low_water - 1); g != ghosts_.end()) g->second.skip_announced = true;
  info.flow_low = std::min(flow_low(flow_of(m.cls)), m.flow_seq);
  info.flow_prev = flow_prev(flow_of(m.cls), m.flow_seq);
  out.datagrams.push_back({dest, peer,
                           wire::encode_msg(cfg_.session, cfg_.stream_id, m.id, m.send_time_ns, info,
                                            ByteView{m.body.data(), m.body.size()})});
  if (paced()) tokens_ -= static_cast<double>(out.datagrams.back().bytes.size() + cfg_.pace_overhead_bytes);
  ++rstats_.transmitted;
}

void ReplaceSender::retransmit(Inflight& f, Nanos now, Output& out) {
  std::size_t due = 0;
  const Owed* one = nullptr;
  for (const auto& o : f.owed)
    if (o.last_tx + conns_.at(o.conn).rto <= now) ++due, one = &o;
  // Karn: a timeout doubles the receiver's RTO (at most once per RTO, as one TCP timer would)
  // until an unambiguous sample resets it, so a path that got slower is not flooded with
  // retransmissions that could never be measured.
  for (const auto& o : f.owed) {
    auto& c = conns_.at(o.conn);
    if (o.last_tx + c.rto <= now && (!c.backed_off || *c.backed_off + c.rto <= now)) {
      c.rto = std::min(2 * c.rto, cfg_.max_rto);
      c.backed_off = now;
    }
  }
  if (due == 1 && !group_due(f, now)) {
    const std::uint64_t key = one->conn;
    auto& c = conns_.at(key);
    transmit(f.msg, Dest::Peer, c.ep, out);
    const auto snap = on_sent(c.delivery, msg_wire_size(f.msg.body.size()) + cfg_.pace_overhead_bytes, now);
    for (auto& o : f.owed)
      if (o.conn == key) o.last_tx = now, ++o.tx, o.snap = snap;
    ++c.stats.retransmissions;
  } else {  // several receivers (or one not known yet) miss it: one multicast serves them all
    transmit(f.msg, Dest::Group, {}, out);
    f.last_tx = now;
    ++f.tx;
    for (auto& o : f.owed) {
      o.last_tx = now, ++o.tx;
      auto& c = conns_.at(o.conn);
      ++c.stats.retransmissions;
      o.snap = on_sent(c.delivery, msg_wire_size(f.msg.body.size()) + cfg_.pace_overhead_bytes, now);
    }
  }
  ++rstats_.retransmissions;
  ++stats_.retransmitted;
}

void ReplaceSender::drop_conns(const std::vector<std::uint64_t>& keys) {
  if (keys.empty()) return;
  for (auto k : keys) {
    if (conns_.erase(k)) ++rstats_.receivers_dropped;
  }
  for (auto it = inflight_.begin(); it != inflight_.end();) {
    auto& owed = it->second.owed;
    owed.erase(std::remove_if(owed.begin(), owed.end(), [&](const Owed& o) { return !conns_.count(o.conn); }),
               owed.end());
    if (complete(it->second)) {
      ++rstats_.acked;
      it = inflight_.erase(it);
    } else {
      ++it;
    }
  }
}

void ReplaceSender::pump(Nanos now, Output& out) {
  // Enqueue timeout and retry timeout.
  if (cfg_.enqueue_timeout.count() > 0)
    for (auto it = queue_.begin(); it != queue_.end();) {
      if (now - it->second.enqueued > cfg_.enqueue_timeout) {
        it = queue_.erase(it);
        ++rstats_.expired;
      } else {
        ++it;
      }
    }
  std::vector<std::uint64_t> gone;  // silent since before an abandoned message was sent
  for (auto it = inflight_.begin(); it != inflight_.end();) {
    if (now - it->second.first_tx >= cfg_.retry_timeout) {
      for (const auto& o : it->second.owed) {
        auto& c = conns_.at(o.conn);
        ++c.stats.abandoned;
        if (c.last_heard < it->second.first_tx &&
            std::find(gone.begin(), gone.end(), o.conn) == gone.end())
          gone.push_back(o.conn);
      }
      it = inflight_.erase(it);
      ++rstats_.abandoned;
    } else {
      ++it;
    }
  }
  drop_conns(gone);
  for (auto it = ghosts_.begin(); it != ghosts_.end();)
    it = now - it->second.first_tx >= cfg_.retry_timeout ? ghosts_.erase(it) : std::next(it);
  refill(now);
  for (;;) {
    // Due retransmissions first (oldest id), then the queue head.
    Inflight* due = nullptr;
    for (auto& kv : inflight_) {
      auto& f = kv.second;
      if (group_due(f, now) ||
          std::any_of(f.owed.begin(), f.owed.end(),
                      [&](const Owed& o) { return o.last_tx + conns_.at(o.conn).rto <= now; })) {
        due = &f;
        break;
      }
    }
    const auto next = head();
    const Msg* m = due ? &due->msg : (next == queue_.end() ? nullptr : &next->second);
    if (!m) break;
    const auto size = static_cast<double>(msg_wire_size(m->body.size()) + cfg_.pace_overhead_bytes);
    if (paced() && tokens_ < std::min(size, static_cast<double>(cfg_.pace_burst_bytes)))
      break;
    if (!due && cfg_.estimate_bandwidth) {
      const auto full = inflight_full(owed_bytes(), msg_wire_size(m->body.size()) + cfg_.pace_overhead_bytes);
      if (!full.empty()) {
        held_ = full;
        break;
      }
    }
    if (due) {
      retransmit(*due, now, out);
    } else {
      auto node = queue_.extract(next);
      Msg& msg = node.mapped();
      served_[msg.tag] = ++serves_;
      msg.flow_seq = next_flow_seq_[flow_of(msg.cls)]++;  // flow order = first-transmission order
      transmit(msg, Dest::Group, {}, out);
      ++rstats_.tags[msg.tag].sent;
      if (msg.cls.reliable) {
        const std::uint64_t id = msg.id;
        Inflight f{std::move(msg), now, now, 1, {}};
        f.owed.reserve(conns_.size());
        const std::size_t bytes = msg_wire_size(f.msg.body.size()) + cfg_.pace_overhead_bytes;
        const bool app_limited = queue_.empty() || pacing_gain(round_) < 1.0;
        // Estimating, a receiver that owes nothing measures from this message (fixed pace: the
        // estimate is only reported, as what the paced sends achieved).
        const auto busy = cfg_.estimate_bandwidth ? owed_bytes() : std::map<std::uint64_t, std::size_t>{};
        for (auto& kv : conns_) {
          const bool idle = cfg_.estimate_bandwidth && !busy.count(kv.first);
          f.owed.push_back(Owed{kv.first, now, 1, on_sent(kv.second.delivery, bytes, now, idle)});
          // From an idle receiver the sample is one message over its round trip: it measures the
          // path only when that receiver's in-flight bound held the message back.
          f.owed.back().snap.app_limited =
              idle ? std::find(held_.begin(), held_.end(), kv.first) == held_.end() : app_limited;
        }
        inflight_.emplace(id, std::move(f));
      }
      held_.clear();
    }
  }
  sync_stats();
}

void ReplaceSender::measure(Conn& c, const Owed& o, std::size_t bytes, Nanos now, bool rtt) {
  // The receiver's delivery rate, measured from the message's latest transmission (the
  // snapshot taken then; a receiver learnt later has none: its first ACK is no sample).
  DeliverySnapshot snap = o.snap;
  snap.sent = o.last_tx;
  if (auto s = on_delivered(c.delivery, snap, bytes, now)) c.bw.add(*s);
  if (!rtt || o.tx != 1) return;  // Karn: only unambiguous RTT samples (none from ghosts)
  const Nanos sample = now - o.last_tx;
  if (!c.min_rtt || sample <= *c.min_rtt || now - c.min_rtt_at > cfg_.bwe_min_rtt_window) {
    c.min_rtt = sample;
    c.min_rtt_at = now;
  }
  if (!c.srtt) {
    c.srtt = sample;
    c.rttvar = sample / 2;
  } else {
    const Nanos err = sample > *c.srtt ? sample - *c.srtt : *c.srtt - sample;
    c.rttvar = (3 * *c.rttvar + err) / 4;
    c.srtt = (7 * *c.srtt + sample) / 8;
  }
  c.rto = conn_rto(c);
  c.backed_off.reset();
}

void ReplaceSender::on_ack(std::uint64_t key, std::uint64_t cum, const std::vector<wire::SeqRange>& ranges,
                           Nanos now) {
  auto& c = conns_.at(key);
  // A ghost in a selective range was received. One the cumulative ACK covers was received
  // only when the ACK stops exactly at it and no MSG told receivers to skip to just above it
  // (the receiver would then stop there without it); otherwise it is settled unmeasured.
  auto ghost = [&](std::map<std::uint64_t, Ghost>::iterator it, bool received) {
    auto& owed = it->second.owed;
    auto o = std::find_if(owed.begin(), owed.end(), [&](const Owed& x) { return x.conn == key; });
    if (o == owed.end()) return std::next(it);
    if (received) measure(c, *o, it->second.bytes, now, false);
    else settle_unknown(c.delivery, it->second.bytes);
    owed.erase(o);
    return owed.empty() ? ghosts_.erase(it) : std::next(it);
  };
  for (const auto& rg : ranges)
    for (auto it = ghosts_.lower_bound(rg.first); it != ghosts_.end() && it->first <= rg.last;) it = ghost(it, true);
  for (auto it = ghosts_.begin(); it != ghosts_.end() && it->first <= cum;)
    it = ghost(it, it->first == cum && !it->second.skip_announced);
  auto acked = [&](std::map<std::uint64_t, Inflight>::iterator it) {
    auto& owed = it->second.owed;
    auto o = std::find_if(owed.begin(), owed.end(), [&](const Owed& x) { return x.conn == key; });
    if (o == owed.end()) {  // acknowledged before, or sent before this receiver was known
      if (!complete(it->second)) return std::next(it);
      ++rstats_.acked;
      return inflight_.erase(it);
    }
    measure(c, *o, msg_wire_size(it->second.msg.body.size()) + cfg_.pace_overhead_bytes, now, true);
    owed.erase(o);
    ++c.stats.acked;
    if (!complete(it->second)) return std::next(it);
    ++rstats_.acked;
    return inflight_.erase(it);
  };
  for (auto it = inflight_.begin(); it != inflight_.end() && it->first <= cum;) it = acked(it);
  for (const auto& rg : ranges)
    for (auto it = inflight_.lower_bound(rg.first); it != inflight_.end() && it->first <= rg.last;)
      it = acked(it);
}

void ReplaceSender::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  auto pkt = wire::decode(bytes);
  if (!pkt || pkt->header.kind != wire::Kind::Ack || pkt->header.stream_id != cfg_.stream_id ||
      pkt->header.session != cfg_.session) {
    ++stats_.rejected;
    return;
  }
  auto ranges = wire::decode_ack_ranges(pkt->header.sequence, pkt->payload);
  if (!ranges) return;
  const std::uint64_t cum = pkt->header.sequence;
  const std::uint64_t key = conn_key(from);
  auto ci = conns_.find(key);
  if (ci == conns_.end()) {
    if (conns_.size() >= cfg_.max_receivers) {
      ++stats_.rejected;
      return;
    }
    Conn c{from, std::nullopt, std::nullopt, cfg_.initial_rto, now, {}, {},
           BandwidthEstimate(estimate(), static_cast<double>(cfg_.bwe_min_bytes_per_s),
                             static_cast<double>(cfg_.bwe_max_bytes_per_s)),
           std::nullopt, std::nullopt, Nanos{0}};
    c.stats.endpoint = from;
    ci = conns_.emplace(key, std::move(c)).first;
    // A new receiver owes every in-flight message above its cumulative ACK; on_ack below
    // settles those its ranges acknowledge (and takes their RTT samples).
    for (auto& kv : inflight_)
      if (kv.first > cum) kv.second.owed.push_back(Owed{key, kv.second.last_tx, kv.second.tx, {}});
  }
  ci->second.last_heard = now;
  ++ci->second.stats.acks;
  on_ack(key, cum, *ranges, now);
  pump(now, out);
}

void ReplaceSender::on_tick(Nanos now, Output& out) { pump(now, out); }

std::optional<Nanos> ReplaceSender::next_deadline() const {
  std::optional<Nanos> best;
  auto consider = [&](Nanos t) { best = best ? std::min(*best, t) : t; };
  // When the bucket holds enough tokens for a datagram carrying `body` bytes.
  const bool bucket = paced() && last_refill_;
  const double rate = bucket ? pace_rate() : 0.0;
  auto when_paced = [&](Nanos due, std::size_t body) {
    if (!bucket) return due;
    const auto size = static_cast<double>(msg_wire_size(body) + cfg_.pace_overhead_bytes);
    const double need = std::min(size, static_cast<double>(cfg_.pace_burst_bytes)) - tokens_;
    const double ns = need <= 0 ? 0.0 : std::ceil(need * 1e9 / rate);
    return std::max(due, *last_refill_ + Nanos{static_cast<Nanos::rep>(ns)});
  };
  const bool unknown = conns_.size() < cfg_.min_receivers;
  const Nanos grto = group_rto();
  for (const auto& kv : inflight_) {
    const auto& f = kv.second;
    consider(f.first_tx + cfg_.retry_timeout);
    const std::size_t body = f.msg.body.size();
    if (unknown) consider(when_paced(f.last_tx + grto, body));
    for (const auto& o : f.owed) consider(when_paced(o.last_tx + conns_.at(o.conn).rto, body));
  }
  if (cfg_.enqueue_timeout.count() > 0)
    for (const auto& kv : queue_) consider(kv.second.enqueued + cfg_.enqueue_timeout + Nanos{1});
  // A full in-flight bound waits for an ACK (or a retransmission's deadline), not the bucket.
  const auto next = head();
  if (next != queue_.end() &&
      (!cfg_.estimate_bandwidth ||
       inflight_full(owed_bytes(), msg_wire_size(next->second.body.size()) + cfg_.pace_overhead_bytes).empty()))
    consider(when_paced(last_refill_.value_or(Nanos{0}), next->second.body.size()));
  return best;
}

std::vector<ReceiverConnStats> ReplaceSender::receiver_stats() const {
  std::vector<ReceiverConnStats> v;
  v.reserve(conns_.size());
  for (const auto& kv : conns_) {
    ReceiverConnStats s = kv.second.stats;
    s.srtt = kv.second.srtt.value_or(Nanos{0});
    s.rttvar = kv.second.rttvar.value_or(Nanos{0});
    s.rto = kv.second.rto;
    s.unacked = 0;
    for (const auto& f : inflight_)
      for (const auto& o : f.second.owed)
        if (o.conn == kv.first) ++s.unacked;
    v.push_back(s);
  }
  return v;
}

void ReplaceSender::sync_stats() {
  rstats_.queue_length = queue_.size();
  rstats_.unacked = inflight_.size();
  rstats_.receivers = conns_.size();
  const Conn* slow = nullptr;
  for (const auto& kv : conns_)
    if (!slow || kv.second.rto > slow->rto) slow = &kv.second;
  rstats_.srtt = slow && slow->srtt ? *slow->srtt : Nanos{0};
  rstats_.rttvar = slow && slow->rttvar ? *slow->rttvar : Nanos{0};
  rstats_.rto = slow ? slow->rto : cfg_.initial_rto;
  rstats_.pace_bytes_per_s = paced() ? pace_rate() : 0.0;
  rstats_.estimate_bytes_per_s = estimate();
  rstats_.bandwidth_samples = 0;
  for (const auto& kv : conns_) rstats_.bandwidth_samples += kv.second.bw.samples();
}

}  // namespace adamant::engine
