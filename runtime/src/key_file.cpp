#include <adamant/key_file.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace adamant::auth {

namespace {
int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}
}  // namespace

std::string parse_key_text(std::string_view text) {
  std::optional<std::string_view> line;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) {
      if (!trim(text.substr(at)).empty()) throw std::invalid_argument("the last line does not end with a newline (partly written?)");
      break;
    }
    const std::string_view l = trim(text.substr(at, nl - at));
    at = nl + 1;
    if (l.empty() || l.front() == '#') continue;
    if (line) throw std::invalid_argument("more than one key line");
    line = l;
  }
  if (!line) throw std::invalid_argument("no key line");
  if (line->size() % 2 != 0) throw std::invalid_argument("an odd number of hexadecimal digits");
  std::string key;
  for (std::size_t i = 0; i < line->size(); i += 2) {
    const int hi = hex_digit((*line)[i]), lo = hex_digit((*line)[i + 1]);
    if (hi < 0 || lo < 0) throw std::invalid_argument("the key line holds a character that is not a hexadecimal digit");
    key.push_back(static_cast<char>(hi * 16 + lo));
  }
  if (key.size() < kMinKeyBytes)
    throw std::invalid_argument("key of " + std::to_string(key.size()) + " bytes; at least " +
                                std::to_string(kMinKeyBytes) + " (" + std::to_string(2 * kMinKeyBytes) +
                                " hexadecimal digits) expected");
  if (key.size() > 1024) throw std::invalid_argument("key longer than 1024 bytes");
  return key;
}

std::string read_key_file(const std::string& path) {
  auto fail = [&path](const std::string& why) { return std::runtime_error("key file '" + path + "': " + why); };
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // O_NONBLOCK: a FIFO cannot hang us
  if (fd < 0) throw fail(std::strerror(errno));
  struct Close {
    int fd;
    ~Close() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw fail(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw fail("not a regular file");
  if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    throw fail(std::string("mode ") + mode + " lets its group or others read or write it; chmod 600 '" + path + "'");
  }
  if (st.st_size > 8192) throw fail("larger than 8192 bytes");
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw fail(std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  try {
    return parse_key_text(text);
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
}

std::string key_file_path(const std::string& option) {
  if (!option.empty()) return option;
  const char* env = std::getenv(kKeyFileEnv);
  return env ? env : "";
}

std::string key_on_command_line(const std::string& option) {
  return option + " refused: a key on a command line is visible to every user (ps, /proc); write it as "
                  "hexadecimal digits to a file only you can read (openssl rand -hex 32 > FILE; chmod 600 FILE) "
                  "and pass --psk-file FILE or set " + std::string(kKeyFileEnv) + "=FILE";
}

KeyFileWatch::KeyFileWatch(std::string path) : path_(std::move(path)), key_(read_key_file(path_)) {}

std::optional<std::string> KeyFileWatch::poll(std::int64_t now_ns) {
  if (now_ns < next_poll_ns_) return std::nullopt;
  next_poll_ns_ = now_ns + kKeyPollNs;
  try {
    std::string k = read_key_file(path_);
    last_error_.clear();
    if (k == key_) return std::nullopt;
    key_ = k;
    return k;
  } catch (const std::exception& e) {
    if (e.what() != last_error_) std::fprintf(stderr, "adamant: keeping the current key: %s\n", e.what());
    last_error_ = e.what();
    return std::nullopt;
  }
}

}  // namespace adamant::auth
