// The in-memory network of the engine tests: one writer (host 0) and N readers (hosts 1..N)
// exchanging datagrams with no delay. A group datagram reaches every host but its sender
// (the writer never receives the group: it only multicasts); a peer datagram reaches the host
// with that endpoint. Everything a datagram causes is delivered before route() returns,
// breadth first. Tests lose datagrams with `drop` and watch the traffic with `on_send`; a
// test that steps the writer by hand holds its output (hold_writer_output) and delays what
// reaches it (writer_delay: its receive time, as a return path's latency).
#pragma once

#include <adamant/engine.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace adamant::testing {

class TestNetwork {
 public:
  using Nanos = engine::Nanos;
  struct Reader {
    std::unique_ptr<engine::ReceiverEngine> engine;
    std::vector<engine::Delivery> delivered;
    std::vector<engine::Event> events;
    std::vector<std::pair<Nanos, engine::OutDatagram>> sent;  // everything it sent, when
  };

  // Host h's endpoint is `endpoint(h)`.
  TestNetwork(std::unique_ptr<engine::SenderEngine> writer, std::vector<std::unique_ptr<engine::ReceiverEngine>> readers,
              std::function<Endpoint(std::size_t host)> endpoint)
      : writer_(std::move(writer)), endpoint_(std::move(endpoint)) {
    for (auto& r : readers) readers_.push_back(Reader{std::move(r), {}, {}, {}});
  }

  // Return true to lose datagram `d` from host `from` on its way to host `to`.
  std::function<bool(std::size_t to, std::size_t from, const engine::OutDatagram& d)> drop =
      [](std::size_t, std::size_t, const engine::OutDatagram&) { return false; };
  // Called once for every datagram a host sends, before it is delivered anywhere.
  std::function<void(std::size_t from, const engine::OutDatagram& d, Nanos now)> on_send =
      [](std::size_t, const engine::OutDatagram&, Nanos) {};

  // Datagrams reaching the writer are handed to it this much later than they were sent.
  Nanos writer_delay{0};
  // When set, what the writer emits while routing is kept in held_writer_output() instead of
  // being sent; the test inspects it and routes it with route(0, held_writer_output(), now).
  bool hold_writer_output = false;
  engine::Output& held_writer_output() { return held_; }

  engine::SenderEngine& writer() { return *writer_; }
  std::vector<Reader>& readers() { return readers_; }  // readers()[i] is host i + 1
  Endpoint endpoint(std::size_t host) const { return endpoint_(host); }
  const std::vector<engine::Event>& writer_events() const { return writer_events_; }

  // Sends what host `src` emitted in `out` (and clears it), and everything that causes.
  void route(std::size_t src, engine::Output& out, Nanos now) {
    std::deque<std::pair<std::size_t, engine::OutDatagram>> q;
    take(src, out, q);
    while (!q.empty()) {
      auto [from, d] = std::move(q.front());
      q.pop_front();
      on_send(from, d, now);
      if (from > 0) readers_[from - 1].sent.emplace_back(now, d);
      const ByteView v{d.bytes.data(), d.bytes.size()};
      for (std::size_t h = 0; h <= readers_.size(); ++h) {
        const bool to_h = d.dest == engine::Dest::Group ? h != from && h != 0 : endpoint_(h) == d.peer;
        if (!to_h || drop(h, from, d)) continue;
        engine::Output o;
        if (h > 0) {
          readers_[h - 1].engine->on_datagram(v, endpoint_(from), now, o);
          take(h, o, q);
          continue;
        }
        writer_->on_datagram(v, endpoint_(from), now + writer_delay, o);
        if (!hold_writer_output) {
          take(h, o, q);
          continue;
        }
        for (auto& x : o.datagrams) held_.datagrams.push_back(std::move(x));
        writer_events_.insert(writer_events_.end(), o.events.begin(), o.events.end());
      }
    }
  }

  // Ticks every host (writer first), routing what each tick emits.
  void tick_all(Nanos now) { tick(now, false); }
  // Ticks the hosts whose next_deadline() is due.
  void tick_due(Nanos now) { tick(now, true); }

 private:
  void tick(Nanos now, bool only_due) {
    auto due = [&](const std::optional<Nanos>& d) { return !only_due || (d && *d <= now); };
    if (due(writer_->next_deadline())) {
      engine::Output o;
      writer_->on_tick(now, o);
      route(0, o, now);
    }
    for (std::size_t i = 0; i < readers_.size(); ++i) {
      if (!due(readers_[i].engine->next_deadline())) continue;
      engine::Output o;
      readers_[i].engine->on_tick(now, o);
      route(i + 1, o, now);
    }
  }

  void take(std::size_t host, engine::Output& o, std::deque<std::pair<std::size_t, engine::OutDatagram>>& q) {
    for (auto& d : o.datagrams) q.emplace_back(host, std::move(d));
    if (host == 0) {
      writer_events_.insert(writer_events_.end(), o.events.begin(), o.events.end());
    } else {
      auto& r = readers_[host - 1];
      for (auto& d : o.deliveries) r.delivered.push_back(std::move(d));
      r.events.insert(r.events.end(), o.events.begin(), o.events.end());
    }
    o.clear();
  }

  std::unique_ptr<engine::SenderEngine> writer_;
  std::vector<Reader> readers_;
  std::function<Endpoint(std::size_t)> endpoint_;
  std::vector<engine::Event> writer_events_;
  engine::Output held_;
};

}  // namespace adamant::testing
