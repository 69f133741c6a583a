// No allocation per message on NAKcast's hot path: a sender and a receiver engine in steady
// state (history full, buffers grown) publish, batch, decode and deliver without one call to
// operator new. This executable replaces the global operator new to count them.
#include <adamant/engine/nakcast_receiver.hpp>
#include <adamant/engine/nakcast_sender.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::uint64_t> g_allocations{0};
}  // namespace

// GCC inlines these replacements into the code under test and then sees malloc'd memory reach
// free through `operator delete`, which it reports as a new/delete mismatch: here that pairing is
// the replacement itself, malloc with free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace adamant;
using namespace adamant::engine;

namespace {

// Publishes `messages` of `bytes` through a sender and a receiver, `per_flush` held messages per
// send_held (1: every message sent alone); returns the allocations counted after `warmup` messages.
std::uint64_t allocations(std::size_t bytes, int per_flush, int warmup, int messages) {
  NakcastSenderConfig sc;
  sc.batch_bytes = 8192;
  sc.history = 1024;
  sc.history_max = 1024;  // warm once 1,024 packets are kept (they are all younger than history_span)
  NakcastSender tx(sc);
  NakcastReceiver rx(NakcastReceiverConfig{});
  Output sent, got;
  const std::vector<std::uint8_t> msg(bytes, 7);
  const Endpoint from{0x7F000001, 40000};
  std::uint64_t delivered = 0, before = 0;
  for (int i = 0; i < warmup + messages; ++i) {
    if (i == warmup) before = g_allocations.load();
    const Nanos now{1'000 * i};
    tx.publish_held(0, ByteView{msg.data(), msg.size()}, now, sent);
    if ((i + 1) % per_flush == 0) tx.send_held(now, sent);
    for (const auto& d : sent.datagrams) rx.on_datagram(ByteView{d.bytes.data(), d.bytes.size()}, from, now, got);
    delivered += got.deliveries.size();
    sent.clear();
    got.clear();
  }
  const std::uint64_t counted = g_allocations.load() - before;
  EXPECT_EQ(delivered, static_cast<std::uint64_t>(warmup + messages - (warmup + messages) % per_flush));
  return counted;
}

}  // namespace

TEST(HotPath, BatchedMessagesAllocateNothing) { EXPECT_EQ(allocations(64, 16, 4096, 50'000), 0u); }
TEST(HotPath, LargeBatchedMessagesAllocateNothing) { EXPECT_EQ(allocations(1024, 7, 4096, 20'000), 0u); }
TEST(HotPath, MessagesSentAloneAllocateNothing) { EXPECT_EQ(allocations(64, 1, 4096, 50'000), 0u); }
