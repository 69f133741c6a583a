// Pre-shared key files. A key never travels on a command line (argv is visible to every user
// through ps and /proc); programs take the path of a file instead: --psk-file FILE, or the
// environment variable ADAMANT_PSK_FILE, or psk_file= in an OpenDDS .ini.
//
// Format: text; blank lines and lines starting with '#' are ignored; exactly one other line,
// ended by a newline, holds the key as hexadecimal digits: at least 32 digits (16 bytes), at most
// 2048 (1024 bytes), e.g. the output of `openssl rand -hex 32`. The file must be a regular file
// that neither its group nor others may read or write (chmod 600): anything else is refused.
//
// Rotation: a running program re-reads its key file every kKeyPollNs; a new key is handed to
// Authenticator::rotate (auth.hpp). Replace the file atomically (write another file, then mv).
#pragma once

#include <adamant/wire_sizes.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace adamant::auth {

inline constexpr std::size_t kMinKeyBytes = wire::kMinKeyBytes;  // the contract's min_key_bytes
inline constexpr std::int64_t kKeyPollNs = 500'000'000;
inline constexpr const char* kKeyFileEnv = "ADAMANT_PSK_FILE";

// The key bytes of a key file's text; std::invalid_argument saying what is wrong.
std::string parse_key_text(std::string_view text);
// Reads and parses `path`; std::runtime_error naming the file when it cannot be read, is not
// a regular file, is open to its group or others, or does not parse.
std::string read_key_file(const std::string& path);
// The key file a program uses: `option` when not empty, else $ADAMANT_PSK_FILE, else "".
std::string key_file_path(const std::string& option);
// What a program prints when given a key on its command line (`option`, e.g. "--psk").
std::string key_on_command_line(const std::string& option);

// A key file watched for rotation (the I/O side; Authenticator stays sans-IO).
class KeyFileWatch {
 public:
  explicit KeyFileWatch(std::string path);  // reads the key now (read_key_file's errors)
  const std::string& key() const { return key_; }
  const std::string& path() const { return path_; }
  // At most every kKeyPollNs: the new key when the file now holds another valid key. A file
  // that cannot be read or parsed keeps the current key (each new error printed once on stderr).
  std::optional<std::string> poll(std::int64_t now_ns);

 private:
  std::string path_, key_, last_error_;
  std::int64_t next_poll_ns_ = 0;
};

}  // namespace adamant::auth
