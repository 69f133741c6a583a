// Bandwidth estimation for the replace sender (see replace.hpp for the algorithm): per
// receiver delivery state, the delivery-rate sample of one acknowledged message, the
// estimate those samples move, and the pacing gain of each probe round. Pure functions and
// values: deterministic tests call them directly.
#pragma once

#include <adamant/engine/core.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace adamant::engine {

// One delivery-rate measurement (sans-IO, pure: deterministic tests call it directly).
// A receiver's delivery state: the bytes it acknowledged (each message once), when that
// count last grew, and when the message acknowledged then had been sent.
// `sent` counts every byte sent that it had not acknowledged (retransmissions too), and
// `first_sent_bytes` was `sent` just after that message was sent.
// `unknown` counts bytes settled without knowing whether they arrived (see settle_unknown).
// `idle_reference`: the reference is a send to a receiver that owed nothing (see on_sent).
struct DeliveryState {
  std::uint64_t delivered = 0, sent = 0, first_sent_bytes = 0, unknown = 0;
  Nanos delivered_time{0}, first_sent_time{0};
  bool idle_reference = false;
};
// What a message records when it is sent to a receiver: that receiver's delivery state.
struct DeliverySnapshot {
  std::uint64_t delivered = 0, first_sent_bytes = 0, sent_bytes = 0, unknown = 0;
  Nanos delivered_time{0}, first_sent_time{0}, sent{0};
  bool valid = false;  // the receiver had acknowledged something before (a reference exists)
  // The sender could have sent more: nothing waited behind the message, or it was sent in a
  // draining round (gain < 1). Such a sample says little about the path when it is low.
  bool app_limited = false;
  // Measured from a send to an idle receiver: the interval includes a round trip, so the
  // rate is a lower bound (it may raise the estimate, never lower it).
  bool idle_reference = false;
};
struct DeliverySample {
  double bytes_per_s = 0;
  bool network_limited = false;  // the ACKs came slower than the messages were sent, or fewer
  bool app_limited = false;      // the snapshot's
};
// A message of `bytes` sent to the receiver at `sent`: counts it, returns its snapshot.
// `idle`: the receiver owed nothing, so the message itself starts the interval (its sample
// is bytes over its round trip: one datagram alone measures the bottleneck it crossed,
// Cheng et al., delivery rate estimation).
DeliverySnapshot on_sent(DeliveryState& d, std::size_t bytes, Nanos sent, bool idle = false);
// A message the receiver may or may not have got was settled (its ACK covers it, but it
// might have been told to skip it): not a sample, and not counted as lost.
void settle_unknown(DeliveryState& d, std::size_t bytes);
// The receiver acknowledged the message of `bytes` sent with `snap` at `now`: updates `d`
// and returns the sample (none for an invalid snapshot or an empty interval).
std::optional<DeliverySample> on_delivered(DeliveryState& d, const DeliverySnapshot& snap, std::size_t bytes,
                                           Nanos now);

// One receiver's bandwidth estimate from its samples (see above), within [min, max].
class BandwidthEstimate {
 public:
  BandwidthEstimate(double initial, double min, double max);
  void add(const DeliverySample& s);
  double bytes_per_s() const { return bw_; }
  std::uint64_t samples() const { return samples_; }

 private:
  double bw_, min_, max_;
  std::uint64_t samples_ = 0;
};

// The pacing gain of probe round `round` (0, 1, 2, ...): 5/4, 3/4, 1, 1, repeating.
double pacing_gain(std::uint64_t round);

}  // namespace adamant::engine
