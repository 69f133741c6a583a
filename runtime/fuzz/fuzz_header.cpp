// Whole datagrams: header + every kind's payload validation (wire::decode).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  wire::DecodeError err = wire::DecodeError::None;
  auto p = wire::decode(ByteView{in.data(), in.size()}, &err);
  if (!p) {
    fuzz::require(err != wire::DecodeError::None);
    return 0;
  }
  fuzz::require(p->header.payload_len + wire::kHeaderSize == size);
  fuzz::require(p->payload.size == p->header.payload_len);
  fuzz::require(fuzz::same(wire::encode(p->header, p->payload), in.data(), in.size()));
  return 0;
}
