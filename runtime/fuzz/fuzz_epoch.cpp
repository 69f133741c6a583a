// The adaptive transport's epoch envelope and REPORT (wire::decode_epoch, decode_epoch_report).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  const auto e = wire::decode_epoch(ByteView{in.data(), in.size()});
  if (!e) return 0;
  fuzz::require(e->body.size == size - wire::kEpochHeaderSize);
  fuzz::require(e->type != wire::EpochType::Report || wire::decode_epoch_report(e->body));
  // what decodes encodes back to the same bytes
  fuzz::require(fuzz::same(wire::encode_epoch(*e, e->body), in.data(), size));
  return 0;
}
