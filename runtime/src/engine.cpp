#include <adamant/engine.hpp>
#include <adamant/replace.hpp>

#include <algorithm>
#include <limits>

namespace adamant::engine {
namespace {

std::vector<std::uint8_t> copy_bytes(ByteView v) {
  return v.size ? std::vector<std::uint8_t>(v.data, v.data + v.size) : std::vector<std::uint8_t>{};
}

// Decodes and filters foreign streams; counts and reports what it rejects.
template <class Stats>
std::optional<wire::Packet> accept(ByteView bytes, std::uint32_t stream_id, Stats& stats,
                                   Output& out) {
  wire::DecodeError err{};
  auto pkt = wire::decode(bytes, &err);
  if (!pkt) {
    ++stats.rejected;
    out.events.push_back({EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
    return std::nullopt;
  }
  if (pkt->header.stream_id != stream_id) {
    ++stats.rejected;
    out.events.push_back({EventKind::Rejected, 0, 0});
    return std::nullopt;
  }
  return pkt;
}

}  // namespace

void count_sent(const Output& out, WireBytes& acc) {
  for (const auto& d : out.datagrams) {
    const std::uint64_t n = d.bytes.size();
    switch (d.bytes.size() > 5 ? static_cast<wire::Kind>(d.bytes[5]) : wire::Kind{}) {
      case wire::Kind::Data:
      case wire::Kind::Msg: acc.data += n; break;
      case wire::Kind::Nak: acc.nak += n; break;
      case wire::Kind::Repair: acc.repair += n; break;
      case wire::Kind::Retransmit: acc.retransmit += n; break;
      default: acc.control += n; break;
    }
  }
}

// ---------------------------------------------------------------- baseline

std::uint64_t BaselineSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = next_seq_++;
  wire::Header h{wire::Kind::Data, cfg_.session, cfg_.stream_id, seq, now.count(), 0};
  out.datagrams.push_back({Dest::Group, {}, wire::encode(h, payload)});
  ++stats_.published;
  return seq;
}

void BaselineReceiver::on_datagram(ByteView bytes, const Endpoint&, Nanos, Output& out) {
  auto pkt = accept(bytes, cfg_.stream_id, stats_, out);
  if (!pkt || pkt->header.kind != wire::Kind::Data) return;
  if (session_ && *session_ != pkt->header.session) {
    highest_ = 0;  // new sender epoch: its sequences restart
    out.events.push_back({EventKind::SessionReset, pkt->header.sequence, 0});
  }
  session_ = pkt->header.session;
  if (pkt->header.sequence <= highest_) {
    ++stats_.duplicates;  // old or duplicate: baseline never goes back
    return;
  }
  highest_ = pkt->header.sequence;
  ++stats_.delivered;
  out.deliveries.push_back({pkt->header.sequence, pkt->header.send_time_ns, copy_bytes(pkt->payload)});
}

// ---------------------------------------------------------------- nakcast sender

NakcastSender::NakcastSender(SenderConfig cfg) : cfg_(cfg) {
  if (cfg_.history == 0) cfg_.history = 1;
}

std::uint64_t NakcastSender::lowest_available() const {
  return history_.empty() ? next_seq_ : history_.front().seq;
}

std::uint64_t NakcastSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = next_seq_++;
  wire::Header h{wire::Kind::Data, cfg_.session, cfg_.stream_id, seq, now.count(), 0};
  out.datagrams.push_back({Dest::Group, {}, wire::encode(h, payload)});
  history_.push_back({seq, now.count(), copy_bytes(payload), std::nullopt});
  while (history_.size() > cfg_.history) history_.pop_front();
  last_send_ = now;  // data reveals the highest sequence too, so it defers the heartbeat
  ++stats_.published;
  return seq;
}

void NakcastSender::heartbeat(Nanos now, Output& out) {
  out.datagrams.push_back({Dest::Group, {},
                           wire::encode_heartbeat(cfg_.session, cfg_.stream_id, highest(),
                                                  lowest_available(), now.count())});
  last_send_ = now;
  ++stats_.heartbeats;
}

void NakcastSender::on_datagram(ByteView bytes, const Endpoint&, Nanos now, Output& out) {
  auto pkt = accept(bytes, cfg_.stream_id, stats_, out);
  if (!pkt || pkt->header.kind != wire::Kind::Nak) return;
  if (pkt->header.session != cfg_.session) {
    ++stats_.rejected;  // NAK for a previous epoch of this stream
    return;
  }
  ++stats_.naks_received;
  const auto ranges = wire::decode_nak_ranges(pkt->payload);  // validated by decode()
  bool evicted = false;
  const std::uint64_t low = lowest_available();
  for (const auto& r : *ranges) {
    out.events.push_back({EventKind::NakReceived, r.first, r.last});
    if (r.first > highest()) continue;
    const std::uint64_t last = std::min(r.last, highest());
    if (r.first < low) {
      evicted = true;
      const std::uint64_t gone_last = std::min(last, low - 1);
      stats_.not_in_history += gone_last - r.first + 1;
      out.events.push_back({EventKind::NotInHistory, r.first, gone_last});
    }
    // Bounded by the history size: the loop only visits retained entries.
    for (std::uint64_t s = std::max(r.first, low); s <= last; ++s) {
      Entry& e = history_[static_cast<std::size_t>(s - low)];
      // Several receivers often NAK the same loss; one multicast repair serves them all.
      if (e.last_retransmit && now - *e.last_retransmit < cfg_.retransmit_holdoff) continue;
      e.last_retransmit = now;
      wire::Header h{wire::Kind::Retransmit, cfg_.session, cfg_.stream_id, s, e.send_time_ns, 0};
      out.datagrams.push_back(
          {Dest::Group, {}, wire::encode(h, ByteView{e.payload.data(), e.payload.size()})});
      ++stats_.retransmitted;
      out.events.push_back({EventKind::Retransmitted, s, s});
    }
  }
  // Tell receivers (all of them: the same packets are gone for everyone) where history starts.
  if (evicted) heartbeat(now, out);
}

void NakcastSender::on_tick(Nanos now, Output& out) {
  if (!last_send_ || now - *last_send_ >= cfg_.heartbeat_interval) heartbeat(now, out);
}

std::optional<Nanos> NakcastSender::next_deadline() const {
  if (!last_send_) return Nanos{std::numeric_limits<Nanos::rep>::min()};
  return *last_send_ + cfg_.heartbeat_interval;
}

// ---------------------------------------------------------------- nakcast receiver

namespace {

// Collects the sequences one tick NAKs (ascending) into ranges; a NAK datagram to the sender
// leaves whenever kMaxNakRanges ranges are full, and at flush(). NakcastReceiver and the
// Ricochet NAK fallback both batch their NAKs with it.
class NakBatch {
 public:
  NakBatch(std::uint32_t session, std::uint32_t stream_id, const Endpoint& to, Nanos now, Output& out,
           std::uint64_t& naks_sent)
      : session_(session), stream_id_(stream_id), to_(to), now_(now), out_(out), naks_sent_(naks_sent) {}
  void add(std::uint64_t seq) {
    if (!ranges_.empty() && ranges_.back().last + 1 == seq) {
      ranges_.back().last = seq;
      return;
    }
    if (ranges_.size() == wire::kMaxNakRanges) flush();
    ranges_.push_back({seq, seq});
  }
  void flush() {
    if (ranges_.empty()) return;
    for (const auto& r : ranges_) out_.events.push_back({EventKind::NakSent, r.first, r.last});
    out_.datagrams.push_back({Dest::Peer, to_, wire::encode_nak(session_, stream_id_, ranges_, now_.count())});
    ++naks_sent_;
    ranges_.clear();
  }

 private:
  std::uint32_t session_, stream_id_;
  Endpoint to_;
  Nanos now_;
  Output& out_;
  std::uint64_t& naks_sent_;
  std::vector<wire::SeqRange> ranges_;
};

}  // namespace

NakcastReceiver::NakcastReceiver(ReceiverConfig cfg) : cfg_(cfg), rng_(cfg.seed) {
  if (cfg_.max_window == 0) cfg_.max_window = 1;
}

Nanos NakcastReceiver::nak_delay() {
  if (cfg_.nak_jitter.count() <= 0) return cfg_.nak_timeout;
  std::uniform_int_distribution<Nanos::rep> d(0, cfg_.nak_jitter.count());
  return cfg_.nak_timeout + Nanos{d(rng_)};
}

void NakcastReceiver::start(std::uint32_t session, std::uint64_t first, Output& out, bool reset) {
  if (reset) out.events.push_back({EventKind::SessionReset, first, 0});
  session_ = session;
  sender_.reset();
  missing_.clear();
  buffer_.clear();
  next_expected_ = first;
  highest_known_ = first - 1;
}

void NakcastReceiver::note_highest(std::uint64_t seq, bool received, Nanos now, Output& out) {
  if (seq <= highest_known_) return;
  // Never track more than max_window sequences: give up on the oldest ones instead.
  if (seq - next_expected_ >= cfg_.max_window) {
    declare_unrecoverable_below(seq - cfg_.max_window + 1, out);
    highest_known_ = std::max(highest_known_, next_expected_ - 1);
  }
  // A DATA proves `seq` itself arrived; a HEARTBEAT only says it exists.
  const std::uint64_t last_missing = received ? seq - 1 : seq;
  if (last_missing > highest_known_) {
    out.events.push_back({EventKind::GapDetected, highest_known_ + 1, last_missing});
    const Nanos due = now + nak_delay();  // one delay per detected gap
    for (std::uint64_t s = highest_known_ + 1; s <= last_missing; ++s) missing_[s] = Missing{due, 0};
  }
  highest_known_ = seq;
}

void NakcastReceiver::declare_unrecoverable_below(std::uint64_t limit, Output& out) {
  while (next_expected_ < limit) {
    auto it = buffer_.lower_bound(next_expected_);
    if (it != buffer_.end() && it->first == next_expected_) {
      deliver_ready(out);
      continue;
    }
    const std::uint64_t end = (it == buffer_.end()) ? limit : std::min(it->first, limit);
    out.events.push_back({EventKind::Unrecoverable, next_expected_, end - 1});
    stats_.unrecoverable += end - next_expected_;
    missing_.erase(missing_.lower_bound(next_expected_), missing_.lower_bound(end));
    next_expected_ = end;
  }
  deliver_ready(out);
}

void NakcastReceiver::deliver_ready(Output& out) {
  for (auto it = buffer_.begin(); it != buffer_.end() && it->first == next_expected_;
       it = buffer_.erase(it)) {
    out.deliveries.push_back({it->first, it->second.send_time_ns, std::move(it->second.payload)});
    ++stats_.delivered;
    ++next_expected_;
  }
}

void NakcastReceiver::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  auto pkt = accept(bytes, cfg_.stream_id, stats_, out);
  if (!pkt) return;
  const auto& h = pkt->header;
  const bool starts = h.kind == wire::Kind::Data || h.kind == wire::Kind::Heartbeat;
  if (h.kind != wire::Kind::Data && h.kind != wire::Kind::Heartbeat &&
      h.kind != wire::Kind::Retransmit)
    return;  // NAKs are for the sender; Ricochet kinds are not ours
  if (!session_ || *session_ != h.session) {
    if (!starts) return;  // a repair cannot define where a stream starts
    std::optional<std::uint64_t> first;
    if (h.kind == wire::Kind::Data) first = h.sequence;
    else first = h.sequence + 1;
    start(h.session, *first, out, session_.has_value());
  }
  sender_ = from;

  if (h.kind == wire::Kind::Heartbeat) {
    note_highest(h.sequence, false, now, out);
    const std::uint64_t low = *wire::decode_heartbeat_lowest(pkt->payload);
    // Whatever we still miss below the sender's history is gone for good.
    if (low > next_expected_) declare_unrecoverable_below(std::min(low, highest_known_ + 1), out);
    return;
  }

  const std::uint64_t seq = h.sequence;
  if (seq < next_expected_ || buffer_.count(seq)) {
    ++stats_.duplicates;
    return;
  }
  note_highest(seq, true, now, out);
  if (seq < next_expected_) return;  // fell behind the window while noting
  missing_.erase(seq);
  buffer_.emplace(seq, Buffered{h.send_time_ns, copy_bytes(pkt->payload)});
  deliver_ready(out);
}

void NakcastReceiver::on_tick(Nanos now, Output& out) {
  if (!sender_) return;
  NakBatch naks(*session_, cfg_.stream_id, *sender_, now, out, stats_.naks_sent);
  std::uint64_t give_up_below = 0;
  for (auto& [seq, m] : missing_) {
    if (m.due > now) continue;
    if (m.naks >= cfg_.max_naks) {
      give_up_below = seq + 1;  // sender seems gone; stop asking
      continue;
    }
    ++m.naks;
    m.due = now + nak_delay();  // re-NAK if the repair is lost too
    naks.add(seq);
  }
  naks.flush();
  if (give_up_below) declare_unrecoverable_below(give_up_below, out);
}

std::optional<Nanos> NakcastReceiver::next_deadline() const {
  if (missing_.empty()) return std::nullopt;
  Nanos best = missing_.begin()->second.due;
  for (const auto& [seq, m] : missing_) best = std::min(best, m.due);
  return best;
}

// ---------------------------------------------------------------- ricochet receiver

namespace {
// A REPAIR may only reference packets this far beyond the highest sequence we know of:
// peers XOR packets they received, which we receive at about the same time. Anything
// further is forged or absurd and would otherwise inflate the loss window.
constexpr std::uint64_t kRepairLookahead = 256;
constexpr std::size_t kMaxPendingBytes = 4u << 20;  // all kept repairs together

void xor_into(std::vector<std::uint8_t>& acc, ByteView v) {
  if (acc.size() < v.size) acc.resize(v.size, 0);
  for (std::size_t i = 0; i < v.size; ++i) acc[i] ^= v.data[i];
}
}  // namespace

void XorRepair::add(std::uint64_t seq, std::int64_t send_time_ns, ByteView payload) {
  seqs.push_back(seq);
  len_xor ^= static_cast<std::uint32_t>(payload.size);
  time_xor ^= send_time_ns;
  xor_into(bytes, payload);
}

std::vector<std::uint8_t> XorRepair::encode(std::uint32_t session, std::uint32_t stream_id, Nanos now) const {
  return wire::encode_repair(session, stream_id, seqs, len_xor, time_xor, ByteView{bytes.data(), bytes.size()},
                             now.count());
}

// ---------------------------------------------------------------- FEC sender

FecSender::FecSender(SenderConfig cfg)
    : cfg_(cfg),
      data_(cfg),
      r_(std::clamp(cfg.fec_r, 1, static_cast<int>(wire::kMaxRepairCount))),
      c_(std::clamp(cfg.fec_c, 1, r_)),
      parts_(static_cast<std::size_t>(c_)) {}

std::uint64_t FecSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = data_.publish(payload, now, out);
  parts_[static_cast<std::size_t>(in_block_ % c_)].add(seq, now.count(), payload);  // DATA's send time
  last_add_ = now;
  if (++in_block_ == r_) flush(now, out);
  return seq;
}

void FecSender::flush(Nanos now, Output& out) {
  for (auto& p : parts_) {
    if (p.empty()) continue;
    out.datagrams.push_back({Dest::Group, {}, p.encode(cfg_.session, cfg_.stream_id, now)});
    ++stats_.repairs_sent;
    p = XorRepair{};
  }
  in_block_ = 0;
}

void FecSender::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  data_.on_datagram(bytes, from, now, out);
}

void FecSender::on_tick(Nanos now, Output& out) {
  data_.on_tick(now, out);
  if (in_block_ > 0 && now - last_add_ >= cfg_.fec_flush) flush(now, out);
}

std::optional<Nanos> FecSender::next_deadline() const {
  auto d = data_.next_deadline();
  if (in_block_ > 0) d = d ? std::min(*d, last_add_ + cfg_.fec_flush) : last_add_ + cfg_.fec_flush;
  return d;
}

std::size_t FecSender::state_entries() const {
  std::size_t n = data_.state_entries();
  for (const auto& p : parts_) n += p.seqs.size();
  return n;
}

const SenderStats& FecSender::stats() const {
  const std::uint64_t repairs = stats_.repairs_sent;
  stats_ = data_.stats();
  stats_.repairs_sent = repairs;
  return stats_;
}

// ---------------------------------------------------------------- Ricochet receiver

RicochetReceiver::RicochetReceiver(ReceiverConfig cfg) : cfg_(cfg), rng_(cfg.seed ^ 0x524943484F434845ull) {
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
  if (seq >= next_expected_) settled_.insert(seq);
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
      if (!settled(s)) missing_[s] = Missing{now, now + cfg_.nak_timeout};
  }
  highest_known_ = std::max(highest_known_, seq);
}

void RicochetReceiver::accept_packet(std::uint64_t seq, std::int64_t send_time,
                                     std::vector<std::uint8_t> payload, bool from_sender, Nanos now,
                                     Output& out) {
  note_highest(seq, true, now, out);
  if (settled(seq)) return;  // fell behind the window while noting
  out.deliveries.push_back({seq, send_time, payload});
  ++stats_.delivered;
  settle(seq);
  if (from_sender && cfg_.lec_repairs) {
    bin_.rep.add(seq, send_time, ByteView{payload.data(), payload.size()});
    bin_.last_add = now;
  }
  store_[seq] = Stored{send_time, std::move(payload)};
  while (store_.size() > cfg_.lec_store) store_.erase(store_.begin());
  if (bin_.rep.seqs.size() >= static_cast<std::size_t>(cfg_.lec_r)) flush_bin(now, out);
}

RicochetReceiver::Use RicochetReceiver::try_repair(const std::vector<std::uint64_t>& seqs,
                                                   std::uint32_t len_xor, std::int64_t time_xor,
                                                   ByteView bytes, Nanos now, Output& out) {
  std::size_t n_missing = 0;
  std::uint64_t missing = 0;
  for (auto s : seqs) {
    if (store_.count(s)) continue;
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
    const Stored& st = store_.find(s)->second;
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
      if (it != members_.end() && it->second.ep == m.endpoint) members_.erase(it);
      continue;
    }
    if (it != members_.end()) {
      it->second = MemberInfo{m.endpoint, now};
    } else if (members_.size() < cfg_.max_members) {
      members_.emplace(m.id, MemberInfo{m.endpoint, now});
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
    std::vector<const MemberInfo*> cand;
    cand.reserve(members_.size());
    for (const auto& kv : members_) cand.push_back(&kv.second);
    const std::size_t k = std::min(cand.size(), static_cast<std::size_t>(cfg_.lec_c));
    const auto bytes = bin_.rep.encode(*session_, cfg_.stream_id, now);
    for (std::size_t i = 0; i < k; ++i) {  // partial Fisher-Yates: k distinct members
      std::uniform_int_distribution<std::size_t> d(i, cand.size() - 1);
      std::swap(cand[i], cand[d(rng_)]);
      out.datagrams.push_back({Dest::Peer, cand[i]->ep, bytes});
      ++stats_.repairs_sent;
    }
  }
  bin_ = Bin{};
}

bool RicochetReceiver::announces() const {
  return cfg_.member_id != 0 && wire::valid_member_address(cfg_.self);
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
  auto pkt = accept(bytes, cfg_.stream_id, stats_, out);
  if (!pkt) return;
  const auto& h = pkt->header;
  switch (h.kind) {
    case wire::Kind::Nak:
    case wire::Kind::Msg:
    case wire::Kind::Ack: return;  // for the sender / other transports
    case wire::Kind::Join:
    case wire::Kind::Leave: on_membership(*pkt, now, out); return;
    case wire::Kind::Repair: on_repair(*pkt, now, out); return;
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
    note_highest(h.sequence, false, now, out);
    return;
  }
  if (settled(h.sequence)) {
    ++stats_.duplicates;
    return;
  }
  accept_packet(h.sequence, h.send_time_ns, copy_bytes(pkt->payload), h.kind == wire::Kind::Data, now, out);
  cascade(now, out);
}

void RicochetReceiver::on_tick(Nanos now, Output& out) {
  if (announces()) {
    const Nanos soon = cfg_.announce_interval / 50;
    if (!last_announce_ || now - *last_announce_ >= cfg_.announce_interval ||
        (announce_soon_ && now - *last_announce_ >= soon)) {
      for (auto it = members_.begin(); it != members_.end();)
        it = (now - it->second.last_seen >= cfg_.member_timeout) ? members_.erase(it) : std::next(it);
      announce(now, out);
    }
  }
  if (!bin_.rep.empty() && now - bin_.last_add >= cfg_.lec_flush) flush_bin(now, out);
  while (!pending_.empty() && pending_.front().expires <= now) {
    pending_bytes_ -= pending_.front().bytes.size();
    pending_.pop_front();
  }
  NakBatch naks(session_.value_or(0), cfg_.stream_id, sender_.value_or(Endpoint{}), now, out, stats_.naks_sent);
  std::vector<std::uint64_t> lost;
  for (auto& [seq, m] : missing_) {
    if (now - m.since >= cfg_.lec_give_up) {
      lost.push_back(seq);
      continue;
    }
    if (!cfg_.lec_nak_fallback || !sender_ || m.nak_due > now) continue;
    m.nak_due = now + cfg_.nak_timeout;
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

// ---------------------------------------------------------------- factories

std::unique_ptr<SenderEngine> make_sender(TransportKind kind, const SenderConfig& cfg) {
  if (kind == TransportKind::Baseline) return std::make_unique<BaselineSender>(cfg);
  if (kind == TransportKind::Fec) return std::make_unique<FecSender>(cfg);
  if (kind == TransportKind::Replace || kind == TransportKind::Fifo) {
    ReplaceConfig rc;
    rc.stream_id = cfg.stream_id;
    rc.session = cfg.session;
    rc.replacement = kind == TransportKind::Replace;
    rc.pace_bytes_per_s = cfg.pace_bytes_per_s;
    rc.estimate_bandwidth = cfg.estimate_bandwidth;
    rc.pace_overhead_bytes = cfg.pace_overhead_bytes;
    rc.enqueue_timeout = cfg.enqueue_timeout;
    rc.retry_timeout = cfg.retry_timeout;
    rc.min_receivers = cfg.min_receivers;
    return std::make_unique<ReplaceSender>(rc);
  }
  return std::make_unique<NakcastSender>(cfg);
}

std::unique_ptr<ReceiverEngine> make_receiver(TransportKind kind, const ReceiverConfig& cfg) {
  if (kind == TransportKind::Baseline) return std::make_unique<BaselineReceiver>(cfg);
  if (kind == TransportKind::Ricochet) return std::make_unique<RicochetReceiver>(cfg);
  if (kind == TransportKind::Fec) {  // the sender's repairs only: no membership, no repairs of its own
    ReceiverConfig fc = cfg;
    fc.lec_repairs = false;
    fc.member_id = 0;
    fc.lec_nak_fallback = false;
    return std::make_unique<RicochetReceiver>(fc);
  }
  if (kind == TransportKind::Replace || kind == TransportKind::Fifo) return std::make_unique<ReplaceReceiver>(cfg);
  return std::make_unique<NakcastReceiver>(cfg);
}

}  // namespace adamant::engine
