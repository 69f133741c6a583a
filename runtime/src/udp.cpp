#include <adamant/udp.hpp>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace adamant::io {
namespace {

constexpr int kReceiveBuffer = 16 << 20;  // a receiver socket's buffer, bytes (the kernel doubles it)

[[noreturn]] void throw_errno(const std::string& what) {
  throw std::system_error(errno, std::generic_category(), "adamant: " + what);
}

sockaddr_in to_sockaddr(const Endpoint& ep) {
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(ep.ipv4);
  sa.sin_port = htons(ep.port);
  return sa;
}

template <class T>
void set_opt(int fd, int level, int name, const T& value, const char* what) {
  if (setsockopt(fd, level, name, &value, sizeof(value)) != 0) throw_errno(what);
}

Endpoint require_ipv4(const std::string& addr, const char* what) {
  auto ep = parse_ipv4(addr, 0);
  if (!ep) throw std::system_error(EINVAL, std::generic_category(),
                                   std::string("adamant: bad ") + what + " address '" + addr + "'");
  return *ep;
}

UniqueFd make_udp() {
  UniqueFd fd(socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd) throw_errno("socket");
  return fd;
}

// Every socket that may send multicast pins the interface explicitly so nothing
// ever leaves through a default route.
void configure_multicast_send(int fd, const Endpoint& iface) {
  in_addr ifa{};
  ifa.s_addr = htonl(iface.ipv4);
  set_opt(fd, IPPROTO_IP, IP_MULTICAST_IF, ifa, "IP_MULTICAST_IF");
  const unsigned char ttl = multicast_ttl(iface.ipv4);
  set_opt(fd, IPPROTO_IP, IP_MULTICAST_TTL, ttl, "IP_MULTICAST_TTL");
  const unsigned char loop = 1;  // readers on this host must see our packets
  set_opt(fd, IPPROTO_IP, IP_MULTICAST_LOOP, loop, "IP_MULTICAST_LOOP");
}

}  // namespace

UniqueFd& UniqueFd::operator=(UniqueFd&& o) noexcept {
  if (this != &o) reset(o.release());
  return *this;
}

void UniqueFd::reset(int fd) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
}

std::optional<Endpoint> parse_ipv4(const std::string& addr, std::uint16_t port) {
  in_addr a{};
  if (inet_pton(AF_INET, addr.c_str(), &a) != 1) return std::nullopt;
  return Endpoint{ntohl(a.s_addr), port};
}

unsigned char multicast_ttl(std::uint32_t ipv4) { return (ipv4 >> 24) == 127 ? 0 : 1; }

std::string to_string(const Endpoint& ep) {
  in_addr a{};
  a.s_addr = htonl(ep.ipv4);
  char buf[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &a, buf, sizeof(buf));
  return std::string(buf) + ":" + std::to_string(ep.port);
}

UdpSocket UdpSocket::open_sender(const std::string& iface) {
  const Endpoint ifa = require_ipv4(iface, "interface");
  UniqueFd fd = make_udp();
  configure_multicast_send(fd.get(), ifa);
  sockaddr_in sa = to_sockaddr(Endpoint{ifa.ipv4, 0});
  if (bind(fd.get(), reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) != 0) throw_errno("bind sender");
  return UdpSocket(std::move(fd));
}

UdpSocket UdpSocket::open_receiver(const std::string& group, std::uint16_t port,
                                   const std::string& iface) {
  const Endpoint grp = require_ipv4(group, "group");
  const Endpoint ifa = require_ipv4(iface, "interface");
  if ((grp.ipv4 >> 28) != 0xE)
    throw std::system_error(EINVAL, std::generic_category(), "adamant: not a multicast group: " + group);
  UniqueFd fd = make_udp();
  const int one = 1;
  set_opt(fd.get(), SOL_SOCKET, SO_REUSEADDR, one, "SO_REUSEADDR");
  const int zero = 0;
  set_opt(fd.get(), IPPROTO_IP, IP_MULTICAST_ALL, zero, "IP_MULTICAST_ALL");
  configure_multicast_send(fd.get(), ifa);
  sockaddr_in sa = to_sockaddr(Endpoint{INADDR_ANY, port});
  if (bind(fd.get(), reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) != 0) throw_errno("bind receiver");
  ip_mreq mreq{};
  mreq.imr_multiaddr.s_addr = htonl(grp.ipv4);
  mreq.imr_interface.s_addr = htonl(ifa.ipv4);
  set_opt(fd.get(), IPPROTO_IP, IP_ADD_MEMBERSHIP, mreq, "IP_ADD_MEMBERSHIP");
  // Bursts of repairs, and a reader that the scheduler keeps off the CPU for tens of ms while a
  // fast stream arrives (256 MB/s at 250 k x 1 KB), must not overflow the buffer. Best effort:
  // SO_RCVBUFFORCE where privileged (CAP_NET_ADMIN), else SO_RCVBUF up to net.core.rmem_max.
  const int rcvbuf = kReceiveBuffer;
  if (setsockopt(fd.get(), SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf)) != 0)
    setsockopt(fd.get(), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));
  return UdpSocket(std::move(fd));
}

Endpoint UdpSocket::local() const {
  sockaddr_in sa{};
  socklen_t len = sizeof(sa);
  if (getsockname(fd_.get(), reinterpret_cast<sockaddr*>(&sa), &len) != 0) throw_errno("getsockname");
  return Endpoint{ntohl(sa.sin_addr.s_addr), ntohs(sa.sin_port)};
}

void UdpSocket::send_to(ByteView bytes, const Endpoint& to) const {
  sockaddr_in sa = to_sockaddr(to);
  for (;;) {
    ssize_t n = sendto(fd_.get(), bytes.data, bytes.size, 0, reinterpret_cast<sockaddr*>(&sa),
                       sizeof(sa));
    if (n >= 0) return;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == ENOBUFS) {
      // Socket buffer full: wait briefly rather than silently dropping our own packet.
      pollfd p{fd_.get(), POLLOUT, 0};
      ::poll(&p, 1, 10);
      continue;
    }
    throw_errno("sendto " + to_string(to));
  }
}

void UdpSocket::send_many(const Outgoing* d, std::size_t n) const {
  constexpr std::size_t kChunk = 64;
  mmsghdr msgs[kChunk];
  iovec iov[kChunk];
  sockaddr_in to[kChunk];
  while (n > 0) {
    const std::size_t k = std::min(n, kChunk);
    for (std::size_t i = 0; i < k; ++i) {
      to[i] = to_sockaddr(d[i].to);
      iov[i] = iovec{const_cast<std::uint8_t*>(d[i].bytes.data), d[i].bytes.size};
      msgs[i] = mmsghdr{};
      msgs[i].msg_hdr.msg_name = &to[i];
      msgs[i].msg_hdr.msg_namelen = sizeof(sockaddr_in);
      msgs[i].msg_hdr.msg_iov = &iov[i];
      msgs[i].msg_hdr.msg_iovlen = 1;
    }
    const int sent = ::sendmmsg(fd_.get(), msgs, static_cast<unsigned>(k), 0);
    if (sent > 0) {
      d += sent;
      n -= static_cast<std::size_t>(sent);
      continue;
    }
    // The first datagram could not go: send_to waits on a full buffer and reports the error.
    send_to(d->bytes, d->to);
    ++d;
    --n;
  }
}

RecvBatch::RecvBatch(std::size_t cap) : cap_(cap), data_(kSlots * cap) {}

std::size_t UdpSocket::try_recv_many(RecvBatch& b) const {
  mmsghdr msgs[RecvBatch::kSlots];
  iovec iov[RecvBatch::kSlots];
  sockaddr_in sa[RecvBatch::kSlots];
  for (std::size_t i = 0; i < RecvBatch::kSlots; ++i) {
    iov[i] = iovec{b.data_.data() + i * b.cap_, b.cap_};
    msgs[i] = mmsghdr{};
    msgs[i].msg_hdr.msg_name = &sa[i];
    msgs[i].msg_hdr.msg_namelen = sizeof(sockaddr_in);
    msgs[i].msg_hdr.msg_iov = &iov[i];
    msgs[i].msg_hdr.msg_iovlen = 1;
  }
  b.count_ = 0;
  for (;;) {
    const int n = ::recvmmsg(fd_.get(), msgs, RecvBatch::kSlots, MSG_DONTWAIT, nullptr);
    if (n >= 0) {
      for (int i = 0; i < n; ++i) {
        b.len_[i] = std::min<std::size_t>(msgs[i].msg_len, b.cap_);
        b.from_[i] = Endpoint{ntohl(sa[i].sin_addr.s_addr), ntohs(sa[i].sin_port)};
      }
      b.count_ = static_cast<std::size_t>(n);
      return b.count_;
    }
    if (errno == EINTR || errno == ECONNREFUSED) continue;  // ECONNREFUSED: stale ICMP, as try_recv
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    throw_errno("recvmmsg");
  }
}

std::optional<std::size_t> UdpSocket::try_recv(std::uint8_t* buf, std::size_t cap,
                                               Endpoint& from) const {
  for (;;) {
    sockaddr_in sa{};
    socklen_t len = sizeof(sa);
    ssize_t n = recvfrom(fd_.get(), buf, cap, MSG_TRUNC, reinterpret_cast<sockaddr*>(&sa), &len);
    if (n >= 0) {
      from = Endpoint{ntohl(sa.sin_addr.s_addr), ntohs(sa.sin_port)};
      // MSG_TRUNC reports the real size; an oversized datagram is passed on as-is
      // truncated to `cap`, so the codec's length check rejects it.
      return std::min(static_cast<std::size_t>(n), cap);
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return std::nullopt;
    if (errno == ECONNREFUSED) continue;  // stale ICMP from an earlier unicast; ignore
    throw_errno("recvfrom");
  }
}

namespace {
// ppoll() until one of `fds` is readable or `timeout` passed (ns resolution, so absolute-time
// pacing does not round to whole ms); retried on EINTR. False on timeout.
bool poll_readable(pollfd* fds, nfds_t n, std::chrono::nanoseconds timeout) {
  const auto t = std::max(timeout, std::chrono::nanoseconds{0});
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(t.count() / 1'000'000'000);
  ts.tv_nsec = static_cast<long>(t.count() % 1'000'000'000);
  for (;;) {
    int r = ::ppoll(fds, n, &ts, nullptr);
    if (r >= 0) return r > 0;
    if (errno != EINTR) throw_errno("poll");
  }
}
}  // namespace

bool UdpSocket::wait_readable(std::chrono::nanoseconds timeout) const {
  pollfd p{fd_.get(), POLLIN, 0};
  return poll_readable(&p, 1, timeout);
}

bool wait_any_readable(const UdpSocket& a, const UdpSocket& b, std::chrono::nanoseconds timeout) {
  pollfd p[2] = {{a.fd(), POLLIN, 0}, {b.fd(), POLLIN, 0}};
  return poll_readable(p, 2, timeout);
}

}  // namespace adamant::io
