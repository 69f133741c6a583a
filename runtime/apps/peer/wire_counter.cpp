#include "wire_counter.hpp"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>

namespace adamant::peer {

WireCounter::WireCounter(const std::string& iface, std::vector<std::uint16_t> ports, PeerLibrary& library)
    : ports_(std::move(ports)), library_(library) {
  in_addr addr{};
  if (::inet_pton(AF_INET, iface.c_str(), &addr) != 1) throw std::invalid_argument("bad --iface " + iface);
  const unsigned ifindex = addr.s_addr == htonl(INADDR_LOOPBACK) ? ::if_nametoindex("lo") : 0;
  if (ifindex == 0) {
    why_ = "bytes not counted: --iface is not 127.0.0.1";
    return;
  }
  fd_ = io::UniqueFd(::socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_IP)));
  if (!fd_) {
    why_ = std::string("bytes not counted: AF_PACKET socket: ") + std::strerror(errno);
    return;
  }
  sockaddr_ll sll{};
  sll.sll_family = AF_PACKET;
  sll.sll_protocol = htons(ETH_P_IP);
  sll.sll_ifindex = static_cast<int>(ifindex);
  const int rcvbuf = 8 << 20;
  ::setsockopt(fd_.get(), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
  if (::bind(fd_.get(), reinterpret_cast<sockaddr*>(&sll), sizeof sll) != 0) {
    why_ = std::string("bytes not counted: bind AF_PACKET: ") + std::strerror(errno);
    fd_.reset();
    return;
  }
  thread_ = std::thread([this] { loop(); });
}

WireCounter::~WireCounter() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

engine::WireBytes WireCounter::finish(std::string& why) {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  why = why_;
  return bytes_;
}

void WireCounter::loop() {
  std::vector<std::uint8_t> pkt(65536);
  while (!stop_) {
    pollfd p{fd_.get(), POLLIN, 0};
    if (::poll(&p, 1, 20) <= 0) continue;
    for (;;) {
      sockaddr_ll from{};
      socklen_t fl = sizeof from;
      const ssize_t n =
          ::recvfrom(fd_.get(), pkt.data(), pkt.size(), MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &fl);
      if (n <= 0) break;
      // Every datagram on lo is seen once as received (PACKET_HOST / _MULTICAST; a unicast
      // one also once as PACKET_OUTGOING, skipped): once per datagram, not per receiver.
      if (from.sll_pkttype == PACKET_OUTGOING) continue;
      count(pkt.data(), static_cast<std::size_t>(n));
    }
  }
}

void WireCounter::count(const std::uint8_t* p, std::size_t n) {
  if (n < 20 || (p[0] >> 4) != 4 || p[9] != IPPROTO_UDP) return;
  const std::size_t ihl = (p[0] & 0x0F) * 4u;
  if (n < ihl + 8) return;
  const std::uint8_t* udp = p + ihl;
  const auto port = static_cast<std::uint16_t>((udp[2] << 8) | udp[3]);
  if (std::find(ports_.begin(), ports_.end(), port) == ports_.end()) return;
  const std::size_t len = static_cast<std::size_t>((udp[4] << 8) | udp[5]);
  if (len < 8 || n < ihl + len) return;
  library_.classify(udp + 8, len - 8, bytes_);
}

}  // namespace adamant::peer
