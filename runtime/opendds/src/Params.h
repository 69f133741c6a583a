// Parameter parsing for the ant_* transports: one syntax for the .ini and AntInst::set().
// This header is C++14-clean (the plugin's sources include it); Params.cpp is C++17 and part of
// the door into the runtime (adamant_opendds_channel): quantities are read by the runtime's one
// parser (adamant/units.hpp) with the contract's units, ranges come from the contract table.
#ifndef ADAMANT_OPENDDS_PARAMS_H
#define ADAMANT_OPENDDS_PARAMS_H

#include <cstdint>
#include <string>

namespace adamant_opendds {
namespace params {

// "50ms", "2000us", "0.05s", "1.5s"; a bare number is milliseconds; to the nearest microsecond.
bool duration_us(const std::string& text, std::int64_t& out);
// Decimal integer in [lo, hi].
bool integer(const std::string& text, std::int64_t lo, std::int64_t hi, std::int64_t& out);
// Bytes per second, in the language's units (KB/s = 1024 B/s, kbit/s = 125 B/s); a bare
// number is B/s. "0" = unpaced.
bool bandwidth(const std::string& text, std::uint64_t& out);
// 1/0, true/false, yes/no, on/off.
bool boolean(const std::string& text, bool& out);
// Dotted IPv4 address.
bool ipv4(const std::string& text);
// Dotted IPv4 multicast address (224.0.0.0/4).
bool ipv4_multicast(const std::string& text);
// Percent in [0, 100], with or without '%'.
bool percent(const std::string& text, double& out);
// The contract's units of a dimension ("duration", "bandwidth"), for messages: "us, ms, s".
std::string units(const std::string& dimension);
// The contract's inclusive range of the count parameter `name` ("r", "c").
void count_range(const std::string& name, std::int64_t& lo, std::int64_t& hi);
// nak_timeout's word (the contract's keyword, "auto"), which ant_nakcast takes, and the value in
// microseconds it is held as.
std::string nak_keyword();
std::int64_t nak_keyword_us();
// The replace engine's message priority (0..255, higher is sent first) for a DDS
// TRANSPORT_PRIORITY value (a 32-bit long, default 0): clamped into 0..255, so the default
// and every negative value are the lowest priority and 255 and above the highest.
std::uint8_t engine_priority(std::int32_t transport_priority);

}  // namespace params
}  // namespace adamant_opendds

#endif
