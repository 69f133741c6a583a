#include <adamant/engine.hpp>

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
  if (h.kind == wire::Kind::Nak) return;  // NAKs are for the sender
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
  std::vector<wire::SeqRange> ranges;
  std::uint64_t give_up_below = 0;
  auto flush = [&] {
    if (ranges.empty()) return;
    for (const auto& r : ranges) out.events.push_back({EventKind::NakSent, r.first, r.last});
    out.datagrams.push_back(
        {Dest::Peer, *sender_, wire::encode_nak(*session_, cfg_.stream_id, ranges, now.count())});
    ++stats_.naks_sent;
    ranges.clear();
  };
  for (auto& [seq, m] : missing_) {
    if (m.due > now) continue;
    if (m.naks >= cfg_.max_naks) {
      give_up_below = seq + 1;  // sender seems gone; stop asking
      continue;
    }
    ++m.naks;
    m.due = now + nak_delay();  // re-NAK if the repair is lost too
    if (!ranges.empty() && ranges.back().last + 1 == seq) {
      ranges.back().last = seq;
    } else {
      if (ranges.size() == wire::kMaxNakRanges) flush();
      ranges.push_back({seq, seq});
    }
  }
  flush();
  if (give_up_below) declare_unrecoverable_below(give_up_below, out);
}

std::optional<Nanos> NakcastReceiver::next_deadline() const {
  if (missing_.empty()) return std::nullopt;
  Nanos best = missing_.begin()->second.due;
  for (const auto& [seq, m] : missing_) best = std::min(best, m.due);
  return best;
}

// ---------------------------------------------------------------- factories

std::unique_ptr<SenderEngine> make_sender(TransportKind kind, const SenderConfig& cfg) {
  if (kind == TransportKind::Baseline) return std::make_unique<BaselineSender>(cfg);
  return std::make_unique<NakcastSender>(cfg);
}

std::unique_ptr<ReceiverEngine> make_receiver(TransportKind kind, const ReceiverConfig& cfg) {
  if (kind == TransportKind::Baseline) return std::make_unique<BaselineReceiver>(cfg);
  return std::make_unique<NakcastReceiver>(cfg);
}

}  // namespace adamant::engine
