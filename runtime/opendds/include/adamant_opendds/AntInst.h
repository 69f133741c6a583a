// Configuration of one ADAMANT OpenDDS transport instance (TransportInst): read from a
// `[transport/NAME]` section of an OpenDDS .ini (transport_type=ant_nakcast, ...) or set
// programmatically through set(key, value), which takes the same keys and value syntax as the
// .ini (README.md lists them). Where the options are kept depends on the OpenDDS version
// (Compat.h): in the instance before 3.27, in OpenDDS's ConfigStore under config_key(KEY)
// from 3.27 (as OpenDDS's own transports keep theirs); options() reads them either way.
#ifndef ADAMANT_OPENDDS_ANTINST_H
#define ADAMANT_OPENDDS_ANTINST_H

#include "AntOptions.h"
#include "Compat.h"
#include "Export.h"

#include <dds/DCPS/transport/framework/TransportInst.h>

#include <cstdint>
#include <string>

namespace adamant_opendds {

class AdamantOpenDDS_Export AntInst : public OpenDDS::DCPS::TransportInst {
 public:
  // `type` is one of ant_baseline, ant_nakcast, ant_ricochet, ant_replace, ant_adaptive.
#if ADAMANT_ODDS_CONFIG_STORE
  AntInst(const char* type, const std::string& name, bool is_template);
#else
  AntInst(const char* type, const std::string& name);
#endif

  // The runtime kind this type maps to: baseline | nakcast | ricochet | replace | adaptive.
  std::string kind() const;

  // Sets one option from its .ini spelling. Returns an empty string on success, else what
  // is wrong and how to fix it (the option is then unchanged). Set options before the
  // instance is first used: its transport reads them when it starts.
  std::string set(const std::string& key, const std::string& value);
  // The current options (defaults, then the .ini section, then set()).
  AntOptions options() const;
  // The first bad option value (.ini), or what a required option lacks (ant_adaptive's table), as a
  // message; empty when the options are complete and valid. OpenDDS 3.13
  // ignores load()'s result and 3.27+ has no load(), so the transport refuses to start with
  // this message instead of running with defaults.
  std::string config_error() const;

#if !ADAMANT_ODDS_CONFIG_STORE
  // Reads the section's ant_* keys (the ConfigStore does this from 3.27).
  int load(ACE_Configuration_Heap& cf, ACE_Configuration_Section_Key& sect);
#endif
#if ADAMANT_ODDS_CONFIG_STORE
  OPENDDS_STRING dump_to_str(DDS::DomainId_t domain) const;
#else
  OPENDDS_STRING dump_to_str() const;
#endif
  bool is_reliable() const;
  size_t populate_locator(OpenDDS::DCPS::TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM
                              ADAMANT_ODDS_POPULATE_EXTRA_PARAMS) const;

  // The stream id this process's writers use on this instance (random, fixed per instance).
  std::uint32_t stream_id() const { return stream_id_; }
  // ant_replace with port 0: the port its transport reserved (AntTransport), which
  // populate_locator advertises; 0 while no transport exists.
  void listen_port(std::uint16_t port) { listen_port_ = port; }

 private:
#if ADAMANT_ODDS_CONFIG_STORE
  OpenDDS::DCPS::TransportImpl_rch new_impl(DDS::DomainId_t domain);
#else
  OpenDDS::DCPS::TransportImpl_rch new_impl();
#endif
  std::string where() const;  // "ant_nakcast [transport/NAME] " for messages
  void force_one_sample_per_packet();

  std::uint32_t stream_id_;
  std::uint16_t listen_port_;
#if !ADAMANT_ODDS_CONFIG_STORE
  AntOptions options_;
  std::string config_error_;
#endif
};

typedef OpenDDS::DCPS::RcHandle<AntInst> AntInst_rch;

}  // namespace adamant_opendds

#endif
