// FEC (sender-based XOR): DATA and idle heartbeats as NakcastSender; every `r` packets form a
// block and the sender multicasts `c` REPAIRs for it, repair i covering the block's packets at
// positions j with j mod c = i (interleaved), so a block recovers up to c losses that fall in
// different positions mod c — any single loss. A partial block gets its repairs after `flush`
// without a new packet (the tail of a stream). Receivers are RicochetReceivers that build no
// repairs (RicochetReceiverConfig::lec_repairs = false, see fec_receiver_config): out-of-order
// delivery, unrecoverable after lec_give_up. Same REPAIR wire message as Ricochet's.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/engine/xor_repair.hpp>

#include <optional>
#include <vector>

namespace adamant::engine {

struct FecSenderConfig {
  NakcastSenderConfig data;                   // DATA, history, heartbeats
  int r = defaults::fec::kR;                  // data packets per block (1..64)
  int c = defaults::fec::kC;                  // repair packets per block (1..r)
  Nanos flush = defaults::fec::kFlush;        // repairs of a partial block after this
};

class FecSender final : public SenderEngine {
 public:
  explicit FecSender(FecSenderConfig cfg);
  std::uint64_t publish(ByteView payload, Nanos now, Output& out) override;
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  const SenderStats& stats() const override;
  std::size_t state_entries() const override;
  int r() const { return r_; }
  int c() const { return c_; }

 private:
  void flush(Nanos now, Output& out);

  FecSenderConfig cfg_;
  NakcastSender data_;  // DATA, heartbeats (NAKs are answered too, though FEC receivers send none)
  int r_, c_;
  std::vector<XorRepair> parts_;  // c_ interleaved repairs of the current block
  int in_block_ = 0;
  Nanos last_add_{0};
  mutable SenderStats stats_;
};

}  // namespace adamant::engine
