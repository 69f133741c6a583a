// NRL NORM (libnorm) as a peer: each update is one NORM data object (NormDataEnqueue), a
// receiver's update is its NORM_RX_OBJECT_COMPLETED. Sessions on GROUP:PORT, interface
// --iface, TTL 0 and multicast loopback on (every host is this one). In-process loss:
// NormSetRxLoss on every receiver session drops that share of EVERY message the session
// receives (data, repairs, commands, other receivers' NACKs), as ant-bench's injected loss
// drops every datagram a reader receives; NORM's loss RNG is rand(), seeded per receiver with
// ant-bench's per-reader seed. The settings and NORM's own guidance for them: runtime/README.md
// ("Peers").
#include "peer.hpp"

#include "point_common.hpp"

#include <normApi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace adamant::peer {
namespace {

using bench::detail::Failure;

class NormInstance {
 public:
  NormInstance() : h_(NormCreateInstance()) {
    if (h_ == NORM_INSTANCE_INVALID) throw Failure("NormCreateInstance failed");
  }
  NormInstance(const NormInstance&) = delete;
  NormInstance& operator=(const NormInstance&) = delete;
  ~NormInstance() { NormDestroyInstance(h_); }
  NormInstanceHandle get() const { return h_; }
  int descriptor() const { return NormGetDescriptor(h_); }

 private:
  NormInstanceHandle h_;
};

// A session of `instance` (which must outlive it) on group:port as node `id`, with every
// multicast setting the project requires: interface, TTL 0, multicast loopback on.
class NormSession {
 public:
  NormSession(const NormInstance& instance, const PeerPoint& p, NormNodeId id)
      : h_(NormCreateSession(instance.get(), p.group.c_str(), static_cast<std::uint16_t>(p.port), id)) {
    if (h_ == NORM_SESSION_INVALID) throw Failure("NormCreateSession " + p.group + ":" + std::to_string(p.port) + " failed");
    if (!NormSetMulticastInterface(h_, p.iface.c_str()) || !NormSetTTL(h_, 0) || !NormSetMulticastLoopback(h_, true)) {
      NormDestroySession(h_);
      throw Failure("NORM multicast settings (interface " + p.iface + ", TTL 0, loopback) failed");
    }
    NormSetRxPortReuse(h_, true);  // every receiver (and the sender) binds the session port
  }
  NormSession(const NormSession&) = delete;
  NormSession& operator=(const NormSession&) = delete;
  ~NormSession() { NormDestroySession(h_); }  // stops its sender / receiver first
  NormSessionHandle get() const { return h_; }

 private:
  NormSessionHandle h_;
};

// The NORM configuration of a point (recorded in the CSV's transport_params column).
struct NormParams {
  std::uint16_t segment = 64;  // bytes per segment: every update object fits in one
  std::uint16_t block = 64;    // source segments per FEC block (NORM default)
  std::uint16_t parity = 8;    // parity segments the sender may compute per block for repair
  std::uint8_t auto_parity = 0;  // proactive parity segments sent with every block
  double backoff = 0;            // NACK backoff factor (x GRTT); NORM default 4
  std::chrono::microseconds grtt{1000};  // initial GRTT estimate (NORM default 250 ms)
  std::chrono::microseconds grtt_max{10'000'000};  // cap on the advertised GRTT (NORM default 10 s)
  double tx_rate_bps = 10e6;             // sender rate cap, bits/s (NORM default 64 kbit/s)
  std::uint32_t buffer = 4u << 20;       // sender and receiver buffer space, bytes
};

Wait wait_on(const NormInstance& inst) { return Wait{{pollfd{inst.descriptor(), POLLIN, 0}}, std::chrono::microseconds(5000)}; }

class NormReceiver final : public PeerReceiver {
 public:
  NormReceiver(const PeerPoint& p, int index, const NormParams& n) : session_(inst_, p, static_cast<NormNodeId>(index + 2)) {
    NormSetDefaultSyncPolicy(session_.get(), NORM_SYNC_ALL);  // a lost first update is still repaired
    NormSetDefaultUnicastNack(session_.get(), false);
    NormSetRxCacheLimit(session_.get(), 4096);
    if (p.injects_loss()) NormSetRxLoss(session_.get(), p.loss);
    if (!NormStartReceiver(session_.get(), n.buffer)) throw Failure("NormStartReceiver failed");
  }
  Wait wait() override { return wait_on(inst_); }
  void receive(const std::function<void(const std::uint8_t*, std::size_t)>& deliver) override {
    NormEvent ev;
    while (NormGetNextEvent(inst_.get(), &ev, false)) {
      if (ev.type == NORM_RX_OBJECT_ABORTED) ++aborted_;
      if (ev.type != NORM_RX_OBJECT_COMPLETED || NormObjectGetType(ev.object) != NORM_OBJECT_DATA) continue;
      deliver(reinterpret_cast<const std::uint8_t*>(NormDataAccessData(ev.object)),
              static_cast<std::size_t>(NormObjectGetSize(ev.object)));
    }
  }
  std::uint64_t abandoned() const override { return aborted_; }

 private:
  NormInstance inst_;
  NormSession session_;
  std::uint64_t aborted_ = 0;
};

class NormSender final : public PeerSender {
 public:
  NormSender(const PeerPoint& p, const NormParams& n) : session_(inst_, p, 1) {
    NormSetTxRate(session_.get(), n.tx_rate_bps);
    NormSetGrttEstimate(session_.get(), std::chrono::duration<double>(n.grtt).count());
    NormSetGrttMax(session_.get(), std::chrono::duration<double>(n.grtt_max).count());
    NormSetBackoffFactor(session_.get(), n.backoff);
    NormSetGroupSize(session_.get(), static_cast<unsigned>(p.receivers));
    NormSetTxCacheBounds(session_.get(), n.buffer, 8, 4096);
    NormSetAutoParity(session_.get(), n.auto_parity);
    if (!NormStartSender(session_.get(), static_cast<NormSessionId>(p.seed & 0xFFFF), n.buffer, n.segment, n.block,
                         n.parity))
      throw Failure("NormStartSender failed (segment " + std::to_string(n.segment) + ", block " +
                    std::to_string(n.block) + ", parity " + std::to_string(n.parity) + ")");
    objects_.reserve(static_cast<std::size_t>(p.updates));
  }
  Wait wait() override { return wait_on(inst_); }
  void service() override {
    NormEvent ev;
    while (NormGetNextEvent(inst_.get(), &ev, false)) {
    }
  }
  bool send(std::vector<std::uint8_t> object) override {
    // NORM sends from the caller's buffer until the object is purged: keep every one.
    objects_.push_back(std::move(object));
    const auto& o = objects_.back();
    return NormDataEnqueue(session_.get(), reinterpret_cast<const char*>(o.data()), static_cast<UINT32>(o.size())) !=
           NORM_OBJECT_INVALID;
  }
  std::string summary() override {
    char b[64];
    std::snprintf(b, sizeof b, "GRTT at the end %.1f ms", NormGetGrttEstimate(session_.get()) * 1e3);
    return b;
  }

 private:
  NormInstance inst_;
  NormSession session_;
  std::vector<std::vector<std::uint8_t>> objects_;
};

class NormLibrary final : public PeerLibrary {
 public:
  std::string name() const override { return "norm"; }
  void add_options(CLI::App& app) override {
    const std::string g = "NORM (--library norm; recorded in the transport_params column)";
    app.add_option("--segment", n_.segment, "segment size, bytes (>= 8 + payload)")->group(g);
    app.add_option("--block", n_.block, "source segments per FEC block")->check(CLI::Range(1, 255))->group(g);
    app.add_option("--parity", n_.parity, "parity segments per block available for repair")->check(CLI::Range(0, 254))->group(g);
    app.add_option("--auto-parity", n_.auto_parity, "proactive parity segments per block (<= --parity)")->group(g);
    app.add_option("--backoff", n_.backoff, "NACK backoff factor (x GRTT)")->check(CLI::Range(0.0, 64.0))->group(g);
    app.add_option("--grtt", grtt_, "initial GRTT estimate (e.g. 1ms, 250ms)")->group(g);
    app.add_option("--grtt-max", grtt_max_, "cap on the GRTT NORM advertises (e.g. 10ms; NORM's default 10s)")->group(g);
    app.add_option("--tx-rate", n_.tx_rate_bps, "sender rate, bits/s")->check(CLI::PositiveNumber)->group(g);
  }
  std::string check(const PeerPoint& p) override {
    const auto d = parse_duration(grtt_);
    if (!d || d->count() <= 0) return "bad --grtt '" + grtt_ + "' (e.g. 1ms, 250ms)";
    n_.grtt = *d;
    const auto m = parse_duration(grtt_max_);
    if (!m || *m < *d) return "bad --grtt-max '" + grtt_max_ + "' (at least --grtt, e.g. 10ms)";
    n_.grtt_max = *m;
    if (n_.segment < 8 + p.payload || n_.auto_parity > n_.parity || n_.block + n_.parity > 255)
      return "need --segment >= 8 + --payload, --auto-parity <= --parity, --block + --parity <= 255";
    return {};
  }
  std::string params() const override {
    char b[200];
    std::snprintf(b, sizeof b,
                  "segment=%u;block=%u;parity=%u;auto_parity=%u;backoff=%g;grtt=%s;grtt_max=%s;tx_rate=%.0f;sync=all",
                  n_.segment, n_.block, n_.parity, n_.auto_parity, n_.backoff,
                  bench::detail::format_duration(n_.grtt).c_str(), bench::detail::format_duration(n_.grtt_max).c_str(),
                  n_.tx_rate_bps);
    return b;
  }
  std::vector<std::uint16_t> ports(const PeerPoint& p) const override { return {static_cast<std::uint16_t>(p.port)}; }
  std::unique_ptr<PeerReceiver> receiver(const PeerPoint& p, int index) override {
    std::srand(static_cast<unsigned>(bench::detail::reader_seed(p.seed, index)));  // NORM's rx-loss RNG
    return std::make_unique<NormReceiver>(p, index, n_);
  }
  std::unique_ptr<PeerSender> sender(const PeerPoint& p) override {
    newest_.reset();
    return std::make_unique<NormSender>(p, n_);
  }
  void classify(const std::uint8_t* m, std::size_t len, engine::WireBytes& bytes) override {
    if (len < 16) return;
    switch (m[0] & 0x0F) {
      case 2: {  // NORM_DATA. NORM does not flag every repair (NORM_FLAG_REPAIR), so a
        // datagram repeating an (object, symbol) already seen is a retransmission.
        if (len < 20) return;
        const auto obj = static_cast<std::uint16_t>((m[14] << 8) | m[15]);
        const std::uint8_t esi = m[19];  // FEC id 5 (RS8: block + parity <= 255, enforced)
        if (!newest_ || static_cast<std::int16_t>(obj - *newest_) > 0) {
          newest_ = obj;  // a new object: forget what its 16-bit id carried before a wrap
          symbols_[obj].clear();
        }
        auto& seen = symbols_[obj];
        const bool again = std::find(seen.begin(), seen.end(), esi) != seen.end();
        if (!again) seen.push_back(esi);
        if (esi > 0) bytes.repair += len;  // parity: every update object is 1 source segment
        else if (again) bytes.retransmit += len;
        else bytes.data += len;
        break;
      }
      case 4: bytes.nak += len; break;
      default: bytes.control += len; break;  // INFO, CMD, ACK, REPORT
    }
  }

 private:
  NormParams n_;
  std::string grtt_ = "1ms", grtt_max_ = "10s";
  std::optional<std::uint16_t> newest_;  // newest NORM object id seen
  std::vector<std::vector<std::uint8_t>> symbols_ = std::vector<std::vector<std::uint8_t>>(65536);  // per id
};

}  // namespace

std::unique_ptr<PeerLibrary> make_norm() { return std::make_unique<NormLibrary>(); }

}  // namespace adamant::peer
