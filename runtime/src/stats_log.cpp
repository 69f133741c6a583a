#include "stats_log.hpp"

#include "reader_process.hpp"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace adamant::bench::detail {

namespace {
constexpr std::int64_t kPeriodNs = 1'000'000'000;
}

StatsLog::StatsLog(const std::string& path, const char* role, int index) : role_(role), index_(index) {
  if (path.empty()) return;
  fd_ = io::UniqueFd(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (!fd_) throw std::system_error(errno, std::generic_category(), "--stats-file " + path);
}

void StatsLog::sample(std::int64_t now_ns, std::size_t state_entries, std::uint64_t count, bool now) {
  if (!fd_ || (now_ns < next_ns_ && !now)) return;
  next_ns_ = now_ns + kPeriodNs;
  char line[128];
  const int n = std::snprintf(line, sizeof line, "%lld %s %d %ld %zu %llu\n", static_cast<long long>(now_ns / 1'000'000),
                              role_, index_, static_cast<long>(::getpid()), state_entries,
                              static_cast<unsigned long long>(count));
  write_all(fd_.get(), line, static_cast<std::size_t>(n));
}

}  // namespace adamant::bench::detail
