#include "reader_presence.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>
#include <unistd.h>

namespace adamant::bench::detail {

bool ControlWords::read() {
  std::uint8_t buf[64];
  for (;;) {
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n == 0) return false;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) return true;
      throw std::system_error(errno, std::generic_category(), "adamant reader: read control pipe");
    }
    partial_.insert(partial_.end(), buf, buf + n);
    while (partial_.size() >= sizeof(std::int64_t)) {
      std::int64_t w = 0;
      std::memcpy(&w, partial_.data(), sizeof w);
      words_.push_back(w);
      partial_.erase(partial_.begin(), partial_.begin() + sizeof w);
    }
    if (static_cast<std::size_t>(n) < sizeof buf) return true;
  }
}

std::vector<std::uint64_t> encode_spells(const std::vector<Spell>& spells) {
  std::vector<std::uint64_t> out;
  for (const Spell& s : spells)
    out.insert(out.end(), {static_cast<std::uint64_t>(s.join_ns), static_cast<std::uint64_t>(s.leave_ns), s.delivered_end});
  return out;
}

std::optional<std::vector<Spell>> decode_spells(const std::vector<std::uint64_t>& words) {
  if (words.size() % 3 != 0) return std::nullopt;
  std::vector<Spell> out;
  for (std::size_t i = 0; i < words.size(); i += 3)
    out.push_back(Spell{static_cast<std::int64_t>(words[i]), static_cast<std::int64_t>(words[i + 1]), words[i + 2]});
  return out;
}

bool takes_part(const std::vector<sim::ReadersPhase>& schedule, std::int64_t start_ns, std::int64_t now_ns, int index) {
  return index < sim::readers_at(schedule, sim::Nanos{now_ns - start_ns});
}

bool account_spells(const std::vector<Spell>& spells, const std::vector<std::int64_t>& publish_ns,
                    const std::function<std::size_t(std::uint64_t)>& stream_of, std::vector<std::int64_t>& latencies,
                    std::vector<std::uint64_t>& sequences, std::vector<std::uint64_t>& owed) {
  const std::uint64_t total = publish_ns.empty() ? 0 : publish_ns.size() - 1;
  std::size_t kept = 0, next = 0;
  for (const Spell& s : spells) {
    if (s.delivered_end < next || s.delivered_end > sequences.size() || s.leave_ns < s.join_ns) return false;
    for (; next < s.delivered_end; ++next) {
      const std::uint64_t seq = sequences[next];
      if (seq < 1 || seq > total || publish_ns[seq] < s.join_ns) continue;
      latencies[kept] = latencies[next];
      sequences[kept++] = seq;
    }
  }
  if (next != sequences.size()) return false;
  latencies.resize(kept);
  sequences.resize(kept);
  const std::int64_t one_way = latencies.empty() ? 0 : *std::min_element(latencies.begin(), latencies.end());
  for (const Spell& s : spells)
    for (std::uint64_t seq = 1; seq <= total; ++seq)
      if (publish_ns[seq] >= s.join_ns && publish_ns[seq] + one_way <= s.leave_ns) ++owed.at(stream_of(seq));
  return true;
}

void set_delivery_of_owed(metrics::Row& row, std::uint64_t owed) {
  row.delivery = owed ? static_cast<double>(row.received) / static_cast<double>(owed) : 0.0;
  row.delivery_or_replaced = row.delivery;
  row.relate = metrics::relate(row.lat.mean_us, row.delivery);
  row.relate2 = metrics::relate2(row.lat.mean_us, row.delivery);
}

}  // namespace adamant::bench::detail
