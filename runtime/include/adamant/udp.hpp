// UDP/IPv4 multicast socket binding (RAII). Throws std::system_error on setup failures.
#pragma once

#include <adamant/types.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adamant::io {

// Owns one file descriptor; closes it exactly once.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& o) noexcept : fd_(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept;
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() {
    int f = fd_;
    fd_ = -1;
    return f;
  }
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

std::optional<Endpoint> parse_ipv4(const std::string& addr, std::uint16_t port);
std::string to_string(const Endpoint& ep);
// The multicast TTL a socket on interface address `ipv4` sends with: 0 on loopback (never leaves
// the host), 1 otherwise (one link: a testbed's switch).
unsigned char multicast_ttl(std::uint32_t ipv4);

struct Outgoing {
  ByteView bytes;
  Endpoint to;
};

// Buffers for up to kSlots datagrams per recvmmsg() call, kept across calls (UdpSocket::try_recv_many).
class RecvBatch {
 public:
  static constexpr std::size_t kSlots = 16;
  explicit RecvBatch(std::size_t cap = 65536);
  std::size_t size() const { return count_; }  // datagrams the last receive returned
  ByteView datagram(std::size_t i) const { return ByteView{data_.data() + i * cap_, len_[i]}; }
  const Endpoint& from(std::size_t i) const { return from_[i]; }

 private:
  friend class UdpSocket;
  std::size_t cap_;
  std::vector<std::uint8_t> data_;  // kSlots x cap_
  std::size_t len_[kSlots] = {};
  Endpoint from_[kSlots] = {};
  std::size_t count_ = 0;
};

class UdpSocket {
 public:
  // Sender side: bound to iface:ephemeral (NAKs come back here), IP_MULTICAST_IF = iface,
  // TTL 0 when iface is loopback (1 otherwise), IP_MULTICAST_LOOP on.
  static UdpSocket open_sender(const std::string& iface);
  // Receiver side: bound to INADDR_ANY:port with SO_REUSEADDR (several readers per host),
  // joined to group on iface, IP_MULTICAST_ALL off (only this socket's groups).
  // Also multicast-capable with the same IF/TTL/LOOP settings.
  static UdpSocket open_receiver(const std::string& group, std::uint16_t port,
                                 const std::string& iface);

  int fd() const { return fd_.get(); }
  Endpoint local() const;
  void send_to(ByteView bytes, const Endpoint& to) const;
  // Sends every datagram with as few sendmmsg() calls as the kernel takes them in; a full
  // socket buffer waits briefly, as send_to does.
  void send_many(const Outgoing* d, std::size_t n) const;
  // Non-blocking; nullopt when nothing is queued.
  std::optional<std::size_t> try_recv(std::uint8_t* buf, std::size_t cap, Endpoint& from) const;
  // Non-blocking: what is queued, up to RecvBatch::kSlots datagrams, with one recvmmsg() call
  // (an oversized datagram is cut to the slot, so the codec's length check rejects it).
  // Returns how many (also batch.size()); 0 when nothing is queued.
  std::size_t try_recv_many(RecvBatch& batch) const;
  // poll() for readability; false on timeout.
  bool wait_readable(std::chrono::nanoseconds timeout) const;

 private:
  explicit UdpSocket(UniqueFd fd) : fd_(std::move(fd)) {}
  UniqueFd fd_;
};

// poll() two sockets for readability; false on timeout.
bool wait_any_readable(const UdpSocket& a, const UdpSocket& b, std::chrono::nanoseconds timeout);

}  // namespace adamant::io
