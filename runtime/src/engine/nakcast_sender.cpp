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
  return history_.empty() ? next_seq_ : history_.front().seq;
}

std::uint64_t NakcastSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = next_seq_++;
  wire::Header h{wire::Kind::Data, cfg_.session, cfg_.stream_id, seq, now.count(), 0};
  out.datagrams.push_back({Dest::Group, {}, wire::encode(h, payload)});
  history_.push_back({seq, now.count(), detail::copy_bytes(payload), std::nullopt});
  while (history_.size() > cfg_.history) history_.pop_front();
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

void NakcastSender::heartbeat(Nanos now, Output& out) {
  out.datagrams.push_back({Dest::Group, {},
                           wire::encode_heartbeat(cfg_.session, cfg_.stream_id, highest(),
                                                  lowest_available(), now.count())});
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
      if (!e.last_retransmit) ++stats_.repaired;
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
  if (!last_send_ || now - *last_send_ >= idle_gap()) heartbeat(now, out);
}

std::optional<Nanos> NakcastSender::next_deadline() const {
  if (!last_send_) return Nanos{std::numeric_limits<Nanos::rep>::min()};
  return *last_send_ + idle_gap();
}

}  // namespace adamant::engine
