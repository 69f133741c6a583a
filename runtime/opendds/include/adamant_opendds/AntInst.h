// Configuration of one ADAMANT OpenDDS transport instance (TransportInst): read from a
// `[transport/NAME]` section of an OpenDDS .ini (transport_type=ant_nakcast, ...) or set
// programmatically, either through the public fields or through set(key, value), which
// takes the same keys and value syntax as the .ini (README.md lists them).
#ifndef ADAMANT_OPENDDS_ANTINST_H
#define ADAMANT_OPENDDS_ANTINST_H

#include "Compat.h"
#include "Export.h"

#include <dds/DCPS/transport/framework/TransportInst.h>

#include <cstdint>
#include <string>

namespace adamant_opendds {

// How ant_replace chooses a sample's replacement tag: the newest sample of an instance
// (key) supersedes queued/unacknowledged older ones (Instance), or the newest sample of a
// writer supersedes all its older ones (Writer), or nothing is ever replaced (None).
enum class ReplaceBy { Instance, Writer, None };

class AdamantOpenDDS_Export AntInst : public OpenDDS::DCPS::TransportInst {
 public:
  // `type` is one of ant_baseline, ant_nakcast, ant_ricochet, ant_replace.
  AntInst(const char* type, const std::string& name);

  // Protocol parameters (README.md: meaning, units, defaults).
  std::string group_;             // group: multicast group (ant_replace: where this reader listens)
  std::uint16_t port_;            // port (ant_replace readers: 0 = a port the kernel picks)
  std::string interface_;         // interface: IPv4 address of the multicast interface
  std::int64_t nak_timeout_us_;   // nak_timeout
  int r_;                         // r: Ricochet packets per repair
  int c_;                         // c: Ricochet repair fan-out
  bool nak_fallback_;             // nak_fallback: Ricochet also NAKs what repairs missed
  std::uint64_t bandwidth_;       // bandwidth: ant_replace pacing, bytes/s (0 = unpaced)
  std::int64_t enqueue_timeout_us_;  // enqueue_timeout: ant_replace queue limit (0 = none)
  std::int64_t retry_timeout_us_;    // retry_timeout: ant_replace gives a message up after
  ReplaceBy replace_by_;          // replace_by: instance | writer | none
  double loss_pct_;               // loss: injected receive-side loss, percent (tests/experiments)
  std::uint64_t seed_;            // seed: loss-injection seed
  std::string psk_;               // psk: pre-shared key (HMAC-SHA256 per datagram); empty = off

  // The runtime kind this type maps to: baseline | nakcast | ricochet | replace.
  std::string kind() const;

  // Sets one parameter from its .ini spelling. Returns an empty string on success, else what
  // is wrong and how to fix it (the parameter is then unchanged).
  std::string set(const std::string& key, const std::string& value);

  // Reads the section's ant_* keys. OpenDDS 3.13 ignores load()'s result, so errors are
  // also kept in config_error() and the transport then refuses to start (logged with it).
  int load(ACE_Configuration_Heap& cf, ACE_Configuration_Section_Key& sect);
  const std::string& config_error() const { return config_error_; }
  OPENDDS_STRING dump_to_str() const;
  bool is_reliable() const;
  size_t populate_locator(OpenDDS::DCPS::TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM) const;

  // This instance's locator (what populate_locator / connection_info advertise), with the
  // port this instance's transport listens on (ant_replace: port_, or the reserved one).
  void fill_locator(OpenDDS::DCPS::TransportLocator& info, std::uint16_t port) const;
  // ant_replace with port 0: the port the transport reserved (AntTransport), for
  // populate_locator; 0 while no transport exists.
  void listen_port(std::uint16_t port) { listen_port_ = port; }
  // The stream id this process's writers use on this instance (random, fixed per instance).
  std::uint32_t stream_id() const { return stream_id_; }

 private:
  OpenDDS::DCPS::TransportImpl_rch new_impl();
  std::uint32_t stream_id_;
  std::uint16_t listen_port_;
  std::string config_error_;
};

typedef OpenDDS::DCPS::RcHandle<AntInst> AntInst_rch;

}  // namespace adamant_opendds

#endif
