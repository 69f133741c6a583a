// The OpenDDS versions this plugin is written for, and the framework signatures that differ
// between them (checked against the OpenDDS sources, tags DDS-3.13.3 .. DDS-3.27):
//   - 3.14: TransportImpl::connection_info_i and TransportInst::populate_locator take a
//           ConnectionInfoFlags argument (ADAMANT_ODDS_CONN_FLAGS_PARAM).
//   - 3.20: TransportImpl::stop_accepting_or_connecting takes (client, remote, disassociate,
//           association_failed) (ADAMANT_ODDS_STOP_EXTRA_PARAMS).
//   - 3.28: transport options became ConfigStore-backed accessors (TransportInst::load is
//           gone, new_impl takes a domain). Not supported: the build stops with a message.
// Compiled and tested against DDS-3.13.3 only (the OpenDDS that builds here, see README.md).
#ifndef ADAMANT_OPENDDS_COMPAT_H
#define ADAMANT_OPENDDS_COMPAT_H

#include <dds/Version.h>

#define ADAMANT_ODDS_AT_LEAST(MA, MI) \
  (DDS_MAJOR_VERSION > (MA) || (DDS_MAJOR_VERSION == (MA) && DDS_MINOR_VERSION >= (MI)))

#if !ADAMANT_ODDS_AT_LEAST(3, 13)
#error "AdamantOpenDDS needs OpenDDS 3.13 or newer"
#endif
#if ADAMANT_ODDS_AT_LEAST(3, 28)
#error "AdamantOpenDDS: OpenDDS >= 3.28 (ConfigStore-based TransportInst) is not supported yet; see runtime/opendds/README.md"
#endif

#if ADAMANT_ODDS_AT_LEAST(3, 14)
#define ADAMANT_ODDS_CONN_FLAGS_PARAM , OpenDDS::DCPS::ConnectionInfoFlags
#define ADAMANT_ODDS_CONN_FLAGS_ARG , OpenDDS::DCPS::CONNINFO_ALL
#else
#define ADAMANT_ODDS_CONN_FLAGS_PARAM
#define ADAMANT_ODDS_CONN_FLAGS_ARG
#endif

#if ADAMANT_ODDS_AT_LEAST(3, 20)
#define ADAMANT_ODDS_STOP_EXTRA_PARAMS , bool, bool
#else
#define ADAMANT_ODDS_STOP_EXTRA_PARAMS
#endif

#endif
