// NAKcast batching: the DATA_BATCH / RETRANSMIT_BATCH codec, a sender that holds messages for a
// shared datagram, and a receiver that takes (and NAKs) every entry as its own DATA.
#include <adamant/engine/nakcast_receiver.hpp>
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/wire.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

ByteView view(const std::vector<std::uint8_t>& v) { return ByteView{v.data(), v.size()}; }
const Endpoint kWriter{0x7F000001, 40000};

std::vector<wire::BatchEntry> entries_of(const std::vector<std::uint8_t>& datagram) {
  auto p = wire::decode(view(datagram));
  EXPECT_TRUE(p);
  std::vector<wire::BatchEntry> v;
  if (!p) return v;
  wire::BatchCursor c(p->payload);
  for (wire::BatchEntry e; c.next(e);) v.push_back(e);
  return v;
}

wire::Kind kind_of(const OutDatagram& d) { return static_cast<wire::Kind>(d.bytes.at(5)); }

NakcastSenderConfig batching(std::size_t bytes) {
  NakcastSenderConfig c;
  c.batch_bytes = bytes;
  return c;
}

}  // namespace

TEST(Batch, RoundTripKeepsEveryEntry) {
  const std::vector<std::uint8_t> a{1, 2, 3}, b(1000, 7);
  const auto bytes = wire::encode_batch(wire::Kind::DataBatch, 9, 2, {{5, -1, view(a)}, {6, 2, view(b)}, {8, 3, {}}}, 77);
  ASSERT_EQ(bytes.size(), wire::kHeaderSize + wire::kBatchFixedSize + 3 * wire::kBatchEntrySize + a.size() + b.size());
  const auto p = wire::decode(view(bytes));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->header.kind, wire::Kind::DataBatch);
  EXPECT_EQ(p->header.sequence, 5u);  // the first entry's
  EXPECT_EQ(p->header.send_time_ns, 77);
  const auto e = entries_of(bytes);
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].sequence, 5u);
  EXPECT_EQ(e[0].send_time_ns, -1);
  EXPECT_EQ(std::vector<std::uint8_t>(e[0].payload.data, e[0].payload.data + e[0].payload.size), a);
  EXPECT_EQ(e[1].payload.size, b.size());
  EXPECT_EQ(e[2].sequence, 8u);
  EXPECT_EQ(e[2].payload.size, 0u);
}

TEST(Batch, EveryAppendLeavesAValidDatagram) {
  std::vector<std::uint8_t> b;
  wire::start_batch(b, wire::Kind::RetransmitBatch, 1, 1, 0);
  EXPECT_FALSE(wire::decode(view(b)));  // no entry yet
  const std::vector<std::uint8_t> x(10, 1);
  for (std::uint64_t s = 1; s <= 5; ++s) {
    wire::append_to_batch(b, s * 3, 0, view(x));
    ASSERT_TRUE(wire::decode(view(b))) << s;
    EXPECT_EQ(wire::batch_count(b), s);
  }
  EXPECT_THROW(wire::start_batch(b, wire::Kind::Data, 1, 1, 0), std::invalid_argument);
  const std::vector<std::uint8_t> huge(wire::kMaxDatagram, 0);
  EXPECT_THROW(wire::append_to_batch(b, 99, 0, view(huge)), std::length_error);
}

TEST(Batch, RejectsMalformedBatches) {
  const std::vector<std::uint8_t> x(4, 1);
  const auto good = wire::encode_batch(wire::Kind::DataBatch, 1, 1, {{2, 0, view(x)}, {3, 0, view(x)}}, 0);
  for (std::size_t n = 0; n < good.size(); ++n) EXPECT_FALSE(wire::decode(ByteView{good.data(), n})) << "prefix " << n;
  const ByteView payload{good.data() + wire::kHeaderSize, good.size() - wire::kHeaderSize};
  EXPECT_TRUE(wire::valid_batch(2, payload));
  EXPECT_FALSE(wire::valid_batch(1, payload));  // the header's sequence is not the first entry's
  auto bad = [&](std::size_t at, std::uint8_t v) {
    auto b = good;
    b[at] = v;
    return wire::decode(view(b)).has_value();
  };
  const std::size_t count = wire::kHeaderSize, second = count + wire::kBatchFixedSize + wire::kBatchEntrySize + x.size();
  EXPECT_FALSE(bad(count + 1, 0));       // count 0
  EXPECT_FALSE(bad(count + 1, 3));       // count larger than the entries
  EXPECT_FALSE(bad(count + 3, 1));       // reserved bytes
  EXPECT_FALSE(bad(second + 7, 2));      // sequence not ascending (2 after 2)
  EXPECT_FALSE(bad(second + 19, 5));     // a length past the end
  auto trailing = good;
  trailing.push_back(0);
  trailing[35] = static_cast<std::uint8_t>(trailing[35] + 1);  // payload_len covers the extra byte
  EXPECT_FALSE(wire::decode(view(trailing)));
}

TEST(Batch, HeldMessagesShareOneDatagramAndArriveInOrder) {
  NakcastSender tx(batching(1400));
  NakcastReceiver rx(NakcastReceiverConfig{});
  Output out;
  const std::vector<std::uint8_t> msg(64, 5);
  for (int i = 0; i < 10; ++i) tx.publish_held(0, view(msg), Nanos{1000 + i}, out);
  EXPECT_TRUE(out.datagrams.empty());           // held: more are due
  EXPECT_EQ(tx.next_deadline(), Nanos{1009});  // ... and due at once for a service loop
  tx.send_held(Nanos{2000}, out);
  ASSERT_EQ(out.datagrams.size(), 1u);
  EXPECT_EQ(kind_of(out.datagrams[0]), wire::Kind::DataBatch);
  Output got;
  rx.on_datagram(view(out.datagrams[0].bytes), kWriter, Nanos{3000}, got);
  ASSERT_EQ(got.deliveries.size(), 10u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(got.deliveries[static_cast<std::size_t>(i)].sequence, static_cast<std::uint64_t>(i + 1));
    EXPECT_EQ(got.deliveries[static_cast<std::size_t>(i)].send_time_ns, 1000 + i);  // each its own publish time
    EXPECT_EQ(got.deliveries[static_cast<std::size_t>(i)].payload, msg);
  }
}

TEST(Batch, AFullBatchGoesOutAtOnceAndNeverExceedsTheLimit) {
  NakcastSender tx(batching(1400));
  Output out;
  const std::vector<std::uint8_t> msg(64, 5);
  for (int i = 0; i < 40; ++i) tx.publish_held(0, view(msg), Nanos{i}, out);
  const std::size_t per = (1400 - wire::kHeaderSize - wire::kBatchFixedSize) / wire::batch_entry_bytes(64);
  ASSERT_EQ(out.datagrams.size(), 40 / per);
  for (const auto& d : out.datagrams) {
    EXPECT_LE(d.bytes.size(), 1400u);
    EXPECT_EQ(entries_of(d.bytes).size(), per);
  }
}

TEST(Batch, ABatchOfOneIsAPlainData) {
  const std::vector<std::uint8_t> msg(12, 3);
  NakcastSender batched(batching(1400)), plain(NakcastSenderConfig{});
  Output a, b;
  batched.publish(view(msg), Nanos{5}, a);
  plain.publish(view(msg), Nanos{5}, b);
  ASSERT_EQ(a.datagrams.size(), 1u);
  EXPECT_EQ(a.datagrams[0].bytes, b.datagrams[0].bytes);
  // A message larger than the batch limit travels alone, as a DATA too.
  const std::vector<std::uint8_t> big(2000, 1);
  batched.publish_held(0, view(msg), Nanos{6}, a);
  batched.publish_held(0, view(big), Nanos{7}, a);
  batched.send_held(Nanos{8}, a);
  ASSERT_EQ(a.datagrams.size(), 3u);
  EXPECT_EQ(kind_of(a.datagrams[1]), wire::Kind::Data);
  EXPECT_EQ(kind_of(a.datagrams[2]), wire::Kind::Data);
}

TEST(Batch, AHeartbeatNeverAnnouncesAHeldMessage) {
  NakcastSender tx(batching(1400));
  Output out;
  const std::vector<std::uint8_t> msg(8, 1);
  tx.publish_held(0, view(msg), Nanos{0}, out);
  tx.publish_held(0, view(msg), Nanos{0}, out);
  tx.on_tick(Nanos{1'000'000'000}, out);  // the batch first, then the heartbeat
  ASSERT_EQ(out.datagrams.size(), 2u);
  EXPECT_EQ(kind_of(out.datagrams[0]), wire::Kind::DataBatch);
  EXPECT_EQ(kind_of(out.datagrams[1]), wire::Kind::Heartbeat);
}

TEST(Batch, ALostBatchIsNakedAndRepairedPerSequence) {
  NakcastSender tx(batching(1400));
  NakcastReceiverConfig rc;
  rc.nak_timeout = 1ms;
  NakcastReceiver rx(rc);
  Output out, got;
  tx.on_tick(Nanos{0}, out);  // a heartbeat (highest 0): the receiver's stream starts at 1
  ASSERT_EQ(out.datagrams.size(), 1u);
  rx.on_datagram(view(out.datagrams[0].bytes), kWriter, Nanos{0}, got);
  out.clear();
  const std::vector<std::uint8_t> msg(64, 9);
  for (int i = 0; i < 10; ++i) tx.publish_held(0, view(msg), Nanos{0}, out);
  tx.send_held(Nanos{0}, out);  // 1..10: lost
  for (int i = 0; i < 10; ++i) tx.publish_held(0, view(msg), Nanos{1}, out);
  tx.send_held(Nanos{1}, out);  // 11..20: arrives, reveals the gap
  ASSERT_EQ(out.datagrams.size(), 2u);
  rx.on_datagram(view(out.datagrams[1].bytes), kWriter, Nanos{2}, got);
  EXPECT_TRUE(got.deliveries.empty());
  EXPECT_EQ(rx.missing_count(), 10u);
  Output nak_out;
  rx.on_tick(Nanos{0} + 5ms, nak_out);
  ASSERT_EQ(nak_out.datagrams.size(), 1u);
  const auto nak = wire::decode(view(nak_out.datagrams[0].bytes));
  ASSERT_TRUE(nak && nak->header.kind == wire::Kind::Nak);
  EXPECT_EQ(*wire::decode_nak_ranges(nak->payload), (std::vector<wire::SeqRange>{{1, 10}}));

  Output repairs;
  tx.on_datagram(view(nak_out.datagrams[0].bytes), Endpoint{0x7F000001, 50000}, Nanos{0} + 6ms, repairs);
  ASSERT_EQ(repairs.datagrams.size(), 1u);  // ten repairs in one RETRANSMIT_BATCH
  EXPECT_EQ(kind_of(repairs.datagrams[0]), wire::Kind::RetransmitBatch);
  EXPECT_EQ(tx.stats().retransmitted, 10u);
  rx.on_datagram(view(repairs.datagrams[0].bytes), kWriter, Nanos{0} + 7ms, got);
  ASSERT_EQ(got.deliveries.size(), 20u);
  for (std::size_t i = 0; i < 20; ++i) EXPECT_EQ(got.deliveries[i].sequence, i + 1);
  EXPECT_EQ(rx.missing_count(), 0u);

  // A NAK of scattered sequences: only those, in one batch; a single one is a plain RETRANSMIT.
  Output scattered, single;
  NakcastSender fresh(batching(1400));
  for (int i = 0; i < 10; ++i) fresh.publish_held(0, view(msg), Nanos{0}, scattered);
  fresh.send_held(Nanos{0}, scattered);
  scattered.clear();
  const auto nak2 = wire::encode_nak(NakcastSenderConfig{}.session, NakcastSenderConfig{}.stream_id, {{3, 3}, {7, 7}}, 0);
  fresh.on_datagram(view(nak2), kWriter, Nanos{1}, scattered);
  ASSERT_EQ(scattered.datagrams.size(), 1u);
  const auto e = entries_of(scattered.datagrams[0].bytes);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].sequence, 3u);
  EXPECT_EQ(e[1].sequence, 7u);
  const auto one = wire::encode_nak(NakcastSenderConfig{}.session, NakcastSenderConfig{}.stream_id, {{5, 5}}, 0);
  fresh.on_datagram(view(one), kWriter, Nanos{2}, single);
  ASSERT_EQ(single.datagrams.size(), 1u);
  EXPECT_EQ(kind_of(single.datagrams[0]), wire::Kind::Retransmit);
}

TEST(Batch, RepairsOfMessagesSentAloneStayPlainRetransmits) {
  NakcastSender tx(batching(1400));
  Output out;
  const std::vector<std::uint8_t> msg(12, 1);
  for (int i = 0; i < 5; ++i) tx.publish(view(msg), Nanos{i}, out);  // a low rate: each alone
  out.clear();
  const NakcastSenderConfig c;
  tx.on_datagram(view(wire::encode_nak(c.session, c.stream_id, {{2, 4}}, 0)), kWriter, Nanos{10}, out);
  ASSERT_EQ(out.datagrams.size(), 3u);  // what an unbatched sender sends: bytes as the predictions count them
  for (const auto& d : out.datagrams) EXPECT_EQ(kind_of(d), wire::Kind::Retransmit);
}
