// One peer reliable-multicast library behind ant-peer-bench's harness: the harness owns the
// schedule, the receiver processes, the metrics and the CSV row; a library only opens its
// sender and receivers on the point's group and moves update objects.
#pragma once

#include <adamant/engine.hpp>
#include <adamant/types.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <poll.h>
#include <string>
#include <vector>

namespace adamant::peer {

// Where the point's loss is injected: in each receiver's receive path (process), or nowhere
// here because the testbed drops it at each reader's host (host: --loss is only recorded).
enum class LossAt { process, host };

// One experiment point as every library sees it.
struct PeerPoint {
  int receivers = 3, updates = 1000, run = 1;
  double loss = 0, rate = 100;
  LossAt loss_at = LossAt::process;
  std::uint64_t seed = 1;
  std::size_t payload = 12;
  std::string group = "239.255.0.1", iface = "127.0.0.1";
  int port = 0;  // the library's UDP ports start here (see PeerLibrary::ports)
  std::vector<std::string> receiver_addresses;  // the sender's only: receiver i's address (unicast peers)
  std::chrono::milliseconds linger{2000};
  bool injects_loss() const { return loss_at == LossAt::process && loss > 0; }
};

// What a process waits for before it services its library again.
struct Wait {
  std::vector<pollfd> fds;
  std::chrono::microseconds timeout{5000};  // the library's next timer, at most
};

// One receiver (in its own process, forked before any library thread exists).
class PeerReceiver {
 public:
  virtual ~PeerReceiver() = default;
  virtual Wait wait() = 0;
  // Hands every complete update object available now to `deliver` (as soon as it is
  // complete: the caller stamps the receive time first).
  virtual void receive(const std::function<void(const std::uint8_t*, std::size_t)>& deliver) = 0;
  // Objects or data the library gave up on (NORM: aborted objects; PGM: unrecoverable loss).
  virtual std::uint64_t abandoned() const = 0;
};

// The sender (the harness's own process).
class PeerSender {
 public:
  virtual ~PeerSender() = default;
  virtual Wait wait() = 0;
  virtual void service() = 0;  // the library's timers, NACKs and repairs
  // Sends one update object (the library may keep it until it is acknowledged or purged);
  // false when the library refused it (it then counts as lost).
  virtual bool send(std::vector<std::uint8_t> object) = 0;
  virtual std::string summary() = 0;  // the library's own end-of-run figures, for the log
};

class PeerLibrary {
 public:
  virtual ~PeerLibrary() = default;
  virtual std::string name() const = 0;  // the CSV's transport column
  // Adds the library's settings to `app` (in their own option group).
  virtual void add_options(CLI::App& app) = 0;
  // Validates the settings against the point; the error, or empty.
  virtual std::string check(const PeerPoint& p) = 0;
  virtual std::string params() const = 0;  // the CSV's transport_params column
  // The UDP ports the library's datagrams go to (bytes are counted on these).
  virtual std::vector<std::uint16_t> ports(const PeerPoint& p) const = 0;
  // Runs in the receiver's process: the library's per-process setup, then its receiver.
  virtual std::unique_ptr<PeerReceiver> receiver(const PeerPoint& p, int index) = 0;
  virtual std::unique_ptr<PeerSender> sender(const PeerPoint& p) = 0;
  // Adds one datagram (its UDP payload, `n` bytes) to the bytes by kind; called on one
  // thread in arrival order, once per datagram.
  virtual void classify(const std::uint8_t* udp_payload, std::size_t n, engine::WireBytes& bytes) = 0;
};

// The libraries this build has (CMake: ADAMANT_NORM, ADAMANT_PGM; tcp always).
std::unique_ptr<PeerLibrary> make_norm();
std::unique_ptr<PeerLibrary> make_pgm();
std::unique_ptr<PeerLibrary> make_tcp();  // kernel TCP, one connection per receiver (always built)

}  // namespace adamant::peer
