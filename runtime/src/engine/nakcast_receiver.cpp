#include <adamant/engine/nakcast_receiver.hpp>

#include "decode.hpp"
#include "nak_batch.hpp"

#include <algorithm>

namespace adamant::engine {

NakcastReceiver::NakcastReceiver(NakcastReceiverConfig cfg) : cfg_(cfg), rng_(cfg.seed) {
  if (cfg_.max_window == 0) cfg_.max_window = 1;
}

Nanos NakcastReceiver::nak_delay() {
  if (cfg_.adaptive) return timing_.delay(rng_, peers_.size() + 1);
  if (cfg_.nak_jitter.count() <= 0) return Nanos{cfg_.nak_timeout};
  std::uniform_int_distribution<Nanos::rep> d(0, cfg_.nak_jitter.count());
  return Nanos{cfg_.nak_timeout} + Nanos{d(rng_)};
}

Nanos NakcastReceiver::renak_delay() {
  return cfg_.adaptive ? timing_.renak(rng_, peers_.size() + 1) : nak_delay();
}

void NakcastReceiver::on_peer_nak(ByteView payload, const Endpoint& from, Nanos now) {
  if (from != cfg_.self && peers_.size() < contract::kNakAutoBackoffGroup &&
      std::find(peers_.begin(), peers_.end(), from) == peers_.end())
    peers_.push_back(from);
  const auto ranges = wire::decode_nak_ranges(payload);  // validated by decode()
  for (const auto& r : *ranges)
    for (auto it = missing_.lower_bound(r.first); it != missing_.end() && it->first <= r.last; ++it) {
      Missing& m = it->second;
      if (m.naks == 0 && !m.heard) ++suppressed_;  // our own NAK, looped back, is not one
      m.heard = true;
      m.due = std::max(m.due, now + renak_delay());
    }
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
    for (std::uint64_t s = highest_known_ + 1; s <= last_missing; ++s) missing_[s] = Missing{due, 0, std::nullopt, false};
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
  if (auto pkt = detail::accept(bytes, cfg_.stream_id, stats_, out)) take_packet(*pkt, from, now, out);
}

void NakcastReceiver::on_packet(const wire::Packet& pkt, ByteView, const Endpoint& from, Nanos now, Output& out) {
  if (detail::ours(pkt, cfg_.stream_id, stats_, out)) take_packet(pkt, from, now, out);
}

void NakcastReceiver::take_packet(const wire::Packet& pkt, const Endpoint& from, Nanos now, Output& out) {
  const auto& h = pkt.header;
  const bool data = h.kind == wire::Kind::Data || h.kind == wire::Kind::DataBatch;
  const bool repair = h.kind == wire::Kind::Retransmit || h.kind == wire::Kind::RetransmitBatch;
  if (h.kind == wire::Kind::Nak && cfg_.adaptive && session_ && *session_ == h.session) {
    on_peer_nak(pkt.payload, from, now);  // another receiver's NAK (or ours, looped back)
    return;
  }
  if (!data && !repair && h.kind != wire::Kind::Heartbeat)
    return;  // NAKs are for the sender; Ricochet kinds are not ours
  if (!session_ || *session_ != h.session) {
    if (repair) return;  // a repair cannot define where a stream starts
    // A batch's header sequence is its first entry's.
    start(h.session, data ? h.sequence : h.sequence + 1, out, session_.has_value());
  }
  sender_ = from;

  if (h.kind == wire::Kind::Heartbeat) {
    note_highest(h.sequence, false, now, out);
    const std::uint64_t low = *wire::decode_heartbeat_lowest(pkt.payload);
    // Whatever we still miss below the sender's history is gone for good.
    if (low > next_expected_) declare_unrecoverable_below(std::min(low, highest_known_ + 1), out);
    return;
  }
  if (h.kind == wire::Kind::Data || h.kind == wire::Kind::Retransmit) {
    take(wire::BatchEntry{h.sequence, h.send_time_ns, pkt.payload}, repair, now, out);
    return;
  }
  wire::BatchCursor entries(pkt.payload);  // validated by decode()
  for (wire::BatchEntry e; entries.next(e);) take(e, repair, now, out);
}

void NakcastReceiver::take(const wire::BatchEntry& m, bool repair, Nanos now, Output& out) {
  const std::uint64_t seq = m.sequence;
  if (seq < next_expected_ || buffer_.count(seq)) {
    ++stats_.duplicates;
    return;
  }
  note_highest(seq, true, now, out);
  if (seq < next_expected_) return;  // fell behind the window while noting
  if (!missing_.empty())
    if (auto it = missing_.find(seq); it != missing_.end()) {
      const Missing& mi = it->second;
      // Karn's rule: only a repair of a sequence NAKed once times the round trip.
      if (cfg_.adaptive && repair && mi.naks == 1 && mi.asked && now > *mi.asked)
        timing_.sample(now - *mi.asked);
      missing_.erase(it);
    }
  if (seq == next_expected_) {  // in order: delivered from a reused buffer, nothing kept
    auto payload = out.take_buffer();
    payload.assign(m.payload.data, m.payload.data + m.payload.size);
    out.deliveries.push_back({seq, m.send_time_ns, std::move(payload)});
    ++stats_.delivered;
    ++next_expected_;
  } else {
    buffer_.emplace(seq, Buffered{m.send_time_ns, detail::copy_bytes(m.payload)});
  }
  deliver_ready(out);
}

void NakcastReceiver::on_tick(Nanos now, Output& out) {
  if (!sender_) return;
  detail::NakBatch naks(*session_, cfg_.stream_id, *sender_, now, out, stats_, cfg_.adaptive);
  std::uint64_t give_up_below = 0;
  for (auto& [seq, m] : missing_) {
    if (m.due > now) continue;
    if (m.naks >= cfg_.max_naks) {
      give_up_below = seq + 1;  // sender seems gone; stop asking
      continue;
    }
    if (++m.naks == 1) m.asked = now;
    else if (cfg_.adaptive) timing_.renaked();
    m.due = now + renak_delay();  // re-NAK if the repair is lost too
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

}  // namespace adamant::engine
