// What the adaptive writer and reader gather over their epochs' inner engines: summed statistics and
// the earliest deadline.
#pragma once

#include <adamant/engine/core.hpp>

#include <optional>

namespace adamant::adaptive::detail {

inline void add(engine::SenderStats& a, const engine::SenderStats& b) {
  a.published += b.published;
  a.naks_received += b.naks_received;
  a.retransmitted += b.retransmitted;
  a.repaired += b.repaired;
  a.not_in_history += b.not_in_history;
  a.heartbeats += b.heartbeats;
  a.rejected += b.rejected;
  a.repairs_sent += b.repairs_sent;
}

inline void add(engine::ReceiverStats& a, const engine::ReceiverStats& b) {
  a.delivered += b.delivered;
  a.unrecoverable += b.unrecoverable;
  a.duplicates += b.duplicates;
  a.naks_sent += b.naks_sent;
  a.nak_sequences += b.nak_sequences;
  a.rejected += b.rejected;
  a.repairs_sent += b.repairs_sent;
  a.recovered += b.recovered;
}

// t becomes d when d is earlier (or t is unset).
inline void keep_earliest(std::optional<engine::Nanos>& t, std::optional<engine::Nanos> d) {
  if (d && (!t || *d < *t)) t = d;
}

}  // namespace adamant::adaptive::detail
