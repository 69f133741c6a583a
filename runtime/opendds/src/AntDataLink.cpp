#include "AntDataLink.h"

#include "AntTransport.h"

#include <ace/Log_Msg.h>

#include <sstream>
#include <thread>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

AntDataLink::AntDataLink(AntTransport& transport, bool active)
#if ADAMANT_ODDS_IMPL_BY_HANDLE
    : DataLink(rchandle_from(static_cast<TransportImpl*>(&transport)), 0, false, active),
#else
    : DataLink(transport, 0, false, active),
#endif
      kind_(transport.options().kind),
      replace_by_(transport.options().replace_by),
      send_strategy_(make_rch<AntSendStrategy>(this)),
      recv_strategy_(make_rch<AntReceiveStrategy>(this)) {}

AntDataLink::~AntDataLink() { stop_channels(); }

bool AntDataLink::open() {
  if (start(static_rchandle_cast<TransportSendStrategy>(send_strategy_),
            static_rchandle_cast<TransportStrategy>(recv_strategy_)) != 0) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: ant_%C: DataLink start failed\n"), kind_.c_str()));
    return false;
  }
  return true;
}

void AntDataLink::ensure_sender(const ChannelParams& params) {
  std::lock_guard<std::mutex> g(mutex_);
  if (!sender_) sender_ = std::make_shared<SendChannel>(params);
}

std::shared_ptr<SendChannel> AntDataLink::sender() {
  std::lock_guard<std::mutex> g(mutex_);
  return sender_;
}

void AntDataLink::add_receiver(const GUID_t& remote_writer, const ChannelParams& params) {
  std::ostringstream k;
  k << params.group << ':' << params.port << '/' << params.stream_id;
  const std::string key = k.str();
  std::lock_guard<std::mutex> g(mutex_);
  if (remote_streams_.count(remote_writer)) return;  // already receiving this writer
  Receiver& r = receivers_[key];
  if (!r.channel) {
    r.users = 0;
    AntReceiveStrategy_rch strategy = recv_strategy_;
    const std::uint32_t stream = params.stream_id;
    try {
      r.channel.reset(new ReceiveChannel(params, [strategy, stream](const std::uint8_t* d, std::size_t n) {
        strategy->deliver(stream, d, n);
      }));
    } catch (...) {
      receivers_.erase(key);
      throw;
    }
  }
  ++r.users;
  remote_streams_[remote_writer] = key;
}

void AntDataLink::add_writer(const GUID_t& local_writer, std::uint8_t priority) {
  std::lock_guard<std::mutex> g(mutex_);
  LocalWriter& w = local_writers_[local_writer];
  w.priority = priority;  // the newest association's value (TRANSPORT_PRIORITY at that time)
  ++w.associations;
}

std::uint8_t AntDataLink::writer_priority(const GUID_t& local_writer) {
  std::lock_guard<std::mutex> g(mutex_);
  const auto it = local_writers_.find(local_writer);
  return it == local_writers_.end() ? 0 : it->second.priority;
}

void AntDataLink::release_reservations_i(const GUID_t&, const GUID_t& local_id) {
  std::lock_guard<std::mutex> g(mutex_);
  const auto it = local_writers_.find(local_id);
  if (it != local_writers_.end() && --it->second.associations <= 0) local_writers_.erase(it);
}

void AntDataLink::release_remote_i(const GUID_t& remote_id) {
  std::unique_ptr<ReceiveChannel> done;
  {
    std::lock_guard<std::mutex> g(mutex_);
    const auto it = remote_streams_.find(remote_id);
    if (it == remote_streams_.end()) return;
    const auto r = receivers_.find(it->second);
    remote_streams_.erase(it);
    if (r == receivers_.end() || --r->second.users > 0) return;
    done = std::move(r->second.channel);
    receivers_.erase(r);
  }
  // The channel's thread may be delivering into OpenDDS, which may need locks our caller
  // holds: stop and join it on another thread (joined in turn by stop_channels()).
  std::lock_guard<std::mutex> g(mutex_);
  retiring_.emplace_back([](std::unique_ptr<ReceiveChannel> c) { c.reset(); }, std::move(done));
}

void AntDataLink::stop_channels() {
  std::shared_ptr<SendChannel> s;
  std::map<std::string, Receiver> r;
  std::vector<std::thread> retiring;
  {
    std::lock_guard<std::mutex> g(mutex_);
    s.swap(sender_);
    r.swap(receivers_);
    remote_streams_.clear();
    local_writers_.clear();
    retiring.swap(retiring_);
  }
  r.clear();  // joins the receive threads: no delivery into this link after this
  for (auto& t : retiring) t.join();
}

void AntDataLink::stop_i() { stop_channels(); }

}  // namespace adamant_opendds
