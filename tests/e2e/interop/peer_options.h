// Command line and reception bookkeeping shared by the foreign RTPS peers (cyclone_*.cpp,
// fastdds_*.cpp). The peers exchange the interop model's topic type with the generated OpenDDS
// applications; interop.sh passes them the QoS of the model's profile (see interop.adamant).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>

namespace interop {

struct PeerOptions {
  std::uint32_t domain = 0;
  std::string topic;
  std::uint64_t count = 200;        // samples to write / to receive
  double rate_hz = 100;             // writer: samples per second
  std::uint32_t key = 0;            // writer: value of the key member uav_id
  bool reliable = true;             // reliability reliable | best_effort
  double max_blocking_s = 0.1;      // reliability max_blocking_time
  bool transient_local = false;     // durability volatile | transient_local
  bool keep_all = false;            // history keep_all | keep_last DEPTH
  std::int32_t depth = 1;
  double deadline_s = 0;            // 0: no deadline (infinite)
  std::uint32_t readers = 1;        // writer: matched readers to wait for before the first write
  bool handshake = true;            // writer: start with the acknowledged unregister (see the writers)
  double match_timeout_s = 20;      // writer: give up waiting for readers after this long
  double seconds = 30;              // reader: give up after this long
};

inline void usage(std::ostream& out, const char* program, bool writer) {
  out << "usage: " << program << " --topic NAME [options]\n"
      << "  --domain N            DDS domain (default 0)\n"
      << "  --count N             samples to " << (writer ? "write" : "receive") << " (default 200)\n"
      << "  --reliability K       reliable | best_effort (default reliable)\n"
      << "  --max-blocking S      reliability max_blocking_time in seconds (default 0.1)\n"
      << "  --durability K        volatile | transient_local (default volatile)\n"
      << "  --history K           keep_last | keep_all (default keep_last)\n"
      << "  --depth N             keep_last depth (default 1)\n"
      << "  --deadline S          deadline period in seconds; 0: none (default 0)\n";
  if (writer) {
    out << "  --rate HZ             samples per second (default 100)\n"
        << "  --key K               value of the key member uav_id (default 0)\n"
        << "  --readers N           matched readers to wait for before the first write (default 1)\n"
        << "  --handshake on|off    before the first sample, write an unregister of the key and wait until\n"
        << "                        every matched reader acknowledged it (default on)\n"
        << "  --match-timeout S     give up waiting for the readers after S seconds (default 20)\n";
  } else {
    out << "  --seconds S           give up after S seconds (default 30)\n";
  }
}

// Returns -1 to go on, or the exit code (0 for --help, 2 for a bad command line).
inline int parse(int argc, char** argv, bool writer, PeerOptions& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage(std::cout, argv[0], writer);
      return 0;
    }
    if (i + 1 >= argc) {
      std::cerr << argv[0] << ": " << arg << " needs a value\n";
      usage(std::cerr, argv[0], writer);
      return 2;
    }
    const std::string value = argv[++i];
    try {
      std::size_t used = 0;
      const auto number = [&](double min) {
        const double v = std::stod(value, &used);
        if (used != value.size() || v < min) {
          throw std::invalid_argument(value);
        }
        return v;
      };
      if (arg == "--topic") {
        o.topic = value;
      } else if (arg == "--domain") {
        o.domain = static_cast<std::uint32_t>(number(0));
      } else if (arg == "--count") {
        o.count = static_cast<std::uint64_t>(number(1));
      } else if (arg == "--reliability" && (value == "reliable" || value == "best_effort")) {
        o.reliable = value == "reliable";
      } else if (arg == "--max-blocking") {
        o.max_blocking_s = number(0);
      } else if (arg == "--durability" && (value == "volatile" || value == "transient_local")) {
        o.transient_local = value == "transient_local";
      } else if (arg == "--history" && (value == "keep_last" || value == "keep_all")) {
        o.keep_all = value == "keep_all";
      } else if (arg == "--depth") {
        o.depth = static_cast<std::int32_t>(number(1));
      } else if (arg == "--deadline") {
        o.deadline_s = number(0);
      } else if (writer && arg == "--rate") {
        o.rate_hz = number(0.001);
      } else if (writer && arg == "--key") {
        o.key = static_cast<std::uint32_t>(number(0));
      } else if (writer && arg == "--readers") {
        o.readers = static_cast<std::uint32_t>(number(0));
      } else if (writer && arg == "--handshake" && (value == "on" || value == "off")) {
        o.handshake = value == "on";
      } else if (writer && arg == "--match-timeout") {
        o.match_timeout_s = number(0);
      } else if (!writer && arg == "--seconds") {
        o.seconds = number(0);
      } else {
        std::cerr << argv[0] << ": unknown option or value: " << arg << " " << value << "\n";
        usage(std::cerr, argv[0], writer);
        return 2;
      }
    } catch (const std::logic_error&) {
      std::cerr << argv[0] << ": bad value '" << value << "' for " << arg << "\n";
      return 2;
    }
  }
  if (o.topic.empty()) {
    std::cerr << argv[0] << ": --topic is required\n";
    usage(std::cerr, argv[0], writer);
    return 2;
  }
  return -1;
}

// Counts what a reader received: each sample carries its sequence number (0, 1, ...) in `cell`,
// as the generated OpenDDS writers fill it (<model>Samples.h).
class Reception {
 public:
  void add(std::uint32_t cell) {
    ++received_;
    if (!cells_.insert(cell).second) {
      ++duplicates_;
    }
  }
  std::uint64_t received() const { return received_; }
  std::uint64_t distinct() const { return cells_.size(); }
  // Prints "PROGRAM: received N of M samples (...)"; true when every cell 0..M-1 arrived once.
  bool report(std::ostream& out, const char* program, std::uint64_t expected) const {
    std::uint64_t missing_at_start = 0;
    while (missing_at_start < expected && cells_.count(static_cast<std::uint32_t>(missing_at_start)) == 0) {
      ++missing_at_start;
    }
    std::uint64_t in_range = 0;
    for (std::uint32_t c : cells_) {
      in_range += c < expected ? 1 : 0;
    }
    out << program << ": received " << in_range << " of " << expected << " samples (" << received_
        << " taken, " << duplicates_ << " duplicates, first " << missing_at_start << " missing";
    if (!cells_.empty()) {
      out << ", cells " << *cells_.begin() << ".." << *cells_.rbegin();
    }
    out << ")" << std::endl;
    return in_range == expected && duplicates_ == 0;
  }

 private:
  std::uint64_t received_ = 0;
  std::uint64_t duplicates_ = 0;
  std::set<std::uint32_t> cells_;
};

using Clock = std::chrono::steady_clock;

inline std::chrono::nanoseconds to_ns(double seconds) {
  return std::chrono::nanoseconds(static_cast<std::int64_t>(seconds * 1e9 + 0.5));
}

// The main of every peer: parses the options (writer: the writer's options too), runs the peer,
// and turns an exception into a message and exit code 1.
inline int peer_main(int argc, char** argv, const char* name, bool writer, int (*run)(const PeerOptions&)) {
  PeerOptions options;
  const int parsed = parse(argc, argv, writer, options);
  if (parsed >= 0) {
    return parsed;
  }
  try {
    return run(options);
  } catch (const std::exception& e) {
    std::cerr << name << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace interop
