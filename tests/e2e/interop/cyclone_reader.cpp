// Cyclone DDS reader of the interop model's topic: takes samples until --count distinct ones
// arrived, its writers left, or --seconds passed, then reports what it received (peer_options.h).
#include "cyclone_common.h"

#include <iostream>

namespace {

int run(const interop::PeerOptions& o) {
  using namespace interop;
  Entity participant(dds_create_participant(o.domain, nullptr, nullptr), "dds_create_participant");
  Entity topic(dds_create_topic(participant.get(), &INTEROP_DESCRIPTOR, o.topic.c_str(), nullptr, nullptr),
               "dds_create_topic");
  const Qos qos = endpoint_qos(o);
  Entity reader(dds_create_reader(participant.get(), topic.get(), qos.get(), nullptr), "dds_create_reader");
  Entity waitset(dds_create_waitset(participant.get()), "dds_create_waitset");
  Entity readable(dds_create_readcondition(reader.get(), DDS_ANY_STATE), "dds_create_readcondition");
  dds_waitset_attach(waitset.get(), readable.get(), 0);

  Reception reception;
  bool incompatible_reported = false;
  const Clock::time_point start = Clock::now();
  constexpr std::size_t batch = 64;
  void* samples[batch] = {};
  dds_sample_info_t infos[batch];
  while (reception.distinct() < o.count && Clock::now() - start < to_ns(o.seconds)) {
    dds_waitset_wait(waitset.get(), nullptr, 0, DDS_MSECS(100));
    const dds_return_t n = dds_take(reader.get(), samples, infos, batch, batch);
    for (dds_return_t i = 0; i < n; ++i) {
      if (infos[i].valid_data) {
        reception.add(static_cast<const INTEROP_SAMPLE*>(samples[i])->cell);
      }
    }
    if (n > 0) {
      dds_return_loan(reader.get(), samples, n);
    }
    dds_requested_incompatible_qos_status_t incompatible{};
    if (!incompatible_reported && dds_get_requested_incompatible_qos_status(reader.get(), &incompatible) == 0 &&
        incompatible.total_count > 0) {
      std::cerr << "cyclone_reader: a writer offers incompatible QoS (policy id "
                << incompatible.last_policy_id << ")\n";
      incompatible_reported = true;
    }
    dds_subscription_matched_status_t matched{};
    if (n <= 0 && dds_get_subscription_matched_status(reader.get(), &matched) == 0 && matched.total_count > 0 &&
        matched.current_count == 0) {
      break;  // every writer left and nothing is left to take
    }
  }
  return reception.report(std::cout, "cyclone_reader", o.count) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) { return interop::peer_main(argc, argv, "cyclone_reader", false, run); }
