#include <adamant_opendds/AntOptions.h>

#include "Params.h"

#include <adamant/engine/defaults.hpp>

#include <cstdint>
#include <sstream>

namespace adamant_opendds {

const char* const AntOptions::keys[] = {"group",         "port",         "interface", "nak_timeout", "r",
                                        "c",             "nak_fallback", "bandwidth", "enqueue_timeout",
                                        "retry_timeout", "replace_by",   "loss",      "seed",        "psk"};
const int AntOptions::key_count = static_cast<int>(sizeof keys / sizeof keys[0]);

AntOptions::AntOptions(const std::string& k)
    : kind(k),
      nak_timeout_us(adamant::defaults::nakcast::kNakTimeout.count()),
      r(adamant::defaults::ricochet::kR),
      c(adamant::defaults::ricochet::kC),
      nak_fallback(adamant::defaults::ricochet::kNakFallback),
      bandwidth(adamant::defaults::replace::kPaceBytesPerS),
      enqueue_timeout_us(adamant::defaults::replace::kEnqueueTimeout.count()),
      retry_timeout_us(adamant::defaults::replace::kRetryTimeout.count()) {
  // An ant_replace reader listens on a port of its own, which its locator carries to the
  // writers: by default one the kernel picks, so any number of readers run on one host.
  if (kind == "replace") port = 0;
}

std::string AntOptions::set(const std::string& key, const std::string& value, const std::string& where_prefix) {
  const std::string where = where_prefix + key + "=" + value + ": ";
  std::int64_t i;
  if (key == "group") {
    if (!params::ipv4_multicast(value)) return where + "not an IPv4 multicast group; use e.g. group=239.255.42.1";
    group = value;
  } else if (key == "port") {
    if (kind == "replace") {
      if (!params::integer(value, 0, 65535, i))
        return where + "not a UDP port; use 1..65535, or 0 for a port the kernel picks (the default)";
    } else if (!params::integer(value, 1, 65535, i)) {
      return where + "not a UDP port; use 1..65535, e.g. port=7350";
    }
    port = static_cast<std::uint16_t>(i);
  } else if (key == "interface") {
    if (!params::ipv4(value)) return where + "not an IPv4 address; use the interface's address, e.g. interface=127.0.0.1";
    iface = value;
  } else if (key == "nak_timeout") {
    if (!params::duration_us(value, i) || i <= 0)
      return where + "not a positive duration; use e.g. nak_timeout=50ms (units us, ms, s; bare number = ms)";
    nak_timeout_us = i;
  } else if (key == "r") {
    if (!params::integer(value, 1, 64, i)) return where + "out of range; Ricochet r is 1..64 (packets per repair)";
    r = static_cast<int>(i);
  } else if (key == "c") {
    if (!params::integer(value, 1, 64, i)) return where + "out of range; Ricochet c is 1..64 (receivers per repair)";
    c = static_cast<int>(i);
  } else if (key == "nak_fallback") {
    if (!params::boolean(value, nak_fallback)) return where + "not a boolean; use 0 or 1";
  } else if (key == "bandwidth") {
    if (!params::bandwidth(value, bandwidth))
      return where + "not a rate; use bytes/s (e.g. bandwidth=125000 or 125kB/s) or bits/s (1Mbps); 0 = unpaced";
  } else if (key == "enqueue_timeout") {
    if (!params::duration_us(value, enqueue_timeout_us))
      return where + "not a duration; use e.g. enqueue_timeout=200ms (0 = never drop)";
  } else if (key == "retry_timeout") {
    if (!params::duration_us(value, i) || i <= 0) return where + "not a positive duration; use e.g. retry_timeout=10s";
    retry_timeout_us = i;
  } else if (key == "replace_by") {
    if (value == "instance") replace_by = ReplaceBy::Instance;
    else if (value == "writer") replace_by = ReplaceBy::Writer;
    else if (value == "none") replace_by = ReplaceBy::None;
    else return where + "unknown; use instance, writer or none";
  } else if (key == "loss") {
    if (!params::percent(value, loss_pct)) return where + "not a percentage; use 0..100, e.g. loss=2";
  } else if (key == "seed") {
    if (!params::integer(value, 0, INT64_MAX, i)) return where + "not a non-negative integer";
    seed = static_cast<std::uint64_t>(i);
  } else if (key == "psk") {
    psk = value;
  } else {
    return where + "unknown parameter; the ant_* parameters are group, port, interface, nak_timeout, r, c, "
                   "nak_fallback, bandwidth, enqueue_timeout, retry_timeout, replace_by, loss, seed, psk";
  }
  return std::string();
}

std::string AntOptions::get(const std::string& key) const {
  static const char* const by[] = {"instance", "writer", "none"};
  std::ostringstream os;
  if (key == "group") os << group;
  else if (key == "port") os << port;
  else if (key == "interface") os << iface;
  else if (key == "nak_timeout") os << nak_timeout_us << "us";
  else if (key == "r") os << r;
  else if (key == "c") os << c;
  else if (key == "nak_fallback") os << (nak_fallback ? 1 : 0);
  else if (key == "bandwidth") os << bandwidth;
  else if (key == "enqueue_timeout") os << enqueue_timeout_us << "us";
  else if (key == "retry_timeout") os << retry_timeout_us << "us";
  else if (key == "replace_by") os << by[static_cast<int>(replace_by)];
  else if (key == "loss") os << loss_pct;
  else if (key == "seed") os << seed;
  else if (key == "psk") os << psk;
  return os.str();
}

}  // namespace adamant_opendds
