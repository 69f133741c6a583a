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

void count_sent(const Output& out, WireBytes& acc) {
  for (const auto& d : out.datagrams) {
    const std::uint64_t n = d.bytes.size();
    switch (d.bytes.size() > 5 ? static_cast<wire::Kind>(d.bytes[5]) : wire::Kind{}) {
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
