// Send strategy: every OpenDDS transport packet (TransportHeader + sample headers + data)
// becomes one message of the runtime's sender engine. The engine never blocks (it keeps
// history / its own paced queue), so OpenDDS never sees backpressure from it.
#ifndef ADAMANT_OPENDDS_ANTSENDSTRATEGY_H
#define ADAMANT_OPENDDS_ANTSENDSTRATEGY_H

#include <dds/DCPS/transport/framework/TransportSendStrategy.h>

#include <cstdint>
#include <vector>

namespace adamant_opendds {

class AntDataLink;

class AntSendStrategy : public OpenDDS::DCPS::TransportSendStrategy {
 public:
  explicit AntSendStrategy(AntDataLink* link);
  void stop_i();

 protected:
  ssize_t send_bytes_i(const iovec iov[], int n);
  size_t max_message_size() const;

 private:
  std::uint32_t tag_of_current_packet();
  std::uint8_t priority_of_current_packet();

  AntDataLink* link_;
  std::uint32_t control_tag_;  // unique tags for packets that must never be replaced
  std::vector<std::uint8_t> buf_;
};

typedef OpenDDS::DCPS::RcHandle<AntSendStrategy> AntSendStrategy_rch;

}  // namespace adamant_opendds

#endif
