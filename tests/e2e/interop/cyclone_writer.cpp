// Cyclone DDS writer of the interop model's topic: waits for its readers, then writes --count
// samples at --rate (sample n has cell n, as the generated OpenDDS writers fill it).
#include "cyclone_common.h"

#include <iostream>
#include <thread>

namespace {

int run(const interop::PeerOptions& o) {
  using namespace interop;
  Entity participant(dds_create_participant(o.domain, nullptr, nullptr), "dds_create_participant");
  Entity topic(dds_create_topic(participant.get(), &INTEROP_DESCRIPTOR, o.topic.c_str(), nullptr, nullptr),
               "dds_create_topic");
  const Qos qos = endpoint_qos(o);
  Entity writer(dds_create_writer(participant.get(), topic.get(), qos.get(), nullptr), "dds_create_writer");

  const Clock::time_point start = Clock::now();
  dds_publication_matched_status_t matched{};
  while (dds_get_publication_matched_status(writer.get(), &matched) == DDS_RETCODE_OK &&
         matched.current_count < o.readers) {
    if (Clock::now() - start > to_ns(o.match_timeout_s)) {
      std::cerr << "cyclone_writer: " << matched.current_count << " of " << o.readers << " readers matched after "
                << o.match_timeout_s << " s; giving up\n";
      return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::cout << "cyclone_writer: " << matched.current_count << " reader(s) matched after "
            << std::chrono::duration<double>(Clock::now() - start).count() << " s" << std::endl;

  INTEROP_SAMPLE sample{};
  sample.uav_id = o.key;
  if (o.handshake) {
    // An OpenDDS 3.13 reader takes the first heartbeat it sees from this writer as the start of
    // the stream, and reads an empty one (lastSN 0) as "seq 1 exists": sample 1 would be lost.
    // An unregister of the key (a DATA that is not a sample) takes seq 1; once every matched
    // reader acknowledged it, each one has discovered this writer and follows its stream.
    const dds_return_t unregistered = dds_unregister_instance(writer.get(), &sample);
    const dds_return_t acked = dds_wait_for_acks(writer.get(), to_dds(o.match_timeout_s));
    std::cout << "cyclone_writer: handshake " << (unregistered == DDS_RETCODE_OK && acked == DDS_RETCODE_OK
                                                      ? "acknowledged" : "NOT acknowledged")
              << " after " << std::chrono::duration<double>(Clock::now() - start).count() << " s" << std::endl;
  }
  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / o.rate_hz));
  Clock::time_point next = Clock::now();
  std::uint64_t failed = 0;
  for (std::uint64_t n = 0; n < o.count; ++n) {
    sample.cell = static_cast<std::uint32_t>(n);
    sample.temperature = static_cast<float>(n);
    if (dds_write(writer.get(), &sample) != DDS_RETCODE_OK) {
      ++failed;
    }
    next += period;
    std::this_thread::sleep_until(next);
  }
  const dds_return_t acked = dds_wait_for_acks(writer.get(), DDS_SECS(5));
  std::cout << "cyclone_writer: wrote " << o.count - failed << " of " << o.count << " samples"
            << (acked == DDS_RETCODE_OK ? ", all acknowledged" : ", not all acknowledged within 5 s") << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) { return interop::peer_main(argc, argv, "cyclone_writer", true, run); }
