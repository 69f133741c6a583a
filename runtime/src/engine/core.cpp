#include <adamant/engine/core.hpp>

namespace adamant::engine {

std::vector<std::uint8_t> Output::take_buffer() {
  if (spare.empty()) return {};
  std::vector<std::uint8_t> b = std::move(spare.back());
  spare.pop_back();
  return b;
}

void Output::give_back(std::vector<std::uint8_t>&& b) {
  if (spare.size() >= kMaxSpare || b.capacity() == 0) return;
  b.clear();
  if (spare.capacity() == 0) spare.reserve(kMaxSpare);
  spare.push_back(std::move(b));
}

void Output::clear_datagrams() {
  for (auto& d : datagrams) give_back(std::move(d.bytes));
  datagrams.clear();
}

namespace {

// The kind a datagram counts as: its header's kind byte; an epoch envelope's, the datagram it
// wraps (the envelope counted with it); an adaptive REPORT, control.
wire::Kind kind_of(ByteView bytes) {
  if (const auto env = wire::decode_epoch(bytes)) {
    if (env->type != wire::EpochType::Datagram) return wire::Kind{};
    bytes = env->body;
  }
  return bytes.size > 5 ? static_cast<wire::Kind>(bytes.data[5]) : wire::Kind{};
}

}  // namespace

void count_sent(const Output& out, WireBytes& acc) {
  for (const auto& d : out.datagrams) {
    const std::uint64_t n = d.bytes.size();
    switch (kind_of(ByteView{d.bytes.data(), d.bytes.size()})) {
      case wire::Kind::Data:
      case wire::Kind::DataBatch:
      case wire::Kind::Msg: acc.data += n; break;
      case wire::Kind::Nak: acc.nak += n; break;
      case wire::Kind::Repair: acc.repair += n; break;
      case wire::Kind::Retransmit:
      case wire::Kind::RetransmitBatch: acc.retransmit += n; break;
      default: acc.control += n; break;
    }
  }
}

}  // namespace adamant::engine
