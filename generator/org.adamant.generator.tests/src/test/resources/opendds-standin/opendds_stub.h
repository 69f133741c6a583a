// A compile-only STAND-IN for the parts of the OpenDDS API the generated code uses (names and
// shapes as in opendds-whitelist.tsv). It lets OpenDdsCompileTest run `g++ -fsyntax-only` on the
// generated sources without an OpenDDS installation. It is NOT OpenDDS and links to nothing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace CORBA {
using ULong = std::uint32_t;
using Long = std::int32_t;
using Boolean = bool;
struct Exception { void _tao_print_exception(const char*) const {} };
struct String_var { String_var() = default; String_var(char*) {} operator const char*() const { return ""; } };
}  // namespace CORBA

// _var: a smart pointer; _ptr: a raw pointer (the IDL-to-C++ mapping)
template <class T> struct Var {
  T* p = nullptr;
  Var() = default;
  Var(T* q) : p(q) {}
  T* operator->() const { return p; }
  operator T*() const { return p; }
  T* in() const { return p; }
  bool operator!() const { return p == nullptr; }
};

namespace DDS {
using ReturnCode_t = std::int32_t;
using DomainId_t = std::int32_t;
using StatusMask = std::uint32_t;
using InstanceHandle_t = std::int32_t;
const ReturnCode_t RETCODE_OK = 0;
const InstanceHandle_t HANDLE_NIL = 0;
const std::int32_t LENGTH_UNLIMITED = -1;
const std::uint32_t ANY_SAMPLE_STATE = 0xffff, ANY_VIEW_STATE = 0xffff, ANY_INSTANCE_STATE = 0xffff;
struct Duration_t { std::int32_t sec; std::uint32_t nanosec; };
struct Time_t { std::int32_t sec; std::uint32_t nanosec; };
enum ReliabilityQosPolicyKind { BEST_EFFORT_RELIABILITY_QOS, RELIABLE_RELIABILITY_QOS };
enum DurabilityQosPolicyKind { VOLATILE_DURABILITY_QOS, TRANSIENT_LOCAL_DURABILITY_QOS, TRANSIENT_DURABILITY_QOS, PERSISTENT_DURABILITY_QOS };
enum HistoryQosPolicyKind { KEEP_LAST_HISTORY_QOS, KEEP_ALL_HISTORY_QOS };
struct ReliabilityQosPolicy { ReliabilityQosPolicyKind kind; Duration_t max_blocking_time; };
struct DurabilityQosPolicy { DurabilityQosPolicyKind kind; };
struct HistoryQosPolicy { HistoryQosPolicyKind kind; std::int32_t depth; };
struct DeadlineQosPolicy { Duration_t period; };
struct LatencyBudgetQosPolicy { Duration_t duration; };
struct LifespanQosPolicy { Duration_t duration; };
struct TransportPriorityQosPolicy { std::int32_t value; };
struct EntityFactoryQosPolicy { bool autoenable_created_entities; };
enum LivelinessQosPolicyKind { AUTOMATIC_LIVELINESS_QOS, MANUAL_BY_PARTICIPANT_LIVELINESS_QOS, MANUAL_BY_TOPIC_LIVELINESS_QOS };
enum OwnershipQosPolicyKind { SHARED_OWNERSHIP_QOS, EXCLUSIVE_OWNERSHIP_QOS };
enum DestinationOrderQosPolicyKind { BY_RECEPTION_TIMESTAMP_DESTINATIONORDER_QOS, BY_SOURCE_TIMESTAMP_DESTINATIONORDER_QOS };
enum PresentationQosPolicyAccessScopeKind { INSTANCE_PRESENTATION_QOS, TOPIC_PRESENTATION_QOS, GROUP_PRESENTATION_QOS };
struct LivelinessQosPolicy { LivelinessQosPolicyKind kind; Duration_t lease_duration; };
struct OwnershipQosPolicy { OwnershipQosPolicyKind kind; };
struct OwnershipStrengthQosPolicy { std::int32_t value; };
struct DestinationOrderQosPolicy { DestinationOrderQosPolicyKind kind; };
struct ResourceLimitsQosPolicy { std::int32_t max_samples, max_instances, max_samples_per_instance; };
struct TimeBasedFilterQosPolicy { Duration_t minimum_separation; };
struct PresentationQosPolicy { PresentationQosPolicyAccessScopeKind access_scope; bool coherent_access, ordered_access; };
struct StringSeq { void length(CORBA::ULong) {} std::string& operator[](CORBA::ULong) { static std::string s; return s; } };
struct PartitionQosPolicy { StringSeq name; };
struct TopicQos { ReliabilityQosPolicy reliability; DurabilityQosPolicy durability; HistoryQosPolicy history;
  DeadlineQosPolicy deadline; LatencyBudgetQosPolicy latency_budget; LifespanQosPolicy lifespan; TransportPriorityQosPolicy transport_priority;
  LivelinessQosPolicy liveliness; OwnershipQosPolicy ownership; DestinationOrderQosPolicy destination_order;
  ResourceLimitsQosPolicy resource_limits; };
struct DataWriterQos : TopicQos { OwnershipStrengthQosPolicy ownership_strength; };
struct DataReaderQos { ReliabilityQosPolicy reliability; DurabilityQosPolicy durability; HistoryQosPolicy history;
  DeadlineQosPolicy deadline; LatencyBudgetQosPolicy latency_budget; LivelinessQosPolicy liveliness;
  OwnershipQosPolicy ownership; DestinationOrderQosPolicy destination_order; ResourceLimitsQosPolicy resource_limits;
  TimeBasedFilterQosPolicy time_based_filter; };
struct PublisherQos { EntityFactoryQosPolicy entity_factory; PresentationQosPolicy presentation; PartitionQosPolicy partition; };
struct SubscriberQos { EntityFactoryQosPolicy entity_factory; PresentationQosPolicy presentation; PartitionQosPolicy partition; };
struct DomainParticipantQos { EntityFactoryQosPolicy entity_factory; };
struct PublicationMatchedStatus { std::int32_t total_count, current_count; };
struct SubscriptionMatchedStatus { std::int32_t total_count, current_count; };
struct RequestedDeadlineMissedStatus {}; struct RequestedIncompatibleQosStatus {}; struct SampleRejectedStatus {};
struct LivelinessChangedStatus {}; struct SampleLostStatus {};
struct SampleInfo { bool valid_data; Time_t source_timestamp; };
struct SampleInfoSeq { CORBA::ULong length() const { return 0; } SampleInfo& operator[](CORBA::ULong) { static SampleInfo i; return i; } };

struct Entity { virtual ~Entity() = default; ReturnCode_t enable() { return 0; } };
using Entity_ptr = Entity*;
struct Topic : Entity {}; using Topic_ptr = Topic*; using Topic_var = Var<Topic>;
struct DataWriter : Entity {
  ReturnCode_t get_publication_matched_status(PublicationMatchedStatus&) { return 0; }
  ReturnCode_t wait_for_acknowledgments(const Duration_t&) { return 0; } };
using DataWriter_ptr = DataWriter*; using DataWriter_var = Var<DataWriter>;
struct DataReader : Entity { ReturnCode_t get_subscription_matched_status(SubscriptionMatchedStatus&) { return 0; } };
using DataReader_ptr = DataReader*; using DataReader_var = Var<DataReader>;
struct DataReaderListener {
  virtual ~DataReaderListener() = default;
  virtual void on_requested_deadline_missed(DataReader_ptr, const RequestedDeadlineMissedStatus&) = 0;
  virtual void on_requested_incompatible_qos(DataReader_ptr, const RequestedIncompatibleQosStatus&) = 0;
  virtual void on_sample_rejected(DataReader_ptr, const SampleRejectedStatus&) = 0;
  virtual void on_liveliness_changed(DataReader_ptr, const LivelinessChangedStatus&) = 0;
  virtual void on_data_available(DataReader_ptr) = 0;
  virtual void on_subscription_matched(DataReader_ptr, const SubscriptionMatchedStatus&) = 0;
  virtual void on_sample_lost(DataReader_ptr, const SampleLostStatus&) = 0; };
using DataReaderListener_ptr = DataReaderListener*; using DataReaderListener_var = Var<DataReaderListener>;
struct Publisher : Entity {
  ReturnCode_t get_default_datawriter_qos(DataWriterQos&) { return 0; }
  DataWriter_ptr create_datawriter(Topic_ptr, const DataWriterQos&, void*, StatusMask) { return nullptr; } };
using Publisher_var = Var<Publisher>;
struct Subscriber : Entity {
  ReturnCode_t get_default_datareader_qos(DataReaderQos&) { return 0; }
  DataReader_ptr create_datareader(Topic_ptr, const DataReaderQos&, DataReaderListener_ptr, StatusMask) { return nullptr; } };
using Subscriber_var = Var<Subscriber>;
struct DomainParticipant : Entity {
  ReturnCode_t get_default_topic_qos(TopicQos&) { return 0; }
  ReturnCode_t get_default_publisher_qos(PublisherQos&) { return 0; }
  ReturnCode_t get_default_subscriber_qos(SubscriberQos&) { return 0; }
  Topic_ptr create_topic(const char*, const char*, const TopicQos&, void*, StatusMask) { return nullptr; }
  Publisher* create_publisher(const PublisherQos&, void*, StatusMask) { return nullptr; }
  Subscriber* create_subscriber(const SubscriberQos&, void*, StatusMask) { return nullptr; }
  ReturnCode_t delete_contained_entities() { return 0; } };
using DomainParticipant_ptr = DomainParticipant*; using DomainParticipant_var = Var<DomainParticipant>;
struct DomainParticipantFactory {
  DomainParticipant_ptr create_participant(DomainId_t, const DomainParticipantQos&, void*, StatusMask) { return nullptr; }
  ReturnCode_t delete_participant(DomainParticipant_ptr) { return 0; } };
using DomainParticipantFactory_var = Var<DomainParticipantFactory>;
}  // namespace DDS

#define PARTICIPANT_QOS_DEFAULT DDS::DomainParticipantQos()
#define TOPIC_QOS_DEFAULT DDS::TopicQos()

namespace OpenDDS {
namespace DCPS {
const DDS::StatusMask DEFAULT_STATUS_MASK = 0xffffffff;
template <class T> struct LocalObject : T {};
template <class T> struct RcHandle {
  T* p = nullptr;
  T* operator->() const { return p; }
  bool is_nil() const { return p == nullptr; }
};
template <class T, class U> RcHandle<T> dynamic_rchandle_cast(const RcHandle<U>& h) { return RcHandle<T>{dynamic_cast<T*>(h.p)}; }
}  // namespace DCPS
}  // namespace OpenDDS
// ace/Configuration.h (ACE), as TransportInst::load reads it up to OpenDDS 3.26
#define ACE_TEXT(s) s
struct ACE_Configuration_Section_Key {};
struct ACE_Configuration_Heap {
  int open() { return 0; }
  const ACE_Configuration_Section_Key& root_section() const { static ACE_Configuration_Section_Key k; return k; }
  int open_section(const ACE_Configuration_Section_Key&, const char*, bool, ACE_Configuration_Section_Key&) { return 0; }
  int set_string_value(const ACE_Configuration_Section_Key&, const char*, const std::string&) { return 0; } };
namespace OpenDDS {
namespace DCPS {
struct ConfigStoreImpl { void set(const char*, const std::string&) {} };
struct TransportInst {
  virtual ~TransportInst() = default;
  virtual int load(ACE_Configuration_Heap&, ACE_Configuration_Section_Key&) { return 0; }  // up to 3.26
  std::string config_key(const std::string& key) const { return key; } };                // 3.25 on
using TransportInst_rch = RcHandle<TransportInst>;
struct TransportConfig { std::vector<TransportInst_rch> instances_; };
using TransportConfig_rch = RcHandle<TransportConfig>;
struct TransportRegistry {
  static TransportRegistry* instance() { static TransportRegistry r; return &r; }
  TransportConfig_rch create_config(const std::string&) { return {}; }
  TransportConfig_rch get_config(const std::string&) const { return {}; }
  TransportInst_rch create_inst(const std::string&, const std::string&) { return {}; }
  void bind_config(const TransportConfig_rch&, DDS::Entity_ptr) {} };
struct MulticastInst : TransportInst { bool reliable_ = false; void reliable(bool f) { reliable_ = f; } };
using MulticastInst_rch = RcHandle<MulticastInst>;
struct Discovery { static constexpr const char* DEFAULT_RTPS = "DEFAULT_RTPS"; static constexpr const char* DEFAULT_REPO = "DEFAULT_REPO"; };
struct Service_Participant {
  static Service_Participant* instance() { static Service_Participant s; return &s; }
  DDS::DomainParticipantFactory* get_domain_participant_factory(int&, char**) { return nullptr; }
  void set_default_discovery(const std::string&) {}
  RcHandle<ConfigStoreImpl> config_store() const { return {}; }  // 3.25 on
  DDS::ReturnCode_t shutdown() { return 0; } };
}  // namespace DCPS
}  // namespace OpenDDS
#define TheServiceParticipant OpenDDS::DCPS::Service_Participant::instance()
#define TheParticipantFactoryWithArgs(argc, argv) TheServiceParticipant->get_domain_participant_factory(argc, argv)
#define TheTransportRegistry OpenDDS::DCPS::TransportRegistry::instance()
#define OPENDDS_VERSION_AT_LEAST(A, B, C) 1

// What opendds_idl generates per topic type T (classic mapping), reduced to what the code uses.
#define OPENDDS_STUB_TYPE(T)                                                                          \
  struct T##Seq { CORBA::ULong length() const { return 0; } T& operator[](CORBA::ULong) { static T t; return t; } }; \
  struct T##TypeSupport { virtual ~T##TypeSupport() = default; using _var_type = Var<T##TypeSupport>;  \
    DDS::ReturnCode_t register_type(DDS::DomainParticipant_ptr, const char*) { return 0; }            \
    char* get_type_name() { return nullptr; } };                                                       \
  struct T##TypeSupportImpl : T##TypeSupport {};                                                       \
  using T##TypeSupport_var = Var<T##TypeSupport>;                                                      \
  struct T##DataWriter : DDS::DataWriter { using _var_type = Var<T##DataWriter>;                      \
    static T##DataWriter* _narrow(DDS::DataWriter_ptr w) { return static_cast<T##DataWriter*>(w); }   \
    DDS::InstanceHandle_t register_instance(const T&) { return 0; }                                    \
    DDS::ReturnCode_t write(const T&, DDS::InstanceHandle_t) { return 0; } };                          \
  using T##DataWriter_var = Var<T##DataWriter>;                                                        \
  struct T##DataReader : DDS::DataReader { using _var_type = Var<T##DataReader>;                      \
    static T##DataReader* _narrow(DDS::DataReader_ptr r) { return static_cast<T##DataReader*>(r); }   \
    DDS::ReturnCode_t take(T##Seq&, DDS::SampleInfoSeq&, std::int32_t, std::uint32_t, std::uint32_t, std::uint32_t) { return 0; } \
    DDS::ReturnCode_t return_loan(T##Seq&, DDS::SampleInfoSeq&) { return 0; } };                       \
  using T##DataReader_var = Var<T##DataReader>;
