// The OpenDDS side of the generated applications (adamant_opendds/App.h); their command line and
// the end of a run are the runtime's (adamant/dds_app.hpp).
#include <adamant_opendds/App.h>
#include <adamant_opendds/Transports.h>

#include <adamant/dds_app.hpp>

#include <dds/DCPS/LocalObject.h>
#include <dds/DCPS/Marked_Default_Qos.h>
#include <dds/DCPS/Service_Participant.h>

#include <chrono>
#include <map>
#include <thread>

namespace adamant_opendds {
namespace app {
namespace {

namespace da = adamant::dds_app;

// Reader of one topic: takes every available sample in on_data_available.
class Listener : public virtual OpenDDS::DCPS::LocalObject<DDS::DataReaderListener> {
 public:
  Listener(const App& app, const Topic& topic, std::uint64_t print)
      : app_(app), topic_(topic.name), ops_(topic.make_ops()), print_(print) {}

  std::uint64_t received() const { return received_.load(); }

  void on_data_available(DDS::DataReader_ptr reader) override { ops_->take(reader, topic_, print_, received_); }
  void on_requested_deadline_missed(DDS::DataReader_ptr, const DDS::RequestedDeadlineMissedStatus&) override {}
  void on_requested_incompatible_qos(DDS::DataReader_ptr, const DDS::RequestedIncompatibleQosStatus&) override {
    std::cerr << app_.name << ": " << topic_ << ": a writer offers incompatible QoS\n";
  }
  void on_sample_rejected(DDS::DataReader_ptr, const DDS::SampleRejectedStatus&) override {}
  void on_liveliness_changed(DDS::DataReader_ptr, const DDS::LivelinessChangedStatus&) override {}
  void on_subscription_matched(DDS::DataReader_ptr, const DDS::SubscriptionMatchedStatus&) override {}
  void on_sample_lost(DDS::DataReader_ptr, const DDS::SampleLostStatus&) override {}

 private:
  const App& app_;
  const std::string topic_;
  const std::unique_ptr<TopicOps> ops_;
  const std::uint64_t print_;
  std::atomic<std::uint64_t> received_{0};
};

struct CreatedWriter {
  const Writer* model;
  DDS::DataWriter_var writer;
};

struct CreatedReader {
  const Reader* model;
  Listener* listener;  // owned by listener_var
  DDS::DataReaderListener_var listener_var;
  DDS::DataReader_var reader;
};

// Publishes `w` on `writer` at its rate, after the readers the model expects matched and foreign
// readers had their time to synchronize (da::await_readers); then --count samples or until --seconds.
void publish(const App& app, const Topic& topic, const Writer& w, DDS::DataWriter_ptr writer,
             const da::Options& options, const da::RunTimer& timer) {
  const std::unique_ptr<TopicOps> ops = topic.make_ops();
  if (!ops->narrow(writer)) {
    std::cerr << app.name << ": " << w.topic << ": _narrow failed\n";
    return;
  }
  const long expected = da::expected_readers(options, w.readers);
  da::WriterStart calls;
  calls.matched_readers = [writer]() {
    DDS::PublicationMatchedStatus matched{};
    return writer->get_publication_matched_status(matched) == DDS::RETCODE_OK ? long{matched.current_count} : 0L;
  };
  calls.register_instance = [&ops, &options]() { ops->register_instance(options.key); };
  calls.sleep = [](da::Clock::duration d) { std::this_thread::sleep_for(d); };
  const long matched = da::await_readers(expected, w.foreign_sync_s, timer, calls);
  if (matched < expected) {
    std::cerr << app.name << ": " << w.topic << ": " << matched << " of " << expected
              << " readers matched after 10 s; publishing anyway\n";
  }
  da::Pacer pacer(w.rate_hz);
  for (std::uint64_t seq = 0; (options.count == 0 || seq < options.count) && !timer.expired(); ++seq) {
    if (!ops->write(seq, options.key)) {
      std::cerr << app.name << ": " << w.topic << ": write failed\n";
    }
    std::this_thread::sleep_until(pacer.next());
  }
  const DDS::Duration_t ack_timeout = {5, 0};
  writer->wait_for_acknowledgments(ack_timeout);
}

int run_app(int argc, char** argv, const App& app) {
  const bool config_file = da::has_config_file(argc, argv);
  DDS::DomainParticipantFactory_var dpf = TheParticipantFactoryWithArgs(argc, argv);
  da::Options options;
  if (const auto rc = da::parse_options(argc, argv, app.name, app.config_file, options, std::cout, std::cerr)) {
    return *rc;
  }
  if (!config_file) {
    if (app.discovery == Discovery::rtps) {
      TheServiceParticipant->set_default_discovery(OpenDDS::DCPS::Discovery::DEFAULT_RTPS);
    } else {
      std::cerr << app.name << ": note: no -DCPSConfigFile; discovery uses the DCPSInfoRepo (see " << app.config_file
                << ")\n";
    }
  }

  DDS::DomainParticipant_var participant =
      dpf->create_participant(app.domain, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  if (!participant) {
    std::cerr << app.name << ": create_participant failed\n";
    return 1;
  }
  std::map<std::string, CORBA::String_var> type_names;  // IDL type -> registered name
  std::map<std::string, const Topic*> topic_models;
  std::map<std::string, DDS::Topic_var> topics;
  for (const Topic& t : app.topics) {
    topic_models[t.name] = &t;
    if (type_names.count(t.type) == 0 && !t.make_ops()->register_type(participant, type_names[t.type])) {
      std::cerr << app.name << ": register_type " << t.type << " failed\n";
      return 1;
    }
    DDS::TopicQos qos;
    participant->get_default_topic_qos(qos);
    apply(t.qos.topic, qos);
    topics[t.name] =
        participant->create_topic(t.name.c_str(), type_names[t.type], qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!topics[t.name]) {
      std::cerr << app.name << ": create_topic " << t.name << " failed\n";
      return 1;
    }
  }

  // A publisher per writer (its partition and presentation come from the writer's profile), whose
  // writer is created disabled so that its transport configuration can be bound first.
  std::vector<CreatedWriter> writers;
  for (const Writer& w : app.writers) {
    DDS::PublisherQos publisher_qos;
    participant->get_default_publisher_qos(publisher_qos);
    apply(w.qos.publisher, publisher_qos);
    publisher_qos.entity_factory.autoenable_created_entities = false;
    DDS::Publisher_var publisher =
        participant->create_publisher(publisher_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!publisher) {
      std::cerr << app.name << ": create_publisher for " << w.topic << " failed\n";
      return 1;
    }
    DDS::DataWriterQos qos;
    publisher->get_default_datawriter_qos(qos);  // writers default to reliable
    apply(w.qos.writer, qos);
    DDS::DataWriter_var writer =
        publisher->create_datawriter(topics[w.topic], qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!writer || !transports::bind(writer.in(), w.transport.config, w.transport.type, w.transport.options) ||
        writer->enable() != DDS::RETCODE_OK) {
      std::cerr << app.name << ": cannot create, bind or enable the " << w.topic << " writer\n";
      return 1;
    }
    writers.push_back(CreatedWriter{&w, writer});
  }
  // A subscriber per reader (partition and presentation from the reader's profile); the reader is
  // created disabled so that its transport configuration can be bound first.
  std::vector<CreatedReader> readers;
  for (const Reader& r : app.readers) {
    DDS::SubscriberQos subscriber_qos;
    participant->get_default_subscriber_qos(subscriber_qos);
    apply(r.qos.subscriber, subscriber_qos);
    subscriber_qos.entity_factory.autoenable_created_entities = false;
    DDS::Subscriber_var subscriber =
        participant->create_subscriber(subscriber_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!subscriber) {
      std::cerr << app.name << ": create_subscriber for " << r.topic << " failed\n";
      return 1;
    }
    DDS::DataReaderQos qos;
    subscriber->get_default_datareader_qos(qos);  // readers default to best effort
    apply(r.qos.reader, qos);
    Listener* listener = new Listener(app, *topic_models[r.topic], options.print);
    DDS::DataReaderListener_var listener_var(listener);
    DDS::DataReader_var reader =
        subscriber->create_datareader(topics[r.topic], qos, listener_var, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!reader || !transports::bind(reader.in(), r.transport.config, r.transport.type, r.transport.options) ||
        reader->enable() != DDS::RETCODE_OK) {
      std::cerr << app.name << ": cannot create, bind or enable the " << r.topic << " reader\n";
      return 1;
    }
    readers.push_back(CreatedReader{&r, listener, listener_var, reader});
  }

  const da::RunTimer timer(options.seconds);
  std::vector<std::thread> threads;
  for (const CreatedWriter& w : writers) {
    const Topic* topic = topic_models.at(w.model->topic);
    threads.emplace_back([&app, topic, &w, &options, &timer] {
      publish(app, *topic, *w.model, w.writer.in(), options, timer);
    });
  }
  if (!readers.empty()) {
    // Readers run until each topic received --count samples, --seconds passed, or the writers left.
    std::vector<da::ReaderProgress> progress(readers.size());
    for (;;) {
      for (std::size_t i = 0; i < readers.size(); ++i) {
        DDS::SubscriptionMatchedStatus matched;
        readers[i].reader->get_subscription_matched_status(matched);
        progress[i] = da::ReaderProgress{readers[i].listener->received(), matched.total_count, matched.current_count};
      }
      if (da::readers_done(options, progress) || timer.expired()) {
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    for (const CreatedReader& r : readers) {
      std::cout << app.name << ": " << r.model->topic << ": received " << r.listener->received() << std::endl;
    }
  }
  for (std::thread& t : threads) {
    t.join();
  }

  participant->delete_contained_entities();
  dpf->delete_participant(participant);
  TheServiceParticipant->shutdown();
  return 0;
}

}  // namespace

int run(int argc, char** argv, const App& app) {
  try {
    return run_app(argc, argv, app);
  } catch (const CORBA::Exception& e) {
    e._tao_print_exception((app.name + ": exception:").c_str());
  } catch (const std::exception& e) {
    std::cerr << app.name << ": " << e.what() << "\n";
  } catch (...) {
    std::cerr << app.name << ": unexpected exception (an OpenDDS transport error?)\n";
  }
  return 1;
}

}  // namespace app
}  // namespace adamant_opendds
