// NAK payload (wire::decode_nak_ranges).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  auto r = wire::decode_nak_ranges(ByteView{in.data(), in.size()});
  if (!r) return 0;
  fuzz::require(!r->empty() && r->size() <= wire::kMaxNakRanges);
  for (const auto& x : *r) fuzz::require(x.first >= 1 && x.first <= x.last);
  auto enc = wire::encode_nak(0, 0, *r, 0);
  auto p = wire::decode(ByteView{enc.data(), enc.size()});
  fuzz::require(p && fuzz::same(std::vector<std::uint8_t>(p->payload.data, p->payload.data + p->payload.size),
                                in.data(), in.size()));
  return 0;
}
