// Fast DDS pieces shared by fastdds_writer.cpp and fastdds_reader.cpp: a participant that deletes
// what it contains, and the QoS of peer_options.h.
#pragma once

#include "peer_options.h"

#include INTEROP_FASTDDS_HEADER

#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/topic/Topic.hpp>
#include <fastdds/dds/topic/TypeSupport.hpp>

#include <stdexcept>
#include <string>

namespace interop {

namespace fdds = eprosima::fastdds::dds;
using eprosima::fastrtps::Duration_t;

inline Duration_t duration(double seconds) {
  return Duration_t(static_cast<long double>(seconds));
}

// A participant with the interop type registered and the topic created; deletes all its entities.
class Participant {
 public:
  explicit Participant(const PeerOptions& o) : type_(new INTEROP_PUBSUB_TYPE()) {
    participant_ = fdds::DomainParticipantFactory::get_instance()->create_participant(o.domain,
                                                                                     fdds::PARTICIPANT_QOS_DEFAULT);
    if (participant_ == nullptr) {
      throw std::runtime_error("create_participant failed");
    }
    if (type_.register_type(participant_) != ReturnCode_t::RETCODE_OK) {
      throw std::runtime_error("register_type failed");
    }
    topic_ = participant_->create_topic(o.topic, type_.get_type_name(), fdds::TOPIC_QOS_DEFAULT);
    if (topic_ == nullptr) {
      throw std::runtime_error("create_topic " + o.topic + " failed");
    }
  }
  Participant(const Participant&) = delete;
  Participant& operator=(const Participant&) = delete;
  ~Participant() {
    participant_->delete_contained_entities();
    fdds::DomainParticipantFactory::get_instance()->delete_participant(participant_);
  }
  fdds::DomainParticipant* get() const { return participant_; }
  fdds::Topic* topic() const { return topic_; }

 private:
  fdds::TypeSupport type_;
  fdds::DomainParticipant* participant_ = nullptr;  // owned through the factory (see the destructor)
  fdds::Topic* topic_ = nullptr;                    // owned by the participant
};

// The endpoint QoS of the model's profile (reliability, durability, history, deadline) on a
// DataWriterQos or DataReaderQos.
template <typename EndpointQos>
void apply(const PeerOptions& o, EndpointQos& qos) {
  qos.reliability().kind = o.reliable ? fdds::RELIABLE_RELIABILITY_QOS : fdds::BEST_EFFORT_RELIABILITY_QOS;
  qos.reliability().max_blocking_time = duration(o.max_blocking_s);
  qos.durability().kind = o.transient_local ? fdds::TRANSIENT_LOCAL_DURABILITY_QOS : fdds::VOLATILE_DURABILITY_QOS;
  qos.history().kind = o.keep_all ? fdds::KEEP_ALL_HISTORY_QOS : fdds::KEEP_LAST_HISTORY_QOS;
  qos.history().depth = o.depth;
  if (o.deadline_s > 0) {
    qos.deadline().period = duration(o.deadline_s);
  }
}

}  // namespace interop
