// Receive strategy: transport packets recovered by a runtime receiver engine are parsed by
// OpenDDS's TransportReceiveStrategy (headers, samples, fragments) and handed to the link.
// Packets arrive from the ReceiveChannel threads (deliver()), one packet at a time.
#ifndef ADAMANT_OPENDDS_ANTRECEIVESTRATEGY_H
#define ADAMANT_OPENDDS_ANTRECEIVESTRATEGY_H

#include <adamant_opendds/Compat.h>

#include <dds/DCPS/transport/framework/TransportReassembly.h>
#include <dds/DCPS/transport/framework/TransportReceiveStrategy_T.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

namespace adamant_opendds {

class AntDataLink;

class AntReceiveStrategy : public OpenDDS::DCPS::TransportReceiveStrategy<> {
 public:
  explicit AntReceiveStrategy(AntDataLink* link);
  // One whole transport packet of stream `stream`.
  void deliver(std::uint32_t stream, const std::uint8_t* data, std::size_t size);

 protected:
  ssize_t receive_bytes(iovec iov[], int n, ACE_INET_Addr& remote_address, ACE_HANDLE fd ADAMANT_ODDS_RECV_STOP_PARAM);
  void deliver_sample(OpenDDS::DCPS::ReceivedDataSample& sample, const ACE_INET_Addr& remote_address);
  int start_i() { return 0; }
  void stop_i() {}
  bool reassemble(OpenDDS::DCPS::ReceivedDataSample& data);

 private:
  AntDataLink* link_;
  std::mutex mutex_;  // one packet parsed at a time
  const std::uint8_t* pending_;
  std::size_t pending_size_;
  std::uint32_t stream_;
  std::map<std::uint32_t, OpenDDS::DCPS::TransportReassembly> reassembly_;  // by stream
};

typedef OpenDDS::DCPS::RcHandle<AntReceiveStrategy> AntReceiveStrategy_rch;

}  // namespace adamant_opendds

#endif
