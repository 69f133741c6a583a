#include "reader_launch.hpp"

#include "point_common.hpp"

#include <adamant/udp.hpp>

#include <cstdlib>
#include <sstream>
#include <unistd.h>

namespace adamant::bench::detail {

ReaderHost parse_reader_host(const std::string& spec) {
  std::istringstream words(spec);
  ReaderHost host;
  if (!(words >> host.iface)) throw Failure("--reader-host needs ADDR [CMD ARG...], not an empty value");
  if (!io::parse_ipv4(host.iface, 0))
    throw Failure("--reader-host '" + spec + "': '" + host.iface + "' is not an IPv4 address");
  for (std::string w; words >> w;) host.launcher.push_back(w);
  return host;
}

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

std::vector<std::string> reader_command(const ReaderHost& host, const std::string& program,
                                        const std::vector<std::string>& args) {
  std::vector<std::string> cmd = host.launcher;
  const std::string& first = cmd.front();
  if (first.substr(first.find_last_of('/') + 1) == "ssh") {
    std::string remote = shell_quote(program);
    for (const std::string& a : args) remote += ' ' + shell_quote(a);
    cmd.push_back(remote);
  } else {
    cmd.push_back(program);
    cmd.insert(cmd.end(), args.begin(), args.end());
  }
  return cmd;
}

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    if (::access(name.c_str(), X_OK) == 0) return name;
    throw Failure("'" + name + "' is not an executable program");
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw Failure("'" + name + "' is not on PATH");
}

std::string own_program() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) throw Failure("cannot read /proc/self/exe");
  return std::string(buf, static_cast<std::size_t>(n));
}

}  // namespace adamant::bench::detail
