// DataLink of the ant_* transports: owns the runtime channels (one SendChannel, and one
// ReceiveChannel per remote writer stream) and the OpenDDS send/receive strategies that
// hand transport packets to and from them.
#ifndef ADAMANT_OPENDDS_ANTDATALINK_H
#define ADAMANT_OPENDDS_ANTDATALINK_H

#include <adamant_opendds/AntInst.h>

#include "AntReceiveStrategy.h"
#include "AntSendStrategy.h"
#include "Channel.h"

#include <dds/DCPS/GuidUtils.h>
#include <dds/DCPS/transport/framework/DataLink.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace adamant_opendds {

class AntTransport;

class AntDataLink : public OpenDDS::DCPS::DataLink {
 public:
  AntDataLink(AntTransport& transport, bool active);
  ~AntDataLink();
  bool open();
  const std::string& kind() const { return kind_; }
  ReplaceBy replace_by() const { return replace_by_; }

  // Creates the sender if there is none yet (std::exception on failure).
  void ensure_sender(const ChannelParams& params);
  std::shared_ptr<SendChannel> sender();
  // Starts (or shares) the receiver for a remote writer's stream (std::exception on failure).
  void add_receiver(const OpenDDS::DCPS::GUID_t& remote_writer, const ChannelParams& params);

  // ant_replace: the engine priority of a local writer's packets on this link (its
  // TRANSPORT_PRIORITY as OpenDDS passed it on association, see params::engine_priority).
  // Counted per association; released in release_reservations_i.
  void add_writer(const OpenDDS::DCPS::GUID_t& local_writer, std::uint8_t priority);
  std::uint8_t writer_priority(const OpenDDS::DCPS::GUID_t& local_writer);

 protected:
  void stop_i();
  void release_remote_i(const OpenDDS::DCPS::GUID_t& remote_id);
  void release_reservations_i(const OpenDDS::DCPS::GUID_t& remote_id, const OpenDDS::DCPS::GUID_t& local_id);

 private:
  struct Receiver {
    std::unique_ptr<ReceiveChannel> channel;
    int users;
  };
  void stop_channels();

  const std::string kind_;
  const ReplaceBy replace_by_;
  std::mutex mutex_;
  std::shared_ptr<SendChannel> sender_;
  std::map<std::string, Receiver> receivers_;  // by group:port/stream
  std::map<OpenDDS::DCPS::GUID_t, std::string, OpenDDS::DCPS::GUID_tKeyLessThan> remote_streams_;
  struct LocalWriter {
    std::uint8_t priority;
    int associations;
  };
  std::map<OpenDDS::DCPS::GUID_t, LocalWriter, OpenDDS::DCPS::GUID_tKeyLessThan> local_writers_;
  std::vector<std::thread> retiring_;  // receivers being stopped (release_remote_i)
  AntSendStrategy_rch send_strategy_;
  AntReceiveStrategy_rch recv_strategy_;
};

}  // namespace adamant_opendds

#endif
