#include <adamant_opendds/AntOptions.h>

#include "Channel.h"
#include "Params.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>

namespace adamant_opendds {

const char* const AntOptions::keys[] = {"group",         "port",         "interface", "nak_timeout", "r",
                                        "c",             "nak_fallback", "bandwidth", "pace_mode",   "enqueue_timeout",
                                        "retry_timeout", "replace_by",   "table",     "hold",        "margin",
                                        "loss",          "seed",         "psk_file",  "psk_file_env"};
const int AntOptions::key_count = static_cast<int>(sizeof keys / sizeof keys[0]);

AntOptions::AntOptions(const std::string& k) : kind(k) {
  const ChannelParams d;
  group = d.group;
  port = d.port;
  iface = d.iface;
  nak_timeout_us = d.nak_timeout_us;
  r = d.lec_r;
  c = d.lec_c;
  nak_fallback = d.lec_nak_fallback;
  bandwidth = d.pace_bytes_per_s;
  estimate_bandwidth = d.estimate_bandwidth;
  enqueue_timeout_us = d.enqueue_timeout_us;
  retry_timeout_us = d.retry_timeout_us;
  hold_us = d.hold_us;
  margin_pct = d.margin_pct;
  loss_pct = d.loss_pct;
  seed = d.seed;
  // An ant_replace reader listens on a port of its own, which its locator carries to the
  // writers: by default one the kernel picks, so any number of readers run on one host.
  if (kind == "replace") port = 0;
}

std::string AntOptions::set(const std::string& key, const std::string& value, const std::string& where_prefix) {
  const std::string where = where_prefix + key + "=" + value + ": ";
  const std::string durations = params::units("duration") + "; a bare number is ms";
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
    const bool word = kind == "nakcast" || kind == "ricochet";  // the kinds that take `auto`
    if (word && value == params::nak_keyword()) {
      nak_timeout_us = params::nak_keyword_us();
    } else if (!params::duration_us(value, i) || i <= 0) {
      return where + "not a positive duration" + (word ? " or " + params::nak_keyword() : "") +
             "; use e.g. nak_timeout=50ms (" + durations + ")";
    } else {
      nak_timeout_us = i;
    }
  } else if (key == "r" || key == "c") {
    std::int64_t lo, hi;
    params::count_range(key, lo, hi);
    if (!params::integer(value, lo, hi, i))
      return where + "out of range; Ricochet " + key + " is " + std::to_string(lo) + ".." + std::to_string(hi) +
             (key == "r" ? " (packets per repair)" : " (receivers per repair)");
    (key == "r" ? r : c) = static_cast<int>(i);
  } else if (key == "nak_fallback") {
    if (!params::boolean(value, nak_fallback)) return where + "not a boolean; use 0 or 1";
  } else if (key == "bandwidth") {
    if (!params::bandwidth(value, bandwidth))
      return where + "not a bandwidth; use a number of B/s or one with a unit (" + params::units("bandwidth") +
             "; KB = 1024 B), e.g. bandwidth=5120 or 5KB/s; 0 = unpaced";
  } else if (key == "pace_mode") {
    if (value != "fixed" && value != "estimate")
      return where + "unknown; use fixed (pace at bandwidth) or estimate (pace to the bandwidth measured from the ACKs)";
    estimate_bandwidth = value == "estimate";
  } else if (key == "enqueue_timeout") {
    if (!params::duration_us(value, enqueue_timeout_us))
      return where + "not a duration; use e.g. enqueue_timeout=200ms (" + durations + "; 0 = never drop)";
  } else if (key == "retry_timeout") {
    if (!params::duration_us(value, i) || i <= 0)
      return where + "not a positive duration; use e.g. retry_timeout=10s (" + durations + ")";
    retry_timeout_us = i;
  } else if (key == "replace_by") {
    if (value == "instance") replace_by = ReplaceBy::Instance;
    else if (value == "writer") replace_by = ReplaceBy::Writer;
    else if (value == "none") replace_by = ReplaceBy::None;
    else return where + "unknown; use instance, writer or none";
  } else if (key == "table") {
    if (value.empty()) return where + "empty; name the decision table, e.g. table=adaptive/radar.Tracks.json";
    // read now: a missing or malformed table fails at configuration
    const std::string wrong = table_error(value);
    if (!wrong.empty()) return where + wrong;
    table = value;
  } else if (key == "hold") {
    if (!params::duration_us(value, i) || i < 0)
      return where + "not a duration; use e.g. hold=2s (" + durations + "; 0 = switch whenever the pick changes)";
    hold_us = i;
  } else if (key == "margin") {
    if (!params::percent(value, margin_pct))
      return where + "not a percentage; use 0..100, e.g. margin=10 (a switch's least gain in predicted ReLate2)";
  } else if (key == "loss") {
    if (!params::percent(value, loss_pct)) return where + "not a percentage; use 0..100, e.g. loss=2";
  } else if (key == "seed") {
    if (!params::integer(value, 0, INT64_MAX, i)) return where + "not a non-negative integer";
    seed = static_cast<std::uint64_t>(i);
  } else if (key == "psk_file" || key == "psk_file_env") {
    const char* path = key == "psk_file" ? value.c_str() : std::getenv(value.c_str());
    if (key == "psk_file" && value.empty()) return where + "empty; name the key file, e.g. psk_file=adamant.key";
    if (path == nullptr || *path == '\0') return where + "$" + value + " is not set (it names the key file)";
    // read now: a missing, open or malformed key file fails at configuration
    const std::string wrong = key_file_error(path);
    if (!wrong.empty()) return where + wrong;
    psk_file = path;
    if (key == "psk_file_env") psk_file_env = value;
  } else if (key == "psk") {
    return where_prefix + "psk=... refused: a key written into the configuration is readable by whoever reads it; write it to a "
                 "file only its user can read (openssl rand -hex 32 > FILE; chmod 600 FILE) and use psk_file=FILE";
  } else {
    return where + "unknown parameter; the ant_* parameters are group, port, interface, nak_timeout, r, c, "
                   "nak_fallback, bandwidth, pace_mode, enqueue_timeout, retry_timeout, replace_by, table, hold, margin, "
                   "loss, seed, psk_file, psk_file_env";
  }
  return std::string();
}

std::string AntOptions::get(const std::string& key) const {
  static const char* const by[] = {"instance", "writer", "none"};
  std::ostringstream os;
  if (key == "group") os << group;
  else if (key == "port") os << port;
  else if (key == "interface") os << iface;
  else if (key == "nak_timeout" && nak_timeout_us == params::nak_keyword_us()) os << params::nak_keyword();
  else if (key == "nak_timeout") os << nak_timeout_us << "us";
  else if (key == "r") os << r;
  else if (key == "c") os << c;
  else if (key == "nak_fallback") os << (nak_fallback ? 1 : 0);
  else if (key == "bandwidth") os << bandwidth;
  else if (key == "pace_mode") os << (estimate_bandwidth ? "estimate" : "fixed");
  else if (key == "enqueue_timeout") os << enqueue_timeout_us << "us";
  else if (key == "retry_timeout") os << retry_timeout_us << "us";
  else if (key == "replace_by") os << by[static_cast<int>(replace_by)];
  else if (key == "table") os << table;
  else if (key == "hold") os << hold_us << "us";
  else if (key == "margin") os << margin_pct;
  else if (key == "loss") os << loss_pct;
  else if (key == "seed") os << seed;
  else if (key == "psk_file") os << psk_file;
  else if (key == "psk_file_env") os << psk_file_env;
  return os.str();
}

std::string AntOptions::missing(const std::string& where) const {
  if (kind == "adaptive" && table.empty())
    return where + "table= missing: ant_adaptive switches between the candidates of a decision table; name its "
                   "JSON file, e.g. table=adaptive/radar.Tracks.json (the generator writes it beside the .ini)";
  return std::string();
}

}  // namespace adamant_opendds
