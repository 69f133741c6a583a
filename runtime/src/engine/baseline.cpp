#include <adamant/engine/baseline.hpp>

#include "decode.hpp"

namespace adamant::engine {

std::uint64_t BaselineSender::publish(ByteView payload, Nanos now, Output& out) {
  const std::uint64_t seq = next_seq_++;
  wire::Header h{wire::Kind::Data, cfg_.session, cfg_.stream_id, seq, now.count(), 0};
  out.datagrams.push_back({Dest::Group, {}, wire::encode(h, payload)});
  ++stats_.published;
  return seq;
}

void BaselineReceiver::on_datagram(ByteView bytes, const Endpoint&, Nanos, Output& out) {
  auto pkt = detail::accept(bytes, cfg_.stream_id, stats_, out);
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
  out.deliveries.push_back({pkt->header.sequence, pkt->header.send_time_ns, detail::copy_bytes(pkt->payload)});
}

}  // namespace adamant::engine
