#include <adamant/types.hpp>

#include <ctime>
#include <stdexcept>
#include <string>

namespace adamant {

namespace {

struct TransportName {
  TransportKind kind;
  std::string_view name;
};
// The one place the transports' names are spelt.
constexpr TransportName kTransportNames[] = {
    {TransportKind::Baseline, "baseline"}, {TransportKind::Nakcast, "nakcast"}, {TransportKind::Ricochet, "ricochet"},
    {TransportKind::Replace, "replace"},   {TransportKind::Fifo, "fifo"},       {TransportKind::Fec, "fec"},
    {TransportKind::Adaptive, "adaptive"},
};

}  // namespace

std::optional<TransportKind> parse_transport(std::string_view name) {
  for (const auto& t : kTransportNames)
    if (t.name == name) return t.kind;
  return std::nullopt;
}

TransportKind transport_from_name(std::string_view name) {
  if (auto kind = parse_transport(name)) return *kind;
  throw std::invalid_argument("unknown transport '" + std::string(name) + "' (valid: " + transport_names() + ")");
}

std::string_view to_string(TransportKind kind) {
  for (const auto& t : kTransportNames)
    if (t.kind == kind) return t.name;
  return "unknown";
}

std::string transport_names() {
  std::string out;
  for (const auto& t : kTransportNames) {
    if (!out.empty()) out += ", ";
    out += t.name;
  }
  return out;
}

LecParams lec_params(TransportKind kind, std::optional<int> r, std::optional<int> c) {
  if (kind == TransportKind::Fec) return {r.value_or(defaults::fec::kR), c.value_or(defaults::fec::kC)};
  return {r.value_or(defaults::ricochet::kR), c.value_or(defaults::ricochet::kC)};
}

std::int64_t monotonic_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

std::int64_t wall_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace adamant
