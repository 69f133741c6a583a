// Internal (not installed): the reader processes of a real-mode point, shared by the
// harness (re-executed readers) and ant-peer-bench (forked NORM receivers). A reader writes
// 'R' once ready, then its report (a magic word, fixed fields, its latencies and their
// sequences, extra words) on a result pipe; the writer closes the reader's control pipe to ask
// for it, and may write it 8-byte words before (tell).
#pragma once

#include <adamant/udp.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace adamant::bench::detail {

struct ReaderReport {
  std::vector<std::uint64_t> fields;
  std::vector<std::int64_t> latencies_ns;
  std::vector<std::uint64_t> sequences;  // of each latency's update
  std::vector<std::uint64_t> extra;      // the role's own words after them (a count first on the pipe)
};

// Writes all of `data` (retrying on EINTR); throws std::system_error.
void write_all(int fd, const void* data, std::size_t n);
// The reader's side: 'R' when ready, then the report (latencies and sequences of equal size).
void write_ready(int result_fd);
void write_report(int result_fd, std::uint64_t magic, const ReaderReport& report);
// The writer's side: everything a reader wrote, decoded; nullopt unless it is exactly 'R', then
// `magic`, `fields` words, a report with as many latencies as sequences, and its extra words.
std::optional<ReaderReport> parse_report(const std::vector<std::uint8_t>& bytes, std::uint64_t magic,
                                         std::size_t fields);

// One reader process. The destructor kills and reaps it unless it was already reaped,
// so an exception anywhere in the writer leaves neither zombies nor orphans.
class ReaderProcess {
 public:
  // Makes the pipes; start() forks the reader.
  explicit ReaderProcess(int index);
  // The child's ends of the result and control pipes (close-on-exec), for its arguments.
  int child_result_fd() const { return child_result_.get(); }
  int child_ctrl_fd() const { return child_ctrl_.get(); }
  // Forks; the child (which dies with the writer), holding no descriptor but stdio and the
  // child's ends, runs `body` and exits with its return value.
  // In a writer with other threads the body may make async-signal-safe calls only (up to an
  // exec). Once: the writer then holds only its own ends of the pipes.
  void start(const std::function<int()>& body);
  ReaderProcess(const ReaderProcess&) = delete;
  ReaderProcess& operator=(const ReaderProcess&) = delete;
  ~ReaderProcess();

  int index() const { return index_; }
  bool eof() const { return eof_; }
  bool ready() const { return !buf_.empty(); }
  void stop() { ctrl_.reset(); }  // the reader sees EOF/POLLHUP and reports
  // Writes one word on the control pipe (before stop); throws std::system_error.
  void tell(std::int64_t word);
  // Reads whatever is available without blocking; records EOF.
  void drain();
  // Reaps the process; returns a description of the failure, if any.
  std::optional<std::string> reap();
  const std::vector<std::uint8_t>& received() const { return buf_; }

 private:
  int index_;
  pid_t pid_ = -1;
  io::UniqueFd result_, ctrl_, child_result_, child_ctrl_;
  std::vector<std::uint8_t> buf_;
  bool eof_ = false;
};

}  // namespace adamant::bench::detail
