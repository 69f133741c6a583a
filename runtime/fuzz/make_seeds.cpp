// Writes seed corpora of valid encodings: make_seeds OUTDIR creates OUTDIR/<target>/seed-N.
#include <adamant/auth.hpp>
#include <adamant/wire.hpp>

#include "codec_sample.hpp"
#include "fuzz_common.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace adamant;
using Bytes = std::vector<std::uint8_t>;

namespace {
std::filesystem::path root;
void put(const std::string& target, int n, const Bytes& b) {
  const auto dir = root / target;
  std::filesystem::create_directories(dir);
  std::ofstream f(dir / ("seed-" + std::to_string(n)), std::ios::binary);
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}
Bytes payload_of(const Bytes& datagram) { return Bytes(datagram.begin() + wire::kHeaderSize, datagram.end()); }
// A big-endian u64, then the datagram's payload.
Bytes with_u64(std::uint64_t v, const Bytes& datagram) {
  Bytes b;
  for (int s = 56; s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
  const auto p = payload_of(datagram);
  b.insert(b.end(), p.begin(), p.end());
  return b;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_seeds OUTDIR\n");
    return 2;
  }
  root = argv[1];
  const Bytes app{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const ByteView appv{app.data(), app.size()};
  const auto data = wire::encode(wire::Header{wire::Kind::Data, 7, 1, 1, 1000, 0}, appv);
  const auto rtx = wire::encode(wire::Header{wire::Kind::Retransmit, 7, 1, 3, 1000, 0}, appv);
  const auto hb = wire::encode_heartbeat(7, 1, 10, 2, 5);
  const auto nak = wire::encode_nak(7, 1, {{2, 3}, {7, 7}}, 5);
  const auto rep = wire::encode_repair(7, 1, {4, 5, 6}, 12, 77, appv, 5);
  const auto join = wire::encode_membership(wire::Kind::Join, 1, {{1, {0x7F000001, 40001}}, {2, {0x7F000001, 40002}}}, 5);
  const auto leave = wire::encode_membership(wire::Kind::Leave, 1, {{3, {0x0A000001, 9}}}, 5);
  wire::MsgInfo mi;
  mi.tag = 4, mi.flow_seq = 9, mi.low_water = 3, mi.flow_low = 5, mi.flow_prev = 7;
  const auto msg = wire::encode_msg(7, 1, 12, 1000, mi, appv);
  const auto ack = wire::encode_ack(7, 1, 5, {{7, 9}, {12, 12}}, 5);
  const auto ack0 = wire::encode_ack(7, 1, 5, {}, 5);
  const auto batch = wire::encode_batch(wire::Kind::DataBatch, 7, 1, {{4, 1000, appv}, {5, 1001, appv}, {6, 1002, {}}}, 5);
  const auto rtx_batch = wire::encode_batch(wire::Kind::RetransmitBatch, 7, 1, {{2, 900, appv}, {9, 950, appv}}, 5);
  int n = 0;
  for (const auto* d : {&data, &rtx, &hb, &nak, &rep, &join, &leave, &msg, &ack, &ack0, &batch, &rtx_batch})
    put("header", n++, *d);
  // fuzz_batch's input: the header's sequence, then the payload.
  put("batch", 0, with_u64(4, batch));
  put("batch", 1, with_u64(2, rtx_batch));
  put("nak", 0, payload_of(nak));
  put("nak", 1, payload_of(wire::encode_nak(1, 1, {{1, 1}}, 0)));
  put("heartbeat", 0, payload_of(hb));
  put("repair", 0, payload_of(rep));
  put("repair", 1, payload_of(wire::encode_repair(1, 1, {9}, 0, 0, ByteView{}, 0)));
  put("membership", 0, payload_of(join));
  put("membership", 1, payload_of(leave));
  put("epoch", 0, wire::encode_epoch({wire::EpochType::Datagram, 2, 3, 40, {}}, ByteView{data.data(), data.size()}));
  put("epoch", 1, wire::encode_epoch_report(3, {95, 100, 1'234'567'890, 150'000}));
  auto later = wire::encode_epoch({wire::EpochType::Datagram, 2, 3, 40, {}}, ByteView{data.data(), data.size()});
  later[0] |= 0x10;  // a later envelope version: refused before its bytes are parsed
  put("epoch", 2, later);
  put("replace_ack", 0, with_u64(5, ack));  // the cumulative point, then the ranges
  put("replace_ack", 1, with_u64(5, ack0));
  put("replace_ack", 2, payload_of(msg));
  // auth: the first byte picks the mode (fuzz_auth.cpp): 0 opens the rest, 1 seals it.
  auth::Authenticator key(fuzz::kAuthKey, 2);
  auto with_mode = [](std::uint8_t mode, const Bytes& b) {
    Bytes out{mode};
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
  put("auth", 0, with_mode(0, key.seal(ByteView{data.data(), data.size()}, fuzz::kAuthNowNs)));
  put("auth", 1, with_mode(0, key.seal(ByteView{nak.data(), nak.size()}, fuzz::kAuthNowNs)));
  put("auth", 2, with_mode(1, data));
  fuzz::model::Sample sample;
  put("codec", 0, [&] { Bytes b; wire_put(b, sample); return b; }());
  sample.i8 = -3, sample.u16 = 500, sample.i32 = -70000, sample.u64 = 1ull << 40, sample.c = 'x', sample.f = 1.5f;
  sample.mode = fuzz::model::Mode::Track, sample.arr = {1, -2, 3}, sample.bytes = {9, 8, 7};
  sample.names = {{"a", "bc"}, {}, {"def"}};
  sample.inners = {{true, "in", {0.5, -1e300}}, {false, "", {}}};
  put("codec", 1, [&] { Bytes b; wire_put(b, sample); return b; }());
  return 0;
}
