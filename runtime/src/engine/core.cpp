#include <adamant/engine/core.hpp>

namespace adamant::engine {

void count_sent(const Output& out, WireBytes& acc) {
  for (const auto& d : out.datagrams) {
    const std::uint64_t n = d.bytes.size();
    switch (d.bytes.size() > 5 ? static_cast<wire::Kind>(d.bytes[5]) : wire::Kind{}) {
      case wire::Kind::Data:
      case wire::Kind::Msg: acc.data += n; break;
      case wire::Kind::Nak: acc.nak += n; break;
      case wire::Kind::Repair: acc.repair += n; break;
      case wire::Kind::Retransmit: acc.retransmit += n; break;
      default: acc.control += n; break;
    }
  }
}

}  // namespace adamant::engine
