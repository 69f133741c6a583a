// A delay line: frames in with their arrival time, out when due (arrival + a one-way delay), first
// in first out, in a bounded queue (packets and/or bytes; a frame that would exceed the bound is
// dropped and counted). The engine of the testbed's delay node (ant-delay-node, docs/testbed.md),
// as Emulab's delay nodes delay a link. Sans-IO: the caller passes the time in.
#pragma once

#include <adamant/types.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace adamant {

class DelayLine {
 public:
  using Nanos = std::chrono::nanoseconds;

  // The queue's bound; 0: no bound of that kind.
  struct Bound {
    std::size_t packets = 0;
    std::size_t bytes = 0;
  };

  struct Frame {
    Nanos due{0};
    std::vector<std::uint8_t> bytes;
  };

  struct Counters {
    std::uint64_t queued = 0;    // frames accepted
    std::uint64_t released = 0;  // frames taken out (pop)
    std::uint64_t dropped = 0;   // frames refused by the bound
  };

  // delay >= 0 (std::invalid_argument otherwise).
  DelayLine(Nanos delay, Bound bound);

  // Queues a copy of `frame` arrived at `arrival`, due at arrival + delay (never before the frame
  // queued ahead of it: the line keeps its order even if the clock reads earlier). False when the
  // bound refuses it (counted as dropped).
  bool push(Nanos arrival, ByteView frame);

  // The oldest frame's due time; nullopt when empty (the caller's timer deadline).
  std::optional<Nanos> next_due() const;
  // The oldest frame when it is due at `now`, else nullptr; valid until the next push or pop.
  const Frame* due(Nanos now) const;
  // Removes the oldest frame (after due() returned it); its buffer is kept for reuse.
  void pop();

  std::size_t packets() const { return frames_.size(); }
  std::size_t bytes() const { return bytes_; }
  Nanos delay() const { return delay_; }
  const Counters& counters() const { return counters_; }

 private:
  Nanos delay_;
  Bound bound_;
  std::deque<Frame> frames_;
  std::vector<std::vector<std::uint8_t>> spare_;  // buffers of popped frames: no allocation per frame
  std::size_t bytes_ = 0;
  Counters counters_;
};

}  // namespace adamant
