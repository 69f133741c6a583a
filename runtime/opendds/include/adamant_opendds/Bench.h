// The OpenDDS benchmarks' machinery (library Adamant::opendds_bench, libAdamantOpenDDSBench): a
// generated <experiment>_bench.cpp declares what the model decided (a Bench: points, streams with
// their IDL types and QoS, each point's transport and options) and its main calls run(). run() is the runtime's
// process bench (adamant/process_bench.hpp: command line, point loop, schedule, statistics, the CSV
// of docs/runtime-contract.md, the same columns as the native benches) with the OpenDDS side
// added here: the writer process (one DataWriter per stream, all bound to the point's transport
// instance, writing on the schedule) and the reader processes (one DataReader per stream; latency
// = the writer's source timestamp, the system clock shared by processes on one host, to
// on_data_available). C++14-clean, like the generated code that includes it.
#ifndef ADAMANT_OPENDDS_BENCH_H
#define ADAMANT_OPENDDS_BENCH_H

#include <adamant_opendds/Entity.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace adamant_opendds {
namespace bench {

using Options = TransportOptions;

// One point of the sweep: a transport instance with its options, receivers, loss and rate.
struct Point {
  std::string label;           // CSV transport column
  std::string transport_type;  // TransportRegistry::create_inst type
  Options options;             // the transport instance's options (writer and readers)
  std::string params;          // CSV transport_params column: the options as name=value;...
  int receivers;
  double loss_pct;  // ant_* transports inject it at each reader; for the others it is recorded only
  double rate_hz;   // the first stream's; the others keep their modeled ratio to it
  // What the transport makes of each stream's QoS (empty: nothing), e.g. the generated <model>Entities.h's
  // best_effort on a transport OpenDDS takes for best-effort.
  std::function<EntityQos(EntityQos)> transport_qos;
};

// The typed DDS calls of one stream (the classic IDL-to-C++ mapping).
class StreamOps {
 public:
  virtual ~StreamOps() {}
  virtual bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) = 0;
  virtual bool narrow(DDS::DataWriter_ptr writer) = 0;
  // Writes update `seq` (from 0) of the stream with key `key` (stamps SampleInfo::source_timestamp).
  virtual void write(std::uint64_t seq, std::uint64_t key) = 0;
  // Takes every available sample and appends the source timestamps (ns) of the valid ones.
  virtual void take(DDS::DataReader_ptr reader, std::vector<std::int64_t>& sent_ns) = 0;
};

// StreamOps of IDL type Type (an IdlType): its `fill` makes update `seq` with key `key`.
template <class Type>
class TypedStreamOps : public StreamOps {
 public:
  explicit TypedStreamOps(const Type& type) : type_(type) {}

  bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) override {
    return register_idl_type<Type>(participant, type_name);
  }
  bool narrow(DDS::DataWriter_ptr writer) override {
    writer_ = Type::DataWriter::_narrow(writer);
    return writer_.in() != 0;
  }
  void write(std::uint64_t seq, std::uint64_t key) override {
    type_.fill(sample_, seq, key);
    writer_->write(sample_, DDS::HANDLE_NIL);
  }
  void take(DDS::DataReader_ptr reader, std::vector<std::int64_t>& sent_ns) override {
    take_valid<Type>(reader, [&](const typename Type::Sample&, const DDS::SampleInfo& info) {
      const DDS::Time_t& t = info.source_timestamp;
      sent_ns.push_back(static_cast<std::int64_t>(t.sec) * 1000000000 + t.nanosec);
    });
  }

 private:
  const Type type_;
  typename Type::DataWriter::_var_type writer_;
  typename Type::Sample sample_;
};

// The factory of a stream's StreamOps, e.g. typed_ops(sar::entities::type_ThermalScan()) (the
// generated <model>Entities.h).
template <class Type>
std::function<std::unique_ptr<StreamOps>()> typed_ops(const Type& type) {
  return [type]() { return std::unique_ptr<StreamOps>(new TypedStreamOps<Type>(type)); };
}

// A stream's QoS profile on each entity it creates (empty: the defaults), e.g.
// sar::entities::qos_ThermalScanQos() (the generated <model>Entities.h).
using StreamQos = EntityQos;
using adamant_opendds::qos_of;

// One stream of the experiment: its own writer, bound with the others to the point's one transport
// instance. A stream that asks for replacement has one key instance per tag of the native bench
// (each taken to report once a second: a rate of N Hz is N instances), so with ant_replace a newer
// update supersedes only an older one of its own instance and writer; tags 0 gives every update
// its own instance, so none is superseded.
struct Stream {
  std::string name;    // CSV stream column (empty when the experiment has one topic)
  std::string topic;   // DDS topic
  double rate_hz;      // in the model; a point's rate_hz scales every stream by rate_hz / streams[0].rate_hz
  int priority;        // TRANSPORT_PRIORITY of its writer
  std::uint64_t tags;  // update k has key k mod tags; 0: key k (every update its own instance)
  std::function<std::unique_ptr<StreamOps>()> make_ops;
  StreamQos qos;
  std::int64_t start_ns = 0;  // its first update this long after the first stream's (make_schedule)
};

struct Bench {
  std::string name;  // <name>_bench, default CSV <name>.csv, transport configurations <name>_writer and <name>_reader
  long updates;      // of the first stream per point and run (--updates)
  long runs;         // per point (--runs)
  std::vector<Point> points;  // in the model's order; --list numbers them
  std::vector<Stream> streams;
  // One topic whose instances each update at this rate (> 0): a point of R Hz has
  // max(1, round(R / instance_rate_hz)) instances and update k has key k mod that (streams[0].tags
  // is then ignored). 0: the streams' tags decide.
  double instance_rate_hz = 0;
};

// The bench's main: the driver (default), or with --role writer|reader one process of a point.
// Options: -DCPS... (handed to every process), --csv FILE, --updates N, --runs N, --points I,J,...,
// --list, --help. Returns the exit code.
int run(int argc, char** argv, const Bench& bench);

}  // namespace bench
}  // namespace adamant_opendds

#endif
