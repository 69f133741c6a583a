// C++17 side of Params.h: the runtime's quantity parser and contract table.
#include "Params.h"

#include <adamant/contract.hpp>
#include <adamant/units.hpp>

#include <arpa/inet.h>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>

namespace adamant_opendds {
namespace params {
namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

}  // namespace

bool duration_us(const std::string& text, std::int64_t& out) {
  const auto d = adamant::parse_duration(text);
  if (!d) return false;
  out = d->count();
  return true;
}

bool integer(const std::string& text, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
  const std::string t = trim(text);
  if (t.empty()) return false;
  const char* begin = t.c_str();
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(begin, &end, 10);
  if (*end != '\0' || errno != 0 || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool bandwidth(const std::string& text, std::uint64_t& out) {
  const auto b = adamant::units::parse_bandwidth(text, "B/s");
  if (!b) return false;
  out = *b;
  return true;
}

bool boolean(const std::string& text, bool& out) {
  const std::string t = trim(text);
  if (t == "1" || t == "true" || t == "yes" || t == "on") return out = true, true;
  if (t == "0" || t == "false" || t == "no" || t == "off") return out = false, true;
  return false;
}

bool ipv4(const std::string& text) {
  in_addr a;
  return ::inet_pton(AF_INET, trim(text).c_str(), &a) == 1;
}

bool ipv4_multicast(const std::string& text) {
  in_addr a;
  if (::inet_pton(AF_INET, trim(text).c_str(), &a) != 1) return false;
  return (ntohl(a.s_addr) >> 28) == 0xE;
}

bool percent(const std::string& text, double& out) {
  const auto p = adamant::units::parse(text, "percent", "%");
  if (!p || *p > 100) return false;
  out = *p;
  return true;
}

std::string units(const std::string& dimension) { return adamant::units::symbols(dimension); }

void count_range(const std::string& name, std::int64_t& lo, std::int64_t& hi) {
  const adamant::contract::Parameter* p = adamant::contract::find_parameter(name);
  if (p == nullptr || p->type != adamant::contract::ValueType::Count)
    throw std::logic_error("adamant_opendds: no count parameter '" + name + "' in the contract table");
  lo = static_cast<std::int64_t>(p->min);
  hi = static_cast<std::int64_t>(p->max);
}

std::string nak_keyword() { return std::string(adamant::contract::find_parameter("nak_timeout")->keyword); }

std::int64_t nak_keyword_us() { return adamant::contract::kNakTimeoutAuto.count(); }

std::uint8_t engine_priority(std::int32_t transport_priority) {
  if (transport_priority <= 0) return 0;
  if (transport_priority >= 255) return 255;
  return static_cast<std::uint8_t>(transport_priority);
}

}  // namespace params
}  // namespace adamant_opendds
