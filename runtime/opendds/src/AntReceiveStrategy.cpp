#include "AntReceiveStrategy.h"

#include "AntDataLink.h"

#include <algorithm>
#include <cstring>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

AntReceiveStrategy::AntReceiveStrategy(AntDataLink* link)
#if ADAMANT_ODDS_IMPL_BY_HANDLE
    : TransportReceiveStrategy<>(link->impl()->config()),
#elif ADAMANT_ODDS_RECV_STRATEGY_NEEDS_CONFIG
    : TransportReceiveStrategy<>(link->impl().config()),
#else
    :
#endif
      link_(link), pending_(0), pending_size_(0), stream_(0) {}

void AntReceiveStrategy::deliver(std::uint32_t stream, const std::uint8_t* data, std::size_t size) {
  std::lock_guard<std::mutex> g(mutex_);
  stream_ = stream;
  pending_ = data;
  pending_size_ = size;
  // A packet larger than the free receive buffers is parsed in several passes.
  while (pending_size_ > 0) {
    if (handle_dds_input(ACE_INVALID_HANDLE) < 0) break;
  }
  pending_ = 0;
  pending_size_ = 0;
}

ssize_t AntReceiveStrategy::receive_bytes(iovec iov[], int n, ACE_INET_Addr& /*remote_address*/,
                                          ACE_HANDLE ADAMANT_ODDS_RECV_STOP_PARAM) {
  std::size_t copied = 0;
  for (int i = 0; i < n && pending_size_ > 0; ++i) {
    const std::size_t k = std::min<std::size_t>(iov[i].iov_len, pending_size_);
    std::memcpy(iov[i].iov_base, pending_, k);
    pending_ += k;
    pending_size_ -= k;
    copied += k;
  }
  return static_cast<ssize_t>(copied);
}

void AntReceiveStrategy::deliver_sample(ReceivedDataSample& sample, const ACE_INET_Addr&) {
  link_->data_received(sample);
}

bool AntReceiveStrategy::reassemble(ReceivedDataSample& data) {
  const TransportHeader& header = received_header();
  return reassembly_[stream_].reassemble(header.sequence_, header.first_fragment_, data);
}

}  // namespace adamant_opendds
