// Publisher / Subscriber: the engines bound to real UDP multicast sockets.
#pragma once

#include <adamant/engine.hpp>
#include <adamant/auth.hpp>
#include <adamant/receive_faults.hpp>
#include <adamant/types.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

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
  // With a priority (replace/fifo: higher is sent first) and whether it replaces older
  // messages of its tag (replace only); see engine::SenderEngine::publish_message.
  void publish(ByteView payload, std::uint32_t tag, std::uint8_t priority, bool replaces);
  // In a delivery class of its own (replace/fifo: reliable or not, sequenced or not) and its priority.
  void publish(ByteView payload, std::uint32_t tag, const engine::MessageClass& cls, bool replaces);
  // As publish(payload, tag), for a caller that knows more messages are due now: a transport
  // that batches (NAKcast, ChannelConfig::batch_bytes) may hold the message for a datagram shared
  // with the next ones and sends only a full one. The next publish(), flush() or service_*()
  // call sends what is held, so a held message waits no longer than the caller's next call.
  void publish_held(ByteView payload, std::uint32_t tag = 0);
  void flush();  // sends what publish_held holds
  void service_for(std::chrono::milliseconds d);  // answer NAKs, send heartbeats for that long
  // Extensions beyond the generated-code contract (used by the bench harness).
  void service_until(std::int64_t deadline_monotonic_ns);
  const engine::SenderStats& stats() const;
  const engine::WireBytes& sent_bytes() const;  // by kind, everything this publisher sent
  // The sender engine (read only), e.g. engine::ReplaceSender's replace_stats().
  const engine::SenderEngine& engine() const;
  std::uint64_t auth_rejected() const;  // datagrams dropped by the key check (psk set)
  auth::Stats auth_stats() const;       // by reason (adamant/auth.hpp); zeros without a key
  // Event-loop integration (extension; the OpenDDS transports drive a Publisher from their
  // own thread): the descriptors to watch for readability, and when the engine next has
  // timer work (CLOCK_MONOTONIC ns; nullopt = only on input). service_until(0) does one
  // non-blocking pass.
  std::vector<int> fds() const;
  std::optional<std::int64_t> next_deadline_ns() const;

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
  const engine::ReceiverEngine& engine() const;  // read only, e.g. its state_entries()
  std::uint64_t injected_drops() const;     // datagrams dropped by loss injection
  // Injected loss (%) from now on, in place of the channel's loss_pct: a loss schedule's phase.
  void set_loss_pct(double pct);
  // Reordering, duplication and a partition on receive from now on (adamant/receive_faults.hpp);
  // drawn from the channel's loss seed.
  void inject(const ReceiveFaults& faults);
  const engine::WireBytes& sent_bytes() const;  // by kind (NAKs, repairs, JOIN/LEAVE)
  std::uint64_t auth_rejected() const;  // datagrams dropped by the key check (psk set)
  auth::Stats auth_stats() const;       // by reason (adamant/auth.hpp); zeros without a key
  // Ricochet: changes r and c at run time (false for other transports).
  bool set_lec(int r, int c);
  // Event-loop integration, as for Publisher: poll_until(0) does one non-blocking pass.
  std::vector<int> fds() const;
  std::optional<std::int64_t> next_deadline_ns() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace adamant
