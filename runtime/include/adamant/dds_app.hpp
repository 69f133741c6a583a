// What a generated OpenDDS application (runtime/opendds, adamant_opendds/App.h) does without
// OpenDDS: its command line, its run time limit, the writers' pacing and the readers' end.
// Compiled and tested with the runtime on every machine; the OpenDDS side only calls it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace adamant::dds_app {

struct Options {
  std::uint64_t count = 1000;  // per endpoint; 0 = no limit
  double seconds = 0;          // 0 = no limit
  std::uint64_t print = 10;    // received samples printed per topic
  std::uint64_t key = 0;       // value of the key members of published samples
  long readers = -1;           // matched readers each writer waits for; -1: the model's subscribers
};

// The help text of application `program` whose configuration file is `config_file`.
void usage(std::ostream& out, const std::string& program, const std::string& config_file);

// Parses the application's own options (after TheParticipantFactoryWithArgs removed the -DCPS
// ones). std::nullopt to go on, else the exit code: 0 after --help (on `out`), 2 after a bad
// option or value (on `err`).
std::optional<int> parse_options(int argc, char** argv, const std::string& program, const std::string& config_file,
                                 Options& options, std::ostream& out, std::ostream& err);

// Whether the command line names a configuration file (-DCPSConfigFile), before OpenDDS reads it.
bool has_config_file(int argc, char** argv);

// The readers a writer waits for before its first sample: --readers, else the model's.
long expected_readers(const Options& options, long modeled);

using Clock = std::chrono::steady_clock;

// The --seconds limit, from construction.
class RunTimer {
 public:
  explicit RunTimer(double seconds) : seconds_(seconds), start_(Clock::now()) {}
  bool expired() const {
    return seconds_ > 0 && Clock::now() - start_ >= std::chrono::duration<double>(seconds_);
  }

 private:
  double seconds_;
  Clock::time_point start_;
};

// A writer's schedule at rate_hz (> 0): next() is the time of the next sample, one period after
// the previous one (from construction), so that late samples do not shift the ones after them.
class Pacer {
 public:
  explicit Pacer(double rate_hz, Clock::time_point start = Clock::now())
      : period_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate_hz))),
        next_(start) {}
  Clock::duration period() const { return period_; }
  Clock::time_point next() { return next_ += period_; }

 private:
  Clock::duration period_;
  Clock::time_point next_;
};

// A writer's calls before its first sample: OpenDDS's in the applications, fakes in the tests.
struct WriterStart {
  std::function<long()> matched_readers;    // readers matched now
  std::function<void()> register_instance;  // registers the instance of the published key
  std::function<void(Clock::duration)> sleep;
};

// Before a writer's first sample: polls matched_readers() every 100 ms, for up to 10 s or until
// the run's end, until `expected` readers matched (so that a volatile topic does not lose its
// first samples to a reader that starts later). Then, for foreign (interop) readers
// (foreign_sync_s > 0), registers the instance and waits foreign_sync_s seconds: OpenDDS reports
// a foreign reader matched once it discovered the reader, which discovers the writer up to a
// heartbeat period later and drops what arrives before the writer's first heartbeat; the
// registration keeps the heartbeats going meanwhile. Returns the readers matched at the end.
long await_readers(long expected, int foreign_sync_s, const RunTimer& timer, const WriterStart& calls);

// One reader's state as the application's main loop sees it.
struct ReaderProgress {
  std::uint64_t received = 0;
  long matched_total = 0;    // writers ever matched
  long matched_current = 0;  // writers matched now
};

// Whether the readers are done: every one received --count samples (count > 0), or every one
// had writers and all of them left. (--seconds is the RunTimer's.)
bool readers_done(const Options& options, const std::vector<ReaderProgress>& readers);

}  // namespace adamant::dds_app
