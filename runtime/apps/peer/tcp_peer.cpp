// Kernel TCP as a peer: the reliable, in-order byte stream the Mockets study measured its
// message replacement against. One connection from the sender to each receiver (receiver i
// listens on its address, port + i); an update is one frame (4-byte big-endian length, then the
// object). The sender never blocks its schedule: a frame the kernel's send buffer does not take
// yet waits in the sender's own queue, in order, so every update is delivered, late if the link
// is slow. TCP_NODELAY: each update leaves as soon as the kernel may send it. Loss: only the
// testbed's (--loss-at host); TCP's datagrams are not UDP, so no bytes are counted.
#include "peer.hpp"

#include "point_common.hpp"

#include <adamant/udp.hpp>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <functional>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace adamant::peer {
namespace {

using bench::detail::Failure;

sockaddr_in address(const std::string& ip, int port) {
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::inet_pton(AF_INET, ip.c_str(), &sa.sin_addr) != 1) throw Failure("tcp: bad address " + ip);
  return sa;
}

io::UniqueFd tcp_socket() {
  io::UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd) throw Failure(std::string("tcp: socket: ") + std::strerror(errno));
  const int one = 1;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

class TcpReceiver final : public PeerReceiver {
 public:
  TcpReceiver(const PeerPoint& p, int index) : listen_(tcp_socket()) {
    const sockaddr_in sa = address(p.iface, p.port + index);
    if (::bind(listen_.get(), reinterpret_cast<const sockaddr*>(&sa), sizeof sa) < 0 || ::listen(listen_.get(), 1) < 0)
      throw Failure("tcp: listen on " + p.iface + ":" + std::to_string(p.port + index) + ": " + std::strerror(errno));
  }
  Wait wait() override {
    if (closed_) return Wait{{}, std::chrono::milliseconds(5)};
    return Wait{{pollfd{conn_ ? conn_.get() : listen_.get(), POLLIN, 0}}, std::chrono::milliseconds(5)};
  }
  void receive(const std::function<void(const std::uint8_t*, std::size_t)>& deliver) override {
    if (!conn_) {
      conn_ = io::UniqueFd(::accept4(listen_.get(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK));
      return;
    }
    std::uint8_t buf[65536];
    const ssize_t n = ::recv(conn_.get(), buf, sizeof buf, 0);
    if (n == 0) closed_ = true;  // the sender left
    if (n <= 0) return;
    in_.insert(in_.end(), buf, buf + n);
    std::size_t at = 0;
    while (in_.size() - at >= 4) {
      const std::size_t len = (std::size_t{in_[at]} << 24) | (std::size_t{in_[at + 1]} << 16) |
                              (std::size_t{in_[at + 2]} << 8) | in_[at + 3];
      if (in_.size() - at - 4 < len) break;
      deliver(in_.data() + at + 4, len);
      at += 4 + len;
    }
    in_.erase(in_.begin(), in_.begin() + static_cast<std::ptrdiff_t>(at));
  }
  std::uint64_t abandoned() const override { return 0; }

 private:
  io::UniqueFd listen_, conn_;
  std::vector<std::uint8_t> in_;
  bool closed_ = false;
};

class TcpSender final : public PeerSender {
 public:
  explicit TcpSender(const PeerPoint& p) {
    for (std::size_t i = 0; i < p.receiver_addresses.size(); ++i) {
      Peer peer{tcp_socket(), {}, 0};
      const sockaddr_in local = address(p.iface, 0);
      const sockaddr_in to = address(p.receiver_addresses[i], p.port + static_cast<int>(i));
      if (::bind(peer.fd.get(), reinterpret_cast<const sockaddr*>(&local), sizeof local) < 0 ||
          ::connect(peer.fd.get(), reinterpret_cast<const sockaddr*>(&to), sizeof to) < 0)
        throw Failure("tcp: connect to receiver " + std::to_string(i) + " at " + p.receiver_addresses[i] + ":" +
                      std::to_string(p.port + static_cast<int>(i)) + ": " + std::strerror(errno));
      set_nonblocking(peer.fd.get());
      peers_.push_back(std::move(peer));
    }
  }
  Wait wait() override {
    Wait w{{}, std::chrono::milliseconds(5)};
    for (const Peer& p : peers_)
      if (!p.queue.empty()) w.fds.push_back(pollfd{p.fd.get(), POLLOUT, 0});
    return w;
  }
  void service() override {
    for (Peer& p : peers_) flush(p);
  }
  bool send(std::vector<std::uint8_t> object) override {
    std::vector<std::uint8_t> frame(4);
    const auto n = static_cast<std::uint32_t>(object.size());
    for (int i = 0; i < 4; ++i) frame[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n >> (24 - 8 * i));
    frame.insert(frame.end(), object.begin(), object.end());
    for (Peer& p : peers_) {
      p.queue.push_back(frame);
      flush(p);
    }
    return true;
  }
  std::string summary() override {
    std::size_t queued = 0;
    for (const Peer& p : peers_) queued += p.queue.size();
    return "tcp: " + std::to_string(queued) + " update(s) still queued at the sender at the end";
  }

 private:
  struct Peer {
    io::UniqueFd fd;
    std::deque<std::vector<std::uint8_t>> queue;  // frames the kernel has not taken yet, in order
    std::size_t sent = 0;                         // bytes of queue.front() already taken
  };
  static void flush(Peer& p) {
    while (!p.queue.empty()) {
      const auto& f = p.queue.front();
      const ssize_t n = ::send(p.fd.get(), f.data() + p.sent, f.size() - p.sent, MSG_NOSIGNAL);
      if (n <= 0) return;  // the send buffer is full (or the receiver left): later
      p.sent += static_cast<std::size_t>(n);
      if (p.sent < f.size()) return;
      p.queue.pop_front();
      p.sent = 0;
    }
  }
  std::vector<Peer> peers_;
};

class TcpLibrary final : public PeerLibrary {
 public:
  std::string name() const override { return "tcp"; }
  void add_options(CLI::App&) override {}
  std::string check(const PeerPoint& p) override {
    return p.injects_loss() ? "tcp: no in-process loss (the kernel's TCP receives): use --loss-at host on a testbed" : "";
  }
  std::string params() const override { return "nodelay=1"; }
  std::vector<std::uint16_t> ports(const PeerPoint&) const override { return {}; }
  std::unique_ptr<PeerReceiver> receiver(const PeerPoint& p, int index) override {
    return std::make_unique<TcpReceiver>(p, index);
  }
  std::unique_ptr<PeerSender> sender(const PeerPoint& p) override { return std::make_unique<TcpSender>(p); }
  void classify(const std::uint8_t*, std::size_t, engine::WireBytes&) override {}
};

}  // namespace

std::unique_ptr<PeerLibrary> make_tcp() { return std::make_unique<TcpLibrary>(); }

}  // namespace adamant::peer
