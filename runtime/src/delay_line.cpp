#include <adamant/delay_line.hpp>

#include <algorithm>
#include <stdexcept>

namespace adamant {

namespace {
constexpr std::size_t kSpareBuffers = 256;  // enough for a burst; beyond, buffers are freed
}

DelayLine::DelayLine(Nanos delay, Bound bound) : delay_(delay), bound_(bound) {
  if (delay < Nanos{0}) throw std::invalid_argument("a delay line's delay is 0 or more");
}

bool DelayLine::push(Nanos arrival, ByteView frame) {
  const bool over_packets = bound_.packets != 0 && frames_.size() + 1 > bound_.packets;
  const bool over_bytes = bound_.bytes != 0 && bytes_ + frame.size > bound_.bytes;
  if (over_packets || over_bytes) {
    ++counters_.dropped;
    return false;
  }
  Nanos due = arrival + delay_;
  if (!frames_.empty()) due = std::max(due, frames_.back().due);
  std::vector<std::uint8_t> buffer;
  if (!spare_.empty()) {
    buffer = std::move(spare_.back());
    spare_.pop_back();
  }
  buffer.assign(frame.data, frame.data + frame.size);
  frames_.push_back(Frame{due, std::move(buffer)});
  bytes_ += frame.size;
  ++counters_.queued;
  return true;
}

std::optional<DelayLine::Nanos> DelayLine::next_due() const {
  if (frames_.empty()) return std::nullopt;
  return frames_.front().due;
}

const DelayLine::Frame* DelayLine::due(Nanos now) const {
  if (frames_.empty() || frames_.front().due > now) return nullptr;
  return &frames_.front();
}

void DelayLine::pop() {
  if (frames_.empty()) return;
  Frame& f = frames_.front();
  bytes_ -= f.bytes.size();
  if (spare_.size() < kSpareBuffers) spare_.push_back(std::move(f.bytes));
  frames_.pop_front();
  ++counters_.released;
}

}  // namespace adamant
