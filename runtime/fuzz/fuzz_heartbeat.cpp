// HEARTBEAT payload (wire::decode_heartbeat_lowest).
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  auto lowest = wire::decode_heartbeat_lowest(ByteView{in.data(), in.size()});
  if (!lowest) return 0;
  fuzz::require(size == 8);
  auto enc = wire::encode_heartbeat(1, 1, 5, *lowest, 0);
  fuzz::require(fuzz::same(std::vector<std::uint8_t>(enc.begin() + wire::kHeaderSize, enc.end()), in.data(), size));
  return 0;
}
