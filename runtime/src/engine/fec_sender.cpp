#include <adamant/engine/fec_sender.hpp>

#include <algorithm>

namespace adamant::engine {

FecSender::FecSender(FecSenderConfig cfg)
    : cfg_(cfg),
      data_(cfg.data),
      r_(std::clamp(cfg.r, 1, static_cast<int>(wire::kMaxRepairCount))),
      c_(std::clamp(cfg.c, 1, r_)),
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
    out.datagrams.push_back({Dest::Group, {}, p.encode(cfg_.data.session, cfg_.data.stream_id, now)});
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
  if (in_block_ > 0 && now - last_add_ >= cfg_.flush) flush(now, out);
}

std::optional<Nanos> FecSender::next_deadline() const {
  auto d = data_.next_deadline();
  if (in_block_ > 0) d = d ? std::min(*d, last_add_ + cfg_.flush) : last_add_ + cfg_.flush;
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

}  // namespace adamant::engine
