// Internal (not installed): NAK batching shared by the NAKcast receiver and Ricochet's NAK
// fallback.
#pragma once

#include <adamant/engine/core.hpp>

#include <vector>

namespace adamant::engine::detail {

// Collects the sequences one tick NAKs (ascending) into ranges; a NAK datagram to the sender
// leaves whenever kMaxNakRanges ranges are full, and at flush(); with `to_group` a copy goes to
// the group too, for the other receivers' suppression. NakcastReceiver and the Ricochet NAK
// fallback both batch their NAKs with it.
class NakBatch {
 public:
  NakBatch(std::uint32_t session, std::uint32_t stream_id, const Endpoint& to, Nanos now, Output& out,
           ReceiverStats& stats, bool to_group = false)
      : session_(session), stream_id_(stream_id), to_(to), now_(now), out_(out), stats_(stats),
        to_group_(to_group) {}
  void add(std::uint64_t seq) {
    ++stats_.nak_sequences;
    if (!ranges_.empty() && ranges_.back().last + 1 == seq) {
      ranges_.back().last = seq;
      return;
    }
    if (ranges_.size() == wire::kMaxNakRanges) flush();
    ranges_.push_back({seq, seq});
  }
  void flush() {
    if (ranges_.empty()) return;
    for (const auto& r : ranges_) out_.events.push_back({EventKind::NakSent, r.first, r.last});
    auto nak = wire::encode_nak(session_, stream_id_, ranges_, now_.count());
    if (to_group_) out_.datagrams.push_back({Dest::Group, {}, nak});
    out_.datagrams.push_back({Dest::Peer, to_, std::move(nak)});
    ++stats_.naks_sent;
    ranges_.clear();
  }

 private:
  std::uint32_t session_, stream_id_;
  Endpoint to_;
  Nanos now_;
  Output& out_;
  ReceiverStats& stats_;
  bool to_group_;
  std::vector<wire::SeqRange> ranges_;
};

}  // namespace adamant::engine::detail
