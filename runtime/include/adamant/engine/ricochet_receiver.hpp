// Ricochet receiver: delivers every packet as soon as it arrives or is rebuilt, i.e. OUT
// OF ORDER (a recovered packet keeps its original send time, so its latency counts from
// the original send). Every `lec_r` DATA packets received from the sender (in arrival
// order) are XORed (payloads zero-padded, lengths and send times too) into one REPAIR
// unicast to `lec_c` members chosen at random from the membership; a partial repair is
// sent after `lec_flush` without data. With the NAK fallback a full bin is held until the
// sender's next datagram (its idle heartbeat follows its data closely, `nak_timeout auto`),
// so the repairs leave after the readers have taken the DATA instead of competing with it
// for the CPU of a shared host; the NAK repairs what waits meanwhile. A REPAIR with exactly one covered packet missing
// rebuilds it; one with more missing is kept (bounded, expiring) until other recoveries
// make it usable. Membership is learned from JOIN (re-announced every announce_interval)
// and LEAVE multicasts; members silent for member_timeout are dropped. A packet still
// missing after lec_give_up is declared unrecoverable. The sender side is NakcastSender
// (DATA, idle heartbeats, retransmissions for the optional NAK fallback).
//
// NAK fallback (lec_nak_fallback): a packet still missing is NAKed to the sender after
// nak_timeout and again every nak_timeout; with nak_timeout auto (adaptive_nak) after a random
// delay scaled to the NAK-to-repair round trip this receiver measures, and again after
// max(renak * rtt, renak_min), backed off per re-NAK, plus such a delay (AutoNakTiming, NAKcast's auto timing without
// its group suppression), so a loss the lateral repairs do not rebuild first is repaired about one
// round trip after it is seen.
#pragma once

#include <adamant/engine/core.hpp>
#include <adamant/engine/defaults.hpp>
#include <adamant/engine/nak_auto_timing.hpp>
#include <adamant/engine/packet_store.hpp>
#include <adamant/engine/xor_repair.hpp>

#include <deque>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <vector>

namespace adamant::engine {

struct RicochetReceiverConfig {
  std::uint32_t stream_id = defaults::kStreamId;
  std::uint64_t seed = defaults::kSeed;  // for the choice of repair targets
  std::uint64_t max_window = defaults::kMaxWindow;  // max sequences tracked ahead of the delivery point
  Endpoint self;                  // this receiver's unicast endpoint (repairs arrive there)
  std::uint32_t member_id = 0;    // id in the group membership (0 = no membership traffic)
  int lec_r = defaults::ricochet::kR;   // data packets XORed into one repair (1..64)
  int lec_c = defaults::ricochet::kC;   // members each repair is sent to (1..64)
  Nanos lec_flush = defaults::ricochet::kFlush;      // partial repair after this idle time
  Nanos lec_give_up = defaults::ricochet::kGiveUp;   // missing this long = unrecoverable
  bool lec_nak_fallback = defaults::ricochet::kNakFallback;  // also NAK the sender (after nak_timeout) while missing
  // the fallback's timing: nak_timeout auto's (adaptive_nak), else a NAK every nak_timeout
  bool adaptive_nak = defaults::ricochet::kNakTimeout == contract::kNakTimeoutAuto;
  Duration nak_timeout = defaults::nakcast::kFixedNakTimeout;
  bool lec_repairs = true;        // false (FEC): use the sender's repairs, build none
  Nanos announce_interval = defaults::ricochet::kAnnounceInterval;  // JOIN refresh period
  Nanos member_timeout = defaults::ricochet::kMemberTimeout;        // silent members are dropped
  std::size_t max_members = defaults::ricochet::kMaxMembers;        // membership table bound
  std::size_t lec_store = defaults::ricochet::kStore;               // recent packets kept for XOR recovery
  std::size_t max_pending_repairs = defaults::ricochet::kMaxPendingRepairs;  // repairs waiting for one more packet
  Nanos repair_expiry = defaults::ricochet::kRepairExpiry;
};

// An FEC receiver: a Ricochet receiver that uses the sender's repairs only (no membership,
// no repairs of its own, no NAKs).
RicochetReceiverConfig fec_receiver_config(RicochetReceiverConfig cfg);

class RicochetReceiver final : public ReceiverEngine {
 public:
  explicit RicochetReceiver(RicochetReceiverConfig cfg);
  void on_datagram(ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_packet(const wire::Packet& pkt, ByteView bytes, const Endpoint& from, Nanos now, Output& out) override;
  void on_tick(Nanos now, Output& out) override;
  std::optional<Nanos> next_deadline() const override;
  std::uint64_t accounted_through() const override { return next_expected_ - 1; }
  const ReceiverStats& stats() const override { return stats_; }
  // Only while a sequence is missing: a repair of packets all received is useless, and one of a
  // packet not yet seen waits for it (the DATA's wake-up reads it).
  bool wants_peer_datagrams() const override { return !missing_.empty(); }
  std::size_t state_entries() const override {
    return settled_.size() + missing_.size() + store_.size() + pending_.size() + members_.size() + bin_.rep.seqs.size();
  }

  // Changes r and c at run time (clamped to 1..64); a bin already holding >= r packets
  // is sent with the next DATA or heartbeat.
  void set_lec(int r, int c);
  int lec_r() const { return cfg_.lec_r; }
  int lec_c() const { return cfg_.lec_c; }
  // Multicasts a LEAVE for this member (call before going away).
  void leave(Nanos now, Output& out);
  std::size_t member_count() const { return members_.size(); }  // excluding self
  std::size_t pending_repairs() const { return pending_.size(); }
  bool started() const { return session_.has_value(); }
  Nanos rtt_estimate() const { return timing_.rtt(); }  // the adaptive fallback's round-trip estimate

 private:
  struct Bin {
    XorRepair rep;
    Nanos last_add{0};
  };
  struct Pending {
    Nanos expires;
    std::vector<std::uint64_t> seqs;
    std::uint32_t len_xor;
    std::int64_t time_xor;
    std::vector<std::uint8_t> bytes;
  };
  struct MemberInfo {
    Endpoint ep;
    Nanos last_seen;
  };
  struct Missing {
    Nanos since;
    Nanos nak_due;
    int naks = 0;
    std::optional<Nanos> asked;  // when the fallback first NAKed it (an RTT sample's start)
  };
  enum class Use { Useless, Recovered, Wait, Unusable };

  void start(std::uint32_t session, std::uint64_t first, Output& out, bool reset);
  bool settled(std::uint64_t seq) const { return seq < next_expected_ || settled_.count(seq) > 0; }
  void settle(std::uint64_t seq);
  void compact();
  void note_highest(std::uint64_t seq, bool received, Nanos now, Output& out);
  void give_up_below(std::uint64_t limit, Output& out);
  void accept_packet(std::uint64_t seq, std::int64_t send_time, std::vector<std::uint8_t> payload,
                     bool from_sender, Nanos now, Output& out);
  Use try_repair(const std::vector<std::uint64_t>& seqs, std::uint32_t len_xor,
                 std::int64_t time_xor, ByteView bytes, Nanos now, Output& out);
  void cascade(Nanos now, Output& out);
  void take(const wire::Packet& pkt, const Endpoint& from, Nanos now, Output& out);  // a datagram of our stream
  void on_repair(const wire::Packet& pkt, Nanos now, Output& out);
  void on_membership(const wire::Packet& pkt, Nanos now, Output& out);
  bool announces() const { return announces_; }  // asked on every datagram: kept, not recomputed
  void flush_bin(Nanos now, Output& out);
  bool bin_full() const { return bin_.rep.seqs.size() >= static_cast<std::size_t>(cfg_.lec_r); }
  void announce(Nanos now, Output& out);
  Nanos nak_delay(bool again);

  RicochetReceiverConfig cfg_;
  bool announces_;  // a member id and a valid address of its own: it joins the group's membership
  std::mt19937_64 rng_;
  std::optional<std::uint32_t> session_;
  std::optional<Endpoint> sender_;
  std::uint64_t next_expected_ = 1;  // every sequence below is delivered or given up
  std::uint64_t highest_known_ = 0;
  std::set<std::uint64_t> settled_;  // delivered or given up, >= next_expected_
  std::map<std::uint64_t, Missing> missing_;
  PacketStore store_;
  Bin bin_;
  std::deque<Pending> pending_;
  std::size_t pending_bytes_ = 0;
  std::map<std::uint32_t, MemberInfo> members_;  // ordered: deterministic target choice
  std::vector<const MemberInfo*> targets_;       // members_' values in order (empty: to be rebuilt)
  std::vector<const MemberInfo*> cand_;          // flush_bin's shuffle, its storage reused
  std::optional<Nanos> last_announce_;
  bool announce_soon_ = false;
  AutoNakTiming timing_;
  ReceiverStats stats_;
};

}  // namespace adamant::engine
