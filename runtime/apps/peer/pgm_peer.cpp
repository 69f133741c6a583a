// OpenPGM (libpgm) as a peer: PGM (RFC 3208) over UDP encapsulation (no raw socket), each
// update one APDU (pgm_send), a receiver's update its pgm_recv. NAK-based repair: a receiver
// NAKs a gap (seen at the next ODATA or heartbeat SPM) after a random backoff, the sender
// confirms (NCF) and multicasts the repair (RDATA).
//
// Ports: data, SPM, NCF and RDATA go to GROUP:PORT; NAKs go unicast to the sender at PORT+1.
// OpenPGM binds its receive socket to ANY:mcast-port with SO_REUSEPORT and NAKs to the
// source's ucast-port, so with every process on one host a NAK to a shared port would reach a
// socket the kernel picks by hash. Hence the sender's receive socket alone binds PORT+1
// (its mcast-port while binding), and it then sends to the group at PORT.
// Interface --iface set explicitly, multicast loopback on, io::multicast_ttl's TTL on the data
// socket (0 on loopback; OpenPGM refuses hops 0: its own hop limit is 1).
// In-process loss: recv_loss.hpp on each receiver's receive socket.
// The settings and OpenPGM's own guidance for them: runtime/README.md ("Peers").
#include "peer.hpp"

#include "device_index.hpp"

#include "point_common.hpp"
#include "recv_loss.hpp"

#include <adamant/udp.hpp>
// OpenPGM's C99 headers spell `restrict`, which C++ lacks: pgm/types.h defines it away for g++
// but not for clang++, so give clang the compiler's own spelling for these headers alone.
#if defined(__clang__) && !defined(restrict)
#define restrict __restrict
#define ADAMANT_PGM_RESTRICT
#endif
#include <pgm/pgm.h>
#ifdef ADAMANT_PGM_RESTRICT
#undef restrict
#undef ADAMANT_PGM_RESTRICT
#endif

#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <memory>
#include <net/if.h>
#include <netinet/in.h>
#include <sstream>
#include <unistd.h>

namespace adamant::peer {
namespace {

using bench::detail::Failure;
using std::chrono::microseconds;

// The OpenPGM configuration of a point (recorded in the CSV's transport_params column).
struct PgmParams {
  // Windows in packets; 0 (the default) sizes both to the run's updates, so every update of a run
  // stays repairable (and a receiver can hold a gap) until the run ends, whatever its length.
  int txw_sqns = 0;
  int rxw_sqns = 0;
  int max_rte = 1'250'000;  // sender rate cap, bytes/s (10 Mbit/s, as NORM's --tx-rate)
  microseconds nak_bo_ivl{1000};     // random NAK backoff, up to this
  microseconds nak_rpt_ivl{5000};    // NAK sent, no NCF: NAK again after this
  microseconds nak_rdata_ivl{5000};  // NCF seen, no RDATA: NAK again after this
  int nak_retries = 50;              // NAK_DATA_RETRIES and NAK_NCF_RETRIES
  microseconds ambient_spm{100'000};
  std::vector<microseconds> heartbeat{microseconds(1000), microseconds(2000), microseconds(4000), microseconds(8000),
                                      microseconds(16000), microseconds(32000), microseconds(64000)};
};

std::string fmt(microseconds d) { return bench::detail::format_duration(d); }

void ok(bool v, const char* what) {
  if (!v) throw Failure(std::string("OpenPGM ") + what + " failed");
}

void check_pgm(bool v, pgm_error_t* err, const char* what) {
  if (v) return;
  const std::string msg = std::string("OpenPGM ") + what + ": " + (err && err->message ? err->message : "failed");
  if (err) pgm_error_free(err);
  throw Failure(msg);
}

void init_once() {
  static bool done = false;
  if (done) return;
  pgm_error_t* err = nullptr;
  check_pgm(pgm_init(&err), err, "pgm_init");
  done = true;
}

// The index of the interface that has address `iface`.
unsigned interface_index(const std::string& iface) {
  in_addr want{};
  if (::inet_pton(AF_INET, iface.c_str(), &want) != 1) throw Failure("bad --iface " + iface);
  const unsigned index = peer::device_index(ntohl(want.s_addr));
  if (!index) throw Failure("no interface has address " + iface);
  return index;
}

sockaddr_in ipv4(const std::string& a) {
  sockaddr_in s{};
  s.sin_family = AF_INET;
  if (::inet_pton(AF_INET, a.c_str(), &s.sin_addr) != 1) throw Failure("bad address " + a);
  return s;
}

// A connected PGM socket: the sender (index < 0) or receiver `index`.
class PgmSocket {
 public:
  PgmSocket(const PeerPoint& p, const PgmParams& c, int index) {
    init_once();
    const bool sender = index < 0;
    pgm_error_t* err = nullptr;
    pgm_sock_t* raw = nullptr;
    check_pgm(pgm_socket(&raw, AF_INET, SOCK_SEQPACKET, IPPROTO_UDP, &err), err, "pgm_socket (UDP encapsulation)");
    s_.reset(raw);
    const int data_port = p.port, nak_port = p.port + 1;
    set(PGM_UDP_ENCAP_UCAST_PORT, nak_port);
    set(PGM_UDP_ENCAP_MCAST_PORT, sender ? nak_port : data_port);  // the port its receive socket binds
    set(PGM_IP_ROUTER_ALERT, 0);
    set(PGM_MTU, 1500);
    set(PGM_MULTICAST_LOOP, 1);
    set(PGM_MULTICAST_HOPS, 1);
    set(PGM_NOBLOCK, 1);
    if (sender) {
      set(PGM_SEND_ONLY, 1);
      set(PGM_TXW_SQNS, c.txw_sqns);
      set(PGM_TXW_MAX_RTE, c.max_rte);
      set(PGM_AMBIENT_SPM, static_cast<int>(c.ambient_spm.count()));
      std::vector<int> hb;
      for (auto h : c.heartbeat) hb.push_back(static_cast<int>(h.count()));
      ok(pgm_setsockopt(s_.get(), IPPROTO_PGM, PGM_HEARTBEAT_SPM, hb.data(), static_cast<socklen_t>(hb.size() * sizeof(int))),
         "PGM_HEARTBEAT_SPM");
    } else {
      set(PGM_RECV_ONLY, 1);
      set(PGM_PASSIVE, 0);
      set(PGM_RXW_SQNS, c.rxw_sqns);
      set(PGM_PEER_EXPIRY, static_cast<int>(c.ambient_spm.count()) * 50);
      set(PGM_SPMR_EXPIRY, static_cast<int>(c.ambient_spm.count()) / 2);
      set(PGM_NAK_BO_IVL, static_cast<int>(c.nak_bo_ivl.count()));
      set(PGM_NAK_RPT_IVL, static_cast<int>(c.nak_rpt_ivl.count()));
      set(PGM_NAK_RDATA_IVL, static_cast<int>(c.nak_rdata_ivl.count()));
      set(PGM_NAK_DATA_RETRIES, c.nak_retries);
      set(PGM_NAK_NCF_RETRIES, c.nak_retries);
    }
    // The session: data-destination port PORT, this socket's own GSI and source port.
    pgm_sockaddr_t addr{};
    addr.sa_port = static_cast<std::uint16_t>(data_port);
    addr.sa_addr.sport = static_cast<std::uint16_t>(sender ? data_port + 2 : data_port + 3 + index);
    const std::string gsi = "adamant-peer-" + std::to_string(::getpid());
    check_pgm(pgm_gsi_create_from_data(&addr.sa_addr.gsi, reinterpret_cast<const std::uint8_t*>(gsi.data()), gsi.size()),
              nullptr, "pgm_gsi_create_from_data");
    const unsigned ifindex = interface_index(p.iface);
    pgm_interface_req_t req{};
    req.ir_interface = ifindex;
    const sockaddr_in local = ipv4(p.iface);
    std::memcpy(&req.ir_address, &local, sizeof local);
    check_pgm(pgm_bind3(s_.get(), &addr, sizeof addr, &req, sizeof req, &req, sizeof req, &err), err, "pgm_bind3");
    pgm_group_source_req gsr{};
    gsr.gsr_interface = ifindex;
    const sockaddr_in group = ipv4(p.group);
    std::memcpy(&gsr.gsr_group, &group, sizeof group);
    std::memcpy(&gsr.gsr_source, &group, sizeof group);  // any source
    std::memcpy(&gsr.gsr_addr, &local, sizeof local);
    // pgm_connect needs a joined group; the sender's receive socket, on PORT+1, gets no data
    ok(pgm_setsockopt(s_.get(), IPPROTO_PGM, PGM_JOIN_GROUP, &gsr, sizeof gsr), "PGM_JOIN_GROUP");
    set(PGM_UDP_ENCAP_MCAST_PORT, data_port);  // the sender's data (and everybody's SPMRs) to GROUP:PORT
    ok(pgm_setsockopt(s_.get(), IPPROTO_PGM, PGM_SEND_GROUP, &gsr, sizeof gsr), "PGM_SEND_GROUP");
    check_pgm(pgm_connect(s_.get(), &err), err, "pgm_connect");
    const int ttl = io::multicast_ttl(ntohl(local.sin_addr.s_addr));  // 0 on loopback: stays on this host
    int send_fd = -1;
    socklen_t len = sizeof send_fd;
    ok(pgm_getsockopt(s_.get(), IPPROTO_PGM, PGM_SEND_SOCK, &send_fd, &len), "PGM_SEND_SOCK");
    if (::setsockopt(send_fd, IPPROTO_IP, IP_MULTICAST_TTL, &ttl, sizeof ttl) != 0)
      throw Failure("IP_MULTICAST_TTL on OpenPGM's send socket failed");
  }

  int recv_fd() const {
    int fd = -1;
    socklen_t len = sizeof fd;
    ok(pgm_getsockopt(s_.get(), IPPROTO_PGM, PGM_RECV_SOCK, &fd, &len), "PGM_RECV_SOCK");
    return fd;
  }
  // Every descriptor OpenPGM wants polled, and its next timer (at most 5 ms away).
  Wait wait() const {
    Wait w;
    w.fds.resize(8);
    int n = static_cast<int>(w.fds.size());
    if (pgm_poll_info(s_.get(), w.fds.data(), &n, POLLIN) < 0) throw Failure("pgm_poll_info failed");
    w.fds.resize(static_cast<std::size_t>(n));
    timeval tv{};
    socklen_t len = sizeof tv;
    const int opt = status_ == PGM_IO_STATUS_RATE_LIMITED ? PGM_RATE_REMAIN : PGM_TIME_REMAIN;
    if ((status_ == PGM_IO_STATUS_RATE_LIMITED || status_ == PGM_IO_STATUS_TIMER_PENDING) &&
        pgm_getsockopt(s_.get(), IPPROTO_PGM, opt, &tv, &len))
      w.timeout = std::min(w.timeout, microseconds(std::max<long>(0, tv.tv_sec * 1'000'000L + tv.tv_usec)));
    return w;
  }
  // Reads (and so runs OpenPGM's timers, NAKs and repairs) until nothing is ready: each APDU
  // to `deliver`; returns the unrecoverable-loss resets seen.
  std::uint64_t pump(const std::function<void(const std::uint8_t*, std::size_t)>& deliver) {
    std::uint64_t resets = 0;
    for (;;) {
      std::size_t n = 0;
      pgm_error_t* err = nullptr;
      status_ = pgm_recv(s_.get(), buf_, sizeof buf_, 0, &n, &err);
      if (err) pgm_error_free(err);
      if (status_ == PGM_IO_STATUS_NORMAL) {
        if (deliver) deliver(buf_, n);
      } else if (status_ == PGM_IO_STATUS_RESET) {
        ++resets;  // unrecoverable data loss; the socket continues (PGM_ABORT_ON_RESET off)
      } else if (status_ == PGM_IO_STATUS_ERROR) {
        throw Failure("OpenPGM pgm_recv failed");
      } else {
        return resets;  // WOULD_BLOCK, TIMER_PENDING, RATE_LIMITED
      }
    }
  }
  bool send(const std::vector<std::uint8_t>& o) {
    std::size_t sent = 0;
    return pgm_send(s_.get(), o.data(), o.size(), &sent) == PGM_IO_STATUS_NORMAL && sent == o.size();
  }

 private:
  void set(int opt, int v) {
    if (!pgm_setsockopt(s_.get(), IPPROTO_PGM, opt, &v, sizeof v))
      throw Failure("OpenPGM pgm_setsockopt " + std::to_string(opt) + " = " + std::to_string(v) + " failed");
  }

  struct Close {
    void operator()(pgm_sock_t* s) const { pgm_close(s, true); }
  };
  std::unique_ptr<pgm_sock_t, Close> s_;
  int status_ = PGM_IO_STATUS_WOULD_BLOCK;
  std::uint8_t buf_[16384];  // one update of up to --payload 8192 bytes, whole
};

class PgmReceiver final : public PeerReceiver {
 public:
  PgmReceiver(const PeerPoint& p, const PgmParams& c, int index) : s_(p, c, index) {
    if (p.injects_loss()) arm_receive_loss(s_.recv_fd(), LossModel{p.loss, {}}, bench::detail::reader_seed(p.seed, index));
  }
  Wait wait() override { return s_.wait(); }
  void receive(const std::function<void(const std::uint8_t*, std::size_t)>& deliver) override { resets_ += s_.pump(deliver); }
  std::uint64_t abandoned() const override { return resets_; }

 private:
  PgmSocket s_;
  std::uint64_t resets_ = 0;
};

class PgmSender final : public PeerSender {
 public:
  PgmSender(const PeerPoint& p, const PgmParams& c) : s_(p, c, -1) {}
  Wait wait() override { return s_.wait(); }
  void service() override { s_.pump(nullptr); }
  bool send(std::vector<std::uint8_t> object) override {
    if (s_.send(object)) return true;
    service();  // rate-limited or blocked: let OpenPGM run once, then try again
    return s_.send(object);
  }
  std::string summary() override { return {}; }

 private:
  PgmSocket s_;
};

// The largest window, packets: OpenPGM takes up to half its sequence space but allocates a
// window's slots up front, so 2^20 (8 MiB of slots) bounds a run it can keep wholly repairable.
constexpr int kMaxWindow = 1 << 20;

class PgmLibrary final : public PeerLibrary {
 public:
  std::string name() const override { return "pgm"; }
  void add_options(CLI::App& app) override {
    const std::string g = "OpenPGM (--library pgm; recorded in the transport_params column)";
    app.add_option("--txw-sqns", c_.txw_sqns, "transmit window, packets (default: the run's --updates)")
        ->check(CLI::Range(16, kMaxWindow))
        ->group(g);
    app.add_option("--rxw-sqns", c_.rxw_sqns, "receive window, packets (default: the run's --updates)")
        ->check(CLI::Range(16, kMaxWindow))
        ->group(g);
    app.add_option("--pgm-rate", c_.max_rte, "sender rate cap, bytes/s")->check(CLI::PositiveNumber)->group(g);
    app.add_option("--nak-bo-ivl", nak_[0], "NAK backoff interval (random up to it)")->group(g);
    app.add_option("--nak-rpt-ivl", nak_[1], "NAK repeat interval (no NCF)")->group(g);
    app.add_option("--nak-rdata-ivl", nak_[2], "NAK repair-data wait (NCF, no RDATA)")->group(g);
    app.add_option("--ambient-spm", nak_[3], "ambient SPM interval")->group(g);
    app.add_option("--heartbeat-spm", heartbeat_, "heartbeat SPM intervals after data, comma-separated")->group(g);
  }
  std::string check(const PeerPoint& p) override {
    microseconds* fields[] = {&c_.nak_bo_ivl, &c_.nak_rpt_ivl, &c_.nak_rdata_ivl, &c_.ambient_spm};
    for (int i = 0; i < 4; ++i) {
      const auto d = parse_duration(nak_[i]);
      if (!d || d->count() <= 0) return "bad OpenPGM interval '" + nak_[i] + "' (e.g. 1ms, 500us)";
      *fields[i] = std::chrono::duration_cast<microseconds>(*d);
    }
    c_.heartbeat.clear();
    std::stringstream ss(heartbeat_);
    for (std::string item; std::getline(ss, item, ',');) {
      const auto d = parse_duration(item);
      if (!d || d->count() <= 0) return "bad --heartbeat-spm interval '" + item + "'";
      c_.heartbeat.push_back(std::chrono::duration_cast<microseconds>(*d));
    }
    if (c_.heartbeat.empty() || c_.heartbeat.size() > 15) return "--heartbeat-spm needs 1 to 15 intervals";
    if (p.updates > kMaxWindow)
      return "--updates above " + std::to_string(kMaxWindow) +
             ": OpenPGM's windows (--txw-sqns, --rxw-sqns) stop there, so a longer run cannot keep every update repairable";
    const int run = std::max(16, static_cast<int>(p.updates));
    if (!c_.txw_sqns) c_.txw_sqns = run;
    if (!c_.rxw_sqns) c_.rxw_sqns = run;
    if (p.updates > c_.txw_sqns) return "--txw-sqns below --updates: early updates could not be repaired late in a run";
    if (p.port + 2 + 3 + p.receivers > 65535) return "--port too high for the receivers' PGM source ports";
    return {};
  }
  std::string params() const override {
    std::string hb;
    for (auto h : c_.heartbeat) hb += (hb.empty() ? "" : ":") + fmt(h);
    return "txw=" + std::to_string(c_.txw_sqns) + ";rxw=" + std::to_string(c_.rxw_sqns) + ";nak_bo=" +
           fmt(c_.nak_bo_ivl) + ";nak_rpt=" + fmt(c_.nak_rpt_ivl) + ";nak_rdata=" + fmt(c_.nak_rdata_ivl) +
           ";ambient_spm=" + fmt(c_.ambient_spm) + ";heartbeat=" + hb + ";rate=" + std::to_string(c_.max_rte) +
           ";udp_encap";
  }
  std::vector<std::uint16_t> ports(const PeerPoint& p) const override {
    return {static_cast<std::uint16_t>(p.port), static_cast<std::uint16_t>(p.port + 1)};
  }
  std::unique_ptr<PeerReceiver> receiver(const PeerPoint& p, int index) override {
    return std::make_unique<PgmReceiver>(p, c_, index);
  }
  std::unique_ptr<PeerSender> sender(const PeerPoint& p) override { return std::make_unique<PgmSender>(p, c_); }
  // The PGM header's type (RFC 3208 8.1): ODATA data, RDATA retransmit (parity when its
  // OPT_PARITY bit is set), NAK and NNAK nak, SPM, SPMR, NCF, POLL and the rest control.
  void classify(const std::uint8_t* m, std::size_t len, engine::WireBytes& bytes) override {
    if (len < 16) return;
    switch (m[4]) {
      case 0x04: bytes.data += len; break;
      case 0x05: (m[5] & 0x80 ? bytes.repair : bytes.retransmit) += len; break;
      case 0x08:
      case 0x09: bytes.nak += len; break;
      default: bytes.control += len; break;
    }
  }

 private:
  PgmParams c_;
  std::string nak_[4] = {"1ms", "5ms", "5ms", "100ms"};
  std::string heartbeat_ = "1ms,2ms,4ms,8ms,16ms,32ms,64ms";
};

}  // namespace

std::unique_ptr<PeerLibrary> make_pgm() { return std::make_unique<PgmLibrary>(); }

}  // namespace adamant::peer
