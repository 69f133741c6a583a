// What generated OpenDDS programs (App.h, Bench.h) declare about each entity they create: its IDL
// type, its QoS profile and its transport's options (Transports.h binds them); the generated
// <model>Entities.h declares each type and profile of a model once. C++14-clean, like the
// generated code.
#ifndef ADAMANT_OPENDDS_ENTITY_H
#define ADAMANT_OPENDDS_ENTITY_H

#include <dds/DdsDcpsInfrastructureC.h>
#include <dds/DdsDcpsPublicationC.h>
#include <dds/DdsDcpsSubscriptionC.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace adamant_opendds {

// Options of one transport instance: the keys of its [transport/NAME] section in an .ini file.
using TransportOptions = std::vector<std::pair<std::string, std::string>>;

// One IDL type: its classes in the classic IDL-to-C++ mapping (opendds_idl and tao_idl generate
// them) and the model's helpers that fill and print its samples (the generated <model>Samples.h).
// App.h's and Bench.h's typed_ops make the typed DDS calls of a topic from it.
template <class SampleT, class SeqT, class TypeSupportT, class TypeSupportImplT, class DataWriterT, class DataReaderT>
struct IdlType {
  using Sample = SampleT;
  using Seq = SeqT;
  using TypeSupport = TypeSupportT;
  using TypeSupportImpl = TypeSupportImplT;
  using DataWriter = DataWriterT;
  using DataReader = DataReaderT;
  using Fill = void (*)(Sample&, std::uint64_t seq, std::uint64_t key);
  using Print = void (*)(std::ostream&, const Sample&);

  Fill fill;    // makes sample `seq` with key `key`
  Print print;  // writes its numeric members
};

// Registers IDL type Type's type support with `participant`; its registered name in `type_name`.
template <class Type>
bool register_idl_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) {
  typename Type::TypeSupport::_var_type ts = new typename Type::TypeSupportImpl;
  if (ts->register_type(participant, "") != DDS::RETCODE_OK) return false;
  type_name = ts->get_type_name();
  return true;
}

// Takes every available sample of `reader` (a reader of IDL type Type) and calls
// on_valid(sample, info) for each one that carries data.
template <class Type, class OnValid>
void take_valid(DDS::DataReader_ptr reader, OnValid on_valid) {
  typename Type::DataReader::_var_type typed = Type::DataReader::_narrow(reader);
  if (!typed) return;
  typename Type::Seq samples;
  DDS::SampleInfoSeq infos;
  if (typed->take(samples, infos, DDS::LENGTH_UNLIMITED, DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE,
                  DDS::ANY_INSTANCE_STATE) != DDS::RETCODE_OK) {
    return;
  }
  for (CORBA::ULong i = 0; i < samples.length(); ++i) {
    if (infos[i].valid_data) on_valid(samples[i], infos[i]);
  }
  typed->return_loan(samples, infos);
}

// A QoS profile on each entity it may apply to (empty: the defaults).
struct EntityQos {
  std::function<void(DDS::TopicQos&)> topic;
  std::function<void(DDS::PublisherQos&)> publisher;
  std::function<void(DDS::DataWriterQos&)> writer;
  std::function<void(DDS::SubscriberQos&)> subscriber;
  std::function<void(DDS::DataReaderQos&)> reader;
};

// One overloaded function for all five, e.g. qos_of([](auto& q) { sar::qos::apply_ThermalScanQos(q); }).
template <class Apply>
EntityQos qos_of(Apply apply) {
  return EntityQos{apply, apply, apply, apply, apply};
}

// Applies a profile's part for one entity, if any.
template <class Qos>
void apply(const std::function<void(Qos&)>& f, Qos& qos) {
  if (f) f(qos);
}

}  // namespace adamant_opendds

#endif
