#include <adamant/adaptive/adaptive_receiver.hpp>
#include <adamant/adaptive/candidate_settings.hpp>
#include <adamant/engine/factory.hpp>
#include <adamant/setup.hpp>

#include "epoch_sums.hpp"

#include <algorithm>
#include <stdexcept>

namespace adamant::adaptive {

using detail::add;
using detail::keep_earliest;

namespace {

bool from_writer(wire::Kind k) {
  return k == wire::Kind::Data || k == wire::Kind::Heartbeat || k == wire::Kind::Retransmit;
}

// A first datagram of epoch 1 beyond this update means the reader joined late, not that it lost every
// earlier one (at 3 % loss, 16 losses in a row happen with probability 4e-25).
constexpr std::uint64_t kJoinedLateBeyond = 16;

}  // namespace

AdaptiveReceiver::AdaptiveReceiver(AdaptiveConfig cfg, Endpoint self, std::uint32_t member_id)
    : cfg_(std::move(cfg)), self_(self), member_id_(member_id) {
  if (!cfg_.table) throw std::invalid_argument("adaptive: no decision table");
  for (const auto& c : cfg_.table->candidates()) settings_of(c);  // every candidate must be runnable
}

AdaptiveReceiver::Epoch* AdaptiveReceiver::epoch_for(const wire::Epoch& env, Nanos now) {
  auto it = epochs_.find(env.epoch);
  if (it != epochs_.end()) return it->second.candidate == env.candidate && it->second.base == env.base ? &it->second : nullptr;
  if (env.candidate >= cfg_.table->candidates().size()) return nullptr;
  ChannelConfig ch = cfg_.channel;
  ch.transport = settings_of(cfg_.table->candidates()[env.candidate]);
  Epoch e;
  e.candidate = env.candidate;
  e.base = env.base;
  e.engine = engine::make_receiver(setup::receiver_config(ch, self_, member_id_));
  epochs_.emplace(env.epoch, std::move(e));
  newest_ = std::max(newest_, env.epoch);
  (void)now;
  return &epochs_.at(env.epoch);
}

void AdaptiveReceiver::prime(Epoch& e, std::uint32_t session, const Endpoint& from, Nanos now,
                             engine::Output& inner) {
  e.session = session;
  // A heartbeat of highest 0: the engine's stream starts at update 1 (adamant/engine late-join rule).
  const auto hb = wire::encode_heartbeat(session, cfg_.channel.stream_id, 0, 1, now.count());
  e.engine->on_datagram(ByteView{hb.data(), hb.size()}, from, now, inner);
}

// Epoch `id` has begun: every earlier one is closed, and the one before it ends at id's base.
void AdaptiveReceiver::announce(std::uint32_t id, Nanos now, engine::Output& out) {
  const std::uint64_t base = epochs_.at(id).base;
  for (auto it = epochs_.begin(); it != epochs_.end() && it->first < id; ++it) {
    Epoch& e = it->second;
    if (!e.closed_at) e.closed_at = now;
    if (it->first + 1 != id || e.last || base < e.base) continue;
    e.last = base - e.base;
    if (e.session && writer_) {  // the end is known now: the engine asks for a lost tail at once
      const auto hb = wire::encode_heartbeat(*e.session, cfg_.channel.stream_id, *e.last, 1, now.count());
      e.engine->on_datagram(ByteView{hb.data(), hb.size()}, *writer_, now, scratch_);
      feed(it->first, e, scratch_, out);
    }
  }
}

void AdaptiveReceiver::count_data(const wire::Epoch& env, const wire::Packet& p) {
  const std::uint64_t seq = env.base + p.header.sequence;
  if (first_data_ == 0 || seq < first_data_) first_data_ = seq;
  highest_data_ = std::max(highest_data_, seq);
  report_.expected = highest_data_ - first_data_ + 1;
  report_.received = std::min(report_.received + 1, report_.expected);
}

// DATA, DATA_BATCH and HEARTBEAT carry the time the writer sent them; a RETRANSMIT carries its update's
// first send time (the recovery would add to the round trip), so it counts only while nothing else came.
void AdaptiveReceiver::note_writer_time(const wire::Packet& p, Nanos now) {
  const auto k = p.header.kind;
  const bool sent_now = k == wire::Kind::Data || k == wire::Kind::DataBatch || k == wire::Kind::Heartbeat;
  if (!sent_now && !(k == wire::Kind::Retransmit && !echo_)) return;
  if (echo_ && p.header.send_time_ns <= *echo_) return;
  echo_ = p.header.send_time_ns;
  echo_at_ = now;
}

void AdaptiveReceiver::feed(std::uint32_t id, Epoch& e, engine::Output& inner, engine::Output& out) {
  for (auto& d : inner.datagrams) {
    engine::OutDatagram w{d.dest, d.peer, {}};
    w.bytes = wire::encode_epoch(
        wire::Epoch{wire::EpochType::Datagram, e.candidate, id, e.base, {}}, ByteView{d.bytes.data(), d.bytes.size()});
    out.datagrams.push_back(std::move(w));
  }
  for (auto& d : inner.deliveries) {
    d.sequence += e.base;
    if (id == delivering_) out.deliveries.push_back(std::move(d));
    else if (id > delivering_) e.held.push_back(std::move(d));
  }
  for (auto ev : inner.events) {
    if (ev.kind != engine::EventKind::Rejected) ev.first += e.base, ev.last += e.base;
    out.events.push_back(ev);
  }
  inner.clear();
}

void AdaptiveReceiver::retire(Epoch& e) { add(retired_, e.engine->stats()); }

void AdaptiveReceiver::advance(Nanos now, engine::Output& out) {
  while (delivering_ != 0) {
    auto it = epochs_.find(delivering_);
    if (it == epochs_.end()) {
      it = epochs_.upper_bound(delivering_);  // an epoch this reader never heard: its updates are lost
      if (it == epochs_.end()) return;
      delivering_ = it->first;
      if (it->second.base > accounted_) lost_ += it->second.base - accounted_;
      accounted_ = std::max(accounted_, it->second.base);
      for (auto& d : it->second.held) out.deliveries.push_back(std::move(d));
      it->second.held.clear();
    }
    Epoch& e = it->second;
    if (!e.last) return;
    const std::uint64_t acc = e.session ? std::min(e.engine->accounted_through(), *e.last) : 0;
    if (acc < *e.last && !(e.closed_at && now >= *e.closed_at + cfg_.drain)) return;
    lost_ += *e.last - acc;
    accounted_ = std::max(accounted_, e.base + *e.last);
    retire(e);
    epochs_.erase(it);
    ++delivering_;  // the next epoch, or the first later one (above)
    const auto nx = epochs_.find(delivering_);
    if (nx != epochs_.end()) {
      for (auto& d : nx->second.held) out.deliveries.push_back(std::move(d));
      nx->second.held.clear();
    }
  }
}

void AdaptiveReceiver::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, engine::Output& out) {
  wire::DecodeError err = wire::DecodeError::None;
  const auto env = wire::decode_epoch(bytes, &err);
  if (!env) {  // malformed, or a later envelope version: dropped and counted, never misread
    ++rejected_;
    out.events.push_back({engine::EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
    return;
  }
  if (env->type != wire::EpochType::Datagram || env->epoch < delivering_) return;  // reports; finished epochs
  const bool is_new = !epochs_.count(env->epoch);
  Epoch* e = epoch_for(*env, now);
  if (!e) {
    ++rejected_;
    out.events.push_back({engine::EventKind::Rejected, 0, 0});
    return;
  }
  const auto pkt = wire::decode(env->body);
  if (pkt) note_writer_time(*pkt, now);
  if (pkt && from_writer(pkt->header.kind)) {
    writer_ = from;
    if (!next_report_) next_report_ = now;  // the first REPORT at once: the writer sees a join within a one-way delay
    // A reader that saw the epoch before, or the writer's first epoch near its start, takes this one
    // from its update 1; a reader joining in the middle of an epoch (the first one too, far into it)
    // starts where the inner engine's late-join rule says.
    const bool handover = delivering_ != 0 || (env->epoch == 1 && pkt->header.sequence <= kJoinedLateBeyond);
    if (delivering_ == 0) {
      delivering_ = env->epoch;
      accounted_ = env->base;
    }
    if (!e->session) {
      if (handover) prime(*e, pkt->header.session, from, now, scratch_);
      else e->session = pkt->header.session;
    }
    if (pkt->header.kind == wire::Kind::Data) count_data(*env, *pkt);
  }
  e->engine->on_datagram(env->body, from, now, scratch_);
  feed(env->epoch, *e, scratch_, out);
  if (is_new) announce(env->epoch, now, out);
  advance(now, out);
}

void AdaptiveReceiver::on_tick(Nanos now, engine::Output& out) {
  for (auto& [id, e] : epochs_) {
    const auto d = e.engine->next_deadline();
    if (d && *d <= now) {
      e.engine->on_tick(now, scratch_);
      feed(id, e, scratch_, out);
    }
  }
  if (next_report_ && *next_report_ <= now && writer_) {
    report_.echo_ns = echo_.value_or(0);
    const Nanos most{static_cast<std::int64_t>(wire::kEpochMaxHeldNs)};
    report_.held_ns = echo_ ? static_cast<std::uint64_t>(std::clamp(now - echo_at_, Nanos{0}, most).count()) : 0;
    out.datagrams.push_back({engine::Dest::Peer, *writer_, wire::encode_epoch_report(newest_, report_)});
    next_report_ = now + cfg_.report_interval;
  }
  advance(now, out);
}

std::optional<Nanos> AdaptiveReceiver::next_deadline() const {
  std::optional<Nanos> t = next_report_;
  for (const auto& [id, e] : epochs_) {
    keep_earliest(t, e.engine->next_deadline());
    if (id == delivering_ && e.last && e.closed_at) keep_earliest(t, *e.closed_at + cfg_.drain);
  }
  return t;
}

std::uint64_t AdaptiveReceiver::accounted_through() const {
  const auto it = epochs_.find(delivering_);
  if (it == epochs_.end() || !it->second.session) return accounted_;
  const auto& e = it->second;
  std::uint64_t acc = e.engine->accounted_through();
  if (e.last) acc = std::min(acc, *e.last);
  return std::max(accounted_, e.base + acc);
}

const engine::ReceiverStats& AdaptiveReceiver::stats() const {
  stats_ = retired_;
  for (const auto& [id, e] : epochs_) add(stats_, e.engine->stats());
  stats_.rejected += rejected_;
  stats_.unrecoverable += lost_;
  return stats_;
}

std::size_t AdaptiveReceiver::state_entries() const {
  std::size_t n = 0;
  for (const auto& [id, e] : epochs_) n += e.engine->state_entries() + e.held.size();
  return n;
}

}  // namespace adamant::adaptive
