// Fast DDS writer of the interop model's topic: waits for its readers, then writes --count samples
// at --rate (sample n has cell n, as the generated OpenDDS writers fill it).
#include "fastdds_common.h"

#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/publisher/qos/DataWriterQos.hpp>

#include <iostream>
#include <thread>

namespace {

int run(const interop::PeerOptions& o) {
  using namespace interop;
  Participant participant(o);
  fdds::Publisher* publisher = participant.get()->create_publisher(fdds::PUBLISHER_QOS_DEFAULT);
  if (publisher == nullptr) {
    throw std::runtime_error("create_publisher failed");
  }
  fdds::DataWriterQos qos = fdds::DATAWRITER_QOS_DEFAULT;
  apply(o, qos);
  fdds::DataWriter* writer = publisher->create_datawriter(participant.topic(), qos);
  if (writer == nullptr) {
    throw std::runtime_error("create_datawriter failed");
  }

  const Clock::time_point start = Clock::now();
  fdds::PublicationMatchedStatus matched;
  while (writer->get_publication_matched_status(matched) == ReturnCode_t::RETCODE_OK &&
         matched.current_count < static_cast<std::int32_t>(o.readers)) {
    if (Clock::now() - start > to_ns(o.match_timeout_s)) {
      std::cerr << "fastdds_writer: " << matched.current_count << " of " << o.readers << " readers matched after "
                << o.match_timeout_s << " s; giving up\n";
      return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::cout << "fastdds_writer: " << matched.current_count << " reader(s) matched after "
            << std::chrono::duration<double>(Clock::now() - start).count() << " s" << std::endl;

  INTEROP_SAMPLE sample;
  sample.uav_id(o.key);
  if (o.handshake) {
    // An OpenDDS 3.13 reader takes the first heartbeat it sees from this writer as the start of
    // the stream, and reads an empty one (lastSN 0) as "seq 1 exists": sample 1 would be lost.
    // An unregister of the key (a DATA that is not a sample) takes seq 1; once every matched
    // reader acknowledged it, each one has discovered this writer and follows its stream.
    const fdds::InstanceHandle_t handle = writer->register_instance(&sample);
    const bool unregistered = writer->unregister_instance(&sample, handle) == ReturnCode_t::RETCODE_OK;
    const bool acked = writer->wait_for_acknowledgments(duration(o.match_timeout_s)) == ReturnCode_t::RETCODE_OK;
    std::cout << "fastdds_writer: handshake " << (unregistered && acked ? "acknowledged" : "NOT acknowledged")
              << " after " << std::chrono::duration<double>(Clock::now() - start).count() << " s" << std::endl;
  }
  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / o.rate_hz));
  Clock::time_point next = Clock::now();
  std::uint64_t failed = 0;
  for (std::uint64_t n = 0; n < o.count; ++n) {
    sample.cell(static_cast<std::uint32_t>(n));
    sample.temperature(static_cast<float>(n));
    if (!writer->write(&sample)) {
      ++failed;
    }
    next += period;
    std::this_thread::sleep_until(next);
  }
  const bool acked = writer->wait_for_acknowledgments(duration(5)) == ReturnCode_t::RETCODE_OK;
  std::cout << "fastdds_writer: wrote " << o.count - failed << " of " << o.count << " samples"
            << (acked ? ", all acknowledged" : ", not all acknowledged within 5 s") << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) { return interop::peer_main(argc, argv, "fastdds_writer", true, run); }
