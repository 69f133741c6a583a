// The wire codec's sizes and bounds (the layouts are in adamant/wire.hpp). A header of its own,
// with no dependencies, so the contract table (adamant/contract.hpp) can name them and the
// engines' defaults (adamant/engine/defaults.hpp) can read that table without a cycle through
// wire.hpp -> types.hpp -> defaults.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

namespace adamant::wire {

inline constexpr std::uint32_t kMagic = 0x41444D54;  // "ADMT"
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kHeaderSize = 36;
inline constexpr std::size_t kMaxDatagram = 65507;  // largest IPv4 UDP payload
inline constexpr std::size_t kMaxPayload = kMaxDatagram - kHeaderSize;
inline constexpr std::size_t kMaxNakRanges = 64;  // bounds NAK size and sender work per NAK
inline constexpr std::size_t kNakRangeSize = 16;
inline constexpr std::size_t kHeartbeatPayloadSize = 8;  // HEARTBEAT: the lowest sequence still in history
inline constexpr std::size_t kMaxRepairCount = 64;        // packets one REPAIR may cover
inline constexpr std::size_t kRepairFixedSize = 16;       // count..time xor
inline constexpr std::size_t kMaxMembersPerMessage = 64;  // entries in one JOIN/LEAVE
inline constexpr std::size_t kMemberEntrySize = 12;
inline constexpr std::size_t kMsgFixedSize = 40;          // MSG fields before the application bytes
inline constexpr std::size_t kBatchFixedSize = 4;         // DATA_BATCH / RETRANSMIT_BATCH: count, 0
inline constexpr std::size_t kBatchEntrySize = 20;        // per message: sequence, send time, length
inline constexpr std::size_t kMaxBatchCount = 1024;       // messages one batch may carry
// A NAKcast sender's default batch datagram (codec bytes): below a 1,500-byte Ethernet MTU with the
// IPv4/UDP headers and a key's trailer, so a batch is never fragmented on a LAN.
inline constexpr std::size_t kDefaultBatchDatagram = 1400;
// Pre-shared keys (adamant/auth.hpp, adamant/key_file.hpp): what a keyed datagram adds after the
// codec's bytes (epoch, counter, time, HMAC-SHA256), and the shortest key a key file may hold.
inline constexpr std::size_t kAuthTrailerSize = 8 + 8 + 8 + 32;
inline constexpr std::size_t kMinKeyBytes = 16;
// The adaptive transport's epoch envelope (adamant/wire.hpp, "Epoch envelope"): the first byte's
// marker, the format version its bit 4 states, the candidates its 4 low bits can name, its shortest
// and longest size (varint epoch and base) before the enclosed datagram, and a reader's REPORT body.
inline constexpr std::uint8_t kEpochMarker = 0x80;  // the first byte's top two bits: 10 (ADMT's are 01)
inline constexpr std::uint8_t kEpochVersion = 0;    // this layout; a reader drops an envelope of any other
inline constexpr std::size_t kEpochMaxCandidates = 16;
inline constexpr std::size_t kEpochHeaderMinSize = 3;  // marker, epoch < 128, base < 128
inline constexpr std::size_t kEpochHeaderSize = 16;    // at most: marker, u32 and u64 as varints
inline constexpr std::size_t kEpochReportSize = 18;     // at least: u64 received, expected; echo, held < 128
inline constexpr std::size_t kEpochReportMaxSize = 32;  // echo a 10-byte varint, held (< 2^42) 6
inline constexpr std::uint64_t kEpochMaxHeldNs = 3'600'000'000'000;  // a REPORT holds a timestamp an hour at most

}  // namespace adamant::wire
