#include <adamant/adaptive/adaptive_sender.hpp>
#include <adamant/adaptive/candidate_settings.hpp>
#include <adamant/engine/factory.hpp>
#include <adamant/setup.hpp>

#include "epoch_sums.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace adamant::adaptive {

using detail::add;
using detail::keep_earliest;

namespace {

std::string describe(const Query& q) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "receivers %.0f, loss %.2f %%, rate %.0f Hz", q.receivers, q.loss_pct, q.rate_hz);
  return buf;
}

}  // namespace

AdaptiveSender::AdaptiveSender(AdaptiveConfig cfg, std::uint32_t session)
    : cfg_(std::move(cfg)), session_(session), env_(cfg_.report_interval, cfg_.window) {
  if (!cfg_.table) throw std::invalid_argument("adaptive: no decision table");
  if (cfg_.table->candidates().size() > wire::kEpochMaxCandidates)
    throw std::invalid_argument("adaptive: more candidates than the epoch envelope names (" +
                                std::to_string(wire::kEpochMaxCandidates) + ")");
  for (const auto& c : cfg_.table->candidates()) settings_.push_back(settings_of(c));
}

void AdaptiveSender::begin(std::size_t candidate, Nanos now, const Query& q, std::string reason) {
  const std::uint32_t epoch = live_.empty() ? 1 : live_.back().epoch + 1;
  std::uint64_t base = 0;
  std::size_t from = candidate;
  if (!live_.empty()) {
    auto& cur = live_.back();
    base = cur.base + cur.engine->stats().published;
    cur.retire_at = now + cfg_.drain;
    from = cur.candidate;
  }
  ChannelConfig ch = cfg_.channel;
  ch.transport = settings_[candidate];
  // A session per epoch, so no reader mistakes one epoch's engine for another's.
  const std::uint32_t session = (session_ + 2 * (epoch - 1)) | 1u;
  live_.push_back(Epoch{epoch, static_cast<std::uint16_t>(candidate), base,
                        engine::make_sender(setup::sender_config(ch, session)), std::nullopt});
  const auto rtt = env_.rtt(now);
  if (rtt) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "; rtt %.0f us", static_cast<double>(rtt->count()) / 1e3);
    reason += buf;
  }
  timeline_.push_back(Switch{now, epoch, from, candidate, q, rtt, std::move(reason)});
}

void AdaptiveSender::maybe_switch(Nanos now) {
  const Epoch& cur = live_.back();
  if (now - timeline_.back().at < cfg_.hold) return;
  const Query q = env_.measure(now, cfg_.initial);
  const Decision d = cfg_.table->pick(q);
  if (d.candidate == cur.candidate || !d.score) return;
  // none eligible: the candidates are compared by their unconstrained scores (the closest wins)
  const auto mine =
      d.eligible ? cfg_.table->score(cur.candidate, q) : cfg_.table->unconstrained_score(cur.candidate, q);
  if (mine && *d.score >= *mine * (1.0 - cfg_.margin_pct / 100.0)) return;  // inside the band
  const auto& names = cfg_.table->candidates();
  char buf[200];
  if (mine)
    std::snprintf(buf, sizeof buf, ": %s %.0f us < %s %.0f us%s", names[d.candidate].name.c_str(), *d.score,
                  names[cur.candidate].name.c_str(), *mine, d.eligible ? "" : " (none meets the constraints)");
  else
    std::snprintf(buf, sizeof buf, ": %s breaks a constraint", names[cur.candidate].name.c_str());
  begin(d.candidate, now, q, describe(q) + buf);
}

namespace {

// A retiring epoch's heartbeats are left out: every datagram of the newer epoch announces where it
// ends (its base), so they would only take the link from the newer epoch's data and repairs.
bool idle_heartbeat(const std::vector<std::uint8_t>& bytes) {
  const auto p = wire::decode(ByteView{bytes.data(), bytes.size()});
  return p && p->header.kind == wire::Kind::Heartbeat;
}

}  // namespace

void AdaptiveSender::wrap(const Epoch& e, engine::Output& inner, engine::Output& out) {
  for (auto& d : inner.datagrams) {
    if (e.retire_at && idle_heartbeat(d.bytes)) {
      ++heartbeats_left_out_;
      continue;
    }
    engine::OutDatagram w{d.dest, d.peer, {}};
    w.bytes = wire::encode_epoch(wire::Epoch{wire::EpochType::Datagram, e.candidate, e.epoch, e.base, {}},
                                 ByteView{d.bytes.data(), d.bytes.size()});
    out.datagrams.push_back(std::move(w));
  }
  for (auto ev : inner.events) {
    if (ev.kind != engine::EventKind::Rejected) ev.first += e.base, ev.last += e.base;
    out.events.push_back(ev);
  }
  inner.clear();
}

void AdaptiveSender::retire_due(Nanos now) {
  while (live_.size() > 1 && live_.front().retire_at && *live_.front().retire_at <= now) {
    add(retired_, live_.front().engine->stats());
    live_.pop_front();
  }
}

void AdaptiveSender::check_rtt(Nanos now) {
  const auto fitted = cfg_.table->rtt_us();
  const auto rtt = env_.rtt(now);
  if (!fitted || !rtt) return;
  const double us = static_cast<double>(rtt->count()) / 1e3;
  if (us >= *fitted / 2 && us <= *fitted * 2) {
    rtt_off_since_.reset();
    rtt_counted_ = false;
    return;
  }
  if (!rtt_off_since_) rtt_off_since_ = now;
  if (rtt_counted_ || now - *rtt_off_since_ < cfg_.window) return;
  rtt_counted_ = true;
  if (rtt_mismatches_++ > 0) return;
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "adaptive: the readers' round trip is %.0f us, the decision table was fitted for %.0f us "
                "(outside half to twice for %.1f s): its picks may not be this path's best",
                us, *fitted, static_cast<double>((now - *rtt_off_since_).count()) / 1e9);
  rtt_warning_ = buf;
}

std::uint64_t AdaptiveSender::publish(ByteView payload, Nanos now, engine::Output& out) {
  env_.on_publish(now);
  check_rtt(now);
  if (live_.empty()) {
    const Query q = env_.measure(now, cfg_.initial);
    begin(cfg_.table->pick(q).candidate, now, q, "start: " + describe(q));
  } else {
    maybe_switch(now);
  }
  Epoch& e = live_.back();
  const std::uint64_t seq = e.engine->publish(payload, now, scratch_);
  wrap(e, scratch_, out);
  return e.base + seq;
}

void AdaptiveSender::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, engine::Output& out) {
  wire::DecodeError err = wire::DecodeError::None;
  const auto env = wire::decode_epoch(bytes, &err);
  if (!env) {  // malformed, or a later envelope version: dropped and counted, never misread
    ++rejected_;
    out.events.push_back({engine::EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
    return;
  }
  if (env->type == wire::EpochType::Report) {
    env_.on_report(from, *wire::decode_epoch_report(env->body), now);
    return;
  }
  for (auto& e : live_)
    if (e.epoch == env->epoch) {
      e.engine->on_datagram(env->body, from, now, scratch_);
      wrap(e, scratch_, out);
      return;
    }
  ++rejected_;  // an epoch retired (or never begun): its feedback comes too late
}

void AdaptiveSender::on_tick(Nanos now, engine::Output& out) {
  retire_due(now);
  for (auto& e : live_) {
    const auto d = e.engine->next_deadline();
    if (d && *d <= now) {
      e.engine->on_tick(now, scratch_);
      wrap(e, scratch_, out);
    }
  }
}

std::optional<Nanos> AdaptiveSender::next_deadline() const {
  std::optional<Nanos> t;
  for (const auto& e : live_) {
    keep_earliest(t, e.engine->next_deadline());
    keep_earliest(t, e.retire_at);
  }
  return t;
}

const engine::SenderStats& AdaptiveSender::stats() const {
  stats_ = retired_;
  for (const auto& e : live_) add(stats_, e.engine->stats());
  stats_.rejected += rejected_;
  return stats_;
}

std::size_t AdaptiveSender::state_entries() const {
  std::size_t n = env_.readers_known();
  for (const auto& e : live_) n += e.engine->state_entries();
  return n;
}

}  // namespace adamant::adaptive
