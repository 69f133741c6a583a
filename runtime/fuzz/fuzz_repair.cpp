// Ricochet REPAIR payload (wire::decode_repair).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  auto r = wire::decode_repair(ByteView{in.data(), in.size()});
  if (!r) return 0;
  fuzz::require(!r->sequences.empty() && r->sequences.size() <= wire::kMaxRepairCount);
  fuzz::require(r->xor_payload.data >= in.data() &&
                r->xor_payload.data + r->xor_payload.size == in.data() + in.size());
  auto enc = wire::encode_repair(0, 0, r->sequences, r->len_xor, r->time_xor, r->xor_payload, 0);
  fuzz::require(fuzz::same(std::vector<std::uint8_t>(enc.begin() + wire::kHeaderSize, enc.end()), in.data(), size));
  return 0;
}
