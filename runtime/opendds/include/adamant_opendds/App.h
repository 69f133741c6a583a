// The OpenDDS applications' machinery (library Adamant::opendds_app, libAdamantOpenDDSApp): a
// generated <application>.cpp declares what the model decided (an App: domain, discovery, topics
// with their IDL types and QoS, writers and readers with their QoS profile and transport, rate
// and expected readers) and its main calls run(). run() does the rest, in the shape of
// OpenDDS's DevGuideExamples/DCPS/Messenger: a participant from TheParticipantFactoryWithArgs,
// the types registered, the topics, a publisher per writer and a subscriber per reader whose
// entities are created disabled (so that each gets its transport configuration bound before
// enable(), adamant_opendds/Transports.h), a thread per writer that publishes at the modeled rate, and listener-based readers
// that take() in on_data_available. The command line and the run's end are the runtime's
// (adamant/dds_app.hpp). C++14-clean, like the generated code that includes it.
#ifndef ADAMANT_OPENDDS_APP_H
#define ADAMANT_OPENDDS_APP_H

#include <adamant_opendds/Entity.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace adamant_opendds {
namespace app {

// The typed DDS calls on one topic (the classic IDL-to-C++ mapping).
class TopicOps {
 public:
  virtual ~TopicOps() {}
  virtual bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) = 0;
  virtual bool narrow(DDS::DataWriter_ptr writer) = 0;
  // Registers the instance of key `key` (a registration, not a sample).
  virtual void register_instance(std::uint64_t key) = 0;
  // Writes sample `seq` (from 0) with key `key`.
  virtual bool write(std::uint64_t seq, std::uint64_t key) = 0;
  // Takes every available sample, counts the valid ones in `received` and prints each whose
  // number is at most `print` as "<topic> #<n>: <sample>".
  virtual void take(DDS::DataReader_ptr reader, const std::string& topic, std::uint64_t print,
                    std::atomic<std::uint64_t>& received) = 0;
};

// TopicOps of IDL type Type (an IdlType): its `fill` makes sample `seq` with key `key`, its `print`
// writes the numeric members.
template <class Type>
class TypedTopicOps : public TopicOps {
 public:
  explicit TypedTopicOps(const Type& type) : type_(type) {}

  bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) override {
    return register_idl_type<Type>(participant, type_name);
  }
  bool narrow(DDS::DataWriter_ptr writer) override {
    writer_ = Type::DataWriter::_narrow(writer);
    return writer_.in() != 0;
  }
  void register_instance(std::uint64_t key) override {
    type_.fill(sample_, 0, key);
    writer_->register_instance(sample_);
  }
  bool write(std::uint64_t seq, std::uint64_t key) override {
    type_.fill(sample_, seq, key);
    return writer_->write(sample_, DDS::HANDLE_NIL) == DDS::RETCODE_OK;
  }
  void take(DDS::DataReader_ptr reader, const std::string& topic, std::uint64_t print,
            std::atomic<std::uint64_t>& received) override {
    take_valid<Type>(reader, [&](const typename Type::Sample& sample, const DDS::SampleInfo&) {
      const std::uint64_t n = ++received;
      if (n <= print) {
        std::cout << topic << " #" << n << ": ";
        type_.print(std::cout, sample);
        std::cout << std::endl;
      }
    });
  }

 private:
  const Type type_;
  typename Type::DataWriter::_var_type writer_;
  typename Type::Sample sample_;
};

// The factory of a topic's TopicOps, e.g. typed_ops(sar::entities::type_ThermalScan()) (the
// generated <model>Entities.h).
template <class Type>
std::function<std::unique_ptr<TopicOps>()> typed_ops(const Type& type) {
  return [type]() { return std::unique_ptr<TopicOps>(new TypedTopicOps<Type>(type)); };
}

struct Topic {
  std::string name;  // DDS topic
  std::string type;  // IDL type (each registered once)
  std::function<std::unique_ptr<TopicOps>()> make_ops;
  EntityQos qos;  // the topic's QoS (its .topic part)
};

// The transport configuration of one writer or reader (bound before it is enabled).
struct Transport {
  std::string config;  // configuration name, unique in the process
  std::string type;    // TransportRegistry::create_inst type
  TransportOptions options;
};

struct Writer {
  std::string topic;
  EntityQos qos;       // the writer's profile (its publisher and writer parts)
  double rate_hz;      // samples per second
  long readers;        // the model's subscriber instances of the topic (--readers overrides)
  int foreign_sync_s;  // > 0: foreign (interop) readers; the first sample waits this long after
                       // registering the instance, for them to synchronize with the writer
  Transport transport;
};

struct Reader {
  std::string topic;
  EntityQos qos;  // the reader's profile (its subscriber and reader parts)
  Transport transport;
};

enum class Discovery { rtps, info_repo };

struct App {
  std::string name;         // the executable
  std::string config_file;  // <model>.ini: for --help and messages
  long domain;
  Discovery discovery;      // rtps: DEFAULT_RTPS unless a configuration file is given
  std::vector<Topic> topics;
  std::vector<Writer> writers;
  std::vector<Reader> readers;
};

// The application's main: options (-DCPS... for OpenDDS, then --count, --seconds, --print, --key,
// --readers, --help), entities, writers until --count or --seconds, readers until --count, --seconds
// or their writers left. Returns the exit code (1 on an error or exception, which it reports).
int run(int argc, char** argv, const App& app);

}  // namespace app
}  // namespace adamant_opendds

#endif
