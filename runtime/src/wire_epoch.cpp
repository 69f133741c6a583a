// The adaptive transport's epoch envelope (layout in adamant/wire.hpp).
#include <adamant/wire.hpp>

#include <stdexcept>

namespace adamant::wire {
namespace {

void put(std::vector<std::uint8_t>& b, std::uint64_t v, int bytes) {
  for (int s = 8 * (bytes - 1); s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
}
std::uint64_t get(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

std::vector<std::uint8_t> encode_epoch(const Epoch& e, ByteView body) {
  if (body.size > kMaxDatagram - kEpochHeaderSize) throw std::length_error("adamant::wire: epoch body too large");
  std::vector<std::uint8_t> b;
  b.reserve(kEpochHeaderSize + body.size);
  put(b, kEpochMagic, 4);
  b.push_back(kEpochVersion);
  b.push_back(static_cast<std::uint8_t>(e.type));
  put(b, e.candidate, 2);
  put(b, e.epoch, 4);
  put(b, e.base, 8);
  if (body.size > 0) b.insert(b.end(), body.data, body.data + body.size);
  return b;
}

std::vector<std::uint8_t> encode_epoch_report(std::uint32_t epoch, const EpochReport& r) {
  std::vector<std::uint8_t> body;
  put(body, r.received, 8);
  put(body, r.expected, 8);
  return encode_epoch(Epoch{EpochType::Report, 0, epoch, 0, {}}, ByteView{body.data(), body.size()});
}

std::optional<Epoch> decode_epoch(ByteView bytes) {
  if (bytes.size < kEpochHeaderSize || bytes.data == nullptr) return std::nullopt;
  const std::uint8_t* p = bytes.data;
  if (get(p, 4) != kEpochMagic || p[4] != kEpochVersion || p[5] > 1) return std::nullopt;
  Epoch e;
  e.type = static_cast<EpochType>(p[5]);
  e.candidate = static_cast<std::uint16_t>(get(p + 6, 2));
  e.epoch = static_cast<std::uint32_t>(get(p + 8, 4));
  e.base = get(p + 12, 8);
  e.body = ByteView{p + kEpochHeaderSize, bytes.size - kEpochHeaderSize};
  if (e.type == EpochType::Datagram && e.body.size == 0) return std::nullopt;
  if (e.type == EpochType::Report && !decode_epoch_report(e.body)) return std::nullopt;
  return e;
}

std::optional<EpochReport> decode_epoch_report(ByteView body) {
  if (body.size != kEpochReportSize) return std::nullopt;
  EpochReport r{get(body.data, 8), get(body.data + 8, 8)};
  if (r.expected < r.received) return std::nullopt;
  return r;
}

}  // namespace adamant::wire
