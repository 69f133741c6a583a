// Internal (not installed): where a real-mode reader runs. By default the writer forks each
// reader on its own host, bound to the writer's interface; a testbed (docs/testbed.md) places
// each reader on a host of its own with `--reader-host SPEC`:
//   ADDR                 the reader binds multicast on ADDR, forked here
//   ADDR CMD ARG...      the reader binds on ADDR and runs under CMD ARG... (e.g. `mnexec -a PID`
//                        into a host's network namespace, or `ssh -i KEY user@host` onto another
//                        machine); it then reads its control pipe on stdin and writes its result on
//                        stdout, which any such command carries.
#pragma once

#include <string>
#include <vector>

namespace adamant::bench::detail {

struct ReaderHost {
  std::string iface;                  // the address the reader binds multicast on
  std::vector<std::string> launcher;  // the command it runs under; empty: forked here
};

// Parses SPEC (words separated by spaces); throws Failure on an empty spec or a bad address.
ReaderHost parse_reader_host(const std::string& spec);

// `text` quoted for a POSIX shell (single quotes), so that ssh's remote shell reads it back whole.
std::string shell_quote(const std::string& text);

// The command line of a reader on `host` (whose launcher is not empty) running `program` with
// `args`: appended to the launcher; after `ssh`, which hands one string to the remote shell, as
// one shell-quoted string.
std::vector<std::string> reader_command(const ReaderHost& host, const std::string& program,
                                        const std::vector<std::string>& args);

// `name` itself when it holds a '/', else its first executable match on $PATH; throws Failure when
// there is none (resolved before fork: the child may only exec).
std::string find_program(const std::string& name);

// The absolute path of this program (what /proc/self/exe names), which a launched reader runs:
// the same path on every host (docs/testbed.md). Throws Failure.
std::string own_program();

}  // namespace adamant::bench::detail
