// The plugin's door into the runtime (Channel.h), without OpenDDS: a SendChannel and three
// ReceiveChannels with injected loss, each driven only by its own thread. Needs multicast:
// run inside runtime/tools/adamant-netns (CTest does).
#include "Channel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace adamant_opendds;

namespace {

struct Sink {
  std::mutex mu;
  std::set<std::uint32_t> got;
  void add(const std::uint8_t* d, std::size_t n) {
    ASSERT_EQ(n, 64u);
    std::uint32_t v;
    std::memcpy(&v, d, sizeof v);
    std::lock_guard<std::mutex> g(mu);
    got.insert(v);
  }
  std::size_t size() {
    std::lock_guard<std::mutex> g(mu);
    return got.size();
  }
};

void run(const std::string& kind, std::uint16_t port, std::size_t expect_min) {
  ChannelParams p;
  p.kind = kind;
  p.port = port;
  p.stream_id = fresh_stream_id();
  p.nak_timeout_us = 10000;
  p.lec_r = 4;
  SendChannel sender(p);
  Sink sinks[3];
  std::vector<std::unique_ptr<ReceiveChannel>> readers;
  for (int i = 0; i < 3; ++i) {
    ChannelParams rp = p;
    rp.loss_pct = 3.0;
    rp.seed = 10 + i;
    Sink* s = &sinks[i];
    readers.emplace_back(new ReceiveChannel(rp, [s](const std::uint8_t* d, std::size_t n) { s->add(d, n); }));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // heartbeats: receivers learn the start
  std::uint8_t payload[64] = {};
  for (std::uint32_t i = 1; i <= 300; ++i) {
    std::memcpy(payload, &i, sizeof i);
    sender.publish(payload, sizeof payload, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (int w = 0; w < 100; ++w) {
    if (sinks[0].size() >= 300 && sinks[1].size() >= 300 && sinks[2].size() >= 300) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(sinks[i].size(), expect_min) << kind << " reader " << i;
    EXPECT_GT(readers[i]->stats().injected_drops, 0u) << kind << " reader " << i;
  }
  if (kind == "nakcast") {
    EXPECT_GT(sender.stats().retransmitted, 0u);
  }
}

}  // namespace

TEST(Channel, NakcastThreeReadersAllDelivered) { run("nakcast", 7381, 300); }
TEST(Channel, RicochetThreeReadersMostDelivered) { run("ricochet", 7382, 291); }

TEST(Channel, RejectsUnknownKind) {
  ChannelParams p;
  p.kind = "fifo";  // the runtime has it, the OpenDDS plugin does not map it
  EXPECT_FALSE(known_kind("fifo"));
  EXPECT_TRUE(known_kind("replace"));
  EXPECT_THROW(SendChannel s(p), std::invalid_argument);
}
