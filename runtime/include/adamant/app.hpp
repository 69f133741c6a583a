// Command-line options shared by every generated application, parsed in one place so that
// generated code stays short and every application answers --help the same way.
#pragma once

#include <adamant/types.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace adamant::app {

struct Options {
  std::uint64_t count = 1000;           // samples to publish per published topic; 0 = no limit
  double seconds = 0;                   // stop after this long; 0 = no limit
  std::string group = "239.255.0.1";    // multicast group
  std::uint16_t port = 7400;            // UDP port
  std::string iface = "127.0.0.1";      // multicast interface (always explicit)
  std::uint64_t print = 10;             // received samples printed per subscribed topic
  std::string psk_file;                 // pre-shared key file (adamant/key_file.hpp); "" = no key
  std::string psk_env;                  // the model's `key env NAME`: NAME holds the key file's path
};

// Parses argv into `options`. The key file: --psk-file, else the model's (psk_file or $psk_env, set
// by the generated code before the call), else $ADAMANT_PSK_FILE; read once here, so a bad one fails
// at start. A key on the command line (--psk) is refused. Returns std::nullopt to go on, or the exit code to return right away:
// 0 after printing --help, 2 after printing what was wrong with the command line.
std::optional<int> parse_options(int argc, char** argv, const std::string& description, Options& options);

// A channel for one topic's stream with the application's addressing and the modeled transport.
ChannelConfig channel(const Options& options, std::uint32_t stream_id, const TransportSettings& transport);

}  // namespace adamant::app
