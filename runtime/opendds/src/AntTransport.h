// TransportImpl for the ant_* transports.
//  - Multicast kinds (ant_baseline, ant_nakcast, ant_ricochet): one DataLink per instance.
//    Its sender (created when the first local writer associates) publishes every OpenDDS
//    transport packet once to the instance's group/port on the instance's stream id; its
//    receivers (one per remote writer stream, created when a local reader associates) each
//    run the runtime's receiver engine for that stream. OpenDDS routes delivered samples to
//    the associated readers by publication id.
//  - ant_replace (Mockets: one receiver per connection): readers listen on their own
//    group/port; a writer opens one sending DataLink per remote reader instance.
// Associations complete at once (no handshake): a receiver is listening as soon as its
// ReceiveChannel exists, before accept_datalink returns.
#ifndef ADAMANT_OPENDDS_ANTTRANSPORT_H
#define ADAMANT_OPENDDS_ANTTRANSPORT_H

#include <adamant_opendds/AntInst.h>
#include <adamant_opendds/Compat.h>

#include "Channel.h"

#include <dds/DCPS/transport/framework/TransportImpl.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace adamant_opendds {

class AntDataLink;
typedef OpenDDS::DCPS::RcHandle<AntDataLink> AntDataLink_rch;

// The instance's options are read once, when the transport starts (AntInst::new_impl).
class AntTransport : public OpenDDS::DCPS::TransportImpl {
 public:
#if ADAMANT_ODDS_CONFIG_STORE
  AntTransport(const AntInst_rch& inst, DDS::DomainId_t domain);
#elif ADAMANT_ODDS_IMPL_BY_HANDLE
  explicit AntTransport(const AntInst_rch& inst);
#else
  explicit AntTransport(AntInst& inst);
#endif
  const AntOptions& options() const { return settings_.options; }
  // The engine parameters of this instance for one stream.
  ChannelParams channel_params(const std::string& group, std::uint16_t port, std::uint32_t stream) const;

 protected:
  AcceptConnectResult connect_datalink(const RemoteTransport& remote, const ConnectionAttribs& attribs,
                                       const OpenDDS::DCPS::TransportClient_rch& client);
  AcceptConnectResult accept_datalink(const RemoteTransport& remote, const ConnectionAttribs& attribs,
                                      const OpenDDS::DCPS::TransportClient_rch& client);
  void stop_accepting_or_connecting(const OpenDDS::DCPS::TransportClient_wrch& client,
                                    const OpenDDS::DCPS::GUID_t& remote_id ADAMANT_ODDS_STOP_EXTRA_PARAMS);
  void shutdown_i();
  bool connection_info_i(OpenDDS::DCPS::TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM) const;
  OPENDDS_STRING transport_type() const { return OPENDDS_STRING(settings_.type.c_str()); }

 private:
  void start(AntInst& inst);
  void release_datalink(OpenDDS::DCPS::DataLink* link);
  AcceptConnectResult associate(const RemoteTransport& remote, const ConnectionAttribs& attribs, bool active);
  AntDataLink_rch make_link(bool active);

  // What the transport takes from its instance when it starts (it never reads the instance
  // again: from 3.23 TransportImpl holds it weakly).
  struct Settings {
    explicit Settings(const AntInst& inst);
    std::string type;  // ant_nakcast, ...
    std::string name;  // the instance's name ([transport/NAME])
    AntOptions options;
    std::uint32_t stream_id;
  };
  const Settings settings_;
  std::unique_ptr<PortReservation> reserved_port_;  // ant_replace reader given port 0
  std::uint16_t listen_port_;                       // ant_replace: where this instance's readers listen
  std::mutex links_mutex_;
  AntDataLink_rch main_link_;                      // multicast kinds: send + receive; replace: receive
  std::map<std::string, AntDataLink_rch> replace_links_;  // replace writers: one per remote reader group:port
};

}  // namespace adamant_opendds

#endif
