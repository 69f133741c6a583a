#include <adamant/engine/nakcast_sender.hpp>

#include "decode.hpp"

#include <algorithm>
#include <limits>

namespace adamant::engine {

namespace {
constexpr int kIntervalGainDivisor = 8;  // mean publish interval += (sample - mean) / this
}  // namespace

NakcastSender::NakcastSender(NakcastSenderConfig cfg) : cfg_(cfg) {
  if (cfg_.history == 0) cfg_.history = 1;
}

std::uint64_t NakcastSender::lowest_available() const {
  return size_ == 0 ? next_seq_ : next_seq_ - size_;
}

NakcastSender::Entry& NakcastSender::remember(std::uint64_t seq, Nanos now, ByteView payload) {
  // The ring is always full (size_ == ring_.size()); it grows while it holds fewer than `history`
  // packets, or while its oldest is younger than history_span and it holds fewer than history_max.
  const bool young = size_ > 0 && now - Nanos{at(0).send_time_ns} < cfg_.history_span;
  if (ring_.size() < cfg_.history || (young && ring_.size() < cfg_.history_max)) {
    std::rotate(ring_.begin(), ring_.begin() + static_cast<std::ptrdiff_t>(head_), ring_.end());
    head_ = 0;  // oldest first, so the new entry goes at the end
    ring_.push_back(Entry{});
  } else {
    head_ = (head_ + 1) % ring_.size();  // full: the oldest makes room
    --size_;
  }
  Entry& e = at(size_++);
  e.seq = seq;
  e.send_time_ns = now.count();
  e.payload.assign(payload.data, payload.data + payload.size);
  e.last_retransmit.reset();
  return e;
}

std::uint64_t NakcastSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = publish_held(0, payload, now, out);
  send_held(now, out);
  return seq;
}

std::uint64_t NakcastSender::publish_held(std::uint32_t, ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = next_seq_++;
  if (cfg_.batch_bytes == 0) {
    send(wire::Header{wire::Kind::Data, cfg_.session, cfg_.stream_id, seq, now.count(), 0}, payload, out);
  } else {
    if (wire::batch_count(open_) > 0 &&
        (open_.size() + wire::batch_entry_bytes(payload.size) > cfg_.batch_bytes ||
         wire::batch_count(open_) == wire::kMaxBatchCount))
      emit(open_, wire::Kind::Data, seq - 1, out);
    if (open_.empty()) {
      open_ = out.take_buffer();
      wire::start_batch(open_, wire::Kind::DataBatch, cfg_.session, cfg_.stream_id, now.count());
    }
    wire::append_to_batch(open_, seq, now.count(), payload);
  }
  remember(seq, now, payload);
  last_send_ = now;  // data reveals the highest sequence too, so it defers the heartbeat
  if (last_publish_ && now > *last_publish_) {
    const Nanos sample = now - *last_publish_;
    interval_ = interval_.count() == 0 ? sample : interval_ + (sample - interval_) / kIntervalGainDivisor;
  }
  last_publish_ = now;
  data_since_heartbeat_ = true;
  ++stats_.published;
  return seq;
}

void NakcastSender::emit(std::vector<std::uint8_t>& batch, wire::Kind single, std::uint64_t last_seq, Output& out) {
  const bool several = wire::batch_count(batch) > 1;
  if (single == wire::Kind::Data) batching_ = several;
  if (!several) {  // the same buffer, rewritten as a plain DATA (RETRANSMIT)
    const Entry& e = at(static_cast<std::size_t>(last_seq - lowest_available()));
    wire::encode_into(batch, wire::Header{single, cfg_.session, cfg_.stream_id, e.seq, e.send_time_ns, 0},
                      ByteView{e.payload.data(), e.payload.size()});
  }
  if (!batch.empty()) out.datagrams.push_back({Dest::Group, {}, std::move(batch)});
  batch = {};
}

void NakcastSender::send(const wire::Header& h, ByteView payload, Output& out) {
  auto b = out.take_buffer();
  wire::encode_into(b, h, payload);
  out.datagrams.push_back({Dest::Group, {}, std::move(b)});
}

void NakcastSender::send_held(Nanos, Output& out) {
  if (!open_.empty()) emit(open_, wire::Kind::Data, next_seq_ - 1, out);
}

void NakcastSender::heartbeat(Nanos now, Output& out) {
  send_held(now, out);  // the heartbeat's highest must have been sent
  std::vector<std::uint8_t> b = out.take_buffer();
  wire::encode_heartbeat_into(b, cfg_.session, cfg_.stream_id, highest(), lowest_available(), now.count());
  out.datagrams.push_back({Dest::Group, {}, std::move(b)});
  last_send_ = now;
  data_since_heartbeat_ = false;
  ++stats_.heartbeats;
}

Nanos NakcastSender::idle_gap() const {
  if (!cfg_.adaptive || !data_since_heartbeat_) return cfg_.heartbeat_interval;
  return std::clamp<Nanos>(interval_ / contract::kNakAutoHeartbeatDivisor, contract::kNakAutoHeartbeatMin,
                           std::max<Nanos>(cfg_.heartbeat_interval, contract::kNakAutoHeartbeatMin));
}

void NakcastSender::on_datagram(ByteView bytes, const Endpoint&, Nanos now, Output& out) {
  auto pkt = detail::accept(bytes, cfg_.stream_id, stats_, out);
  if (!pkt || pkt->header.kind != wire::Kind::Nak) return;
  if (pkt->header.session != cfg_.session) {
    ++stats_.rejected;  // NAK for a previous epoch of this stream
    return;
  }
  ++stats_.naks_received;
  const auto ranges = wire::decode_nak_ranges(pkt->payload);  // validated by decode()
  bool evicted = false;
  const std::uint64_t low = lowest_available();
  send_held(now, out);  // a repair never overtakes the first transmission
  std::vector<std::uint8_t> rtx;  // the RETRANSMIT_BATCH being filled (batching only)
  std::size_t budget = std::max<std::size_t>(cfg_.max_repairs_per_nak, 1);
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
      Entry& e = at(static_cast<std::size_t>(s - low));
      // Several receivers often NAK the same loss; one multicast repair serves them all.
      if (e.last_retransmit && now - *e.last_retransmit < cfg_.retransmit_holdoff) continue;
      if (budget == 0) break;
      --budget;
      retransmit(e, rtx, now, out);
    }
  }
  if (!rtx.empty()) emit(rtx, wire::Kind::Retransmit, rtx_last_, out);
  // Tell receivers (all of them: the same packets are gone for everyone) where history starts.
  if (evicted) heartbeat(now, out);
}

void NakcastSender::retransmit(Entry& e, std::vector<std::uint8_t>& batch, Nanos now, Output& out) {
  if (!e.last_retransmit) ++stats_.repaired;
  e.last_retransmit = now;
  ++stats_.retransmitted;
  out.events.push_back({EventKind::Retransmitted, e.seq, e.seq});
  const ByteView payload{e.payload.data(), e.payload.size()};
  if (cfg_.batch_bytes == 0 || !batching_) {
    send(wire::Header{wire::Kind::Retransmit, cfg_.session, cfg_.stream_id, e.seq, e.send_time_ns, 0}, payload, out);
    return;
  }
  if (wire::batch_count(batch) > 0 && (batch.size() + wire::batch_entry_bytes(payload.size) > cfg_.batch_bytes ||
                                       wire::batch_count(batch) == wire::kMaxBatchCount))
    emit(batch, wire::Kind::Retransmit, rtx_last_, out);
  if (batch.empty()) {
    batch = out.take_buffer();
    wire::start_batch(batch, wire::Kind::RetransmitBatch, cfg_.session, cfg_.stream_id, now.count());
  }
  wire::append_to_batch(batch, e.seq, e.send_time_ns, payload);
  rtx_last_ = e.seq;
}

void NakcastSender::on_tick(Nanos now, Output& out) {
  send_held(now, out);
  if (!last_send_ || now - *last_send_ >= idle_gap()) heartbeat(now, out);
}

std::optional<Nanos> NakcastSender::next_deadline() const {
  if (!open_.empty()) return last_publish_;  // a held batch is due at once
  if (!last_send_) return Nanos{std::numeric_limits<Nanos::rep>::min()};
  return *last_send_ + idle_gap();
}

}  // namespace adamant::engine
