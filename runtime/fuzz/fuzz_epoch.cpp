// The adaptive transport's epoch envelope and REPORT (wire::decode_epoch, decode_epoch_report).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  const auto e = wire::decode_epoch(ByteView{in.data(), in.size()});
  if (!e) return 0;
  const auto head = static_cast<std::size_t>(e->body.data - in.data());
  fuzz::require(head >= wire::kEpochHeaderMinSize && head <= wire::kEpochHeaderSize && e->body.size == size - head);
  fuzz::require(e->type != wire::EpochType::Report || wire::decode_epoch_report(e->body));
  fuzz::require(((in[0] >> 4) & 1u) == wire::kEpochVersion);  // no other version is read
  if (e->type == wire::EpochType::Report) {  // a REPORT's varints are minimal: it encodes back alike
    const auto r = wire::encode_epoch_report(e->epoch, *wire::decode_epoch_report(e->body));
    fuzz::require(fuzz::same(r, in.data(), size));
  }
  // what decodes encodes back to the same bytes
  fuzz::require(fuzz::same(wire::encode_epoch(*e, e->body), in.data(), size));
  return 0;
}
