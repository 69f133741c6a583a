// Versioned wire codec shared by every engine. All integers are big-endian.
//
// Header (36 bytes):
//   u32 magic 'ADMT' | u8 version | u8 kind | u16 flags (0) | u32 session |
//   u32 stream_id | u64 sequence | i64 send_time_ns | u32 payload_len
// Payload by kind:
//   DATA, RETRANSMIT : application bytes (sequence = sample sequence)
//   HEARTBEAT        : u64 lowest sequence still in the sender history (sequence = highest sent)
//   NAK              : 1..kMaxNakRanges × (u64 first, u64 last), inclusive ranges
#pragma once

#include <adamant/types.hpp>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace adamant::wire {

inline constexpr std::uint32_t kMagic = 0x41444D54;  // "ADMT"
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kHeaderSize = 36;
inline constexpr std::size_t kMaxDatagram = 65507;  // largest IPv4 UDP payload
inline constexpr std::size_t kMaxPayload = kMaxDatagram - kHeaderSize;
inline constexpr std::size_t kMaxNakRanges = 64;  // bounds NAK size and sender work per NAK
inline constexpr std::size_t kNakRangeSize = 16;

enum class Kind : std::uint8_t { Data = 1, Nak = 2, Heartbeat = 3, Retransmit = 4 };

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
std::vector<std::uint8_t> encode_heartbeat(std::uint32_t session, std::uint32_t stream_id,
                                           std::uint64_t highest, std::uint64_t lowest_available,
                                           std::int64_t now_ns);
// ranges.size() must be in [1, kMaxNakRanges] (std::length_error otherwise).
std::vector<std::uint8_t> encode_nak(std::uint32_t session, std::uint32_t stream_id,
                                     const std::vector<SeqRange>& ranges, std::int64_t now_ns);

// Bounds-checked decode; never reads outside `bytes`. Kind-specific payloads are
// validated too, so a returned Packet can be parsed with the helpers below.
std::optional<Packet> decode(ByteView bytes, DecodeError* error = nullptr);
std::optional<std::vector<SeqRange>> decode_nak_ranges(ByteView payload);
std::optional<std::uint64_t> decode_heartbeat_lowest(ByteView payload);

}  // namespace adamant::wire
