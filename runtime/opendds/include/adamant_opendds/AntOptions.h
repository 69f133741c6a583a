// The protocol options of one ADAMANT OpenDDS transport instance, in plain C++ (no OpenDDS):
// what a `[transport/NAME]` section or AntInst::set() gives, parsed and checked. README.md
// lists the keys, their meaning, defaults and syntax.
#ifndef ADAMANT_OPENDDS_ANTOPTIONS_H
#define ADAMANT_OPENDDS_ANTOPTIONS_H

#include "Export.h"

#include <cstdint>
#include <string>

namespace adamant_opendds {

// How ant_replace chooses a sample's replacement tag: the newest sample of an instance
// (key) supersedes queued/unacknowledged older ones (Instance), or the newest sample of a
// writer supersedes all its older ones (Writer), or nothing is ever replaced (None).
enum class ReplaceBy { Instance, Writer, None };

struct AdamantOpenDDS_Export AntOptions {
  // The defaults of `kind` (baseline | nakcast | ricochet | replace | adaptive).
  explicit AntOptions(const std::string& kind);

  std::string kind;
  // The constructor sets the runtime's defaults (ChannelParams, read off the contract table).
  std::string group;                   // group: multicast group (ant_replace: where this reader listens)
  std::uint16_t port;                  // port (ant_replace: 0 = a port the kernel picks, the default)
  std::string iface;                   // interface: IPv4 address of the multicast interface
  std::int64_t nak_timeout_us;         // nak_timeout (0: `auto`, the default)
  int r;                               // r: Ricochet packets per repair
  int c;                               // c: Ricochet repair fan-out
  bool nak_fallback;                   // nak_fallback: Ricochet also NAKs what repairs missed
  std::uint64_t bandwidth;             // bandwidth: ant_replace pacing, bytes/s (0 = unpaced)
  bool estimate_bandwidth;             // pace_mode: fixed | estimate (pace to the bandwidth the ACKs show)
  std::int64_t enqueue_timeout_us;     // enqueue_timeout: ant_replace queue limit (0 = none)
  std::int64_t retry_timeout_us;       // retry_timeout: ant_replace gives a message up after
  ReplaceBy replace_by = ReplaceBy::Instance;  // replace_by: instance | writer | none
  std::string table;                   // table: ant_adaptive's decision table (JSON file), required there
  std::int64_t hold_us;                // hold: ant_adaptive switches at most once this long
  double margin_pct;                   // margin: ant_adaptive switches only to a score this many % lower
  double loss_pct;                           // loss: injected receive-side loss, percent
  std::uint64_t seed;                        // seed: loss-injection seed
  std::string psk_file;      // psk_file: pre-shared key file (adamant/key_file.hpp); empty = no key
  std::string psk_file_env;  // psk_file_env: a variable holding psk_file's path (read at load time)

  // Sets one option from its .ini spelling. Returns an empty string on success, else what is
  // wrong and how to fix it, prefixed with `where` (the option is then unchanged).
  std::string set(const std::string& key, const std::string& value, const std::string& where);
  // The value of one option in its .ini spelling (what set() takes back).
  std::string get(const std::string& key) const;
  // What a valid set of options still lacks (ant_adaptive without table=), prefixed with `where`;
  // empty when nothing.
  std::string missing(const std::string& where) const;

  // The ant_* keys, in the order of README.md's table; `key_count` of them.
  static const char* const keys[];
  static const int key_count;
};

}  // namespace adamant_opendds

#endif
