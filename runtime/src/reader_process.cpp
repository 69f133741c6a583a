#include "reader_process.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

namespace adamant::bench::detail {

namespace {
constexpr char kReady = 'R';
}

void write_all(int fd, const void* data, std::size_t n) {
  auto p = static_cast<const std::uint8_t*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw std::system_error(errno, std::generic_category(), "adamant reader: write result");
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

void write_ready(int result_fd) { write_all(result_fd, &kReady, 1); }

void write_report(int result_fd, std::uint64_t magic, const ReaderReport& r) {
  std::vector<std::uint64_t> header{magic};
  header.insert(header.end(), r.fields.begin(), r.fields.end());
  header.push_back(r.latencies_ns.size());
  write_all(result_fd, header.data(), header.size() * sizeof(std::uint64_t));
  write_all(result_fd, r.latencies_ns.data(), r.latencies_ns.size() * sizeof(std::int64_t));
  write_all(result_fd, r.sequences.data(), r.sequences.size() * sizeof(std::uint64_t));
  const std::uint64_t extra = r.extra.size();
  write_all(result_fd, &extra, sizeof extra);
  write_all(result_fd, r.extra.data(), r.extra.size() * sizeof(std::uint64_t));
}

std::optional<ReaderReport> parse_report(const std::vector<std::uint8_t>& buf, std::uint64_t magic,
                                         std::size_t fields) {
  const std::size_t words = fields + 2;  // magic, fields, latency count
  const std::size_t head = 1 + words * 8;
  if (buf.size() < head || buf[0] != static_cast<std::uint8_t>(kReady)) return std::nullopt;
  std::vector<std::uint64_t> h(words);
  std::memcpy(h.data(), buf.data() + 1, words * 8);
  const std::uint64_t n = h.back();
  if (h[0] != magic || n > (buf.size() - head) / 16 || buf.size() - head - n * 16 < 8) return std::nullopt;
  const std::size_t tail = head + n * 16 + 8;  // then the extra words
  std::uint64_t extra = 0;
  std::memcpy(&extra, buf.data() + tail - 8, 8);
  if (extra > (buf.size() - tail) / 8 || buf.size() != tail + extra * 8) return std::nullopt;
  ReaderReport r;
  r.fields.assign(h.begin() + 1, h.end() - 1);
  r.latencies_ns.resize(n);
  std::memcpy(r.latencies_ns.data(), buf.data() + head, n * 8);
  r.sequences.resize(n);
  std::memcpy(r.sequences.data(), buf.data() + head + n * 8, n * 8);
  r.extra.resize(extra);
  std::memcpy(r.extra.data(), buf.data() + tail, extra * 8);
  return r;
}

ReaderProcess::ReaderProcess(int index) : index_(index) {
  int res[2], ctl[2];
  if (::pipe2(res, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
  result_.reset(res[0]);  // owned before the next call can fail
  child_result_.reset(res[1]);
  if (::pipe2(ctl, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
  child_ctrl_.reset(ctl[0]);
  ctrl_.reset(ctl[1]);
  if (::fcntl(result_.get(), F_SETFL, O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "fcntl O_NONBLOCK");
}

void ReaderProcess::start(const std::function<int()>& body) {
  if (pid_ > 0 || !child_result_) throw std::logic_error("ReaderProcess::start called twice");
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "fork");
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // die with the writer: no orphans
    if (::getppid() != parent) ::_exit(127);
    // Keep stdio and this reader's two pipe ends only: a forked (not exec'ed) reader holding
    // the writer's end of another reader's control pipe would keep that reader from seeing EOF.
    const unsigned a = static_cast<unsigned>(std::min(child_result_.get(), child_ctrl_.get()));
    const unsigned b = static_cast<unsigned>(std::max(child_result_.get(), child_ctrl_.get()));
    if ((a > 3 && ::close_range(3, a - 1, 0) != 0) || (b > a + 1 && ::close_range(a + 1, b - 1, 0) != 0) ||
        ::close_range(b + 1, ~0u, 0) != 0)
      ::_exit(127);
    ::_exit(body());  // no unwinding into the writer's stack
  }
  pid_ = pid;
  child_result_.reset();  // the reader's ends: EOF on the result pipe once the reader exits
  child_ctrl_.reset();
}

void ReaderProcess::tell(std::int64_t word) {
  if (!ctrl_) throw std::logic_error("ReaderProcess::tell after stop");
  write_all(ctrl_.get(), &word, sizeof word);
}

ReaderProcess::~ReaderProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int st = 0;
  while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
  }
}

void ReaderProcess::drain() {
  if (eof_) return;
  std::uint8_t tmp[65536];
  for (;;) {
    const ssize_t n = ::read(result_.get(), tmp, sizeof(tmp));
    if (n > 0) {
      buf_.insert(buf_.end(), tmp, tmp + n);
      continue;
    }
    if (n == 0) {
      eof_ = true;
      return;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN) return;
    throw std::system_error(errno, std::generic_category(), "read reader pipe");
  }
}

std::optional<std::string> ReaderProcess::reap() {
  int st = 0;
  while (::waitpid(pid_, &st, 0) < 0) {
    if (errno != EINTR) {
      pid_ = -1;  // never signal a pid we no longer know is ours
      return "waitpid failed";
    }
  }
  pid_ = -1;
  if (WIFSIGNALED(st)) return "killed by signal " + std::to_string(WTERMSIG(st));
  if (WIFEXITED(st) && WEXITSTATUS(st) != 0) return "exited with status " + std::to_string(WEXITSTATUS(st));
  return std::nullopt;
}

}  // namespace adamant::bench::detail
