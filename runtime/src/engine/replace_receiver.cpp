#include <adamant/engine/replace_receiver.hpp>

#include <adamant/engine/ack_ranges.hpp>

#include <algorithm>
#include <iterator>

namespace adamant::engine {

std::size_t ReplaceReceiver::state_entries() const {
  std::size_t n = above_.size() + tag_latest_.size();
  for (const auto& h : held_) n += h.size();
  return n;
}

void ReplaceReceiver::advance_cum() {
  auto it = above_.begin();
  while (it != above_.end() && *it <= cum_) it = above_.erase(it);
  while (it != above_.end() && *it == cum_ + 1) {
    ++cum_;
    it = above_.erase(it);
  }
}

void ReplaceReceiver::deliver(std::uint64_t id, std::uint32_t tag, std::int64_t t, std::vector<std::uint8_t> body,
                              Output& out) {
  auto& latest = tag_latest_[tag];
  if (latest > id) {
    ++rstats_.obsolete;
    return;
  }
  latest = id;
  ++stats_.delivered;
  ++rstats_.tags[tag].received;
  out.deliveries.push_back(Delivery{id, t, std::move(body)});
}

void ReplaceReceiver::on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) {
  wire::DecodeError err = wire::DecodeError::None;
  auto pkt = wire::decode(bytes, &err);
  if (!pkt || pkt->header.stream_id != cfg_.stream_id) {
    ++stats_.rejected;
    out.events.push_back({EventKind::Rejected, static_cast<std::uint64_t>(err), 0});
    return;
  }
  if (pkt->header.kind != wire::Kind::Msg) return;
  const auto& h = pkt->header;
  auto info = wire::decode_msg(pkt->payload);
  if (!info) return;
  if (session_ != h.session) {
    if (session_) out.events.push_back({EventKind::SessionReset, h.sequence, h.sequence});
    *this = ReplaceReceiver(cfg_);
    session_ = h.session;
  }
  const std::uint64_t id = h.sequence;
  highest_ = std::max(highest_, id);
  const bool dup = id <= cum_ || above_.count(id) > 0;
  if (!dup && above_.size() < cfg_.max_window) above_.insert(id);
  if (info->low_water > 0) cum_ = std::max(cum_, info->low_water - 1);
  advance_cum();
  if (tag_latest_.size() > tag_prune_at_) {
    // A tag whose newest delivered id is <= cum_ needs no entry: every later message of it
    // has a larger id (delivered) and every earlier one is a duplicate now. Keeps the table
    // bounded when tags are many (e.g. one per message).
    for (auto it = tag_latest_.begin(); it != tag_latest_.end();)
      it = it->second <= cum_ ? tag_latest_.erase(it) : std::next(it);
    tag_prune_at_ = std::max(kTagPruneAt, 2 * tag_latest_.size());  // amortised when little is settled
  }
  // ACK: cumulative + selective ranges (ack_ranges.hpp); one ACK per MSG, no larger than it.
  const AckRanges ack = ack_ranges(above_, id, max_ack_ranges(info->body.size));
  if (ack.truncated) ++rstats_.acks_truncated;
  out.datagrams.push_back({Dest::Peer, from, wire::encode_ack(h.session, cfg_.stream_id, cum_, ack.ranges, now.count())});
  ++rstats_.acks_sent;
  if (dup) {
    ++stats_.duplicates;
    return;
  }
  const int f = flow_of(info->reliable, info->sequenced);
  std::vector<std::uint8_t> body(info->body.data, info->body.data + info->body.size);
  if (!info->sequenced) {  // on arrival, once (dup above), even after a newer one of its tag
    ++stats_.delivered;
    ++rstats_.tags[info->tag].received;
    out.deliveries.push_back(Delivery{id, h.send_time_ns, std::move(body)});
    return;
  }
  auto& next = next_flow_[f];
  if (info->flow_seq < next) {
    ++rstats_.obsolete;
    return;
  }
  if (!info->reliable) {
    next = info->flow_seq + 1;
    deliver(id, info->tag, h.send_time_ns, std::move(body), out);
    return;
  }
  auto& held = held_[f];
  held.emplace(info->flow_seq, Held{id, info->tag, h.send_time_ns, info->flow_prev, std::move(body)});
  next = std::max(next, info->flow_low);  // everything below will never come
  // Deliver in flow order while the head's predecessor has been delivered or skipped.
  while (!held.empty() && (held.begin()->first < next || held.begin()->second.prev < next)) {
    auto it = held.begin();
    next = std::max(next, it->first + 1);
    deliver(it->second.id, it->second.tag, it->second.send_time_ns, std::move(it->second.body), out);
    held.erase(it);
  }
}

}  // namespace adamant::engine
