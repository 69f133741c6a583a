#include "Params.h"

#include "Channel.h"

#include <arpa/inet.h>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace adamant_opendds {
namespace params {
namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// A non-negative finite number followed by a unit (possibly empty).
bool number_unit(const std::string& text, double& num, std::string& unit) {
  const std::string t = trim(text);
  if (t.empty() || !(std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '.')) return false;
  const char* begin = t.c_str();
  char* end = nullptr;
  errno = 0;
  num = std::strtod(begin, &end);
  if (end == begin || errno != 0 || !std::isfinite(num) || num < 0) return false;
  unit = trim(std::string(end));
  return true;
}

}  // namespace

bool duration_us(const std::string& text, std::int64_t& out) { return parse_duration_us(text, out); }

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
  double n;
  std::string unit;
  if (!number_unit(text, n, unit)) return false;
  double bytes;
  if (unit.empty() || unit == "B/s") bytes = n;
  else if (unit == "kB/s") bytes = n * 1e3;
  else if (unit == "MB/s") bytes = n * 1e6;
  else if (unit == "bps") bytes = n / 8;
  else if (unit == "kbps") bytes = n * 1e3 / 8;
  else if (unit == "Mbps") bytes = n * 1e6 / 8;
  else return false;
  if (bytes > 1e15) return false;
  out = static_cast<std::uint64_t>(std::llround(bytes));
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
  double n;
  std::string unit;
  if (!number_unit(text, n, unit) || !(unit.empty() || unit == "%") || n > 100) return false;
  out = n;
  return true;
}

std::uint8_t engine_priority(std::int32_t transport_priority) {
  if (transport_priority <= 0) return 0;
  if (transport_priority >= 255) return 255;
  return static_cast<std::uint8_t>(transport_priority);
}

}  // namespace params
}  // namespace adamant_opendds
