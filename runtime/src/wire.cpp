#include <adamant/wire.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace adamant::wire {
namespace {

// Big-endian (network order) loads and stores: one unaligned access and a byte swap where the
// host is little-endian, byte by byte elsewhere. Every datagram's header goes through them.
template <class T>
T load_be(const std::uint8_t* p) {
  T v;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(&v, p, sizeof v);
  if constexpr (sizeof(T) == 2) v = __builtin_bswap16(v);
  if constexpr (sizeof(T) == 4) v = __builtin_bswap32(v);
  if constexpr (sizeof(T) == 8) v = __builtin_bswap64(v);
#else
  v = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) v = static_cast<T>((v << 8) | p[i]);
#endif
  return v;
}
template <class T>
void store_be(std::uint8_t* p, T v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if constexpr (sizeof(T) == 2) v = __builtin_bswap16(v);
  if constexpr (sizeof(T) == 4) v = __builtin_bswap32(v);
  if constexpr (sizeof(T) == 8) v = __builtin_bswap64(v);
  std::memcpy(p, &v, sizeof v);
#else
  for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * (sizeof(T) - 1 - i)));
#endif
}
template <class T>
void put_be(std::vector<std::uint8_t>& b, T v) {
  std::uint8_t bytes[sizeof(T)];
  store_be(bytes, v);
  b.insert(b.end(), bytes, bytes + sizeof(T));
}

void put_u16(std::vector<std::uint8_t>& b, std::uint16_t v) { put_be(b, v); }
void put_u32(std::vector<std::uint8_t>& b, std::uint32_t v) { put_be(b, v); }
void put_u64(std::vector<std::uint8_t>& b, std::uint64_t v) { put_be(b, v); }

// Callers check the bounds before reading; these only assemble bytes.
std::uint16_t get_u16(const std::uint8_t* p) { return load_be<std::uint16_t>(p); }
std::uint32_t get_u32(const std::uint8_t* p) { return load_be<std::uint32_t>(p); }
std::uint64_t get_u64(const std::uint8_t* p) { return load_be<std::uint64_t>(p); }

bool valid_kind(std::uint8_t k) { return k >= 1 && k <= 11; }

void set_u16(std::uint8_t* p, std::uint16_t v) { store_be(p, v); }
void set_u32(std::uint8_t* p, std::uint32_t v) { store_be(p, v); }
void set_u64(std::uint8_t* p, std::uint64_t v) { store_be(p, v); }

void put_header(std::vector<std::uint8_t>& b, const Header& h, std::size_t payload_len) {
  std::uint8_t p[kHeaderSize];  // the layout of wire.hpp, written in place and appended at once
  set_u32(p, kMagic);
  p[4] = kVersion;
  p[5] = static_cast<std::uint8_t>(h.kind);
  set_u16(p + 6, 0);
  set_u32(p + 8, h.session);
  set_u32(p + 12, h.stream_id);
  set_u64(p + 16, h.sequence);
  set_u64(p + 24, static_cast<std::uint64_t>(h.send_time_ns));
  set_u32(p + 32, static_cast<std::uint32_t>(payload_len));
  b.insert(b.end(), p, p + kHeaderSize);
}

bool batch_kind(Kind k) { return k == Kind::DataBatch || k == Kind::RetransmitBatch; }

// Header fields a batch rewrites as it grows (offsets in the header layout of wire.hpp).
constexpr std::size_t kSequenceOffset = 16;
constexpr std::size_t kPayloadLenOffset = 32;

}  // namespace

std::string_view to_string(DecodeError e) {
  switch (e) {
    case DecodeError::None: return "none";
    case DecodeError::TooShort: return "too short";
    case DecodeError::BadMagic: return "bad magic";
    case DecodeError::BadVersion: return "bad version";
    case DecodeError::BadKind: return "bad kind";
    case DecodeError::BadFlags: return "bad flags";
    case DecodeError::LengthMismatch: return "length mismatch";
    case DecodeError::BadPayload: return "bad payload";
  }
  return "unknown";
}

std::vector<std::uint8_t> encode(const Header& h, ByteView payload) {
  std::vector<std::uint8_t> b;
  encode_into(b, h, payload);
  return b;
}

void encode_into(std::vector<std::uint8_t>& b, const Header& h, ByteView payload) {
  if (payload.size > kMaxPayload) throw std::length_error("adamant::wire: payload too large");
  b.clear();
  b.reserve(kHeaderSize + payload.size);
  put_header(b, h, payload.size);
  if (payload.size > 0) b.insert(b.end(), payload.data, payload.data + payload.size);
}

std::vector<std::uint8_t> encode_heartbeat(std::uint32_t session, std::uint32_t stream_id,
                                           std::uint64_t highest, std::uint64_t lowest_available,
                                           std::int64_t now_ns) {
  std::vector<std::uint8_t> b;
  encode_heartbeat_into(b, session, stream_id, highest, lowest_available, now_ns);
  return b;
}

void encode_heartbeat_into(std::vector<std::uint8_t>& b, std::uint32_t session, std::uint32_t stream_id,
                           std::uint64_t highest, std::uint64_t lowest_available, std::int64_t now_ns) {
  std::uint8_t p[kHeartbeatPayloadSize];
  set_u64(p, lowest_available);
  encode_into(b, Header{Kind::Heartbeat, session, stream_id, highest, now_ns, 0}, ByteView{p, sizeof p});
}

std::vector<std::uint8_t> encode_nak(std::uint32_t session, std::uint32_t stream_id,
                                     const std::vector<SeqRange>& ranges, std::int64_t now_ns) {
  if (ranges.empty() || ranges.size() > kMaxNakRanges)
    throw std::length_error("adamant::wire: NAK range count out of bounds");
  std::vector<std::uint8_t> p;
  p.reserve(ranges.size() * kNakRangeSize);
  for (const auto& r : ranges) {
    put_u64(p, r.first);
    put_u64(p, r.last);
  }
  return encode(Header{Kind::Nak, session, stream_id, 0, now_ns, 0}, ByteView{p.data(), p.size()});
}

std::vector<std::uint8_t> encode_repair(std::uint32_t session, std::uint32_t stream_id,
                                        const std::vector<std::uint64_t>& seqs,
                                        std::uint32_t len_xor, std::int64_t time_xor,
                                        ByteView xor_payload, std::int64_t now_ns) {
  if (seqs.empty() || seqs.size() > kMaxRepairCount)
    throw std::length_error("adamant::wire: REPAIR count out of bounds");
  std::vector<std::uint8_t> p;
  p.reserve(kRepairFixedSize + seqs.size() * 8 + xor_payload.size);
  put_u16(p, static_cast<std::uint16_t>(seqs.size()));
  put_u16(p, 0);
  put_u32(p, len_xor);
  put_u64(p, static_cast<std::uint64_t>(time_xor));
  for (auto s : seqs) put_u64(p, s);
  if (xor_payload.size) p.insert(p.end(), xor_payload.data, xor_payload.data + xor_payload.size);
  return encode(Header{Kind::Repair, session, stream_id, 0, now_ns, 0}, ByteView{p.data(), p.size()});
}

bool valid_member_address(const Endpoint& ep) {
  if (ep.port == 0 || ep.ipv4 == 0) return false;
  return (ep.ipv4 >> 28) < 0xE;  // not multicast (224/4) nor reserved/broadcast (240/4)
}

std::vector<std::uint8_t> encode_membership(Kind kind, std::uint32_t stream_id,
                                            const std::vector<Member>& members, std::int64_t now_ns) {
  if (kind != Kind::Join && kind != Kind::Leave)
    throw std::invalid_argument("adamant::wire: membership kind must be JOIN or LEAVE");
  if (members.empty() || members.size() > kMaxMembersPerMessage)
    throw std::length_error("adamant::wire: membership count out of bounds");
  std::vector<std::uint8_t> p;
  put_u16(p, static_cast<std::uint16_t>(members.size()));
  put_u16(p, 0);
  for (const auto& m : members) {
    put_u32(p, m.id);
    put_u32(p, m.endpoint.ipv4);
    put_u16(p, m.endpoint.port);
    put_u16(p, 0);
  }
  return encode(Header{kind, 0, stream_id, 0, now_ns, 0}, ByteView{p.data(), p.size()});
}

std::vector<std::uint8_t> encode_msg(std::uint32_t session, std::uint32_t stream_id, std::uint64_t id,
                                     std::int64_t send_time_ns, const MsgInfo& m, ByteView body) {
  if (body.size > kMaxPayload - kMsgFixedSize) throw std::length_error("adamant::wire: MSG too large");
  std::vector<std::uint8_t> p;
  p.reserve(kMsgFixedSize + body.size);
  put_u32(p, m.tag);
  p.push_back(static_cast<std::uint8_t>((m.reliable ? 1 : 0) | (m.sequenced ? 2 : 0)));
  p.push_back(m.priority);
  put_u16(p, 0);
  put_u64(p, m.flow_seq);
  put_u64(p, m.low_water);
  put_u64(p, m.flow_low);
  put_u64(p, m.flow_prev);
  if (body.size) p.insert(p.end(), body.data, body.data + body.size);
  return encode(Header{Kind::Msg, session, stream_id, id, send_time_ns, 0}, ByteView{p.data(), p.size()});
}

std::vector<std::uint8_t> encode_ack(std::uint32_t session, std::uint32_t stream_id,
                                     std::uint64_t cumulative, const std::vector<SeqRange>& ranges,
                                     std::int64_t now_ns) {
  if (ranges.size() > kMaxNakRanges) throw std::length_error("adamant::wire: ACK range count out of bounds");
  std::vector<std::uint8_t> p;
  p.reserve(ranges.size() * kNakRangeSize);
  for (const auto& r : ranges) {
    put_u64(p, r.first);
    put_u64(p, r.last);
  }
  return encode(Header{Kind::Ack, session, stream_id, cumulative, now_ns, 0}, ByteView{p.data(), p.size()});
}

void start_batch(std::vector<std::uint8_t>& b, Kind kind, std::uint32_t session, std::uint32_t stream_id,
                 std::int64_t now_ns) {
  if (!batch_kind(kind)) throw std::invalid_argument("adamant::wire: batch kind must be DATA_BATCH or RETRANSMIT_BATCH");
  b.clear();
  put_header(b, Header{kind, session, stream_id, 0, now_ns, 0}, kBatchFixedSize);
  put_u16(b, 0);
  put_u16(b, 0);
}

std::size_t batch_count(const std::vector<std::uint8_t>& b) {
  return b.size() >= kHeaderSize + kBatchFixedSize ? get_u16(b.data() + kHeaderSize) : 0;
}

void append_to_batch(std::vector<std::uint8_t>& b, std::uint64_t sequence, std::int64_t send_time_ns,
                     ByteView payload) {
  const std::size_t count = batch_count(b);
  if (count >= kMaxBatchCount || b.size() + batch_entry_bytes(payload.size) > kMaxDatagram)
    throw std::length_error("adamant::wire: batch full");
  put_u64(b, sequence);
  put_u64(b, static_cast<std::uint64_t>(send_time_ns));
  put_u32(b, static_cast<std::uint32_t>(payload.size));
  if (payload.size) b.insert(b.end(), payload.data, payload.data + payload.size);
  if (count == 0) set_u64(b.data() + kSequenceOffset, sequence);
  set_u16(b.data() + kHeaderSize, static_cast<std::uint16_t>(count + 1));
  set_u32(b.data() + kPayloadLenOffset, static_cast<std::uint32_t>(b.size() - kHeaderSize));
}

std::vector<std::uint8_t> encode_batch(Kind kind, std::uint32_t session, std::uint32_t stream_id,
                                       const std::vector<BatchEntry>& entries, std::int64_t now_ns) {
  if (entries.empty()) throw std::length_error("adamant::wire: empty batch");
  std::vector<std::uint8_t> b;
  start_batch(b, kind, session, stream_id, now_ns);
  for (const auto& e : entries) append_to_batch(b, e.sequence, e.send_time_ns, e.payload);
  return b;
}

BatchCursor::BatchCursor(ByteView payload)
    : payload_(payload), left_(payload.size >= kBatchFixedSize ? get_u16(payload.data) : 0) {}

bool BatchCursor::next(BatchEntry& e) {
  if (left_ == 0) return false;
  const std::uint8_t* p = payload_.data + offset_;
  e.sequence = get_u64(p);
  e.send_time_ns = static_cast<std::int64_t>(get_u64(p + 8));
  const std::uint32_t len = get_u32(p + 16);
  e.payload = ByteView{p + kBatchEntrySize, len};
  offset_ += kBatchEntrySize + len;
  --left_;
  return true;
}

bool valid_batch(std::uint64_t first, ByteView payload) {
  if (payload.data == nullptr || payload.size < kBatchFixedSize) return false;
  const std::size_t count = get_u16(payload.data);
  if (count == 0 || count > kMaxBatchCount || get_u16(payload.data + 2) != 0) return false;
  std::size_t off = kBatchFixedSize;
  std::uint64_t prev = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (payload.size - off < kBatchEntrySize) return false;
    const std::uint64_t seq = get_u64(payload.data + off);
    const std::size_t len = get_u32(payload.data + off + 16);
    if (seq <= prev || seq == std::numeric_limits<std::uint64_t>::max() || (i == 0 && seq != first)) return false;
    off += kBatchEntrySize;
    if (payload.size - off < len) return false;
    off += len;
    prev = seq;
  }
  return off == payload.size;
}

std::optional<MsgInfo> decode_msg(ByteView payload) {
  if (payload.data == nullptr || payload.size < kMsgFixedSize) return std::nullopt;
  const std::uint8_t* p = payload.data;
  MsgInfo m;
  m.tag = get_u32(p);
  const std::uint8_t cls = p[4];
  if (cls > 3 || get_u16(p + 6) != 0) return std::nullopt;
  m.reliable = (cls & 1) != 0;
  m.sequenced = (cls & 2) != 0;
  m.priority = p[5];
  m.flow_seq = get_u64(p + 8);
  m.low_water = get_u64(p + 16);
  m.flow_low = get_u64(p + 24);
  m.flow_prev = get_u64(p + 32);
  constexpr auto kTop = std::numeric_limits<std::uint64_t>::max();
  if (m.flow_seq == 0 || m.flow_seq == kTop || m.low_water == 0 || m.low_water == kTop ||
      m.flow_low == 0 || m.flow_low > m.flow_seq ||
      m.flow_prev >= m.flow_seq)
    return std::nullopt;
  m.body = ByteView{p + kMsgFixedSize, payload.size - kMsgFixedSize};
  return m;
}

std::optional<std::vector<SeqRange>> decode_ack_ranges(std::uint64_t cumulative, ByteView payload) {
  if (payload.size % kNakRangeSize != 0 || payload.size / kNakRangeSize > kMaxNakRanges)
    return std::nullopt;
  if (payload.size > 0 && payload.data == nullptr) return std::nullopt;
  std::vector<SeqRange> out;
  out.reserve(payload.size / kNakRangeSize);
  std::uint64_t floor = cumulative;
  for (std::size_t off = 0; off < payload.size; off += kNakRangeSize) {
    SeqRange r{get_u64(payload.data + off), get_u64(payload.data + off + 8)};
    if (r.first <= floor || r.first > r.last || r.last == std::numeric_limits<std::uint64_t>::max())
      return std::nullopt;
    floor = r.last;
    out.push_back(r);
  }
  return out;
}

namespace {

// A REPAIR payload's covered-sequence count, or 0 when it is malformed (decode_repair's checks,
// without allocating: decode() runs them on every REPAIR).
std::size_t repair_count(ByteView payload) {
  if (payload.data == nullptr || payload.size < kRepairFixedSize) return 0;
  const std::uint8_t* p = payload.data;
  const std::size_t count = get_u16(p);
  if (count == 0 || count > kMaxRepairCount || get_u16(p + 2) != 0) return 0;
  if (payload.size < kRepairFixedSize + count * 8) return 0;  // count larger than data
  std::array<std::uint64_t, kMaxRepairCount> sorted;
  for (std::size_t i = 0; i < count; ++i) {
    sorted[i] = get_u64(p + kRepairFixedSize + i * 8);
    if (sorted[i] == 0 || sorted[i] == std::numeric_limits<std::uint64_t>::max()) return 0;
  }
  std::sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(count));
  if (std::adjacent_find(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(count)) !=
      sorted.begin() + static_cast<std::ptrdiff_t>(count))
    return 0;
  return count;
}

// A JOIN / LEAVE payload's member count, or 0 when it is malformed (decode_members' checks, without
// allocating).
std::size_t member_count(ByteView payload) {
  if (payload.data == nullptr || payload.size < 4) return 0;
  const std::size_t count = get_u16(payload.data);
  if (count == 0 || count > kMaxMembersPerMessage || get_u16(payload.data + 2) != 0 ||
      payload.size != 4 + count * kMemberEntrySize)
    return 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* e = payload.data + 4 + i * kMemberEntrySize;
    if (get_u32(e) == 0 || get_u16(e + 10) != 0 || !valid_member_address(Endpoint{get_u32(e + 4), get_u16(e + 8)}))
      return 0;
  }
  return count;
}

}  // namespace

namespace {

// decode() into `pkt`: DecodeError::None, or why the datagram is refused.
DecodeError decode_into(ByteView bytes, Packet& pkt) {
  if (bytes.data == nullptr || bytes.size < kHeaderSize) return DecodeError::TooShort;
  const std::uint8_t* p = bytes.data;
  if (get_u32(p) != kMagic) return DecodeError::BadMagic;
  if (p[4] != kVersion) return DecodeError::BadVersion;
  if (!valid_kind(p[5])) return DecodeError::BadKind;
  if (get_u16(p + 6) != 0) return DecodeError::BadFlags;
  pkt.header.kind = static_cast<Kind>(p[5]);
  pkt.header.session = get_u32(p + 8);
  pkt.header.stream_id = get_u32(p + 12);
  pkt.header.sequence = get_u64(p + 16);
  pkt.header.send_time_ns = static_cast<std::int64_t>(get_u64(p + 24));
  pkt.header.payload_len = get_u32(p + 32);
  // The top sequence is reserved so "highest + 1" can never wrap in a receiver.
  if (pkt.header.sequence == std::numeric_limits<std::uint64_t>::max())
    return DecodeError::BadPayload;
  // Exact match: a datagram is one packet, trailing garbage means corruption.
  if (pkt.header.payload_len != bytes.size - kHeaderSize) return DecodeError::LengthMismatch;
  pkt.payload = ByteView{p + kHeaderSize, pkt.header.payload_len};
  switch (pkt.header.kind) {
    case Kind::Heartbeat:
      if (!decode_heartbeat_lowest(pkt.payload)) return DecodeError::BadPayload;
      break;
    case Kind::Nak:
      if (!decode_nak_ranges(pkt.payload)) return DecodeError::BadPayload;
      break;
    case Kind::Repair:
      if (repair_count(pkt.payload) == 0) return DecodeError::BadPayload;
      break;
    case Kind::Join:
    case Kind::Leave:
      if (member_count(pkt.payload) == 0) return DecodeError::BadPayload;
      break;
    case Kind::Msg:
      if (pkt.header.sequence == 0 || !decode_msg(pkt.payload)) return DecodeError::BadPayload;
      break;
    case Kind::Ack:
      if (!decode_ack_ranges(pkt.header.sequence, pkt.payload)) return DecodeError::BadPayload;
      break;
    case Kind::DataBatch:
    case Kind::RetransmitBatch:
      if (!valid_batch(pkt.header.sequence, pkt.payload)) return DecodeError::BadPayload;
      break;
    case Kind::Data:
    case Kind::Retransmit:
      if (pkt.header.sequence == 0) return DecodeError::BadPayload;  // sequences start at 1
      break;
  }
  return DecodeError::None;
}

}  // namespace

std::optional<Packet> decode(ByteView bytes, DecodeError* error) {
  // One named result, so that it is built where the caller keeps it: a Packet assembled in a local
  // and copied out is read back wider than it was written, a store-forwarding stall per datagram.
  std::optional<Packet> out;
  const DecodeError e = decode_into(bytes, out.emplace());
  if (e != DecodeError::None) out.reset();
  if (error) *error = e;
  return out;
}

std::optional<std::vector<SeqRange>> decode_nak_ranges(ByteView payload) {
  if (payload.size == 0 || payload.size % kNakRangeSize != 0 ||
      payload.size / kNakRangeSize > kMaxNakRanges)
    return std::nullopt;
  std::vector<SeqRange> out;
  out.reserve(payload.size / kNakRangeSize);
  for (std::size_t off = 0; off < payload.size; off += kNakRangeSize) {
    SeqRange r{get_u64(payload.data + off), get_u64(payload.data + off + 8)};
    if (r.first == 0 || r.first > r.last) return std::nullopt;
    out.push_back(r);
  }
  return out;
}

std::optional<std::uint64_t> decode_heartbeat_lowest(ByteView payload) {
  if (payload.size != kHeartbeatPayloadSize) return std::nullopt;
  return get_u64(payload.data);
}

std::optional<Repair> decode_repair(ByteView payload) {
  const std::size_t count = repair_count(payload);
  if (count == 0) return std::nullopt;
  const std::uint8_t* p = payload.data;
  Repair r;
  r.len_xor = get_u32(p + 4);
  r.time_xor = static_cast<std::int64_t>(get_u64(p + 8));
  r.sequences.reserve(count);
  for (std::size_t i = 0; i < count; ++i) r.sequences.push_back(get_u64(p + kRepairFixedSize + i * 8));
  const std::size_t off = kRepairFixedSize + count * 8;
  r.xor_payload = ByteView{p + off, payload.size - off};
  // len_xor may be any value; the engine checks a recovered length against xor_payload.
  return r;
}

std::optional<std::vector<Member>> decode_members(ByteView payload) {
  const std::size_t count = member_count(payload);
  if (count == 0) return std::nullopt;
  std::vector<Member> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* e = payload.data + 4 + i * kMemberEntrySize;
    out.push_back(Member{get_u32(e), Endpoint{get_u32(e + 4), get_u16(e + 8)}});
  }
  return out;
}

}  // namespace adamant::wire
