// The OpenDDS side of the benches (adamant_opendds/Bench.h); everything model- and
// middleware-independent is the runtime's process bench (adamant/process_bench.hpp).
#include <adamant_opendds/Bench.h>
#include <adamant_opendds/Transports.h>

#include <adamant/process_bench.hpp>

#include <dds/DCPS/LocalObject.h>
#include <dds/DCPS/Marked_Default_Qos.h>
#include <dds/DCPS/Service_Participant.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>
#include <mutex>
#include <thread>

namespace adamant_opendds {
namespace bench {
namespace {

// The ant_replace reader of index i listens on this port + i (the writer learns it from discovery).
constexpr int kReplaceReaderPort = 7360;

std::string program(const Bench& b) { return b.name + "_bench"; }

// A stream's QoS as the point's transport runs it (Point::transport_qos).
StreamQos qos_at(const Point& p, const Stream& stream) {
  return p.transport_qos ? p.transport_qos(stream.qos) : stream.qos;
}

// A reader's transport options: the point's, plus for the ADAMANT plugin's ant_* transports the
// point's loss, which they inject at the receiver (as the native harness does) with the reader's
// own seed unless a testbed's hosts drop it (--loss-at host), and for ant_replace the reader's own
// port (each reader process listens on one). OpenDDS's own transports inject no loss: theirs is
// the testbed's.
Options reader_options(const Point& p, int index, bool loss_at_host) {
  Options options = p.options;
  if (p.transport_type.rfind("ant_", 0) == 0 && p.loss_pct > 0 && !loss_at_host) {
    options.emplace_back("loss", std::to_string(p.loss_pct));
    options.emplace_back("seed", std::to_string(index + 1));
  }
  if (p.transport_type == "ant_replace") options.emplace_back("port", std::to_string(kReplaceReaderPort + index));
  return options;
}

std::uint64_t key_of(const Bench& b, std::size_t stream, const Point& p, std::uint64_t seq) {
  if (b.instance_rate_hz > 0) {
    return seq % static_cast<std::uint64_t>(std::max(1.0, std::round(p.rate_hz / b.instance_rate_hz)));
  }
  const std::uint64_t tags = b.streams[stream].tags;
  return tags > 0 ? seq % tags : seq;
}

std::int64_t realtime_ns() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The participant and every stream's topic.
struct Session {
  DDS::DomainParticipantFactory_var dpf;
  DDS::DomainParticipant_var participant;
  std::vector<std::unique_ptr<StreamOps>> ops;
  std::vector<DDS::Topic_var> topics;

  bool open(int& argc, char** argv, const Bench& b) {
    dpf = TheParticipantFactoryWithArgs(argc, argv);
    participant = dpf->create_participant(0, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!participant) return false;
    for (const Stream& s : b.streams) {
      ops.push_back(s.make_ops());
      CORBA::String_var type_name;
      if (!ops.back()->register_type(participant, type_name)) return false;
      DDS::TopicQos topic_qos;
      participant->get_default_topic_qos(topic_qos);
      apply(s.qos.topic, topic_qos);
      topics.push_back(participant->create_topic(s.topic.c_str(), type_name, topic_qos, 0,
                                                 OpenDDS::DCPS::DEFAULT_STATUS_MASK));
      if (!topics.back()) return false;
    }
    return true;
  }

  ~Session() {
    if (participant) {
      participant->delete_contained_entities();
      dpf->delete_participant(participant);
    }
    TheServiceParticipant->shutdown();
  }
};

int writer_main(int argc, char** argv, const Bench& b, const adamant::bench::ProcessBench& pb,
                const adamant::bench::ProcessArgs& args) {
  const Point& p = b.points[static_cast<std::size_t>(args.point)];
  Session s;
  if (!s.open(argc, argv, b)) {
    std::cerr << program(b) << ": writer: participant/topic setup failed\n";
    return 1;
  }
  // One publisher and writer per stream, all bound to the one transport configuration <experiment>_writer.
  std::vector<DDS::DataWriter_var> writers;
  for (std::size_t i = 0; i < b.streams.size(); ++i) {
    const StreamQos stream = qos_at(p, b.streams[i]);
    DDS::PublisherQos publisher_qos;
    s.participant->get_default_publisher_qos(publisher_qos);
    apply(stream.publisher, publisher_qos);
    publisher_qos.entity_factory.autoenable_created_entities = false;
    DDS::Publisher_var publisher =
        s.participant->create_publisher(publisher_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!publisher) return 1;
    DDS::DataWriterQos qos;
    publisher->get_default_datawriter_qos(qos);
    apply(stream.writer, qos);
    qos.transport_priority.value = b.streams[i].priority;
    DDS::DataWriter_var writer = publisher->create_datawriter(s.topics[i], qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!writer || !transports::bind(writer.in(), b.name + "_writer", p.transport_type, p.options) ||
        writer->enable() != DDS::RETCODE_OK || !s.ops[i]->narrow(writer.in())) {
      std::cerr << program(b) << ": writer: cannot create, bind or enable the writer of " << b.streams[i].topic << "\n";
      return 1;
    }
    writers.push_back(writer);
  }
  // Wait (up to 30 s) until every writer matched every reader.
  for (int i = 0; i < 300; ++i) {
    bool all = true;
    for (DDS::DataWriter_var& writer : writers) {
      DDS::PublicationMatchedStatus matched;
      writer->get_publication_matched_status(matched);
      all = all && matched.current_count >= p.receivers;
    }
    if (all) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  adamant::bench::run_schedule(adamant::bench::process_schedule(pb, args.point, args.updates),
                               [&](std::size_t stream, std::uint64_t index) {
                                 s.ops[stream]->write(index - 1, key_of(b, stream, p, index - 1));
                               });
  const DDS::Duration_t ack_timeout = {10, 0};
  for (DDS::DataWriter_var& writer : writers) writer->wait_for_acknowledgments(ack_timeout);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  return 0;
}

// Records the latency of every sample one reader of one stream takes.
class Recorder : public virtual OpenDDS::DCPS::LocalObject<DDS::DataReaderListener> {
 public:
  explicit Recorder(StreamOps& ops) : ops_(ops) {}

  void on_data_available(DDS::DataReader_ptr reader) override {
    std::vector<std::int64_t> sent_ns;
    ops_.take(reader, sent_ns);
    const std::int64_t now = realtime_ns();
    std::lock_guard<std::mutex> lock(mutex_);
    for (const std::int64_t sent : sent_ns) latencies_ns_.push_back(now - sent);
  }
  void on_requested_deadline_missed(DDS::DataReader_ptr, const DDS::RequestedDeadlineMissedStatus&) override {}
  void on_requested_incompatible_qos(DDS::DataReader_ptr, const DDS::RequestedIncompatibleQosStatus&) override {}
  void on_sample_rejected(DDS::DataReader_ptr, const DDS::SampleRejectedStatus&) override {}
  void on_liveliness_changed(DDS::DataReader_ptr, const DDS::LivelinessChangedStatus&) override {}
  void on_subscription_matched(DDS::DataReader_ptr, const DDS::SubscriptionMatchedStatus&) override {}
  void on_sample_lost(DDS::DataReader_ptr, const DDS::SampleLostStatus&) override {}

  std::vector<std::int64_t> latencies() {
    std::lock_guard<std::mutex> lock(mutex_);
    return latencies_ns_;
  }

 private:
  StreamOps& ops_;
  std::mutex mutex_;
  std::vector<std::int64_t> latencies_ns_;
};

int reader_main(int argc, char** argv, const Bench& b, const adamant::bench::ProcessBench& pb,
                const adamant::bench::ProcessArgs& args) {
  const Point& p = b.points[static_cast<std::size_t>(args.point)];
  Session s;
  if (!s.open(argc, argv, b)) {
    std::cerr << program(b) << ": reader: participant/topic setup failed\n";
    return 1;
  }
  // One subscriber and reader per stream, all bound to the one transport configuration <experiment>_reader.
  std::vector<Recorder*> recorders;  // owned by `listeners`
  std::vector<DDS::DataReaderListener_var> listeners;
  std::vector<DDS::DataReader_var> readers;
  for (std::size_t i = 0; i < b.streams.size(); ++i) {
    const StreamQos stream = qos_at(p, b.streams[i]);
    DDS::SubscriberQos subscriber_qos;
    s.participant->get_default_subscriber_qos(subscriber_qos);
    apply(stream.subscriber, subscriber_qos);
    subscriber_qos.entity_factory.autoenable_created_entities = false;
    DDS::Subscriber_var subscriber =
        s.participant->create_subscriber(subscriber_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!subscriber) return 1;
    DDS::DataReaderQos qos;
    subscriber->get_default_datareader_qos(qos);
    apply(stream.reader, qos);
    recorders.push_back(new Recorder(*s.ops[i]));
    listeners.push_back(DDS::DataReaderListener_var(recorders.back()));
    DDS::DataReader_var reader =
        subscriber->create_datareader(s.topics[i], qos, listeners.back(), OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!reader ||
        !transports::bind(reader.in(), b.name + "_reader", p.transport_type, reader_options(p, args.index, args.loss_at_host)) ||
        reader->enable() != DDS::RETCODE_OK) {
      std::cerr << program(b) << ": reader: cannot create, bind or enable the reader of " << b.streams[i].topic << "\n";
      return 1;
    }
    readers.push_back(reader);
  }
  // Until every update of every stream arrived, the writer left, or the run's time (plus 30 s) is over.
  const adamant::bench::Schedule schedule = adamant::bench::process_schedule(pb, args.point, args.updates);
  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(30) +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(static_cast<double>(args.updates) / p.rate_hz));
  while (std::chrono::steady_clock::now() < limit) {
    bool complete = true;
    bool writer_left = true;
    for (std::size_t i = 0; i < b.streams.size(); ++i) {
      complete = complete && recorders[i]->latencies().size() >= schedule.updates[i];
      DDS::SubscriptionMatchedStatus matched;
      readers[i]->get_subscription_matched_status(matched);
      writer_left = writer_left && matched.total_count > 0 && matched.current_count == 0;
    }
    if (complete || writer_left) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::vector<std::vector<std::int64_t>> latencies;
  for (Recorder* r : recorders) latencies.push_back(r->latencies());
  adamant::bench::write_latencies(args.out, latencies);
  return 0;
}

adamant::bench::ProcessBench process_bench(const Bench& b) {
  adamant::bench::ProcessBench pb;
  pb.name = b.name;
  pb.updates = b.updates;
  pb.runs = b.runs;
  for (const Point& p : b.points) pb.points.push_back({p.label, p.params, p.receivers, p.loss_pct, p.rate_hz});
  for (const Stream& s : b.streams) pb.streams.push_back({s.name, s.rate_hz, s.start_ns});
  return pb;
}

}  // namespace

int run(int argc, char** argv, const Bench& b) {
  const adamant::bench::ProcessBench pb = process_bench(b);
  adamant::bench::ProcessArgs args;
  if (b.points.empty() || b.streams.empty()) {
    std::cerr << program(b) << ": the bench declares no points or no streams\n";
    return 2;
  }
  if (const auto rc = adamant::bench::parse_process_args(argc, argv, pb, "-DCPS", args)) return *rc;
  if (args.list) {
    std::cout << adamant::bench::point_list(pb);
    return 0;
  }
  if (args.list_points) {
    std::cout << adamant::bench::point_csv(pb, args.points, args.updates);
    return 0;
  }
  // What TheParticipantFactoryWithArgs sees: the program and the -DCPS options; on a testbed host
  // its address, which OpenDDS's transports bind and advertise when their .ini names none.
  std::vector<std::string> dcps = args.passthrough;
  if (args.role != "driver" && !args.iface.empty()) dcps.insert(dcps.end(), {"-DCPSDefaultAddress", args.iface});
  std::vector<char*> rest = {argv[0]};
  for (std::string& a : dcps) rest.push_back(&a[0]);
  int n = static_cast<int>(rest.size());
  rest.push_back(nullptr);
  try {
    if (args.role == "writer") return writer_main(n, rest.data(), b, pb, args);
    if (args.role == "reader") return reader_main(n, rest.data(), b, pb, args);
    return adamant::bench::drive_processes(pb, args, argv[0]);
  } catch (const CORBA::Exception& e) {
    e._tao_print_exception((program(b) + ": exception:").c_str());
  } catch (const std::exception& e) {
    std::cerr << program(b) << ": " << e.what() << "\n";
  }
  return 1;
}

}  // namespace bench
}  // namespace adamant_opendds
