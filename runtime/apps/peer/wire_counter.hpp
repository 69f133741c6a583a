// Bytes on the wire of a peer library's point: an AF_PACKET socket on --iface's device (lo)
// sees every datagram to the library's UDP ports once and hands its UDP payload to the
// library's classifier (data, retransmit, repair, NACK, control), UDP payload bytes as
// ant-bench's columns count. Runs its own thread until finished; unavailable (counts stay 0,
// says why) off loopback or without CAP_NET_RAW in the namespace.
#pragma once

#include "peer.hpp"

#include <adamant/udp.hpp>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace adamant::peer {

class WireCounter {
 public:
  // `library` must outlive the counter; it classifies on the counter's thread only.
  WireCounter(const std::string& iface, std::vector<std::uint16_t> ports, PeerLibrary& library);
  WireCounter(const WireCounter&) = delete;
  WireCounter& operator=(const WireCounter&) = delete;
  ~WireCounter();
  // Stops counting and returns the totals (and why nothing could be counted, if so).
  engine::WireBytes finish(std::string& why);

 private:
  void loop();
  void count(const std::uint8_t* p, std::size_t n);

  std::vector<std::uint16_t> ports_;
  PeerLibrary& library_;
  io::UniqueFd fd_;
  std::string why_;
  std::atomic<bool> stop_{false};
  engine::WireBytes bytes_;
  std::thread thread_;
};

}  // namespace adamant::peer
