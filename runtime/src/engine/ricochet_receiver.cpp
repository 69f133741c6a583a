#include <adamant/engine/ricochet_receiver.hpp>

#include "decode.hpp"
#include "nak_batch.hpp"

#include <algorithm>
#include <iterator>
#include <limits>

namespace adamant::engine {

namespace {
// A REPAIR may only reference packets this far beyond the highest sequence we know of:
// peers XOR packets they received, which we receive at about the same time. Anything
// further is forged or absurd and would otherwise inflate the loss window.
constexpr std::uint64_t kRepairLookahead = 256;
constexpr std::size_t kMaxPendingBytes = 4u << 20;  // all kept repairs together
}  // namespace

RicochetReceiverConfig fec_receiver_config(RicochetReceiverConfig cfg) {
  cfg.lec_repairs = false;
  cfg.member_id = 0;
  cfg.lec_nak_fallback = false;
  return cfg;
}

RicochetReceiver::RicochetReceiver(RicochetReceiverConfig cfg)
    : cfg_(cfg), announces_(cfg.member_id != 0 && wire::valid_member_address(cfg.self)),
      rng_(cfg.seed ^ 0x524943484F434845ull) {
  set_lec(cfg_.lec_r, cfg_.lec_c);
  if (cfg_.max_window == 0) cfg_.max_window = 1;
  cfg_.lec_store = std::max<std::size_t>(cfg_.lec_store, wire::kMaxRepairCount);
  if (cfg_.max_pending_repairs == 0) cfg_.max_pending_repairs = 1;
}

void RicochetReceiver::set_lec(int r, int c) {
  cfg_.lec_r = std::clamp(r, 1, static_cast<int>(wire::kMaxRepairCount));
  cfg_.lec_c = std::clamp(c, 1, 64);
}

void RicochetReceiver::start(std::uint32_t session, std::uint64_t first, Output& out, bool reset) {
  if (reset) out.events.push_back({EventKind::SessionReset, first, 0});
  session_ = session;
  sender_.reset();
  settled_.clear();
  missing_.clear();
  store_.clear();
  bin_ = Bin{};
  pending_.clear();
  pending_bytes_ = 0;
  next_expected_ = first;
  highest_known_ = first - 1;
}

void RicochetReceiver::settle(std::uint64_t seq) {
  missing_.erase(seq);
  if (seq == next_expected_) ++next_expected_;  // in order: the watermark moves, nothing to keep
  else if (seq > next_expected_) settled_.insert(seq);
  compact();
}

void RicochetReceiver::compact() {
  while (!settled_.empty() && *settled_.begin() == next_expected_) {
    settled_.erase(settled_.begin());
    ++next_expected_;
  }
}

void RicochetReceiver::give_up_below(std::uint64_t limit, Output& out) {
  if (limit <= next_expected_) return;
  const auto end = settled_.lower_bound(limit);
  const auto already = static_cast<std::uint64_t>(std::distance(settled_.begin(), end));
  const std::uint64_t lost = (limit - next_expected_) - already;
  if (lost > 0) {
    stats_.unrecoverable += lost;
    out.events.push_back({EventKind::Unrecoverable, next_expected_, limit - 1});
  }
  settled_.erase(settled_.begin(), end);
  missing_.erase(missing_.begin(), missing_.lower_bound(limit));
  next_expected_ = limit;
  highest_known_ = std::max(highest_known_, limit - 1);
  compact();  // any settled run starting at the new watermark
}

void RicochetReceiver::note_highest(std::uint64_t seq, bool received, Nanos now, Output& out) {
  if (seq <= highest_known_) return;
  if (seq - next_expected_ >= cfg_.max_window) give_up_below(seq - cfg_.max_window + 1, out);
  const std::uint64_t last_missing = received ? seq - 1 : seq;
  const std::uint64_t from = std::max(highest_known_ + 1, next_expected_);
  if (last_missing >= from) {
    out.events.push_back({EventKind::GapDetected, from, last_missing});
    for (std::uint64_t s = from; s <= last_missing; ++s)
      if (!settled(s)) missing_[s] = Missing{now, now + nak_delay(false), 0, std::nullopt};
  }
  highest_known_ = std::max(highest_known_, seq);
}

Nanos RicochetReceiver::nak_delay(bool again) {
  if (!cfg_.adaptive_nak) return Nanos{cfg_.nak_timeout};
  return again ? timing_.renak(rng_, 1) : timing_.delay(rng_, 1);  // NAKs unicast: no peer is heard
}

void RicochetReceiver::accept_packet(std::uint64_t seq, std::int64_t send_time,
                                     std::vector<std::uint8_t> payload, bool from_sender, Nanos now,
                                     Output& out) {
  note_highest(seq, true, now, out);
  if (settled(seq)) return;  // fell behind the window while noting
  std::vector<std::uint8_t> copy = out.take_buffer();
  copy.assign(payload.begin(), payload.end());
  out.deliveries.push_back({seq, send_time, std::move(copy)});
  ++stats_.delivered;
  settle(seq);
  if (from_sender && cfg_.lec_repairs) {
    if (bin_full()) flush_bin(now, out);  // held since the last DATA (NAK fallback)
    bin_.rep.add(seq, send_time, ByteView{payload.data(), payload.size()});
    bin_.last_add = now;
  }
  store_.insert(seq, send_time, std::move(payload));
  while (store_.size() > cfg_.lec_store) out.give_back(store_.pop_oldest());  // reused for the next packet
  if (bin_full() && !cfg_.lec_nak_fallback) flush_bin(now, out);
}

RicochetReceiver::Use RicochetReceiver::try_repair(const std::vector<std::uint64_t>& seqs,
                                                   std::uint32_t len_xor, std::int64_t time_xor,
                                                   ByteView bytes, Nanos now, Output& out) {
  std::size_t n_missing = 0;
  std::uint64_t missing = 0;
  for (auto s : seqs) {
    if (store_.find(s)) continue;
    if (settled(s)) return Use::Unusable;  // delivered long ago (evicted) or given up
    ++n_missing;
    missing = s;
  }
  if (n_missing == 0) return Use::Useless;
  if (n_missing > 1) return Use::Wait;
  std::vector<std::uint8_t> buf(bytes.data, bytes.data + bytes.size);
  std::uint32_t len = len_xor;
  std::int64_t t = time_xor;
  for (auto s : seqs) {
    if (s == missing) continue;
    const PacketStore::Packet& st = *store_.find(s);
    if (st.payload.size() > buf.size()) return Use::Unusable;  // inconsistent repair
    xor_into(buf, ByteView{st.payload.data(), st.payload.size()});
    len ^= static_cast<std::uint32_t>(st.payload.size());
    t ^= st.send_time_ns;
  }
  if (len > buf.size()) return Use::Unusable;  // inconsistent (or forged) lengths
  buf.resize(len);
  ++stats_.recovered;
  accept_packet(missing, t, std::move(buf), false, now, out);
  return Use::Recovered;
}

void RicochetReceiver::cascade(Nanos now, Output& out) {
  bool progress = true;
  while (progress && !pending_.empty()) {
    progress = false;
    for (std::size_t i = 0; i < pending_.size();) {
      Pending& p = pending_[i];
      const Use u = try_repair(p.seqs, p.len_xor, p.time_xor, ByteView{p.bytes.data(), p.bytes.size()}, now, out);
      if (u == Use::Wait) {
        ++i;
        continue;
      }
      pending_bytes_ -= pending_[i].bytes.size();
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
      if (u == Use::Recovered) progress = true;
    }
  }
}

void RicochetReceiver::on_repair(const wire::Packet& pkt, Nanos now, Output& out) {
  if (!session_ || pkt.header.session != *session_) return;  // other epoch, or not started
  auto rep = wire::decode_repair(pkt.payload);  // validated by decode()
  for (auto s : rep->sequences) {
    if (s > highest_known_ + kRepairLookahead) {
      ++stats_.rejected;
      out.events.push_back({EventKind::Rejected, static_cast<std::uint64_t>(wire::DecodeError::BadPayload), s});
      return;
    }
  }
  const Use u = try_repair(rep->sequences, rep->len_xor, rep->time_xor, rep->xor_payload, now, out);
  if (u == Use::Recovered) {
    cascade(now, out);
  } else if (u == Use::Wait) {
    const std::size_t size = rep->xor_payload.size;
    while (!pending_.empty() && (pending_.size() >= cfg_.max_pending_repairs ||
                                 pending_bytes_ + size > kMaxPendingBytes)) {
      pending_bytes_ -= pending_.front().bytes.size();
      pending_.pop_front();
    }
    pending_.push_back(Pending{now + cfg_.repair_expiry, std::move(rep->sequences), rep->len_xor,
                               rep->time_xor,
                               std::vector<std::uint8_t>(rep->xor_payload.data,
                                                         rep->xor_payload.data + size)});
    pending_bytes_ += size;
  }
}

void RicochetReceiver::on_membership(const wire::Packet& pkt, Nanos now, Output& out) {
  auto members = wire::decode_members(pkt.payload);  // validated by decode()
  for (const auto& m : *members) {
    if (m.id == cfg_.member_id) continue;  // our own announcement (looped back) or a clash
    auto it = members_.find(m.id);
    if (pkt.header.kind == wire::Kind::Leave) {
      if (it != members_.end() && it->second.ep == m.endpoint) members_.erase(it), targets_.clear();
      continue;
    }
    if (it != members_.end()) {
      it->second = MemberInfo{m.endpoint, now};
    } else if (members_.size() < cfg_.max_members) {
      members_.emplace(m.id, MemberInfo{m.endpoint, now});
      targets_.clear();
      announce_soon_ = true;  // let the newcomer learn about us quickly
    } else {
      ++stats_.rejected;  // table full: ignore further members
      out.events.push_back({EventKind::Rejected, 0, m.id});
    }
  }
}

void RicochetReceiver::flush_bin(Nanos now, Output& out) {
  if (bin_.rep.empty()) return;
  if (session_ && !members_.empty()) {
    if (targets_.empty())  // the members in id order, kept until the membership changes
      for (const auto& kv : members_) targets_.push_back(&kv.second);
    std::vector<const MemberInfo*>& cand = cand_;
    cand.assign(targets_.begin(), targets_.end());
    const std::size_t k = std::min(cand.size(), static_cast<std::size_t>(cfg_.lec_c));
    const auto bytes = bin_.rep.encode(*session_, cfg_.stream_id, now);
    for (std::size_t i = 0; i < k; ++i) {  // partial Fisher-Yates: k distinct members
      std::uniform_int_distribution<std::size_t> d(i, cand.size() - 1);
      std::swap(cand[i], cand[d(rng_)]);
      std::vector<std::uint8_t> copy = out.take_buffer();
      copy.assign(bytes.begin(), bytes.end());
      out.datagrams.push_back({Dest::Peer, cand[i]->ep, std::move(copy)});
      ++stats_.repairs_sent;
    }
  }
  bin_.rep.clear();  // its buffers kept for the next bin
  bin_.last_add = Nanos{0};
}

void RicochetReceiver::announce(Nanos now, Output& out) {
  out.datagrams.push_back({Dest::Group, {},
                           wire::encode_membership(wire::Kind::Join, cfg_.stream_id,
                                                   {wire::Member{cfg_.member_id, cfg_.self}}, now.count())});
  last_announce_ = now;
  announce_soon_ = false;
}

void RicochetReceiver::leave(Nanos now, Output& out) {
  if (!announces()) return;
  out.datagrams.push_back({Dest::Group, {},
                           wire::encode_membership(wire::Kind::Leave, cfg_.stream_id,
                                                   {wire::Member{cfg_.member_id, cfg_.self}}, now.count())});
}

void RicochetReceiver::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  if (auto pkt = detail::accept(bytes, cfg_.stream_id, stats_, out)) take(*pkt, from, now, out);
}

void RicochetReceiver::on_packet(const wire::Packet& pkt, ByteView, const Endpoint& from, Nanos now, Output& out) {
  if (detail::ours(pkt, cfg_.stream_id, stats_, out)) take(pkt, from, now, out);
}

void RicochetReceiver::take(const wire::Packet& pkt, const Endpoint& from, Nanos now, Output& out) {
  const auto& h = pkt.header;
  switch (h.kind) {
    case wire::Kind::Nak:
    case wire::Kind::Msg:
    case wire::Kind::Ack:
    case wire::Kind::DataBatch:
    case wire::Kind::RetransmitBatch: return;  // for the sender / other transports (NAKcast batches)
    case wire::Kind::Join:
    case wire::Kind::Leave: on_membership(pkt, now, out); return;
    case wire::Kind::Repair: on_repair(pkt, now, out); return;
    case wire::Kind::Data:
    case wire::Kind::Heartbeat:
    case wire::Kind::Retransmit: break;
  }
  if (!session_ || *session_ != h.session) {
    if (h.kind == wire::Kind::Retransmit) return;  // a repair cannot define where a stream starts
    start(h.session, h.kind == wire::Kind::Data ? h.sequence : h.sequence + 1, out, session_.has_value());
  }
  sender_ = from;
  if (h.kind == wire::Kind::Heartbeat) {
    if (bin_full()) flush_bin(now, out);  // the writer has gone idle: every reader has its data
    note_highest(h.sequence, false, now, out);
    return;
  }
  if (settled(h.sequence)) {
    ++stats_.duplicates;
    return;
  }
  if (auto it = missing_.find(h.sequence); cfg_.adaptive_nak && h.kind == wire::Kind::Retransmit &&
                                           it != missing_.end() && it->second.naks == 1 &&
                                           it->second.asked && now > *it->second.asked)
    timing_.sample(now - *it->second.asked);  // Karn's rule: a sequence NAKed once times the round trip
  std::vector<std::uint8_t> payload = out.take_buffer();  // a stored packet's buffer, once evicted
  payload.assign(pkt.payload.data, pkt.payload.data + pkt.payload.size);
  accept_packet(h.sequence, h.send_time_ns, std::move(payload), h.kind == wire::Kind::Data, now, out);
  cascade(now, out);
}

void RicochetReceiver::on_tick(Nanos now, Output& out) {
  if (announces()) {
    const Nanos soon = cfg_.announce_interval / 50;
    if (!last_announce_ || now - *last_announce_ >= cfg_.announce_interval ||
        (announce_soon_ && now - *last_announce_ >= soon)) {
      for (auto it = members_.begin(); it != members_.end();)
        it = (now - it->second.last_seen >= cfg_.member_timeout) ? (targets_.clear(), members_.erase(it)) : std::next(it);
      announce(now, out);
    }
  }
  if (!bin_.rep.empty() && now - bin_.last_add >= cfg_.lec_flush) flush_bin(now, out);
  while (!pending_.empty() && pending_.front().expires <= now) {
    pending_bytes_ -= pending_.front().bytes.size();
    pending_.pop_front();
  }
  detail::NakBatch naks(session_.value_or(0), cfg_.stream_id, sender_.value_or(Endpoint{}), now, out, stats_);
  std::vector<std::uint64_t> lost;
  for (auto& [seq, m] : missing_) {
    if (now - m.since >= cfg_.lec_give_up) {
      lost.push_back(seq);
      continue;
    }
    if (!cfg_.lec_nak_fallback || !sender_ || m.nak_due > now) continue;
    if (++m.naks == 1) m.asked = now;
    else if (cfg_.adaptive_nak) timing_.renaked();
    m.nak_due = now + nak_delay(true);
    naks.add(seq);
  }
  naks.flush();
  for (auto seq : lost) {
    ++stats_.unrecoverable;
    out.events.push_back({EventKind::Unrecoverable, seq, seq});
    settle(seq);
  }
}

std::optional<Nanos> RicochetReceiver::next_deadline() const {
  std::optional<Nanos> best;
  auto consider = [&](Nanos t) { best = best ? std::min(*best, t) : t; };
  if (announces()) {
    if (!last_announce_) return Nanos{std::numeric_limits<Nanos::rep>::min()};
    consider(*last_announce_ + (announce_soon_ ? cfg_.announce_interval / 50 : cfg_.announce_interval));
  }
  if (!bin_.rep.empty()) consider(bin_.last_add + cfg_.lec_flush);
  if (!pending_.empty()) consider(pending_.front().expires);
  if (!missing_.empty()) {
    // Entries are created in sequence order as time advances: the first is the oldest.
    consider(missing_.begin()->second.since + cfg_.lec_give_up);
    if (cfg_.lec_nak_fallback && sender_)
      for (const auto& kv : missing_) consider(kv.second.nak_due);
  }
  return best;
}

}  // namespace adamant::engine
