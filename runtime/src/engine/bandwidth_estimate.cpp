#include <adamant/engine/bandwidth_estimate.hpp>

#include <algorithm>
#include <stdexcept>

namespace adamant::engine {

DeliverySnapshot on_sent(DeliveryState& d, std::size_t bytes, Nanos sent, bool idle) {
  if (idle) {  // nothing in flight: every ACK from now on measures what the path delivers from now
    d.delivered_time = d.first_sent_time = sent;
    d.first_sent_bytes = d.sent;
    d.idle_reference = true;
  }
  d.sent += bytes;
  DeliverySnapshot snap{d.delivered, d.first_sent_bytes, d.sent, d.unknown, d.delivered_time, d.first_sent_time,
                        sent, d.delivered > 0 || d.idle_reference};
  snap.idle_reference = d.idle_reference;
  return snap;
}

void settle_unknown(DeliveryState& d, std::size_t bytes) { d.unknown += bytes; }

std::optional<DeliverySample> on_delivered(DeliveryState& d, const DeliverySnapshot& snap, std::size_t bytes,
                                           Nanos now) {
  d.delivered += bytes;
  d.delivered_time = now;
  d.first_sent_time = snap.sent;  // the next samples measure from this message
  d.first_sent_bytes = snap.sent_bytes;
  d.idle_reference = false;
  if (!snap.valid) return std::nullopt;
  // The same two events seen from both ends: the reference message (acknowledged last when
  // this one was sent) and this one. Without a queue growing on the path both intervals
  // are equal; the longer one bounds the rate (ACK compression cannot inflate it).
  const Nanos send_elapsed = snap.sent - snap.first_sent_time;
  const Nanos ack_elapsed = now - snap.delivered_time;
  const Nanos interval = std::max(send_elapsed, ack_elapsed);
  if (interval.count() <= 0) return std::nullopt;
  const std::uint64_t got = d.delivered - snap.delivered;
  const std::uint64_t sent = snap.sent_bytes > snap.first_sent_bytes ? snap.sent_bytes - snap.first_sent_bytes : 0;
  DeliverySample s;
  s.app_limited = snap.app_limited;
  s.bytes_per_s = static_cast<double>(got) * 1e9 / static_cast<double>(interval.count());
  const std::uint64_t settled = got + (d.unknown - snap.unknown);  // unknown: not known to be lost
  s.network_limited = ack_elapsed > send_elapsed + send_elapsed / 8 + std::chrono::milliseconds(1) ||
                      settled + sent / 8 < sent;
  if (snap.idle_reference) s.network_limited = false;  // its ACK interval includes the round trip
  return s;
}

BandwidthEstimate::BandwidthEstimate(double initial, double min, double max)
    : bw_(std::clamp(initial, min, max)), min_(min), max_(max) {
  if (!(min > 0) || max < min) throw std::invalid_argument("adamant::engine::BandwidthEstimate: need 0 < min <= max");
}

void BandwidthEstimate::add(const DeliverySample& s) {
  ++samples_;
  if (s.bytes_per_s > bw_) bw_ = s.bytes_per_s;
  else if (s.network_limited || !s.app_limited) bw_ += (s.bytes_per_s - bw_) / 2;
  bw_ = std::clamp(bw_, min_, max_);
}

double pacing_gain(std::uint64_t round) {
  static constexpr double kGain[] = {1.25, 0.75, 1.0, 1.0};
  return kGain[round % 4];
}

}  // namespace adamant::engine
