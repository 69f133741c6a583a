// Model data types (adamant/codec.hpp through a generated-style struct, codec_sample.hpp):
// a decoded value is exactly as long as its input and re-encodes to it.
#include "codec_sample.hpp"
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  fuzz::model::Sample s;
  if (!codec::decode_exactly(ByteView{in.data(), in.size()}, s)) return 0;
  fuzz::require(wire_size(s) == size);
  std::vector<std::uint8_t> out;
  wire_put(out, s);
  fuzz::require(fuzz::same(out, in.data(), size));
  return 0;
}
