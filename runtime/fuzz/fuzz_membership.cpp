// Ricochet JOIN / LEAVE payload (wire::decode_members).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  auto m = wire::decode_members(ByteView{in.data(), in.size()});
  if (!m) return 0;
  fuzz::require(!m->empty() && m->size() <= wire::kMaxMembersPerMessage);
  for (const auto& x : *m) fuzz::require(x.id != 0 && wire::valid_member_address(x.endpoint));
  auto enc = wire::encode_membership(wire::Kind::Join, 0, *m, 0);
  fuzz::require(fuzz::same(std::vector<std::uint8_t>(enc.begin() + wire::kHeaderSize, enc.end()), in.data(), size));
  return 0;
}
