// Link faults at a receiving end host besides loss (adamant/loss.hpp), for real processes: the
// Subscriber holds back a share of what it receives (reordering), takes a share twice
// (duplication), and drops everything during a partition. The simulator injects the same
// faults on its links (adamant/sim.hpp); here they act on the readers' receive path only.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace adamant {

struct ReceiveFaults {
  double reorder_pct = 0.0;     // held back by up to hold_ns, so later datagrams overtake it (%)
  double duplicate_pct = 0.0;   // received a second time, up to hold_ns after the first (%)
  std::int64_t hold_ns = 0;
  // Monotonic ns (adamant::monotonic_now_ns): everything received in [from, until) is lost.
  std::optional<std::int64_t> partition_from_ns, partition_until_ns;
  bool any() const { return reorder_pct > 0 || duplicate_pct > 0 || partition_from_ns.has_value(); }
};

// What a Subscriber does with each datagram it receives under ReceiveFaults.
class ReceiveFaultInjector {
 public:
  ReceiveFaultInjector(ReceiveFaults faults, std::uint64_t seed) : f_(faults), rng_(seed ^ 0xFA0175EEDull) {}
  // A datagram received at `now_ns`: true when it is to be handed on now. A held-back one and a
  // duplicate are kept (with their source) and come back from due().
  template <class Source>
  bool take(const std::uint8_t* data, std::size_t n, const Source& from, std::int64_t now_ns) {
    if (f_.partition_from_ns && now_ns >= *f_.partition_from_ns && now_ns < f_.partition_until_ns.value_or(now_ns)) {
      ++partitioned_;
      return false;
    }
    const bool hold = chance(f_.reorder_pct), twice = chance(f_.duplicate_pct);
    if (hold) ++reordered_, keep(data, n, from.ipv4, from.port, now_ns + upto(f_.hold_ns));
    if (twice) ++duplicated_, keep(data, n, from.ipv4, from.port, now_ns + upto(f_.hold_ns));
    return !hold;
  }
  struct Held {
    std::int64_t due_ns;
    std::uint32_t ipv4;
    std::uint16_t port;
    std::vector<std::uint8_t> bytes;
  };
  // Removes and returns the kept datagrams due by `now_ns`, earliest first.
  std::vector<Held> due(std::int64_t now_ns);
  std::optional<std::int64_t> next_due_ns() const;
  std::uint64_t reordered() const { return reordered_; }
  std::uint64_t duplicated() const { return duplicated_; }
  std::uint64_t partitioned() const { return partitioned_; }

 private:
  bool chance(double pct);
  std::int64_t upto(std::int64_t max);
  void keep(const std::uint8_t* data, std::size_t n, std::uint32_t ipv4, std::uint16_t port, std::int64_t due_ns);
  ReceiveFaults f_;
  std::mt19937_64 rng_;
  std::vector<Held> held_;
  std::uint64_t reordered_ = 0, duplicated_ = 0, partitioned_ = 0;
};

}  // namespace adamant
