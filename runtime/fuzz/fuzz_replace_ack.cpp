// Replace/Fifo ACK (cumulative in the first 8 bytes here, then the ranges) and MSG payloads.
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = fuzz::copy(data, size);
  // MSG payload: the whole input.
  if (auto m = wire::decode_msg(ByteView{in.data(), in.size()})) {
    fuzz::require(m->flow_low <= m->flow_seq && m->flow_prev < m->flow_seq);
    auto enc = wire::encode_msg(0, 0, 1, 0, *m, m->body);
    fuzz::require(fuzz::same(std::vector<std::uint8_t>(enc.begin() + wire::kHeaderSize, enc.end()), in.data(), size));
  }
  if (size < 8) return 0;
  std::uint64_t cum = 0;
  for (int i = 0; i < 8; ++i) cum = (cum << 8) | in[static_cast<std::size_t>(i)];
  auto r = wire::decode_ack_ranges(cum, ByteView{in.data() + 8, in.size() - 8});
  if (!r) return 0;
  std::uint64_t floor = cum;
  for (const auto& x : *r) {
    fuzz::require(x.first > floor && x.first <= x.last);
    floor = x.last;
  }
  auto enc = wire::encode_ack(0, 0, cum, *r, 0);
  fuzz::require(fuzz::same(std::vector<std::uint8_t>(enc.begin() + wire::kHeaderSize, enc.end()), in.data() + 8,
                           size - 8));
  return 0;
}
