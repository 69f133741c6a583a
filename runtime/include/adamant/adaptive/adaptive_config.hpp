// The adaptive transport's settings (the contract's kind `adaptive`: table, hold, margin) and the
// record of one switch. Shared by the writer (AdaptiveSender) and the readers (AdaptiveReceiver).
#pragma once

#include <adamant/adaptive/decision_table.hpp>
#include <adamant/contract.hpp>
#include <adamant/engine/core.hpp>
#include <adamant/types.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace adamant::adaptive {

using Nanos = engine::Nanos;

struct AdaptiveConfig {
  std::shared_ptr<const DecisionTable> table;  // the same table on the writer and every reader
  ChannelConfig channel;  // stream, seed, psk...; its transport is replaced by each epoch's candidate
  // At most one switch this long (contract `hold`); switch only to a score this much lower (`margin`).
  Nanos hold = defaults::adaptive::kHold;
  double margin_pct = defaults::adaptive::kMarginPct;
  // An old epoch's engine keeps answering NAKs and repairs this long after a switch; a reader
  // waits at most this long for the rest of an epoch before it moves on (what it lacks is lost).
  Nanos drain = std::chrono::seconds(1);
  Nanos report_interval = std::chrono::milliseconds(200);  // reader -> writer REPORT period
  Nanos window = std::chrono::seconds(2);  // the writer's loss and rate are measured over this long
  // Before the first reports arrive: what the flow expects (the table's lowest values otherwise).
  Query initial{};
};

struct Switch {
  Nanos at{0};
  std::uint32_t epoch = 0;  // the epoch begun
  std::size_t from = 0;     // candidate indices (from == to for the first epoch)
  std::size_t to = 0;
  Query measured;           // what the writer measured when it switched
  std::optional<Nanos> rtt;  // the readers' median round trip then (nullopt before one was measured)
  std::string reason;       // one line
};

}  // namespace adamant::adaptive
