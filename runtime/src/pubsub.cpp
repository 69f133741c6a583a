#include <adamant/auth.hpp>
#include <adamant/engine/ricochet_receiver.hpp>
#include <adamant/key_file.hpp>
#include <adamant/loss.hpp>
#include <adamant/pubsub.hpp>
#include <adamant/setup.hpp>
#include <adamant/udp.hpp>

#include <algorithm>
#include <array>
#include <optional>
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

constexpr std::size_t kRecvBuf = 65536;

// A channel's key check: its authenticator (none without a key) and, with psk_file, the key
// file it rotates from. Times are the wall clock (auth.hpp: freshness across hosts).
struct ChannelAuth {
  std::optional<auth::Authenticator> auth;
  std::optional<auth::KeyFileWatch> file;

  explicit ChannelAuth(const ChannelConfig& cfg) {
    if (!cfg.psk.empty() && !cfg.psk_file.empty())
      throw std::invalid_argument("adamant: ChannelConfig::psk and psk_file are both set");
    if (!cfg.psk_file.empty()) file.emplace(cfg.psk_file);
    if (cfg.keyed()) auth.emplace(file ? file->key() : cfg.psk, auth::random_epoch());
  }
  // The datagram to hand to the engine, or nullopt (rejected and counted).
  std::optional<ByteView> open(ByteView v) {
    if (!auth) return v;
    const std::int64_t now = wall_now_ns();
    if (file)
      if (auto k = file->poll(now)) auth->rotate(std::move(*k), now);
    return auth->open(v, now);
  }
  auth::Stats stats() const { return auth ? auth->stats() : auth::Stats{}; }
};

// What send_all builds, kept across calls so sending allocates nothing once it has grown.
struct Outbox {
  std::vector<io::Outgoing> list;
  std::vector<std::vector<std::uint8_t>> sealed;  // keyed: the datagrams with their trailers
};

// Sends every datagram of `out` with one sendmmsg() where the kernel takes them all.
void send_all(const io::UdpSocket& sock, const Endpoint& group, engine::Output& out,
              engine::WireBytes& sent, ChannelAuth& keys, Outbox& box) {
  if (out.datagrams.empty()) return;
  engine::count_sent(out, sent);
  box.list.clear();
  if (keys.auth) box.sealed.resize(std::max(box.sealed.size(), out.datagrams.size()));
  for (std::size_t i = 0; i < out.datagrams.size(); ++i) {
    const auto& d = out.datagrams[i];
    const Endpoint to = d.dest == engine::Dest::Group ? group : d.peer;
    ByteView bytes{d.bytes.data(), d.bytes.size()};
    if (keys.auth) {
      const std::int64_t now = wall_now_ns();
      if (keys.file)
        if (auto k = keys.file->poll(now)) keys.auth->rotate(std::move(*k), now);
      box.sealed[i] = keys.auth->seal(bytes, now);
      bytes = ByteView{box.sealed[i].data(), box.sealed[i].size()};
    }
    box.list.push_back(io::Outgoing{bytes, to});
  }
  sock.send_many(box.list.data(), box.list.size());
  out.clear_datagrams();
}

// The event loop of Publisher and Subscriber: pump (receive, tick, send) until `deadline`,
// sleeping in `wait` until a datagram arrives or the engine's next timer is due.
template <class Engine, class Pump, class Wait>
void run_until(std::int64_t deadline, const Engine& engine, Pump&& pump, Wait&& wait) {
  for (;;) {
    const Nanos now{monotonic_now_ns()};
    pump(now);
    if (now.count() >= deadline) return;
    Nanos wake{deadline};
    if (auto d = engine.next_deadline()) wake = std::min(wake, *d);
    wait(wake - now);
  }
}

}  // namespace

// ------------------------------------------------------------------ Publisher

struct Publisher::Impl {
  ChannelConfig cfg;
  Endpoint group;
  io::UdpSocket sock;
  std::unique_ptr<engine::SenderEngine> engine;
  engine::Output out;
  engine::WireBytes sent;
  ChannelAuth auth;
  Outbox box;
  std::array<std::uint8_t, kRecvBuf> buf{};

  explicit Impl(ChannelConfig c)
      : cfg(std::move(c)), group(group_endpoint(cfg)), sock(io::UdpSocket::open_sender(cfg.iface)), auth(cfg) {
    engine = engine::make_sender(setup::sender_config(cfg, fresh_session()));
  }

  void pump(Nanos now) {
    Endpoint from;
    while (auto n = sock.try_recv(buf.data(), buf.size(), from)) {
      ByteView v{buf.data(), *n};
      auto opened = auth.open(v);
      if (!opened) continue;
      v = *opened;
      engine->on_datagram(v, from, now, out);
    }
    engine->on_tick(now, out);
    send(out);
    out.clear();
  }

  void send(engine::Output& o) { send_all(sock, group, o, sent, auth, box); }

  void service_until(std::int64_t deadline) {
    run_until(deadline, *engine, [this](Nanos now) { pump(now); }, [this](Nanos t) { sock.wait_readable(t); });
  }
};

Publisher::Publisher(ChannelConfig cfg) : impl_(std::make_unique<Impl>(std::move(cfg))) {}
Publisher::~Publisher() = default;
Publisher::Publisher(Publisher&&) noexcept = default;
Publisher& Publisher::operator=(Publisher&&) noexcept = default;

void Publisher::publish(ByteView payload) { publish(payload, 0); }

void Publisher::publish(ByteView payload, std::uint32_t tag) {
  const Nanos now{monotonic_now_ns()};
  impl_->engine->publish_tagged(tag, payload, now, impl_->out);
  impl_->send(impl_->out);
  impl_->pump(now);  // answer pending NAKs without blocking
}

void Publisher::publish(ByteView payload, std::uint32_t tag, std::uint8_t priority, bool replaces) {
  const Nanos now{monotonic_now_ns()};
  impl_->engine->publish_message(tag, priority, replaces, payload, now, impl_->out);
  impl_->send(impl_->out);
  impl_->pump(now);  // answer pending NAKs without blocking
}

void Publisher::publish(ByteView payload, std::uint32_t tag, const engine::MessageClass& cls, bool replaces) {
  const Nanos now{monotonic_now_ns()};
  impl_->engine->publish_in_class(tag, cls, replaces, payload, now, impl_->out);
  impl_->send(impl_->out);
  impl_->pump(now);  // answer pending NAKs without blocking
}

void Publisher::publish_held(ByteView payload, std::uint32_t tag) {
  impl_->engine->publish_held(tag, payload, Nanos{monotonic_now_ns()}, impl_->out);
  impl_->send(impl_->out);  // a full batch; events wait for the next pump
}

void Publisher::flush() {
  impl_->engine->send_held(Nanos{monotonic_now_ns()}, impl_->out);
  impl_->send(impl_->out);
}

void Publisher::service_for(std::chrono::milliseconds d) {
  impl_->service_until(monotonic_now_ns() + std::chrono::duration_cast<Nanos>(d).count());
}

void Publisher::service_until(std::int64_t deadline) { impl_->service_until(deadline); }

const engine::SenderStats& Publisher::stats() const { return impl_->engine->stats(); }
const engine::WireBytes& Publisher::sent_bytes() const { return impl_->sent; }
const engine::SenderEngine& Publisher::engine() const { return *impl_->engine; }
std::uint64_t Publisher::auth_rejected() const { return impl_->auth.stats().rejected(); }
auth::Stats Publisher::auth_stats() const { return impl_->auth.stats(); }
std::vector<int> Publisher::fds() const { return {impl_->sock.fd()}; }
std::optional<std::int64_t> Publisher::next_deadline_ns() const {
  if (auto d = impl_->engine->next_deadline()) return d->count();
  return std::nullopt;
}

// ------------------------------------------------------------------ Subscriber

struct Subscriber::Impl {
  ChannelConfig cfg;
  Endpoint group;
  io::UdpSocket sock;
  // Ricochet and adaptive: this member's unicast socket. Repairs arrive here, and JOIN/LEAVE and
  // repairs leave from it, so peers learn its address. Replace/Fifo: ACKs leave from it, so
  // the writer tells receivers on one host apart, and unicast retransmissions arrive here.
  // Same IF/TTL-0 settings.
  std::optional<io::UdpSocket> uni;
  std::unique_ptr<engine::ReceiverEngine> engine;
  std::function<void(const Sample&)> on_sample;
  std::function<void(const engine::Event&)> on_event;
  LossInjector loss;
  ReceiveFaultInjector faults;
  engine::Output out;
  engine::WireBytes sent;
  ChannelAuth auth;
  Outbox box;
  io::RecvBatch batch{kRecvBuf};

  Impl(ChannelConfig c, std::function<void(const Sample&)> cb)
      : cfg(std::move(c)),
        group(group_endpoint(cfg)),
        sock(io::UdpSocket::open_receiver(cfg.group, cfg.port, cfg.iface)),
        on_sample(std::move(cb)),
        loss(LossModel{cfg.loss_pct, cfg.burst}, cfg.seed),
        faults(ReceiveFaults{}, cfg.seed),
        auth(cfg) {
    // Adaptive: its Ricochet epochs need the unicast socket, and REPORTs leave from it.
    if (cfg.transport.kind == TransportKind::Ricochet || cfg.transport.kind == TransportKind::Adaptive) {
      uni.emplace(io::UdpSocket::open_sender(cfg.iface));
      engine = engine::make_receiver(setup::receiver_config(cfg, uni->local(), fresh_session()));
    } else if (cfg.transport.kind == TransportKind::Replace || cfg.transport.kind == TransportKind::Fifo) {
      uni.emplace(io::UdpSocket::open_sender(cfg.iface));
      engine = engine::make_receiver(setup::receiver_config(cfg, uni->local()));
    } else {
      engine = engine::make_receiver(setup::receiver_config(cfg));
    }
  }

  ~Impl() {
    auto* r = dynamic_cast<engine::RicochetReceiver*>(engine.get());
    if (r && uni) {  // Ricochet (FEC receivers have no membership)
      try {  // best effort: peers stop sending repairs here at once instead of timing out
        engine::Output bye;
        r->leave(Nanos{monotonic_now_ns()}, bye);
        send_all(*uni, group, bye, sent, auth, box);
      } catch (...) {
      }
    }
  }

  void receive_from(const io::UdpSocket& s, Nanos now) {
    while (s.try_recv_many(batch) > 0)
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (loss.drop()) continue;  // every datagram kind (data, repairs, heartbeats, membership)
        const ByteView v = batch.datagram(i);
        if (!faults.take(v.data, v.size, batch.from(i), now.count())) continue;
        take(v, batch.from(i), now);
      }
  }

  void take(ByteView v, const Endpoint& from, Nanos now) {
    const auto opened = auth.open(v);
    if (!opened) return;
    engine->on_datagram(*opened, from, now, out);
    flush();
  }

  void pump(Nanos now) {
    for (const auto& h : faults.due(now.count())) take(ByteView{h.bytes.data(), h.bytes.size()}, Endpoint{h.ipv4, h.port}, now);
    receive_from(sock, now);
    if (uni) receive_from(*uni, now);
    engine->on_tick(now, out);
    flush();
  }

  void flush() {
    send_all(uni ? *uni : sock, group, out, sent, auth, box);
    // Events first: a SessionReset comes before the new session's first delivery.
    if (on_event)
      for (const auto& e : out.events) on_event(e);
    for (const auto& d : out.deliveries)
      if (on_sample) on_sample(Sample{d.sequence, d.send_time_ns, ByteView{d.payload.data(), d.payload.size()}});
    out.clear();
  }

  void poll_until(std::int64_t deadline) {
    run_until(deadline, *engine, [this](Nanos now) { pump(now); }, [this](Nanos t) {
      if (const auto held = faults.next_due_ns())  // a held-back datagram is due
        t = std::max(Nanos{0}, std::min(t, Nanos{*held - monotonic_now_ns()}));
      // Peers' repairs wake this reader only while it misses something; otherwise they wait in the
      // socket for the next DATA or heartbeat, off the fan-out of the DATA.
      if (uni && engine->wants_peer_datagrams()) io::wait_any_readable(sock, *uni, t);
      else sock.wait_readable(t);
    });
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
const engine::ReceiverEngine& Subscriber::engine() const { return *impl_->engine; }
std::uint64_t Subscriber::injected_drops() const { return impl_->loss.drops(); }
void Subscriber::set_loss_pct(double pct) { impl_->loss.set_loss_pct(pct); }
void Subscriber::inject(const ReceiveFaults& faults) { impl_->faults = ReceiveFaultInjector(faults, impl_->cfg.seed); }
const engine::WireBytes& Subscriber::sent_bytes() const { return impl_->sent; }
std::uint64_t Subscriber::auth_rejected() const { return impl_->auth.stats().rejected(); }
auth::Stats Subscriber::auth_stats() const { return impl_->auth.stats(); }
std::vector<int> Subscriber::fds() const {
  std::vector<int> v{impl_->sock.fd()};
  if (impl_->uni) v.push_back(impl_->uni->fd());
  return v;
}
std::optional<std::int64_t> Subscriber::next_deadline_ns() const {
  if (auto d = impl_->engine->next_deadline()) return d->count();
  return std::nullopt;
}
bool Subscriber::set_lec(int r, int c) {
  auto* ric = impl_->cfg.transport.kind == TransportKind::Ricochet
                  ? dynamic_cast<engine::RicochetReceiver*>(impl_->engine.get())
                  : nullptr;
  if (ric) ric->set_lec(r, c);
  return ric != nullptr;
}

}  // namespace adamant
