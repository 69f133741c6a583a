// Versioned wire codec shared by every engine. All integers are big-endian.
//
// Header (36 bytes):
//   u32 magic 'ADMT' | u8 version | u8 kind | u16 flags (0) | u32 session |
//   u32 stream_id | u64 sequence | i64 send_time_ns | u32 payload_len
// Payload by kind:
//   DATA, RETRANSMIT : application bytes (sequence = sample sequence)
//   HEARTBEAT        : u64 lowest sequence still in the sender history (sequence = highest sent)
//   NAK              : 1..kMaxNakRanges × (u64 first, u64 last), inclusive ranges
//   REPAIR (Ricochet LEC; receiver -> receiver, unicast; sequence = 0):
//       u16 count (1..kMaxRepairCount) | u16 0 | u32 xor of payload lengths |
//       i64 xor of send_time_ns | count × u64 covered sequence (distinct, >= 1) |
//       XOR of the covered payloads (zero-padded to the longest; the rest of the datagram)
//   JOIN / LEAVE (Ricochet membership; multicast; session = 0, sequence = 0):
//       u16 count (1..kMaxMembersPerMessage) | u16 0 |
//       count × (u32 member id != 0 | u32 IPv4 | u16 port != 0 | u16 0)
//       Addresses must be unicast (not 0.0.0.0, multicast, or 240.0.0.0/4).
//   MSG (replace/fifo sender -> receiver; sequence = message id >= 1, send_time = publish time):
//       u32 tag | u8 class (bit0 reliable, bit1 sequenced, others 0) | u8 priority | u16 0 |
//       u64 flow sequence (>= 1, per class) | u64 low water (every id below it needs no ack) |
//       u64 flow low (class flow: every flow sequence below it will never be sent again) |
//       u64 flow prev (largest flow sequence below this one still to be delivered; 0 = none) |
//       application bytes (the rest)
//   ACK (replace/fifo receiver -> sender; sequence = cumulative: every id <= it is accounted):
//       0..kMaxNakRanges × (u64 first, u64 last) received ids above the cumulative point
//   DATA_BATCH, RETRANSMIT_BATCH (NAKcast: several messages in one datagram; sequence = the
//   first entry's, send_time = when the datagram was sent):
//       u16 count (1..kMaxBatchCount) | u16 0 |
//       count × (u64 sequence (>= 1, ascending) | i64 send_time_ns | u32 length | length bytes)
//       Each entry is what a DATA (RETRANSMIT) with that sequence and send time would carry.
//
// Epoch envelope (adaptive transport only; wraps a whole datagram above; 3 to 16 bytes):
//   u8 10 | type (1 bit) | version (1 bit) | candidate (4 bits) | varint epoch | varint base | body
//   version 0 (kEpochVersion) is this layout; 1 is a later one, whose bytes after the first a reader
//   of this one does not parse: it drops the datagram as BadVersion (a later layout may put a longer
//   version there).
//   Varints are LEB128 (7 bits a byte, least significant first, high bit = more), minimal: epoch a
//   u32, base a u64. Epoch 1 (base 0) costs 3 bytes; epoch k of a flow below 16,384 updates 4.
//   type 0 (DATAGRAM): body = one datagram of the epoch's inner engine; candidate = the decision
//       table's candidate that engine runs; base = the sequence the epoch's update 1 follows (the
//       last sequence of every earlier epoch: the announcement that closes epoch - 1)
//   type 1 (REPORT, reader -> writer): candidate = 0, epoch = the reader's newest, base = 0;
//       body = u64 DATA received | u64 DATA expected (first to highest seen), since the reader began |
//       varint echo | varint held: echo = the newest writer send_time_ns the reader saw in a DATA,
//       DATA_BATCH or HEARTBEAT (the i64's two's-complement bits), held = ns since it arrived; the
//       writer's round trip is its clock now - echo - held; held at most an hour (18 to 32 bytes)
#pragma once

#include <adamant/types.hpp>
#include <adamant/wire_sizes.hpp>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace adamant::wire {

enum class Kind : std::uint8_t {
  Data = 1,
  Nak = 2,
  Heartbeat = 3,
  Retransmit = 4,
  Repair = 5,
  Join = 6,
  Leave = 7,
  Msg = 8,   // replace / fifo transports
  Ack = 9,
  DataBatch = 10,        // NAKcast: several DATA in one datagram
  RetransmitBatch = 11,  // NAKcast: several RETRANSMIT in one datagram
};

struct Header {
  Kind kind = Kind::Data;
  std::uint32_t session = 0;  // sender epoch: changes when a publisher restarts
  std::uint32_t stream_id = 0;
  std::uint64_t sequence = 0;
  std::int64_t send_time_ns = 0;
  std::uint32_t payload_len = 0;  // filled in by encode()
};

struct Packet {
  Header header;
  ByteView payload;  // points into the decoded buffer
};

enum class DecodeError {
  None,
  TooShort,
  BadMagic,
  BadVersion,
  BadKind,
  BadFlags,
  LengthMismatch,
  BadPayload,  // kind-specific payload malformed (e.g. NAK ranges)
};
std::string_view to_string(DecodeError e);

struct SeqRange {
  std::uint64_t first;
  std::uint64_t last;  // inclusive
  friend bool operator==(const SeqRange& a, const SeqRange& b) {
    return a.first == b.first && a.last == b.last;
  }
};

// Encodes header + payload; header.payload_len is taken from payload.size.
// Throws std::length_error when the payload exceeds kMaxPayload.
std::vector<std::uint8_t> encode(const Header& header, ByteView payload);
// As encode, into `b` (cleared first; no allocation once it has grown).
void encode_into(std::vector<std::uint8_t>& b, const Header& header, ByteView payload);
std::vector<std::uint8_t> encode_heartbeat(std::uint32_t session, std::uint32_t stream_id,
                                           std::uint64_t highest, std::uint64_t lowest_available,
                                           std::int64_t now_ns);
// As encode_heartbeat, into `b` (as encode_into).
void encode_heartbeat_into(std::vector<std::uint8_t>& b, std::uint32_t session, std::uint32_t stream_id,
                           std::uint64_t highest, std::uint64_t lowest_available, std::int64_t now_ns);
// ranges.size() must be in [1, kMaxNakRanges] (std::length_error otherwise).
std::vector<std::uint8_t> encode_nak(std::uint32_t session, std::uint32_t stream_id,
                                     const std::vector<SeqRange>& ranges, std::int64_t now_ns);

struct Repair {
  std::vector<std::uint64_t> sequences;  // covered packets, in the order they were XORed
  std::uint32_t len_xor = 0;
  std::int64_t time_xor = 0;
  ByteView xor_payload;  // points into the decoded buffer
};
struct Member {
  std::uint32_t id = 0;
  Endpoint endpoint;
  friend bool operator==(const Member& a, const Member& b) {
    return a.id == b.id && a.endpoint == b.endpoint;
  }
};

// sequences.size() in [1, kMaxRepairCount] (std::length_error otherwise).
std::vector<std::uint8_t> encode_repair(std::uint32_t session, std::uint32_t stream_id,
                                        const std::vector<std::uint64_t>& sequences,
                                        std::uint32_t len_xor, std::int64_t time_xor,
                                        ByteView xor_payload, std::int64_t now_ns);
// kind is Join or Leave; members.size() in [1, kMaxMembersPerMessage].
std::vector<std::uint8_t> encode_membership(Kind kind, std::uint32_t stream_id,
                                            const std::vector<Member>& members, std::int64_t now_ns);
bool valid_member_address(const Endpoint& ep);

struct MsgInfo {
  std::uint32_t tag = 0;
  bool reliable = true;
  bool sequenced = true;
  std::uint8_t priority = 0;
  std::uint64_t flow_seq = 1;
  std::uint64_t low_water = 1;
  std::uint64_t flow_low = 1;
  std::uint64_t flow_prev = 0;  // < flow_seq
  ByteView body;  // decode only: points into the decoded buffer
};
std::vector<std::uint8_t> encode_msg(std::uint32_t session, std::uint32_t stream_id, std::uint64_t id,
                                     std::int64_t send_time_ns, const MsgInfo& info, ByteView body);
// ranges.size() <= kMaxNakRanges (std::length_error otherwise); may be empty.
std::vector<std::uint8_t> encode_ack(std::uint32_t session, std::uint32_t stream_id,
                                     std::uint64_t cumulative, const std::vector<SeqRange>& ranges,
                                     std::int64_t now_ns);

// One message of a batch; payload points into the decoded buffer.
struct BatchEntry {
  std::uint64_t sequence = 0;
  std::int64_t send_time_ns = 0;
  ByteView payload;
};
// Building a batch in place, without allocating once `b` has grown: start_batch writes the
// header and an empty count; each append_to_batch adds an entry and keeps `b` a complete
// datagram (count, header sequence and length updated). batch_count reads the count back.
// kind is DataBatch or RetransmitBatch (std::invalid_argument otherwise); append_to_batch throws
// std::length_error past kMaxBatchCount entries or kMaxDatagram bytes.
void start_batch(std::vector<std::uint8_t>& b, Kind kind, std::uint32_t session, std::uint32_t stream_id,
                 std::int64_t now_ns);
void append_to_batch(std::vector<std::uint8_t>& b, std::uint64_t sequence, std::int64_t send_time_ns,
                     ByteView payload);
std::size_t batch_count(const std::vector<std::uint8_t>& b);
// Bytes one message adds to a batch.
constexpr std::size_t batch_entry_bytes(std::size_t payload) { return kBatchEntrySize + payload; }
std::vector<std::uint8_t> encode_batch(Kind kind, std::uint32_t session, std::uint32_t stream_id,
                                       const std::vector<BatchEntry>& entries, std::int64_t now_ns);
// Walks a batch payload that decode() accepted, entry by entry, without allocating.
class BatchCursor {
 public:
  explicit BatchCursor(ByteView payload);
  bool next(BatchEntry& e);  // false after the last entry

 private:
  ByteView payload_;
  std::size_t offset_ = kBatchFixedSize;
  std::size_t left_ = 0;
};
// A batch payload is well formed: count entries in bounds, ascending sequences (>= 1, below the
// reserved top), the first equal to the header's `first`, no bytes after the last entry.
bool valid_batch(std::uint64_t first, ByteView payload);

// Bounds-checked decode; never reads outside `bytes`. Kind-specific payloads are
// validated too, so a returned Packet can be parsed with the helpers below.
std::optional<Packet> decode(ByteView bytes, DecodeError* error = nullptr);
std::optional<std::vector<SeqRange>> decode_nak_ranges(ByteView payload);
std::optional<std::uint64_t> decode_heartbeat_lowest(ByteView payload);
std::optional<Repair> decode_repair(ByteView payload);
std::optional<std::vector<Member>> decode_members(ByteView payload);
std::optional<MsgInfo> decode_msg(ByteView payload);
// Ranges must be ascending, disjoint, above `cumulative`.
std::optional<std::vector<SeqRange>> decode_ack_ranges(std::uint64_t cumulative, ByteView payload);

enum class EpochType : std::uint8_t { Datagram = 0, Report = 1 };
struct Epoch {
  EpochType type = EpochType::Datagram;
  std::uint16_t candidate = 0;
  std::uint32_t epoch = 0;
  std::uint64_t base = 0;
  ByteView body;  // decode only: points into the decoded buffer
};
struct EpochReport {
  std::uint64_t received = 0;
  std::uint64_t expected = 0;  // >= received
  std::int64_t echo_ns = 0;    // the newest writer send time the reader saw (the writer's clock)
  std::uint64_t held_ns = 0;   // how long the reader had held it when it sent the REPORT
};
std::vector<std::uint8_t> encode_epoch(const Epoch& e, ByteView body);
std::vector<std::uint8_t> encode_epoch_report(std::uint32_t epoch, const EpochReport& r);
// Bounds-checked: a wrong marker, a version other than kEpochVersion (error BadVersion), a varint
// too long, not minimal or out of its type's range, a REPORT of the wrong size (bytes left after
// `held`), with a candidate or base, with expected < received or with held above kEpochMaxHeldNs, or
// a DATAGRAM with an empty body is nullopt (error TooShort, BadMagic for the marker, or BadPayload);
// the enclosed datagram is not decoded. encode_epoch throws std::invalid_argument on a candidate of
// kEpochMaxCandidates or more.
std::optional<Epoch> decode_epoch(ByteView bytes, DecodeError* error = nullptr);
std::optional<EpochReport> decode_epoch_report(ByteView body);

}  // namespace adamant::wire
