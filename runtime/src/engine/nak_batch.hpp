// Internal (not installed): NAK batching shared by the NAKcast receiver and Ricochet's NAK
// fallback.
#pragma once

#include <adamant/engine/core.hpp>

#include <vector>

namespace adamant::engine::detail {

// Collects the sequences one tick NAKs (ascending) into ranges; a NAK datagram to the sender
// leaves whenever kMaxNakRanges ranges are full, and at flush(). NakcastReceiver and the
// Ricochet NAK fallback both batch their NAKs with it.
class NakBatch {
 public:
  NakBatch(std::uint32_t session, std::uint32_t stream_id, const Endpoint& to, Nanos now, Output& out,
           std::uint64_t& naks_sent)
      : session_(session), stream_id_(stream_id), to_(to), now_(now), out_(out), naks_sent_(naks_sent) {}
  void add(std::uint64_t seq) {
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
    out_.datagrams.push_back({Dest::Peer, to_, wire::encode_nak(session_, stream_id_, ranges_, now_.count())});
    ++naks_sent_;
    ranges_.clear();
  }

 private:
  std::uint32_t session_, stream_id_;
  Endpoint to_;
  Nanos now_;
  Output& out_;
  std::uint64_t& naks_sent_;
  std::vector<wire::SeqRange> ranges_;
};

}  // namespace adamant::engine::detail
