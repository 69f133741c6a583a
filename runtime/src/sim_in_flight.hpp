// Internal (not installed): the simulator's datagrams in flight. Each waits in a reused slot (its
// buffer keeps its capacity) until every event naming it has run; an event names it by
// (destination, source, slot) packed in 64 bits, so that the event's closure is small enough for
// std::function to hold without allocating.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace adamant::sim::detail {

class InFlight {
 public:
  // Takes `bytes` (handing back the slot's previous buffer, emptied of meaning) with `refs` holders.
  std::uint32_t hold(std::vector<std::uint8_t>& bytes, std::uint32_t refs) {
    std::uint32_t slot;
    if (free_.empty()) {
      slot = static_cast<std::uint32_t>(slots_.size());
      slots_.emplace_back();
    } else {
      slot = free_.back();
      free_.pop_back();
    }
    slots_[slot].bytes.swap(bytes);
    slots_[slot].refs = refs;
    return slot;
  }
  void add_ref(std::uint32_t slot) { ++slots_[slot].refs; }
  void release(std::uint32_t slot) {
    if (--slots_[slot].refs == 0) free_.push_back(slot);
  }
  // The held datagram; its data stay in place while the slot is held, even when slots are added.
  const std::vector<std::uint8_t>& bytes(std::uint32_t slot) const { return slots_[slot].bytes; }

  // Host indices fit in 16 bits (the simulator has at most 20001 hosts).
  static std::uint64_t route(std::size_t dst, std::size_t src, std::uint32_t slot) {
    return (static_cast<std::uint64_t>(dst) << 48) | (static_cast<std::uint64_t>(src) << 32) | slot;
  }
  static std::size_t dst(std::uint64_t key) { return static_cast<std::size_t>(key >> 48); }
  static std::size_t src(std::uint64_t key) { return static_cast<std::size_t>((key >> 32) & 0xFFFF); }
  static std::uint32_t slot(std::uint64_t key) { return static_cast<std::uint32_t>(key); }

 private:
  struct Slot {
    std::vector<std::uint8_t> bytes;
    std::uint32_t refs = 0;  // events still to deliver it
  };
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;
};

}  // namespace adamant::sim::detail
