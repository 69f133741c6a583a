#include <adamant/types.hpp>

#include <ctime>

namespace adamant {

std::optional<TransportKind> parse_transport(std::string_view name) {
  if (name == "baseline") return TransportKind::Baseline;
  if (name == "nakcast") return TransportKind::Nakcast;
  if (name == "ricochet") return TransportKind::Ricochet;
  if (name == "replace") return TransportKind::Replace;
  if (name == "fifo") return TransportKind::Fifo;
  if (name == "fec") return TransportKind::Fec;
  return std::nullopt;
}

std::string_view to_string(TransportKind kind) {
  switch (kind) {
    case TransportKind::Baseline: return "baseline";
    case TransportKind::Nakcast: return "nakcast";
    case TransportKind::Ricochet: return "ricochet";
    case TransportKind::Replace: return "replace";
    case TransportKind::Fifo: return "fifo";
    case TransportKind::Fec: return "fec";
  }
  return "unknown";
}

std::int64_t monotonic_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace adamant
