#include <adamant/auth.hpp>
#include <adamant/contract.hpp>
#include <adamant/setup.hpp>

#include <algorithm>

namespace adamant::setup {

using engine::Nanos;

engine::SenderConfig sender_config(const ChannelConfig& cfg, std::uint32_t session) {
  engine::SenderConfig sc;
  sc.stream_id = cfg.stream_id;
  sc.session = session;
  const Nanos t = std::chrono::duration_cast<Nanos>(cfg.transport.nak_timeout);
  sc.heartbeat_interval = contract::heartbeat_interval(t);
  sc.retransmit_holdoff = t / 2;  // below the receivers' re-NAK interval
  sc.pace_bytes_per_s = cfg.transport.pace_bytes_per_s;
  sc.estimate_bandwidth = cfg.transport.estimate_bandwidth;
  sc.pace_overhead_bytes = cfg.psk.empty() ? 0 : auth::kTagSize;
  sc.enqueue_timeout = std::chrono::duration_cast<Nanos>(cfg.transport.enqueue_timeout);
  sc.retry_timeout = std::chrono::duration_cast<Nanos>(cfg.transport.retry_timeout);
  sc.min_receivers = cfg.transport.min_receivers;
  sc.fec_r = cfg.transport.lec_r;
  sc.fec_c = cfg.transport.lec_c;
  return sc;
}

engine::ReceiverConfig receiver_config(const ChannelConfig& cfg, Endpoint self, std::uint32_t member_id) {
  engine::ReceiverConfig rc;
  rc.stream_id = cfg.stream_id;
  rc.nak_timeout = std::chrono::duration_cast<Nanos>(cfg.transport.nak_timeout);
  rc.nak_jitter = contract::nak_jitter(rc.nak_timeout);  // small random spread, see engine.hpp
  rc.seed = cfg.seed ^ 0x9E3779B97F4A7C15ull;  // independent of the loss stream
  rc.self = self;
  rc.member_id = member_id;
  rc.lec_r = cfg.transport.lec_r;
  rc.lec_c = cfg.transport.lec_c;
  rc.lec_nak_fallback = cfg.transport.lec_nak_fallback;
  return rc;
}

}  // namespace adamant::setup
