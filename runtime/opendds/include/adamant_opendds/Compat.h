// The OpenDDS versions this plugin is written for, and the transport-framework signatures
// that differ between them. Each switch below names the release that changed it and the file
// it was read in (github.com/OpenDDS/OpenDDS at the release tags DDS-3.13.3 … DDS-3.31 and
// the v3.34.0 release, branch-v3.34; README.md "Versions" lists every symbol).
// Compiled and tested against DDS-3.13.3 only: OpenDDS >= 3.14 needs a TAO that cannot be
// built here, so the branches for newer releases are written from the sources, not compiled.
#ifndef ADAMANT_OPENDDS_COMPAT_H
#define ADAMANT_OPENDDS_COMPAT_H

#include <dds/Version.h>

#define ADAMANT_ODDS_AT_LEAST(MA, MI) \
  (DDS_MAJOR_VERSION > (MA) || (DDS_MAJOR_VERSION == (MA) && DDS_MINOR_VERSION >= (MI)))

#if !ADAMANT_ODDS_AT_LEAST(3, 13)
#error "AdamantOpenDDS needs OpenDDS 3.13 or newer"
#endif

// 3.14: TransportImpl::connection_info_i(TransportLocator&, ConnectionInfoFlags) (TransportImpl.h),
// TransportInst::populate_locator(TransportLocator&, ConnectionInfoFlags) (TransportInst.h) and
// TransportReceiveStrategy::receive_bytes(…, ACE_HANDLE, bool& stop) (TransportReceiveStrategy_T.h).
#if ADAMANT_ODDS_AT_LEAST(3, 14)
#define ADAMANT_ODDS_CONN_FLAGS_PARAM , OpenDDS::DCPS::ConnectionInfoFlags
#define ADAMANT_ODDS_CONN_FLAGS_ARG , OpenDDS::DCPS::CONNINFO_ALL
#define ADAMANT_ODDS_RECV_STOP_PARAM , bool&
#else
#define ADAMANT_ODDS_CONN_FLAGS_PARAM
#define ADAMANT_ODDS_CONN_FLAGS_ARG
#define ADAMANT_ODDS_RECV_STOP_PARAM
#endif

// TransportImpl::stop_accepting_or_connecting(client, remote_id …) (TransportImpl.h): 3.15 adds
// `bool disassociate`, 3.18 `bool association_failed`.
#if ADAMANT_ODDS_AT_LEAST(3, 18)
#define ADAMANT_ODDS_STOP_EXTRA_PARAMS , bool, bool
#elif ADAMANT_ODDS_AT_LEAST(3, 15)
#define ADAMANT_ODDS_STOP_EXTRA_PARAMS , bool
#else
#define ADAMANT_ODDS_STOP_EXTRA_PARAMS
#endif

// 3.19: TransportReceiveStrategy(const TransportInst& config) (TransportReceiveStrategy_T.h);
// 3.23: TransportReceiveStrategy(const TransportInst_rch& config, …). The DataLink's impl()
// gives the TransportImpl (a reference before 3.23, an RcHandle from 3.23: DataLink.h).
#define ADAMANT_ODDS_RECV_STRATEGY_NEEDS_CONFIG ADAMANT_ODDS_AT_LEAST(3, 19)

// 3.23: TransportImpl(TransportInst_rch) and TransportInst_rch TransportImpl::config()
// (TransportImpl.h); DataLink(const TransportImpl_rch&, …) (DataLink.h);
// TransportSendStrategy(id, const TransportImpl_rch&, …) (TransportSendStrategy.h).
// Before: TransportImpl(TransportInst&), TransportInst& config(), DataLink(TransportImpl&, …).
#define ADAMANT_ODDS_IMPL_BY_HANDLE ADAMANT_ODDS_AT_LEAST(3, 23)

// 3.25: TransportInst::max_samples_per_packet(size_t) replaces the public member
// max_samples_per_packet_ (TransportInst.h; kept in the ConfigStore, ConfigStoreImpl.h, which
// Service_Participant::config_store() gives from 3.25).
#define ADAMANT_ODDS_INST_ACCESSORS ADAMANT_ODDS_AT_LEAST(3, 25)

// 3.27: transport options live in the ConfigStore only (TransportInst.h):
//  - TransportInst::load(ACE_Configuration_Heap&, …) is gone; an .ini [transport/NAME] section's
//    keys are stored under TransportInst::config_key(KEY) (config_prefix() "TRANSPORT_NAME");
//  - TransportInst(const char* type, const OPENDDS_STRING& name, bool is_template = false);
//  - TransportInst::new_impl(DDS::DomainId_t), dump_to_str(DDS::DomainId_t),
//    populate_locator(TransportLocator&, ConnectionInfoFlags, DDS::DomainId_t);
//  - TransportType::new_inst(const OPENDDS_STRING& name, bool is_template = false) (TransportType.h);
//  - TransportImpl(TransportInst_rch config, DDS::DomainId_t domain) (TransportImpl.h).
#define ADAMANT_ODDS_CONFIG_STORE ADAMANT_ODDS_AT_LEAST(3, 27)

// 3.34: TransportInst::populate_locator(…, DDS::DomainId_t, const GUID_t& participant)
// (TransportInst.h of v3.34.0; the 3.33 development branch, v3.33-dev, still has the 3.27 form).
// (…_ARGS: the values a direct caller passes, e.g. the tests: domain 0, no participant.)
#if ADAMANT_ODDS_AT_LEAST(3, 34)
#define ADAMANT_ODDS_POPULATE_EXTRA_PARAMS , DDS::DomainId_t, const OpenDDS::DCPS::GUID_t&
#define ADAMANT_ODDS_POPULATE_EXTRA_ARGS , 0, OpenDDS::DCPS::GUID_UNKNOWN
#elif ADAMANT_ODDS_CONFIG_STORE
#define ADAMANT_ODDS_POPULATE_EXTRA_PARAMS , DDS::DomainId_t
#define ADAMANT_ODDS_POPULATE_EXTRA_ARGS , 0
#else
#define ADAMANT_ODDS_POPULATE_EXTRA_PARAMS
#define ADAMANT_ODDS_POPULATE_EXTRA_ARGS
#endif

#endif
