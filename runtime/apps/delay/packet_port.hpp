// One side of the delay node: an AF_PACKET socket that receives every frame arriving on one
// interface (ETH_P_ALL, bound to its ifindex, promiscuous; frames the host itself sends are
// ignored, so what the node forwards never comes back to it) and sends frames out of it. Frames
// carry the kernel's virtio-net header (PACKET_VNET_HDR): a frame whose checksum or segmentation
// the sender left to the hardware leaves the other side the same way, as a bridge would pass it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace adamant::delay {

class PacketPort {
 public:
  // Opens the socket on interface `name`; throws std::runtime_error saying what failed.
  explicit PacketPort(const std::string& name);
  ~PacketPort();
  PacketPort(const PacketPort&) = delete;
  PacketPort& operator=(const PacketPort&) = delete;

  int fd() const { return fd_; }
  const std::string& name() const { return name_; }
  // One arrived frame (virtio-net header first) into `buf`: its size, 0 when none is waiting.
  // Frames the host sent out of this interface are skipped. Throws on a socket error.
  std::size_t receive(std::uint8_t* buf, std::size_t capacity);
  // Sends `frame` (virtio-net header first) out of the interface; false when the kernel refused it.
  bool send(const std::uint8_t* frame, std::size_t size);

  // The largest frame with its header: a segmentation-offloaded frame is up to 64 KiB.
  static constexpr std::size_t kMaxFrame = 10 + 65536 + 64;

 private:
  std::string name_;
  int fd_ = -1;
};

}  // namespace adamant::delay
