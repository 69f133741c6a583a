#include "AntTransport.h"

#include "AntDataLink.h"
#include "Locator.h"
#include "Params.h"

#include <dds/DCPS/GuidConverter.h>
#include <dds/DCPS/transport/framework/TransportClient.h>
#include <dds/DCPS/transport/framework/TransportExceptions.h>

#include <ace/Log_Msg.h>

#include <sstream>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

AntTransport::Settings::Settings(const AntInst& inst)
    : type(inst.transport_type_.c_str()), name(inst.name().c_str()), options(inst.options()), stream_id(inst.stream_id()) {}

#if ADAMANT_ODDS_CONFIG_STORE
AntTransport::AntTransport(const AntInst_rch& inst, DDS::DomainId_t domain)
    : TransportImpl(inst, domain), settings_(*inst), listen_port_(settings_.options.port) {
  start(*inst);
}
#elif ADAMANT_ODDS_IMPL_BY_HANDLE
AntTransport::AntTransport(const AntInst_rch& inst)
    : TransportImpl(inst), settings_(*inst), listen_port_(settings_.options.port) {
  start(*inst);
}
#else
AntTransport::AntTransport(AntInst& inst)
    : TransportImpl(inst), settings_(inst), listen_port_(settings_.options.port) {
  start(inst);
}
#endif

void AntTransport::start(AntInst& inst) {
  if (!known_kind(settings_.options.kind)) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: %C: not an ADAMANT transport type\n"), settings_.type.c_str()));
    throw Transport::UnableToCreate();
  }
  const std::string error = inst.config_error();
  if (!error.empty()) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: not starting %C [transport/%C]: %C\n"), settings_.type.c_str(),
               settings_.name.c_str(), error.c_str()));
    throw Transport::UnableToCreate();
  }
  if (settings_.options.kind == "replace" && settings_.options.port == 0) {
    try {
      reserved_port_.reset(new PortReservation);
    } catch (const std::exception& ex) {
      ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: not starting %C [transport/%C]: %C\n"), settings_.type.c_str(),
                 settings_.name.c_str(), ex.what()));
      throw Transport::UnableToCreate();
    }
    listen_port_ = reserved_port_->port();
    inst.listen_port(listen_port_);
  }
  create_reactor_task();  // the framework's timers (delayed link release) use it
  if (!open()) throw Transport::UnableToCreate();
}

ChannelParams AntTransport::channel_params(const std::string& group, std::uint16_t port, std::uint32_t stream) const {
  const AntOptions& o = settings_.options;
  ChannelParams p;
  p.kind = o.kind;
  p.group = group;
  p.port = port;
  p.iface = o.iface;
  p.stream_id = stream;
  p.nak_timeout_us = o.nak_timeout_us;
  p.lec_r = o.r;
  p.lec_c = o.c;
  p.lec_nak_fallback = o.nak_fallback;
  p.pace_bytes_per_s = o.bandwidth;
  p.estimate_bandwidth = o.estimate_bandwidth;
  p.enqueue_timeout_us = o.enqueue_timeout_us;
  p.retry_timeout_us = o.retry_timeout_us;
  p.table = o.table;
  p.hold_us = o.hold_us;
  p.margin_pct = o.margin_pct;
  p.loss_pct = o.loss_pct;
  p.seed = o.seed;
  p.psk_file = o.psk_file;
  return p;
}

AntDataLink_rch AntTransport::make_link(bool active) {
  AntDataLink_rch link = make_rch<AntDataLink>(ref(*this), active);
  if (!link->open()) return AntDataLink_rch();
  return link;
}

TransportImpl::AcceptConnectResult AntTransport::associate(const RemoteTransport& remote,
                                                           const ConnectionAttribs& attribs, bool active) {
  if (is_shut_down()) return AcceptConnectResult(AcceptConnectResult::ACR_FAILED);
  Locator loc;
  if (!decode_locator(remote.blob_, loc)) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: %C: malformed remote locator (not an ADAMANT peer of the same version)\n"),
               settings_.type.c_str()));
    return AcceptConnectResult(AcceptConnectResult::ACR_FAILED);
  }
  const AntOptions& c = settings_.options;
  const bool local_writer = GuidConverter(attribs.local_id_).isWriter();
  try {
    std::lock_guard<std::mutex> g(links_mutex_);
    if (local_writer && c.kind == "replace") {
      // One Mockets-style connection per remote reader instance, to where it listens.
      std::ostringstream k;
      k << loc.group << ':' << loc.port;
      AntDataLink_rch& link = replace_links_[k.str()];
      if (!link) {
        link = make_link(active);
        if (!link) {
          replace_links_.erase(k.str());
          return AcceptConnectResult(AcceptConnectResult::ACR_FAILED);
        }
        link->ensure_sender(channel_params(loc.group, loc.port, settings_.stream_id));
      }
      // The writer's TRANSPORT_PRIORITY (ConnectionAttribs::priority_, from
      // DataWriterImpl::get_priority_value) orders its samples in the engine's queue.
      link->add_writer(attribs.local_id_, params::engine_priority(attribs.priority_));
      return AcceptConnectResult(static_rchandle_cast<DataLink>(link));
    }
    if (!main_link_) {
      main_link_ = make_link(active);
      if (!main_link_) return AcceptConnectResult(AcceptConnectResult::ACR_FAILED);
    }
    if (local_writer) {
      main_link_->ensure_sender(channel_params(c.group, c.port, settings_.stream_id));
    } else if (c.kind == "replace") {
      main_link_->add_receiver(remote.repo_id_, channel_params(c.group, listen_port_, loc.stream_id));
    } else {
      main_link_->add_receiver(remote.repo_id_, channel_params(loc.group, loc.port, loc.stream_id));
    }
    return AcceptConnectResult(static_rchandle_cast<DataLink>(main_link_));
  } catch (const std::exception& ex) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: %C [transport/%C]: %C\n"), settings_.type.c_str(),
               settings_.name.c_str(), ex.what()));
    return AcceptConnectResult(AcceptConnectResult::ACR_FAILED);
  }
}

TransportImpl::AcceptConnectResult AntTransport::connect_datalink(const RemoteTransport& remote,
                                                                  const ConnectionAttribs& attribs,
                                                                  const TransportClient_rch&) {
  return associate(remote, attribs, true);
}

TransportImpl::AcceptConnectResult AntTransport::accept_datalink(const RemoteTransport& remote,
                                                                 const ConnectionAttribs& attribs,
                                                                 const TransportClient_rch&) {
  return associate(remote, attribs, false);
}

void AntTransport::stop_accepting_or_connecting(const TransportClient_wrch&,
                                                const GUID_t& ADAMANT_ODDS_STOP_EXTRA_PARAMS) {
  // Nothing is ever pending: associations complete inside accept/connect_datalink.
}

void AntTransport::shutdown_i() {
  AntDataLink_rch main;
  std::map<std::string, AntDataLink_rch> replace;
  {
    std::lock_guard<std::mutex> g(links_mutex_);
    main.swap(main_link_);
    replace.swap(replace_links_);
  }
  if (main) main->transport_shutdown();
  for (auto& l : replace) l.second->transport_shutdown();
}

bool AntTransport::connection_info_i(TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM) const {
  info.transport_type = settings_.type.c_str();
  const AntOptions& o = settings_.options;
  info.data = encode_locator(Locator{o.group, o.kind == "replace" ? listen_port_ : o.port, settings_.stream_id});
  return true;
}

void AntTransport::release_datalink(DataLink* link) {
  AntDataLink_rch released;
  {
    std::lock_guard<std::mutex> g(links_mutex_);
    if (main_link_.in() == link) {
      released.swap(main_link_);
    } else {
      for (auto it = replace_links_.begin(); it != replace_links_.end(); ++it) {
        if (it->second.in() == link) {
          released = it->second;
          replace_links_.erase(it);
          break;
        }
      }
    }
  }
  if (released) released->stop();
}

}  // namespace adamant_opendds
