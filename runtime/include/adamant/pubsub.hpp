// Publisher / Subscriber: the engines bound to real UDP multicast sockets.
#pragma once

#include <adamant/engine.hpp>
#include <adamant/types.hpp>

#include <chrono>
#include <functional>
#include <memory>

namespace adamant {

class Publisher {  // RAII: owns its sockets
 public:
  explicit Publisher(ChannelConfig cfg);
  ~Publisher();
  Publisher(Publisher&&) noexcept;
  Publisher& operator=(Publisher&&) noexcept;

  void publish(ByteView payload);  // stamps sequence + send time, sends, keeps history
  // With a message tag (replace: supersedes older messages of that tag; others ignore it).
  void publish(ByteView payload, std::uint32_t tag);
  void service_for(std::chrono::milliseconds d);  // answer NAKs, send heartbeats for that long
  // Extensions beyond the generated-code contract (used by the bench harness).
  void service_until(std::int64_t deadline_monotonic_ns);
  const engine::SenderStats& stats() const;
  const engine::WireBytes& sent_bytes() const;  // by kind, everything this publisher sent
  std::uint64_t auth_rejected() const;  // datagrams dropped: no / wrong HMAC (psk set)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

class Subscriber {
 public:
  Subscriber(ChannelConfig cfg, std::function<void(const Sample&)> on_sample);
  ~Subscriber();
  Subscriber(Subscriber&&) noexcept;
  Subscriber& operator=(Subscriber&&) noexcept;

  // Receive, recover, deliver: in order, except Ricochet, which delivers a recovered update
  // when it is rebuilt (out of order; its send time is the original one).
  void poll_for(std::chrono::milliseconds d);
  // Extensions beyond the generated-code contract.
  void poll_until(std::int64_t deadline_monotonic_ns);
  void on_event(std::function<void(const engine::Event&)> handler);
  const engine::ReceiverStats& stats() const;
  std::uint64_t accounted_through() const;  // see ReceiverEngine::accounted_through
  std::uint64_t injected_drops() const;     // datagrams dropped by loss injection
  const engine::WireBytes& sent_bytes() const;  // by kind (NAKs, repairs, JOIN/LEAVE)
  std::uint64_t auth_rejected() const;  // datagrams dropped: no / wrong HMAC (psk set)
  // Ricochet: changes r and c at run time (false for other transports).
  bool set_lec(int r, int c);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace adamant
