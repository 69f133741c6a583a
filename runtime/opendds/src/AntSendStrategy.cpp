#include "AntSendStrategy.h"

#include "AntDataLink.h"

#include <dds/DCPS/DataSampleElement.h>
#include <dds/DCPS/PublicationInstance.h>
#include <dds/DCPS/transport/framework/NullSynchStrategy.h>
#include <dds/DCPS/transport/framework/TransportSendElement.h>

#include <algorithm>
#include <cstring>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

namespace {

// 32-bit FNV-1a over some bytes, folded into [1, 0x7fffffff] (sample tags; control packets
// use 0x80000000 and above).
std::uint32_t sample_tag(const void* a, std::size_t na, const void* b, std::size_t nb) {
  std::uint32_t h = 2166136261u;
  const auto* p = static_cast<const unsigned char*>(a);
  for (std::size_t i = 0; i < na; ++i) h = (h ^ p[i]) * 16777619u;
  p = static_cast<const unsigned char*>(b);
  for (std::size_t i = 0; i < nb; ++i) h = (h ^ p[i]) * 16777619u;
  h &= 0x7fffffffu;
  return h == 0 ? 1 : h;
}

}  // namespace

AntSendStrategy::AntSendStrategy(AntDataLink* link)
    : TransportSendStrategy(0, link->impl(), 0, link->transport_priority(), make_rch<NullSynchStrategy>()),
      link_(link),
      control_tag_(0x80000000u) {}

void AntSendStrategy::stop_i() {}

size_t AntSendStrategy::max_message_size() const {
  const size_t udp_max = UDP_MAX_MESSAGE_SIZE;  // a copy: the constant has no out-of-line definition
  return std::min(udp_max, max_payload(link_->kind()));
}

// ant_replace: a data sample's tag is its (writer, instance) or its writer, per replace_by;
// everything else (control messages, fragments, instance registration/dispose, samples when
// replace_by=none) gets a fresh tag, so it is never superseded.
std::uint32_t AntSendStrategy::tag_of_current_packet() {
  const TransportQueueElement* e = current_packet_first_element();
  const TransportSendElement* s = dynamic_cast<const TransportSendElement*>(e);
  if (s && s->sample() && link_->replace_by() != ReplaceBy::None) {
    const GUID_t pub = s->publication_id();
    if (link_->replace_by() == ReplaceBy::Writer) return sample_tag(&pub, sizeof pub, "", 0);
    const PublicationInstance_rch inst = s->sample()->get_handle();
    if (inst) {
      const DDS::InstanceHandle_t h = inst->instance_handle_;
      return sample_tag(&pub, sizeof pub, &h, sizeof h);
    }
  }
  if (++control_tag_ == 0) control_tag_ = 0x80000000u;
  return control_tag_;
}

// ant_replace: the engine priority of the packet's writer (its TRANSPORT_PRIORITY, see
// AntDataLink::add_writer); control packets of a writer travel at its priority too, so
// they keep their place relative to its samples.
std::uint8_t AntSendStrategy::priority_of_current_packet() {
  const TransportQueueElement* e = current_packet_first_element();
  return e ? link_->writer_priority(e->publication_id()) : 0;
}

ssize_t AntSendStrategy::send_bytes_i(const iovec iov[], int n) {
  buf_.clear();
  for (int i = 0; i < n; ++i) {
    const auto* p = static_cast<const std::uint8_t*>(iov[i].iov_base);
    buf_.insert(buf_.end(), p, p + iov[i].iov_len);
  }
  const std::shared_ptr<SendChannel> sender = link_->sender();
  if (!sender) {
    errno = ENOTCONN;
    return -1;
  }
  const bool replace = link_->kind() == "replace";
  const std::uint32_t tag = replace ? tag_of_current_packet() : 0;
  const std::uint8_t priority = replace ? priority_of_current_packet() : 0;
  try {
    sender->publish(buf_.data(), buf_.size(), tag, priority);
  } catch (const std::exception& ex) {
    ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: ant_%C send: %C\n"), link_->kind().c_str(), ex.what()));
    errno = EIO;
    return -1;
  }
  return static_cast<ssize_t>(buf_.size());
}

}  // namespace adamant_opendds
