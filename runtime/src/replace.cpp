#include <adamant/replace.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace adamant::engine {

namespace {
std::size_t msg_wire_size(std::size_t body) { return wire::kHeaderSize + wire::kMsgFixedSize + body; }
}  // namespace

// ---------------------------------------------------------------- sender

ReplaceSender::ReplaceSender(ReplaceConfig cfg) : cfg_(cfg) {
  tokens_ = static_cast<double>(cfg_.pace_burst_bytes);
  sync_stats();
}

std::uint64_t ReplaceSender::publish(ByteView payload, Nanos now, Output& out) {
  return publish_tagged(0, payload, now, out);
}

std::uint64_t ReplaceSender::publish_tagged(std::uint32_t tag, ByteView payload, Nanos now, Output& out) {
  return replace(tag, payload, cfg_.default_class, now, out);
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
  Msg m{id, tag, cls, next_flow_seq_[flow_of(cls)]++, now, now.count(),
        std::vector<std::uint8_t>(payload.data, payload.data + payload.size)};
  queue_.emplace(QKey{-static_cast<int>(cls.priority), id}, std::move(m));
  ++rstats_.enqueued;
  ++stats_.published;
  return id;
}

Nanos ReplaceSender::rto() const {
  if (!srtt_) return cfg_.initial_rto;
  return std::clamp(*srtt_ + 4 * *rttvar_, cfg_.min_rto, cfg_.max_rto);
}

std::uint64_t ReplaceSender::low_water() const {
  std::uint64_t lw = next_id_;
  if (!inflight_.empty()) lw = std::min(lw, inflight_.begin()->first);
  for (const auto& kv : queue_)
    if (kv.second.cls.reliable) lw = std::min(lw, kv.second.id);
  return lw;
}

std::uint64_t ReplaceSender::flow_low(int flow) const {
  std::uint64_t lo = next_flow_seq_[flow];
  for (const auto& kv : queue_)
    if (flow_of(kv.second.cls) == flow) lo = std::min(lo, kv.second.flow_seq);
  for (const auto& kv : inflight_)
    if (flow_of(kv.second.msg.cls) == flow) lo = std::min(lo, kv.second.msg.flow_seq);
  return lo;
}

std::uint64_t ReplaceSender::flow_prev(int flow, std::uint64_t below) const {
  std::uint64_t p = 0;
  for (const auto& kv : queue_)
    if (flow_of(kv.second.cls) == flow && kv.second.flow_seq < below) p = std::max(p, kv.second.flow_seq);
  for (const auto& kv : inflight_)
    if (flow_of(kv.second.msg.cls) == flow && kv.second.msg.flow_seq < below) p = std::max(p, kv.second.msg.flow_seq);
  return p;
}

void ReplaceSender::refill(Nanos now) {
  if (cfg_.pace_bytes_per_s == 0) return;
  if (last_refill_ && now > *last_refill_) {
    const double dt = static_cast<double>((now - *last_refill_).count()) * 1e-9;
    tokens_ = std::min(static_cast<double>(cfg_.pace_burst_bytes),
                       tokens_ + dt * static_cast<double>(cfg_.pace_bytes_per_s));
  }
  if (!last_refill_ || now > *last_refill_) last_refill_ = now;
}

void ReplaceSender::transmit(const Msg& m, Nanos now, Output& out) {
  wire::MsgInfo info;
  info.tag = m.tag;
  info.reliable = m.cls.reliable;
  info.sequenced = m.cls.sequenced;
  info.priority = m.cls.priority;
  info.flow_seq = m.flow_seq;
  info.low_water = std::min(low_water(), m.id);
  info.flow_low = std::min(flow_low(flow_of(m.cls)), m.flow_seq);
  info.flow_prev = flow_prev(flow_of(m.cls), m.flow_seq);
  out.datagrams.push_back({Dest::Group, {},
                           wire::encode_msg(cfg_.session, cfg_.stream_id, m.id, m.send_time_ns, info,
                                            ByteView{m.body.data(), m.body.size()})});
  if (cfg_.pace_bytes_per_s)
    tokens_ -= static_cast<double>(out.datagrams.back().bytes.size() + cfg_.pace_overhead_bytes);
  ++rstats_.transmitted;
  (void)now;
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
  for (auto it = inflight_.begin(); it != inflight_.end();) {
    if (now - it->second.first_tx >= cfg_.retry_timeout) {
      it = inflight_.erase(it);
      ++rstats_.abandoned;
    } else {
      ++it;
    }
  }
  refill(now);
  const Nanos r = rto();
  for (;;) {
    // Due retransmissions first (oldest id), then the queue head.
    Inflight* due = nullptr;
    for (auto& kv : inflight_)
      if (kv.second.last_tx + r <= now) {
        due = &kv.second;
        break;
      }
    const Msg* m = due ? &due->msg : (queue_.empty() ? nullptr : &queue_.begin()->second);
    if (!m) break;
    const auto size = static_cast<double>(msg_wire_size(m->body.size()) + cfg_.pace_overhead_bytes);
    if (cfg_.pace_bytes_per_s &&
        tokens_ < std::min(size, static_cast<double>(cfg_.pace_burst_bytes)))
      break;
    transmit(*m, now, out);
    if (due) {
      due->last_tx = now;
      ++due->tx;
      ++rstats_.retransmissions;
      ++stats_.retransmitted;
    } else {
      auto node = queue_.extract(queue_.begin());
      Msg& msg = node.mapped();
      ++rstats_.tags[msg.tag].sent;
      if (msg.cls.reliable) {
        const std::uint64_t id = msg.id;
        inflight_.emplace(id, Inflight{std::move(msg), now, now, 1});
      }
    }
  }
  sync_stats();
}

void ReplaceSender::on_datagram(ByteView bytes, const Endpoint&, Nanos now, Output& out) {
  auto pkt = wire::decode(bytes);
  if (!pkt || pkt->header.kind != wire::Kind::Ack || pkt->header.stream_id != cfg_.stream_id ||
      pkt->header.session != cfg_.session) {
    ++stats_.rejected;
    return;
  }
  auto ranges = wire::decode_ack_ranges(pkt->header.sequence, pkt->payload);
  if (!ranges) return;
  auto acked = [&](std::map<std::uint64_t, Inflight>::iterator it) {
    if (it->second.tx == 1) {  // Karn: only unambiguous samples
      const Nanos sample = now - it->second.last_tx;
      if (!srtt_) {
        srtt_ = sample;
        rttvar_ = sample / 2;
      } else {
        const Nanos err = sample > *srtt_ ? sample - *srtt_ : *srtt_ - sample;
        rttvar_ = (3 * *rttvar_ + err) / 4;
        srtt_ = (7 * *srtt_ + sample) / 8;
      }
    }
    ++rstats_.acked;
    return inflight_.erase(it);
  };
  for (auto it = inflight_.begin(); it != inflight_.end() && it->first <= pkt->header.sequence;) it = acked(it);
  for (const auto& rg : *ranges)
    for (auto it = inflight_.lower_bound(rg.first); it != inflight_.end() && it->first <= rg.last;)
      it = acked(it);
  pump(now, out);
}

void ReplaceSender::on_tick(Nanos now, Output& out) { pump(now, out); }

std::optional<Nanos> ReplaceSender::next_deadline() const {
  std::optional<Nanos> best;
  auto consider = [&](Nanos t) { best = best ? std::min(*best, t) : t; };
  const Nanos r = rto();
  bool work = !queue_.empty();
  for (const auto& kv : inflight_) {
    consider(kv.second.first_tx + cfg_.retry_timeout);
    consider(kv.second.last_tx + r);
  }
  if (cfg_.enqueue_timeout.count() > 0)
    for (const auto& kv : queue_) consider(kv.second.enqueued + cfg_.enqueue_timeout + Nanos{1});
  if (work && cfg_.pace_bytes_per_s && last_refill_) {
    const auto size =
        static_cast<double>(msg_wire_size(queue_.begin()->second.body.size()) + cfg_.pace_overhead_bytes);
    const double need = std::min(size, static_cast<double>(cfg_.pace_burst_bytes)) - tokens_;
    const double ns = need <= 0 ? 0.0 : std::ceil(need * 1e9 / static_cast<double>(cfg_.pace_bytes_per_s));
    consider(*last_refill_ + Nanos{static_cast<Nanos::rep>(ns)});
  } else if (work && !cfg_.pace_bytes_per_s) {
    consider(last_refill_.value_or(Nanos{0}));
  }
  return best;
}

void ReplaceSender::sync_stats() {
  rstats_.queue_length = queue_.size();
  rstats_.unacked = inflight_.size();
  rstats_.srtt = srtt_.value_or(Nanos{0});
  rstats_.rttvar = rttvar_.value_or(Nanos{0});
  rstats_.rto = rto();
}

// ---------------------------------------------------------------- receiver

void ReplaceReceiver::advance_cum() {
  auto it = above_.begin();
  while (it != above_.end() && *it <= cum_) it = above_.erase(it);
  while (it != above_.end() && *it == cum_ + 1) {
    ++cum_;
    it = above_.erase(it);
  }
}

void ReplaceReceiver::deliver(std::uint64_t id, std::uint32_t tag, std::int64_t t, std::vector<std::uint8_t> body,
                              Output& out) {
  auto& latest = tag_latest_[tag];
  if (latest > id) {
    ++rstats_.obsolete;
    return;
  }
  latest = id;
  ++stats_.delivered;
  ++rstats_.tags[tag].received;
  out.deliveries.push_back(Delivery{id, t, std::move(body)});
}

void ReplaceReceiver::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  wire::DecodeError err = wire::DecodeError::None;
  auto pkt = wire::decode(bytes, &err);
  if (!pkt || pkt->header.stream_id != cfg_.stream_id) {
    ++stats_.rejected;
    out.events.push_back({EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
    return;
  }
  if (pkt->header.kind != wire::Kind::Msg) return;
  const auto& h = pkt->header;
  auto info = wire::decode_msg(pkt->payload);
  if (!info) return;
  if (session_ != h.session) {
    if (session_) out.events.push_back({EventKind::SessionReset, h.sequence, h.sequence});
    *this = ReplaceReceiver(cfg_);
    session_ = h.session;
  }
  const std::uint64_t id = h.sequence;
  highest_ = std::max(highest_, id);
  const bool dup = id <= cum_ || above_.count(id) > 0;
  if (!dup && above_.size() < cfg_.max_window) above_.insert(id);
  if (info->low_water > 0) cum_ = std::max(cum_, info->low_water - 1);
  advance_cum();
  // ACK: cumulative + the first ranges above it.
  std::vector<wire::SeqRange> ranges;
  for (auto v : above_) {
    if (!ranges.empty() && ranges.back().last + 1 == v) {
      ranges.back().last = v;
    } else {
      if (ranges.size() == wire::kMaxNakRanges) break;
      ranges.push_back({v, v});
    }
  }
  out.datagrams.push_back({Dest::Peer, from, wire::encode_ack(h.session, cfg_.stream_id, cum_, ranges, now.count())});
  ++rstats_.acks_sent;
  if (dup) {
    ++stats_.duplicates;
    return;
  }
  const int f = (info->reliable ? 1 : 0) | (info->sequenced ? 2 : 0);
  std::vector<std::uint8_t> body(info->body.data, info->body.data + info->body.size);
  if (!info->sequenced) {
    deliver(id, info->tag, h.send_time_ns, std::move(body), out);
    return;
  }
  auto& next = next_flow_[f];
  if (info->flow_seq < next) {
    ++rstats_.obsolete;
    return;
  }
  if (!info->reliable) {
    next = info->flow_seq + 1;
    deliver(id, info->tag, h.send_time_ns, std::move(body), out);
    return;
  }
  auto& held = held_[f];
  held.emplace(info->flow_seq, Held{id, info->tag, h.send_time_ns, info->flow_prev, std::move(body)});
  next = std::max(next, info->flow_low);  // everything below will never come
  // Deliver in flow order while the head's predecessor has been delivered or skipped.
  while (!held.empty() && (held.begin()->first < next || held.begin()->second.prev < next)) {
    auto it = held.begin();
    next = std::max(next, it->first + 1);
    deliver(it->second.id, it->second.tag, it->second.send_time_ns, std::move(it->second.body), out);
    held.erase(it);
  }
}

}  // namespace adamant::engine
