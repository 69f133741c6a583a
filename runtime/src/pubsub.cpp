#include <adamant/pubsub.hpp>
#include <adamant/udp.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <stdexcept>
#include <unistd.h>

namespace adamant {
namespace {

using engine::Nanos;

Endpoint group_endpoint(const ChannelConfig& cfg) {
  auto ep = io::parse_ipv4(cfg.group, cfg.port);
  if (!ep) throw std::invalid_argument("adamant: bad multicast group '" + cfg.group + "'");
  return *ep;
}

std::uint32_t fresh_session() {
  // An epoch only has to differ from the previous publisher on this stream.
  std::random_device rd;
  std::uint64_t v = (std::uint64_t{rd()} << 32) ^ static_cast<std::uint64_t>(monotonic_now_ns()) ^
                    static_cast<std::uint64_t>(::getpid());
  auto s = static_cast<std::uint32_t>(v ^ (v >> 32));
  return s == 0 ? 1 : s;
}

Nanos nak_timeout(const ChannelConfig& cfg) {
  return std::chrono::duration_cast<Nanos>(cfg.transport.nak_timeout);
}

constexpr std::size_t kRecvBuf = 65536;

void send_all(const io::UdpSocket& sock, const Endpoint& group, engine::Output& out) {
  for (const auto& d : out.datagrams)
    sock.send_to(ByteView{d.bytes.data(), d.bytes.size()}, d.dest == engine::Dest::Group ? group : d.peer);
  out.datagrams.clear();
}

}  // namespace

// ------------------------------------------------------------------ Publisher

struct Publisher::Impl {
  ChannelConfig cfg;
  Endpoint group;
  io::UdpSocket sock;
  std::unique_ptr<engine::SenderEngine> engine;
  engine::Output out;
  std::array<std::uint8_t, kRecvBuf> buf{};

  explicit Impl(ChannelConfig c)
      : cfg(std::move(c)), group(group_endpoint(cfg)), sock(io::UdpSocket::open_sender(cfg.iface)) {
    engine::SenderConfig sc;
    sc.stream_id = cfg.stream_id;
    sc.session = fresh_session();
    const Nanos t = nak_timeout(cfg);
    sc.heartbeat_interval = std::clamp(t / 2, Nanos{std::chrono::milliseconds(1)},
                                       Nanos{std::chrono::milliseconds(10)});
    sc.retransmit_holdoff = t / 2;  // below the receivers' re-NAK interval
    engine = engine::make_sender(cfg.transport.kind, sc);
  }

  void pump(Nanos now) {
    Endpoint from;
    while (auto n = sock.try_recv(buf.data(), buf.size(), from))
      engine->on_datagram(ByteView{buf.data(), *n}, from, now, out);
    engine->on_tick(now, out);
    send_all(sock, group, out);
    out.clear();
  }

  void service_until(std::int64_t deadline) {
    for (;;) {
      const Nanos now{monotonic_now_ns()};
      pump(now);
      if (now.count() >= deadline) return;
      Nanos wake{deadline};
      if (auto d = engine->next_deadline()) wake = std::min(wake, *d);
      sock.wait_readable(wake - now);
    }
  }
};

Publisher::Publisher(ChannelConfig cfg) : impl_(std::make_unique<Impl>(std::move(cfg))) {}
Publisher::~Publisher() = default;
Publisher::Publisher(Publisher&&) noexcept = default;
Publisher& Publisher::operator=(Publisher&&) noexcept = default;

void Publisher::publish(ByteView payload) {
  const Nanos now{monotonic_now_ns()};
  impl_->engine->publish(payload, now, impl_->out);
  send_all(impl_->sock, impl_->group, impl_->out);
  impl_->pump(now);  // answer pending NAKs without blocking
}

void Publisher::service_for(std::chrono::milliseconds d) {
  impl_->service_until(monotonic_now_ns() + std::chrono::duration_cast<Nanos>(d).count());
}

void Publisher::service_until(std::int64_t deadline) { impl_->service_until(deadline); }

const engine::SenderStats& Publisher::stats() const { return impl_->engine->stats(); }

// ------------------------------------------------------------------ Subscriber

struct Subscriber::Impl {
  ChannelConfig cfg;
  Endpoint group;
  io::UdpSocket sock;
  std::unique_ptr<engine::ReceiverEngine> engine;
  std::function<void(const Sample&)> on_sample;
  std::function<void(const engine::Event&)> on_event;
  std::mt19937_64 loss_rng;
  std::uniform_real_distribution<double> pct{0.0, 100.0};
  std::uint64_t drops = 0;
  engine::Output out;
  std::array<std::uint8_t, kRecvBuf> buf{};

  Impl(ChannelConfig c, std::function<void(const Sample&)> cb)
      : cfg(std::move(c)),
        group(group_endpoint(cfg)),
        sock(io::UdpSocket::open_receiver(cfg.group, cfg.port, cfg.iface)),
        on_sample(std::move(cb)),
        loss_rng(cfg.seed) {
    engine::ReceiverConfig rc;
    rc.stream_id = cfg.stream_id;
    rc.nak_timeout = nak_timeout(cfg);
    rc.nak_jitter = rc.nak_timeout / 10;  // small random spread, see engine.hpp
    rc.seed = cfg.seed ^ 0x9E3779B97F4A7C15ull;  // independent of the loss stream
    engine = engine::make_receiver(cfg.transport.kind, rc);
  }

  void pump(Nanos now) {
    Endpoint from;
    while (auto n = sock.try_recv(buf.data(), buf.size(), from)) {
      // Injected loss applies to every datagram (data, repairs, heartbeats).
      if (cfg.loss_pct > 0.0 && pct(loss_rng) < cfg.loss_pct) {
        ++drops;
        continue;
      }
      engine->on_datagram(ByteView{buf.data(), *n}, from, now, out);
      flush();
    }
    engine->on_tick(now, out);
    flush();
  }

  void flush() {
    send_all(sock, group, out);
    for (const auto& d : out.deliveries)
      if (on_sample) on_sample(Sample{d.sequence, d.send_time_ns, ByteView{d.payload.data(), d.payload.size()}});
    if (on_event)
      for (const auto& e : out.events) on_event(e);
    out.clear();
  }

  void poll_until(std::int64_t deadline) {
    for (;;) {
      const Nanos now{monotonic_now_ns()};
      pump(now);
      if (now.count() >= deadline) return;
      Nanos wake{deadline};
      if (auto d = engine->next_deadline()) wake = std::min(wake, *d);
      sock.wait_readable(wake - now);
    }
  }
};

Subscriber::Subscriber(ChannelConfig cfg, std::function<void(const Sample&)> on_sample)
    : impl_(std::make_unique<Impl>(std::move(cfg), std::move(on_sample))) {}
Subscriber::~Subscriber() = default;
Subscriber::Subscriber(Subscriber&&) noexcept = default;
Subscriber& Subscriber::operator=(Subscriber&&) noexcept = default;

void Subscriber::poll_for(std::chrono::milliseconds d) {
  impl_->poll_until(monotonic_now_ns() + std::chrono::duration_cast<Nanos>(d).count());
}
void Subscriber::poll_until(std::int64_t deadline) { impl_->poll_until(deadline); }
void Subscriber::on_event(std::function<void(const engine::Event&)> h) { impl_->on_event = std::move(h); }
const engine::ReceiverStats& Subscriber::stats() const { return impl_->engine->stats(); }
std::uint64_t Subscriber::accounted_through() const { return impl_->engine->accounted_through(); }
std::uint64_t Subscriber::injected_drops() const { return impl_->drops; }

}  // namespace adamant
