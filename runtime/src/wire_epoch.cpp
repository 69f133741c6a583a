// The adaptive transport's epoch envelope (layout in adamant/wire.hpp).
#include <adamant/wire.hpp>

#include <stdexcept>

namespace adamant::wire {
namespace {

constexpr std::uint8_t kTypeBit = 0x20;
constexpr int kVersionShift = 4;
constexpr std::uint8_t kVersionMask = 0x10;
constexpr std::uint8_t kCandidateMask = 0x0F;
constexpr std::uint8_t kMarkerMask = 0xC0;
static_assert(kEpochMaxCandidates == kCandidateMask + 1u, "the candidate field names kEpochMaxCandidates");
static_assert((kEpochVersion << kVersionShift & ~kVersionMask) == 0, "the version fits its bit");

void put(std::vector<std::uint8_t>& b, std::uint64_t v, int bytes) {
  for (int s = 8 * (bytes - 1); s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
}
std::uint64_t get(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

void put_varint(std::vector<std::uint8_t>& b, std::uint64_t v) {
  while (v >= 0x80) {
    b.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  b.push_back(static_cast<std::uint8_t>(v));
}

// A minimal LEB128 varint of at most `max_bits` bits at p[*at..end); advances *at.
std::optional<std::uint64_t> get_varint(const std::uint8_t* p, std::size_t end, std::size_t* at, int max_bits) {
  std::uint64_t v = 0;
  for (int shift = 0; *at < end && shift < max_bits; shift += 7) {
    const std::uint8_t byte = p[(*at)++];
    const std::uint64_t bits = byte & 0x7F;
    if (shift > 0 && byte == 0) return std::nullopt;             // not minimal: a trailing zero byte
    if (max_bits - shift < 7 && (bits >> (max_bits - shift)) != 0) return std::nullopt;  // too large
    v |= bits << shift;
    if ((byte & 0x80) == 0) return v;
  }
  return std::nullopt;  // truncated, or longer than its type
}

}  // namespace

std::vector<std::uint8_t> encode_epoch(const Epoch& e, ByteView body) {
  if (e.candidate >= kEpochMaxCandidates) throw std::invalid_argument("adamant::wire: epoch candidate above 15");
  if (body.size > kMaxDatagram - kEpochHeaderSize) throw std::length_error("adamant::wire: epoch body too large");
  std::vector<std::uint8_t> b;
  b.reserve(kEpochHeaderSize + body.size);
  b.push_back(static_cast<std::uint8_t>(kEpochMarker | (e.type == EpochType::Report ? kTypeBit : 0) |
                                        kEpochVersion << kVersionShift | e.candidate));
  put_varint(b, e.epoch);
  put_varint(b, e.base);
  if (body.size > 0) b.insert(b.end(), body.data, body.data + body.size);
  return b;
}

std::vector<std::uint8_t> encode_epoch_report(std::uint32_t epoch, const EpochReport& r) {
  std::vector<std::uint8_t> body;
  put(body, r.received, 8);
  put(body, r.expected, 8);
  put_varint(body, static_cast<std::uint64_t>(r.echo_ns));
  put_varint(body, r.held_ns);
  return encode_epoch(Epoch{EpochType::Report, 0, epoch, 0, {}}, ByteView{body.data(), body.size()});
}

std::optional<Epoch> decode_epoch(ByteView bytes, DecodeError* error) {
  DecodeError ignored;
  DecodeError& err = error ? *error : ignored;
  err = DecodeError::TooShort;
  if (bytes.size < kEpochHeaderMinSize || bytes.data == nullptr) return std::nullopt;
  const std::uint8_t* p = bytes.data;
  err = DecodeError::BadMagic;
  if ((p[0] & kMarkerMask) != kEpochMarker) return std::nullopt;
  // a later layout's bytes after the first are not this one's: nothing past the version is read
  err = DecodeError::BadVersion;
  if (((p[0] & kVersionMask) >> kVersionShift) != kEpochVersion) return std::nullopt;
  err = DecodeError::BadPayload;
  Epoch e;
  e.type = (p[0] & kTypeBit) ? EpochType::Report : EpochType::Datagram;
  e.candidate = p[0] & kCandidateMask;
  std::size_t at = 1;
  const auto epoch = get_varint(p, bytes.size, &at, 32);
  if (!epoch) return std::nullopt;
  const auto base = get_varint(p, bytes.size, &at, 64);
  if (!base) return std::nullopt;
  e.epoch = static_cast<std::uint32_t>(*epoch);
  e.base = *base;
  e.body = ByteView{p + at, bytes.size - at};
  if (e.type == EpochType::Datagram && e.body.size == 0) return std::nullopt;
  if (e.type == EpochType::Report && (e.candidate != 0 || e.base != 0 || !decode_epoch_report(e.body)))
    return std::nullopt;
  err = DecodeError::None;
  return e;
}

std::optional<EpochReport> decode_epoch_report(ByteView body) {
  if (body.size < kEpochReportSize || body.size > kEpochReportMaxSize || body.data == nullptr) return std::nullopt;
  EpochReport r{get(body.data, 8), get(body.data + 8, 8)};
  if (r.expected < r.received) return std::nullopt;
  std::size_t at = 16;
  const auto echo = get_varint(body.data, body.size, &at, 64);
  if (!echo) return std::nullopt;
  const auto held = get_varint(body.data, body.size, &at, 64);
  if (!held || at != body.size || *held > kEpochMaxHeldNs) return std::nullopt;
  r.echo_ns = static_cast<std::int64_t>(*echo);
  r.held_ns = *held;
  return r;
}

}  // namespace adamant::wire
