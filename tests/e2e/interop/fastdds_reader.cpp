// Fast DDS reader of the interop model's topic: takes samples until --count distinct ones arrived,
// its writers left, or --seconds passed, then reports what it received (peer_options.h).
#include "fastdds_common.h"

#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/subscriber/qos/DataReaderQos.hpp>

#include <iostream>

namespace {

int run(const interop::PeerOptions& o) {
  using namespace interop;
  Participant participant(o);
  fdds::Subscriber* subscriber = participant.get()->create_subscriber(fdds::SUBSCRIBER_QOS_DEFAULT);
  if (subscriber == nullptr) {
    throw std::runtime_error("create_subscriber failed");
  }
  fdds::DataReaderQos qos = fdds::DATAREADER_QOS_DEFAULT;
  apply(o, qos);
  fdds::DataReader* reader = subscriber->create_datareader(participant.topic(), qos);
  if (reader == nullptr) {
    throw std::runtime_error("create_datareader failed");
  }

  Reception reception;
  bool incompatible_reported = false;
  const Clock::time_point start = Clock::now();
  INTEROP_SAMPLE sample;
  fdds::SampleInfo info;
  while (reception.distinct() < o.count && Clock::now() - start < to_ns(o.seconds)) {
    reader->wait_for_unread_message(duration(0.1));
    std::uint64_t taken = 0;
    while (reader->take_next_sample(&sample, &info) == ReturnCode_t::RETCODE_OK) {
      ++taken;
      if (info.valid_data) {
        reception.add(sample.cell());
      }
    }
    fdds::RequestedIncompatibleQosStatus incompatible;
    if (!incompatible_reported && reader->get_requested_incompatible_qos_status(incompatible) ==
                                      ReturnCode_t::RETCODE_OK && incompatible.total_count > 0) {
      std::cerr << "fastdds_reader: a writer offers incompatible QoS (policy id " << incompatible.last_policy_id
                << ")\n";
      incompatible_reported = true;
    }
    fdds::SubscriptionMatchedStatus matched;
    if (taken == 0 && reader->get_subscription_matched_status(matched) == ReturnCode_t::RETCODE_OK &&
        matched.total_count > 0 && matched.current_count == 0) {
      break;  // every writer left and nothing is left to take
    }
  }
  return reception.report(std::cout, "fastdds_reader", o.count) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) { return interop::peer_main(argc, argv, "fastdds_reader", false, run); }
