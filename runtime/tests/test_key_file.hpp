// Key files for the tests: written under /tmp with the given mode, removed at exit.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace adamant::testing {

// Writes `text` to a fresh file with `mode` and returns its path.
inline std::string write_key_file(const std::string& text, mode_t mode = 0600) {
  static std::vector<std::string> written;
  static const bool cleanup = std::atexit([] {
    for (const auto& p : written) std::remove(p.c_str());
  }) == 0;
  (void)cleanup;
  const std::string path = "/tmp/adamant_test_key_" + std::to_string(::getpid()) + "_" + std::to_string(written.size());
  std::remove(path.c_str());
  std::ofstream(path) << text;
  ::chmod(path.c_str(), mode);
  written.push_back(path);
  return path;
}

}  // namespace adamant::testing
