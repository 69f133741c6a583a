// DATA_BATCH / RETRANSMIT_BATCH payload (wire::valid_batch, wire::BatchCursor): the first 8
// bytes are the header's sequence (big-endian), the rest the payload.
#include "fuzz_common.hpp"

using namespace adamant;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 8) return 0;
  std::uint64_t first = 0;
  for (int i = 0; i < 8; ++i) first = (first << 8) | data[i];
  const auto in = fuzz::copy(data + 8, size - 8);
  const ByteView payload{in.data(), in.size()};
  if (!wire::valid_batch(first, payload)) return 0;
  std::vector<wire::BatchEntry> entries;
  wire::BatchCursor cursor(payload);
  for (wire::BatchEntry e; cursor.next(e);) {
    fuzz::require(e.sequence >= 1 && (entries.empty() ? e.sequence == first : e.sequence > entries.back().sequence));
    fuzz::require(e.payload.data >= in.data() && e.payload.data + e.payload.size <= in.data() + in.size());
    entries.push_back(e);
  }
  fuzz::require(!entries.empty() && entries.size() <= wire::kMaxBatchCount);
  auto enc = wire::encode_batch(wire::Kind::RetransmitBatch, 0, 0, entries, 0);
  auto p = wire::decode(ByteView{enc.data(), enc.size()});
  fuzz::require(p && p->header.sequence == first &&
                fuzz::same(std::vector<std::uint8_t>(p->payload.data, p->payload.data + p->payload.size), in.data(),
                           in.size()));
  return 0;
}
