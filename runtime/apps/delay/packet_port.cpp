#include "packet_port.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace adamant::delay {

namespace {
std::runtime_error failure(const std::string& what, const std::string& name) {
  return std::runtime_error(what + " on " + name + ": " + std::strerror(errno));
}
}  // namespace

PacketPort::PacketPort(const std::string& name) : name_(name) {
  const unsigned index = ::if_nametoindex(name.c_str());
  if (index == 0)
    throw std::runtime_error("no interface " + name + " in this network namespace (`ip link` lists them)");
  fd_ = ::socket(AF_PACKET, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, htons(ETH_P_ALL));
  if (fd_ < 0) throw failure("a packet socket (needs CAP_NET_RAW: run as root)", name);
  const int on = 1;
  try {
    if (::setsockopt(fd_, SOL_PACKET, PACKET_VNET_HDR, &on, sizeof on) != 0) throw failure("PACKET_VNET_HDR", name);
#ifdef PACKET_IGNORE_OUTGOING
    ::setsockopt(fd_, SOL_PACKET, PACKET_IGNORE_OUTGOING, &on, sizeof on);  // receive() also skips them
#endif
    sockaddr_ll at{};
    at.sll_family = AF_PACKET;
    at.sll_protocol = htons(ETH_P_ALL);
    at.sll_ifindex = static_cast<int>(index);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0) throw failure("binding the packet socket", name);
    packet_mreq promisc{};
    promisc.mr_ifindex = static_cast<int>(index);
    promisc.mr_type = PACKET_MR_PROMISC;
    if (::setsockopt(fd_, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &promisc, sizeof promisc) != 0)
      throw failure("promiscuous mode", name);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

PacketPort::~PacketPort() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t PacketPort::receive(std::uint8_t* buf, std::size_t capacity) {
  for (;;) {
    sockaddr_ll from{};
    socklen_t from_size = sizeof from;
    const ssize_t n = ::recvfrom(fd_, buf, capacity, MSG_TRUNC, reinterpret_cast<sockaddr*>(&from), &from_size);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
      if (errno == EINTR || errno == ENETDOWN) continue;
      throw failure("receiving", name_);
    }
    if (from.sll_pkttype == PACKET_OUTGOING) continue;  // sent by this host (also by this node)
    if (static_cast<std::size_t>(n) > capacity) continue;  // larger than any frame: cannot be forwarded whole
    return static_cast<std::size_t>(n);
  }
}

bool PacketPort::send(const std::uint8_t* frame, std::size_t size) {
  for (;;) {
    if (::send(fd_, frame, size, 0) == static_cast<ssize_t>(size)) return true;
    if (errno != EINTR) return false;
  }
}

}  // namespace adamant::delay
