#include <adamant/dds_app.hpp>

#include <cstdlib>
#include <cstring>

namespace adamant::dds_app {

void usage(std::ostream& out, const std::string& program, const std::string& config_file) {
  out << "usage: " << program << " [-DCPSConfigFile " << config_file
      << "] [--count N] [--seconds S] [--print N] [--key K] [--readers N]\n"
      << "  --count N      publish N samples per published topic / stop after N per subscribed topic (0: no limit; "
         "default 1000)\n"
      << "  --seconds S    stop after S seconds (0: no limit; default 0)\n"
      << "  --print N      print the first N samples received per topic (default 10)\n"
      << "  --key K        key value of the published samples (default 0)\n"
      << "  --readers N    readers each writer waits for (up to 10 s) before its first sample (default: the\n"
      << "                 model's subscriber instances of the topic)\n"
      << "  OpenDDS options (-DCPS...) are read by TheParticipantFactoryWithArgs.\n";
}

std::optional<int> parse_options(int argc, char** argv, const std::string& program, const std::string& config_file,
                                 Options& options, std::ostream& out, std::ostream& err) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage(out, program, config_file);
      return 0;
    }
    if ((arg != "--count" && arg != "--seconds" && arg != "--print" && arg != "--key" && arg != "--readers") ||
        i + 1 >= argc) {
      err << program << ": bad option " << arg << "\n";
      usage(err, program, config_file);
      return 2;
    }
    const std::string value = argv[++i];
    char* end = nullptr;
    if (arg == "--seconds") {
      options.seconds = std::strtod(value.c_str(), &end);
    } else {
      const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
      if (arg == "--readers") {
        options.readers = static_cast<long>(n);
      } else {
        (arg == "--count" ? options.count : arg == "--print" ? options.print : options.key) = n;
      }
    }
    if (value.empty() || end == nullptr || *end != '\0' || value[0] == '-') {
      err << program << ": bad value '" << value << "' for " << arg << "\n";
      return 2;
    }
  }
  return std::nullopt;
}

bool has_config_file(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-DCPSConfigFile") == 0) {
      return true;
    }
  }
  return false;
}

long expected_readers(const Options& options, long modeled) { return options.readers >= 0 ? options.readers : modeled; }

long await_readers(long expected, int foreign_sync_s, const RunTimer& timer, const WriterStart& calls) {
  constexpr int kPolls = 100;
  constexpr auto kPollPeriod = std::chrono::milliseconds(100);
  long matched = calls.matched_readers();
  for (int i = 0; i < kPolls && matched < expected && !timer.expired(); ++i) {
    calls.sleep(kPollPeriod);
    matched = calls.matched_readers();
  }
  if (foreign_sync_s > 0) {
    calls.register_instance();
    calls.sleep(std::chrono::seconds(foreign_sync_s));
  }
  return matched;
}

bool readers_done(const Options& options, const std::vector<ReaderProgress>& readers) {
  bool counted = options.count > 0;
  bool writers_left = true;
  for (const ReaderProgress& r : readers) {
    counted = counted && r.received >= options.count;
    writers_left = writers_left && r.matched_total > 0 && r.matched_current == 0;
  }
  return counted || writers_left;
}

}  // namespace adamant::dds_app
