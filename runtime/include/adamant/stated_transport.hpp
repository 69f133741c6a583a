// A transport named by what is stated for it: its kind and the engine parameters given, every
// other parameter the contract table's default for the kind. Generated code writes a transport
// this way, so it states only what the model gives:
//   adamant::TransportSettings::of(adamant::TransportKind::Nakcast).nak_timeout(25ms)
//   adamant::bench::SweepTransport::of("ricochet").r(4).c(3)
//   adamant::TransportSettings::of(adamant::TransportKind::Replace).pace(5120)
//   adamant::TransportSettings::of(adamant::TransportKind::Fifo).sequenced(false).pace_mode(adamant::PaceMode::Estimate)
//   adamant::TransportSettings::of(adamant::TransportKind::Adaptive).table("adaptive/radar.Tracks.json").hold(2s)
// The setters are named as the contract table's parameters; a parameter the kind does not take
// is an error where the transport is used (TransportSettings, sweep_spec).
#pragma once

#include <adamant/types.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace adamant {

// The replace sender's pacing (the contract's pace_mode): the fixed `pace`, or the bandwidth it
// measures from the ACKs.
enum class PaceMode { Fixed, Estimate };

class StatedTransport {
 public:
  static StatedTransport of(TransportKind kind) { return StatedTransport(kind); }
  // A runtime transport name ("nakcast"); throws std::invalid_argument naming the valid ones.
  static StatedTransport of(std::string_view name) { return StatedTransport(transport_from_name(name)); }

  [[nodiscard]] StatedTransport nak_timeout(Duration timeout) const;      // nakcast, ricochet
  [[nodiscard]] StatedTransport r(int r) const;                           // ricochet, fec
  [[nodiscard]] StatedTransport c(int c) const;                           // ricochet, fec
  [[nodiscard]] StatedTransport nak_fallback(bool naks) const;            // ricochet
  [[nodiscard]] StatedTransport pace(std::uint64_t bytes_per_s) const;  // replace, fifo (0 = unpaced)
  [[nodiscard]] StatedTransport enqueue_timeout(Duration timeout) const;  // replace, fifo (0 = never)
  [[nodiscard]] StatedTransport retry_timeout(Duration timeout) const;    // replace, fifo
  [[nodiscard]] StatedTransport pace_mode(PaceMode mode) const;          // replace, fifo
  [[nodiscard]] StatedTransport sequenced(bool in_order) const;          // replace, fifo
  [[nodiscard]] StatedTransport table(std::string json_file) const;      // adaptive: the decision table
  [[nodiscard]] StatedTransport hold(Duration least) const;              // adaptive
  [[nodiscard]] StatedTransport margin(double pct) const;                // adaptive

  TransportKind kind() const { return kind_; }

  // The first parameter stated that the kind does not take ("r"), or "".
  std::string foreign_parameter() const;

  // Sets on `target` (a TransportSettings, a bench::Point) the parameters stated; it keeps its
  // own, the defaults, for the others.
  template <class Target>
  void apply(Target& target) const {
    if (nak_timeout_) target.nak_timeout = *nak_timeout_;
    if (r_) target.lec_r = r_;
    if (c_) target.lec_c = c_;
    if (nak_fallback_) target.lec_nak_fallback = *nak_fallback_;
    if (pace_) target.pace_bytes_per_s = *pace_;
    if (enqueue_timeout_) target.enqueue_timeout = *enqueue_timeout_;
    if (retry_timeout_) target.retry_timeout = *retry_timeout_;
    if (pace_mode_) target.estimate_bandwidth = *pace_mode_ == PaceMode::Estimate;
    if (sequenced_) target.sequenced = *sequenced_;
    if (table_) target.table = *table_;
    if (hold_) target.hold = *hold_;
    if (margin_) target.margin_pct = *margin_;
  }

  // The settings: the kind, what is stated, the defaults for the rest. Throws
  // std::invalid_argument when a parameter is stated that the kind does not take.
  operator TransportSettings() const;  // implicit: `const TransportSettings s = TransportSettings::of(...)...;`

 private:
  // A copy with one member stated: every setter above returns one.
  template <class Member, class Value>
  StatedTransport with(std::optional<Member> StatedTransport::*member, Value value) const {
    StatedTransport t = *this;
    t.*member = value;
    return t;
  }
  explicit StatedTransport(TransportKind kind) : kind_(kind) {}

  TransportKind kind_;
  std::optional<Duration> nak_timeout_;
  std::optional<int> r_;
  std::optional<int> c_;
  std::optional<bool> nak_fallback_;
  std::optional<std::uint64_t> pace_;
  std::optional<Duration> enqueue_timeout_;
  std::optional<Duration> retry_timeout_;
  std::optional<PaceMode> pace_mode_;
  std::optional<bool> sequenced_;
  std::optional<std::string> table_;
  std::optional<Duration> hold_;
  std::optional<double> margin_;
};

}  // namespace adamant
