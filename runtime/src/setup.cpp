#include <adamant/contract.hpp>
#include <adamant/auth.hpp>
#include <adamant/setup.hpp>

#include <algorithm>
#include <stdexcept>

namespace adamant::setup {

using engine::Nanos;

namespace {

engine::NakcastSenderConfig nakcast_sender(const ChannelConfig& cfg, std::uint32_t session) {
  engine::NakcastSenderConfig sc;
  sc.stream_id = cfg.stream_id;
  sc.session = session;
  // Only NAKcast's receivers take batches (Ricochet's and FEC's share this sender but not its batches).
  sc.batch_bytes = cfg.transport.kind == TransportKind::Nakcast ? cfg.batch_bytes : 0;
  const Nanos t = cfg.transport.nak_timeout;
  // nak_timeout auto: nakcast's NAKs, and ricochet's when it NAKs at all (the NAK fallback)
  const bool naks = cfg.transport.kind == TransportKind::Nakcast ||
                    (cfg.transport.kind == TransportKind::Ricochet && cfg.transport.lec_nak_fallback);
  if (naks && t == contract::kNakTimeoutAuto) {
    sc.adaptive = true;
    sc.heartbeat_interval = contract::kHeartbeatMax;
    sc.retransmit_holdoff = contract::kNakAutoHoldoff;  // below the receivers' shortest re-NAK wait
    return sc;
  }
  // FEC under auto: no NAKs to time and its readers build no repairs, so heartbeats only mark a
  // stream's tail: the longest interval (auto's 0 would give the shortest). Ricochet keeps the
  // shortest: its readers send a full bin at the writer's next datagram.
  const bool fec_auto = cfg.transport.kind == TransportKind::Fec && t == contract::kNakTimeoutAuto;
  sc.heartbeat_interval = fec_auto ? Nanos{contract::kHeartbeatMax} : contract::heartbeat_interval(t);
  sc.retransmit_holdoff = t / 2;  // below the receivers' re-NAK interval
  return sc;
}

// The adaptive engines' config: the table the transport names, read now (a missing or bad file
// throws here, where the channel is made), its hold and margin.
adaptive::AdaptiveConfig adaptive_config(const ChannelConfig& cfg) {
  const TransportSettings& t = cfg.transport;
  if (t.table.empty()) throw std::invalid_argument("the adaptive transport needs a decision table (its `table`)");
  adaptive::AdaptiveConfig ac;
  ac.table = std::make_shared<const adaptive::DecisionTable>(adaptive::DecisionTable::load(t.table));
  ac.channel = cfg;
  ac.hold = t.hold;
  ac.margin_pct = t.margin_pct;
  return ac;
}

}  // namespace

engine::SenderConfig sender_config(const ChannelConfig& cfg, std::uint32_t session) {
  const TransportSettings& t = cfg.transport;
  switch (t.kind) {
    case TransportKind::Baseline: return engine::BaselineSenderConfig{cfg.stream_id, session};
    case TransportKind::Nakcast:
    case TransportKind::Ricochet: return nakcast_sender(cfg, session);
    case TransportKind::Fec: {
      engine::FecSenderConfig fc;
      fc.data = nakcast_sender(cfg, session);
      const LecParams lec = lec_params(t);
      fc.r = lec.r;
      fc.c = lec.c;
      return fc;
    }
    case TransportKind::Adaptive: return engine::AdaptiveSenderConfig{adaptive_config(cfg), session};
    case TransportKind::Replace:
    case TransportKind::Fifo: break;
  }
  engine::ReplaceConfig rc;
  rc.stream_id = cfg.stream_id;
  rc.session = session;
  rc.replacement = t.kind == TransportKind::Replace;
  rc.pace_bytes_per_s = t.pace_bytes_per_s;
  rc.estimate_bandwidth = t.estimate_bandwidth;
  // the pace charges what the link does: its headers and the key's trailer beside the payload
  rc.pace_overhead_bytes = contract::kLinkOverheadBytes + (cfg.keyed() ? auth::kTrailerSize : 0);
  rc.enqueue_timeout = t.enqueue_timeout;
  rc.retry_timeout = t.retry_timeout;
  rc.min_receivers = t.min_receivers;
  rc.default_class.sequenced = t.sequenced;
  return rc;
}

engine::ReceiverConfig receiver_config(const ChannelConfig& cfg, Endpoint self, std::uint32_t member_id) {
  const TransportSettings& t = cfg.transport;
  const std::uint64_t seed = cfg.seed ^ 0x9E3779B97F4A7C15ull;  // independent of the loss stream
  switch (t.kind) {
    case TransportKind::Baseline: return engine::BaselineReceiverConfig{cfg.stream_id};
    case TransportKind::Nakcast: {
      engine::NakcastReceiverConfig nc;
      nc.stream_id = cfg.stream_id;
      nc.nak_timeout = t.nak_timeout;
      nc.nak_jitter = contract::nak_jitter(t.nak_timeout);  // small random spread, see nakcast_receiver.hpp
      nc.adaptive = t.nak_timeout == contract::kNakTimeoutAuto;
      nc.self = self;
      nc.seed = seed;
      return nc;
    }
    case TransportKind::Ricochet:
    case TransportKind::Fec: {
      engine::RicochetReceiverConfig rc;
      rc.stream_id = cfg.stream_id;
      // auto: the NAK fallback times its NAKs by the round trip (nakcast's auto timing)
      rc.adaptive_nak = t.nak_timeout == contract::kNakTimeoutAuto;
      if (!rc.adaptive_nak) rc.nak_timeout = t.nak_timeout;
      rc.seed = seed;
      rc.self = self;
      rc.member_id = member_id;
      const LecParams lec = lec_params(t);
      rc.lec_r = lec.r;
      rc.lec_c = lec.c;
      rc.lec_nak_fallback = t.lec_nak_fallback;
      return t.kind == TransportKind::Fec ? engine::fec_receiver_config(rc) : rc;
    }
    case TransportKind::Adaptive: return engine::AdaptiveReceiverConfig{adaptive_config(cfg), self, member_id};
    case TransportKind::Replace:
    case TransportKind::Fifo: break;
  }
  engine::ReplaceReceiverConfig pc;
  pc.stream_id = cfg.stream_id;
  return pc;
}

}  // namespace adamant::setup
