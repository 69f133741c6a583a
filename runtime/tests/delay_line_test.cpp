// The delay line of the testbed's delay node: order, due times, the bound and its drop count.
#include <adamant/delay_line.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace adamant;
using namespace std::chrono_literals;
using Nanos = DelayLine::Nanos;

namespace {
std::vector<std::uint8_t> frame(std::size_t size, std::uint8_t fill) { return std::vector<std::uint8_t>(size, fill); }
bool push(DelayLine& line, Nanos at, const std::vector<std::uint8_t>& f) {
  return line.push(at, ByteView{f.data(), f.size()});
}
// Pops every frame due at `now`: their first bytes, in the order they came out.
std::vector<std::uint8_t> drain(DelayLine& line, Nanos now) {
  std::vector<std::uint8_t> out;
  while (const auto* f = line.due(now)) {
    out.push_back(f->bytes.at(0));
    line.pop();
  }
  return out;
}
}  // namespace

TEST(DelayLine, FrameIsDueExactlyOneDelayAfterItsArrival) {
  DelayLine line(50us, {});
  ASSERT_TRUE(push(line, 1000us, frame(60, 7)));
  EXPECT_EQ(line.next_due(), 1050us);
  EXPECT_EQ(line.due(1049'999ns), nullptr) << "one nanosecond early is not due";
  const auto* f = line.due(1050us);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->due, 1050us);
  EXPECT_EQ(f->bytes, frame(60, 7)) << "the frame comes out byte for byte";
  line.pop();
  EXPECT_FALSE(line.next_due().has_value());
  EXPECT_EQ(line.counters().released, 1u);
}

TEST(DelayLine, FramesComeOutInArrivalOrderEachAtItsOwnDueTime) {
  DelayLine line(2ms, {});
  for (std::uint8_t i = 0; i < 5; ++i) ASSERT_TRUE(push(line, Nanos{i * 100us}, frame(10, i)));
  EXPECT_TRUE(drain(line, 1999us).empty());
  EXPECT_EQ(drain(line, 2100us), (std::vector<std::uint8_t>{0, 1})) << "due at 2000 and 2100 us";
  EXPECT_EQ(line.next_due(), 2200us);
  EXPECT_EQ(drain(line, 10ms), (std::vector<std::uint8_t>{2, 3, 4}));
  EXPECT_EQ(line.packets(), 0u);
  EXPECT_EQ(line.bytes(), 0u);
}

TEST(DelayLine, ZeroDelayReleasesAtArrival) {
  DelayLine line(0ns, {});
  ASSERT_TRUE(push(line, 5us, frame(1, 9)));
  EXPECT_EQ(line.next_due(), 5us);
  EXPECT_EQ(drain(line, 5us), (std::vector<std::uint8_t>{9}));
}

TEST(DelayLine, AClockReadingEarlierNeverReordersTheLine) {
  DelayLine line(1ms, {});
  ASSERT_TRUE(push(line, 10ms, frame(1, 1)));
  ASSERT_TRUE(push(line, 9ms, frame(1, 2)));  // the caller's clock went back
  EXPECT_EQ(drain(line, 10ms), (std::vector<std::uint8_t>{})) << "the first is due at 11 ms";
  EXPECT_EQ(drain(line, 11ms), (std::vector<std::uint8_t>{1, 2})) << "the second waits behind the first";
}

TEST(DelayLine, PacketBoundDropsAndCountsWhatDoesNotFit) {
  DelayLine line(1ms, {3, 0});
  int accepted = 0;
  for (std::uint8_t i = 0; i < 5; ++i) accepted += push(line, 0us, frame(100, i));
  EXPECT_EQ(accepted, 3);
  EXPECT_EQ(line.counters().dropped, 2u);
  EXPECT_EQ(line.counters().queued, 3u);
  EXPECT_EQ(drain(line, 1ms), (std::vector<std::uint8_t>{0, 1, 2})) << "tail drop: the first three stay";
  EXPECT_TRUE(push(line, 2ms, frame(100, 5))) << "room again once the line drained";
}

TEST(DelayLine, ByteBoundCountsTheFramesBytes) {
  DelayLine line(1ms, {0, 250});
  EXPECT_TRUE(push(line, 0us, frame(100, 0)));
  EXPECT_TRUE(push(line, 0us, frame(100, 1)));
  EXPECT_FALSE(push(line, 0us, frame(100, 2))) << "300 B exceed 250 B";
  EXPECT_TRUE(push(line, 0us, frame(50, 3))) << "250 B fit exactly";
  EXPECT_EQ(line.bytes(), 250u);
  EXPECT_EQ(line.counters().dropped, 1u);
  line.due(1ms);
  line.pop();
  EXPECT_EQ(line.bytes(), 150u);
}

TEST(DelayLine, ReusedBuffersCarryNoBytesOfEarlierFrames) {
  DelayLine line(0ns, {});
  ASSERT_TRUE(push(line, 0us, frame(1500, 0xee)));
  drain(line, 0us);
  ASSERT_TRUE(push(line, 1us, frame(60, 0x11)));
  const auto* f = line.due(1us);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->bytes, frame(60, 0x11));
}

TEST(DelayLine, NegativeDelayIsRefused) { EXPECT_THROW(DelayLine(-1ns, {}), std::invalid_argument); }
