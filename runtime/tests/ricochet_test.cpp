// Ricochet LEC receiver engine: XOR recovery, kept repairs, membership, hostile input.
#include <adamant/engine.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace adamant;
using namespace adamant::engine;
using namespace std::chrono_literals;

namespace {

constexpr std::uint32_t kSession = 77;
const Endpoint kSender{0x7F000001, 40000};

Endpoint ep_of(std::uint32_t id) { return Endpoint{0x7F000001, static_cast<std::uint16_t>(41000 + id)}; }

RicochetReceiverConfig cfg_for(std::uint32_t id, int r = 4, int c = 3) {
  RicochetReceiverConfig rc;
  rc.member_id = id;
  rc.self = ep_of(id);
  rc.lec_r = r;
  rc.lec_c = c;
  rc.seed = id;
  return rc;
}

std::vector<std::uint8_t> payload_of(std::uint64_t seq) {
  // Varying lengths so the length XOR matters.
  std::vector<std::uint8_t> p(3 + seq % 5);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint8_t>(seq * 31 + i);
  return p;
}

std::int64_t time_of(std::uint64_t seq) { return 1'000'000 + static_cast<std::int64_t>(seq) * 10'007; }

std::vector<std::uint8_t> data(std::uint64_t seq, std::uint32_t session = kSession) {
  auto p = payload_of(seq);
  return wire::encode(wire::Header{wire::Kind::Data, session, 1, seq, time_of(seq), 0},
                      ByteView{p.data(), p.size()});
}

// A repair built by hand (what a peer holding `seqs` would send).
std::vector<std::uint8_t> repair(const std::vector<std::uint64_t>& seqs) {
  std::vector<std::uint8_t> x;
  std::uint32_t len = 0;
  std::int64_t t = 0;
  for (auto s : seqs) {
    auto p = payload_of(s);
    if (x.size() < p.size()) x.resize(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) x[i] ^= p[i];
    len ^= static_cast<std::uint32_t>(p.size());
    t ^= time_of(s);
  }
  return wire::encode_repair(kSession, 1, seqs, len, t, ByteView{x.data(), x.size()}, 0);
}

std::vector<std::uint8_t> join(std::uint32_t id, Endpoint ep, wire::Kind k = wire::Kind::Join) {
  return wire::encode_membership(k, 1, {wire::Member{id, ep}}, 0);
}

void feed(RicochetReceiver& r, const std::vector<std::uint8_t>& b, Output& out, Nanos now = 1ms,
          Endpoint from = kSender) {
  r.on_datagram(ByteView{b.data(), b.size()}, from, now, out);
}

// Equal apart from the header's send-time stamp (bytes 24..31).
bool same_but_stamp(std::vector<std::uint8_t> a, std::vector<std::uint8_t> b) {
  if (a.size() < 32 || b.size() < 32) return false;
  std::fill(a.begin() + 24, a.begin() + 32, 0);
  std::fill(b.begin() + 24, b.begin() + 32, 0);
  return a == b;
}

std::vector<std::uint64_t> seqs(const Output& out) {
  std::vector<std::uint64_t> v;
  for (const auto& d : out.deliveries) v.push_back(d.sequence);
  return v;
}

void expect_exact(const Delivery& d) {
  EXPECT_EQ(d.payload, payload_of(d.sequence)) << d.sequence;
  EXPECT_EQ(d.send_time_ns, time_of(d.sequence)) << d.sequence;
}

}  // namespace

TEST(Ricochet, RecoversOneMissingPacketExactlyAndOutOfOrder) {
  RicochetReceiver r(cfg_for(1));
  Output out;
  for (std::uint64_t s : {1, 3, 4}) feed(r, data(s), out);
  EXPECT_EQ(r.accounted_through(), 1u);
  feed(r, repair({1, 2, 3, 4}), out, 2ms, ep_of(2));
  ASSERT_EQ(seqs(out), (std::vector<std::uint64_t>{1, 3, 4, 2}));  // out of order by design
  for (const auto& d : out.deliveries) expect_exact(d);
  EXPECT_EQ(r.stats().recovered, 1u);
  EXPECT_EQ(r.accounted_through(), 4u);
  // Useless afterwards (nothing missing), and the late original is a duplicate.
  feed(r, repair({1, 2, 3, 4}), out, 3ms, ep_of(3));
  feed(r, data(2), out, 3ms);
  EXPECT_EQ(out.deliveries.size(), 4u);
  EXPECT_EQ(r.stats().duplicates, 1u);
}

TEST(Ricochet, KeptRepairBecomesUsableAfterAnotherRecovery) {
  RicochetReceiver r(cfg_for(1));
  Output out;
  for (std::uint64_t s : {1, 4, 5}) feed(r, data(s), out);
  feed(r, repair({1, 2, 3, 4}), out, 2ms, ep_of(2));  // two missing: kept
  EXPECT_EQ(r.pending_repairs(), 1u);
  EXPECT_EQ(out.deliveries.size(), 3u);
  feed(r, repair({3, 5}), out, 3ms, ep_of(3));  // recovers 3, which unlocks 2
  ASSERT_EQ(seqs(out), (std::vector<std::uint64_t>{1, 4, 5, 3, 2}));
  for (const auto& d : out.deliveries) expect_exact(d);
  EXPECT_EQ(r.pending_repairs(), 0u);
  EXPECT_EQ(r.stats().recovered, 2u);
  EXPECT_EQ(r.accounted_through(), 5u);
}

TEST(Ricochet, KeptRepairsExpireAndAreBounded) {
  auto c = cfg_for(1);
  c.max_pending_repairs = 8;
  c.repair_expiry = 100ms;
  RicochetReceiver r(c);
  Output out;
  feed(r, data(1), out);
  feed(r, data(50), out);  // 2..49 missing
  for (std::uint64_t s = 2; s < 40; ++s) feed(r, repair({s, s + 1}), out, 2ms, ep_of(2));
  EXPECT_EQ(r.pending_repairs(), 8u);
  r.on_tick(200ms, out);
  EXPECT_EQ(r.pending_repairs(), 0u);
}

TEST(Ricochet, SendsRepairsEveryRPacketsToCDistinctMembers) {
  RicochetReceiver r(cfg_for(1, 4, 3));
  Output out;
  for (std::uint32_t id = 2; id <= 6; ++id) feed(r, join(id, ep_of(id)), out, 0ms, ep_of(id));
  feed(r, join(1, ep_of(1)), out, 0ms, ep_of(1));  // our own announcement, looped back
  EXPECT_EQ(r.member_count(), 5u);
  out.clear();
  for (std::uint64_t s = 1; s <= 3; ++s) feed(r, data(s), out);
  EXPECT_TRUE(out.datagrams.empty());
  feed(r, data(4), out);
  ASSERT_EQ(out.datagrams.size(), 3u);
  std::vector<std::uint16_t> ports;
  for (const auto& d : out.datagrams) {
    EXPECT_EQ(d.dest, Dest::Peer);
    ports.push_back(d.peer.port);
    auto p = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
    ASSERT_TRUE(p);
    ASSERT_EQ(p->header.kind, wire::Kind::Repair);
    EXPECT_EQ(wire::decode_repair(p->payload)->sequences, (std::vector<std::uint64_t>{1, 2, 3, 4}));
    EXPECT_TRUE(same_but_stamp(d.bytes, repair({1, 2, 3, 4})));  // same bytes as the hand-built XOR
  }
  std::sort(ports.begin(), ports.end());
  EXPECT_EQ(std::adjacent_find(ports.begin(), ports.end()), ports.end());
  for (auto p : ports) EXPECT_TRUE(p >= 41002 && p <= 41006);
  EXPECT_EQ(r.stats().repairs_sent, 3u);
  // r and c change at run time.
  r.set_lec(2, 1);
  out.clear();
  feed(r, data(5), out);
  feed(r, data(6), out);
  EXPECT_EQ(out.datagrams.size(), 1u);
  // A partial bin is flushed when data stops.
  out.clear();
  feed(r, data(7), out, 10ms);
  EXPECT_TRUE(out.datagrams.empty());
  r.on_tick(10ms + 50ms, out);  // (also the first announcement: JOIN to the group)
  EXPECT_EQ(std::count_if(out.datagrams.begin(), out.datagrams.end(),
                          [](const OutDatagram& d) { return d.dest == Dest::Peer; }),
            1);
}

TEST(Ricochet, WithTheNakFallbackAFullBinWaitsForTheSendersNextDatagram) {
  auto c = cfg_for(1, 4, 3);
  c.lec_nak_fallback = true;
  RicochetReceiver r(c);
  Output out;
  for (std::uint32_t id = 2; id <= 6; ++id) feed(r, join(id, ep_of(id)), out, 0ms, ep_of(id));
  r.on_tick(0ms, out);  // the first announcement
  out.clear();
  const auto peers = [&out] {
    return std::count_if(out.datagrams.begin(), out.datagrams.end(),
                         [](const OutDatagram& d) { return d.dest == Dest::Peer; });
  };
  for (std::uint64_t s = 1; s <= 4; ++s) feed(r, data(s), out);
  EXPECT_EQ(out.deliveries.size(), 4u);  // delivered at once
  EXPECT_EQ(peers(), 0);                 // the full bin is held
  // The writer's idle heartbeat: the readers have taken the data; the repairs leave now.
  const auto hb = wire::encode_heartbeat(kSession, 1, 4, 1, 0);
  feed(r, hb, out);
  EXPECT_EQ(peers(), 3);
  EXPECT_EQ(r.stats().repairs_sent, 3u);
  // Without a heartbeat the next DATA sends the held bin before it starts the next one.
  out.clear();
  for (std::uint64_t s = 5; s <= 8; ++s) feed(r, data(s), out);
  EXPECT_EQ(peers(), 0);
  feed(r, data(9), out);
  EXPECT_EQ(peers(), 3);
  for (const auto& d : out.datagrams) {
    auto p = wire::decode(ByteView{d.bytes.data(), d.bytes.size()});
    ASSERT_TRUE(p);
    EXPECT_EQ(wire::decode_repair(p->payload)->sequences, (std::vector<std::uint64_t>{5, 6, 7, 8}));
  }
}

TEST(Ricochet, MembershipJoinAnnounceLeaveExpiry) {
  auto c = cfg_for(1);
  RicochetReceiver r(c);
  Output out;
  ASSERT_TRUE(r.next_deadline());
  r.on_tick(0ms, out);  // first tick announces
  ASSERT_EQ(out.datagrams.size(), 1u);
  EXPECT_EQ(out.datagrams[0].dest, Dest::Group);
  EXPECT_TRUE(same_but_stamp(out.datagrams[0].bytes, join(1, ep_of(1))));
  out.clear();
  feed(r, join(2, ep_of(2)), out, 1ms, ep_of(2));
  feed(r, join(3, ep_of(3)), out, 1ms, ep_of(3));
  EXPECT_EQ(r.member_count(), 2u);
  // A forged LEAVE naming another endpoint does not remove member 2; a real one does.
  feed(r, join(2, ep_of(9), wire::Kind::Leave), out, 2ms);
  EXPECT_EQ(r.member_count(), 2u);
  feed(r, join(2, ep_of(2), wire::Kind::Leave), out, 2ms);
  EXPECT_EQ(r.member_count(), 1u);
  // Member 3 stays silent: dropped after member_timeout (checked when re-announcing).
  r.on_tick(1ms + c.member_timeout, out);
  EXPECT_EQ(r.member_count(), 0u);
  out.clear();
  r.leave(5s, out);
  ASSERT_EQ(out.datagrams.size(), 1u);
  EXPECT_TRUE(same_but_stamp(out.datagrams[0].bytes, join(1, ep_of(1), wire::Kind::Leave)));
}

TEST(Ricochet, GivesUpAfterTimeoutThenAccountsForTheGap) {
  auto c = cfg_for(1);
  c.lec_give_up = 300ms;
  RicochetReceiver r(c);
  Output out;
  feed(r, data(1), out, 0ms);
  feed(r, data(3), out, 0ms);
  EXPECT_EQ(r.accounted_through(), 1u);
  r.on_tick(299ms, out);
  EXPECT_EQ(r.accounted_through(), 1u);
  r.on_tick(300ms, out);
  EXPECT_EQ(r.accounted_through(), 3u);
  EXPECT_EQ(r.stats().unrecoverable, 1u);
  feed(r, repair({2, 3}), out, 301ms, ep_of(2));  // too late: not delivered twice-accounted
  EXPECT_EQ(out.deliveries.size(), 2u);
}

TEST(Ricochet, OptionalNakFallbackAsksTheSender) {
  auto c = cfg_for(1);
  c.lec_nak_fallback = true;
  c.adaptive_nak = false;
  c.nak_timeout = 20ms;
  RicochetReceiver r(c);
  Output out;
  feed(r, data(1), out, 0ms);
  feed(r, data(3), out, 0ms);
  r.on_tick(10ms, out);
  EXPECT_EQ(r.stats().naks_sent, 0u);
  r.on_tick(20ms, out);
  EXPECT_EQ(r.stats().naks_sent, 1u);
  bool nak_to_sender = false;
  for (const auto& d : out.datagrams)
    if (d.dest == Dest::Peer && d.peer == kSender) nak_to_sender = true;
  EXPECT_TRUE(nak_to_sender);
  auto p = payload_of(2);
  auto rt = wire::encode(wire::Header{wire::Kind::Retransmit, kSession, 1, 2, time_of(2), 0},
                         ByteView{p.data(), p.size()});
  feed(r, rt, out, 25ms);
  EXPECT_EQ(r.accounted_through(), 3u);
}

TEST(Ricochet, HostileRepairsAreRejectedWithoutCrashOrGrowth) {
  RicochetReceiver r(cfg_for(1));
  Output out;
  for (std::uint64_t s = 1; s <= 4; ++s) feed(r, data(s), out);
  const auto before = out.deliveries.size();
  // Far-future sequences: would inflate the loss window.
  feed(r, repair({1'000'000'000'000ull}), out, 2ms, ep_of(9));
  EXPECT_EQ(r.stats().rejected, 1u);
  EXPECT_EQ(r.accounted_through(), 4u);
  // Length XOR that claims more bytes than the XOR buffer holds.
  auto p5 = payload_of(5);
  auto bad_len = wire::encode_repair(kSession, 1, {1, 5}, 0xFFFF, 0, ByteView{p5.data(), p5.size()}, 0);
  feed(r, bad_len, out, 2ms, ep_of(9));
  // XOR buffer shorter than a covered packet we hold.
  auto short_buf = wire::encode_repair(kSession, 1, {1, 6}, 0, 0, ByteView{p5.data(), 1}, 0);
  feed(r, short_buf, out, 2ms, ep_of(9));
  // Repair for another epoch.
  auto other = wire::encode_repair(kSession + 1, 1, {7}, 3, 0, ByteView{p5.data(), 3}, 0);
  feed(r, other, out, 2ms, ep_of(9));
  EXPECT_EQ(out.deliveries.size(), before);
  EXPECT_EQ(r.accounted_through(), 4u);
  // A flood of repairs that each miss two packets stays bounded.
  feed(r, data(200), out, 3ms);
  for (std::uint64_t s = 5; s < 190; ++s)
    for (int k = 0; k < 20; ++k) feed(r, repair({s, s + 1}), out, 3ms, ep_of(9));
  EXPECT_LE(r.pending_repairs(), RicochetReceiverConfig{}.max_pending_repairs);
}

TEST(Ricochet, HostileMembershipIsBounded) {
  auto c = cfg_for(1);
  c.max_members = 100;
  RicochetReceiver r(c);
  Output out;
  for (std::uint32_t id = 2; id < 100'000; id += 64) {
    std::vector<wire::Member> ms;
    for (std::uint32_t k = 0; k < 64; ++k) ms.push_back({id + k, ep_of(k + 1)});
    auto b = wire::encode_membership(wire::Kind::Join, 1, ms, 0);
    feed(r, b, out, 1ms, ep_of(5));
  }
  EXPECT_EQ(r.member_count(), 100u);
  EXPECT_GT(r.stats().rejected, 0u);
  // Random garbage behind valid headers of every Ricochet kind never crashes.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> body(rng() % 200);
    for (auto& x : body) x = static_cast<std::uint8_t>(rng());
    const auto kind = static_cast<wire::Kind>(5 + rng() % 3);
    auto b = wire::encode(wire::Header{kind, kSession, 1, 0, 0, 0}, ByteView{body.data(), body.size()});
    if (rng() % 4 == 0 && b.size() > 40) b.resize(b.size() - 1 - rng() % 4);  // truncated too
    feed(r, b, out, 2ms, ep_of(5));
    out.clear();
  }
  EXPECT_LE(r.member_count(), 100u);
}
