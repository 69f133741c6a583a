// opendds-qos-dump FILE_STEM PROFILE...: loads FILE_STEM.xml with OpenDDS's QOS_XML_Loader (the
// profile key is "FILE_STEM#PROFILE") and prints, per profile and entity, one JSON line with the
// return code, the QoS OpenDDS read and the entity's default QoS, in the policy names and units of
// cyclonedds' Qos.asdict() (durations in ns, LENGTH_UNLIMITED as -1), so that the test compares
// both loaders against one description of the file.
#include <dds/DCPS/QOS_XML_Handler/QOS_XML_Loader.h>
#include <dds/DCPS/Service_Participant.h>

#include <ace/ACE.h>

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>

namespace {

constexpr std::int64_t infinite_ns = 0x7FFFFFFFFFFFFFFF;  // cyclonedds' DDS_INFINITY

std::int64_t ns(const DDS::Duration_t& d) {
  if (d.sec == DDS::DURATION_INFINITE_SEC && d.nanosec == DDS::DURATION_INFINITE_NSEC) {
    return infinite_ns;
  }
  return std::int64_t{d.sec} * 1000000000 + d.nanosec;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// One JSON object of policies, written as {"Name": {fields}, ...}.
class Policies {
 public:
  Policies& add(const std::string& name, const std::string& fields) {
    out_ << (out_.tellp() > 0 ? ", " : "") << quoted(name) << ": {" << fields << "}";
    return *this;
  }
  std::string json() const { return "{" + out_.str() + "}"; }

 private:
  std::ostringstream out_;
};

std::string field(const std::string& name, const std::string& value) { return quoted(name) + ": " + value; }
std::string field(const std::string& name, std::int64_t value) { return field(name, std::to_string(value)); }
std::string kind(const char* value) { return field("kind", quoted(value)); }

const char* name(DDS::DurabilityQosPolicyKind k) {
  switch (k) {
    case DDS::VOLATILE_DURABILITY_QOS: return "Volatile";
    case DDS::TRANSIENT_LOCAL_DURABILITY_QOS: return "TransientLocal";
    case DDS::TRANSIENT_DURABILITY_QOS: return "Transient";
    default: return "Persistent";
  }
}
const char* name(DDS::LivelinessQosPolicyKind k) {
  switch (k) {
    case DDS::AUTOMATIC_LIVELINESS_QOS: return "Automatic";
    case DDS::MANUAL_BY_PARTICIPANT_LIVELINESS_QOS: return "ManualByParticipant";
    default: return "ManualByTopic";
  }
}
const char* name(DDS::PresentationQosPolicyAccessScopeKind k) {
  switch (k) {
    case DDS::INSTANCE_PRESENTATION_QOS: return "Instance";
    case DDS::TOPIC_PRESENTATION_QOS: return "Topic";
    default: return "Group";
  }
}

template <typename Qos>
void common(Policies& p, const Qos& q) {
  p.add("Durability", kind(name(q.durability.kind)));
  p.add("Deadline", field("deadline", ns(q.deadline.period)));
  p.add("LatencyBudget", field("budget", ns(q.latency_budget.duration)));
  p.add("Liveliness", kind(name(q.liveliness.kind)) + ", " + field("lease_duration", ns(q.liveliness.lease_duration)));
  if (q.reliability.kind == DDS::RELIABLE_RELIABILITY_QOS) {
    p.add("Reliability", kind("Reliable") + ", " + field("max_blocking_time", ns(q.reliability.max_blocking_time)));
  } else {
    p.add("Reliability", kind("BestEffort"));
  }
  p.add("DestinationOrder", kind(q.destination_order.kind == DDS::BY_SOURCE_TIMESTAMP_DESTINATIONORDER_QOS
                                     ? "BySourceTimestamp" : "ByReceptionTimestamp"));
  if (q.history.kind == DDS::KEEP_LAST_HISTORY_QOS) {
    p.add("History", kind("KeepLast") + ", " + field("depth", q.history.depth));
  } else {
    p.add("History", kind("KeepAll"));
  }
  p.add("ResourceLimits", field("max_samples", q.resource_limits.max_samples) + ", " +
                              field("max_instances", q.resource_limits.max_instances) + ", " +
                              field("max_samples_per_instance", q.resource_limits.max_samples_per_instance));
  p.add("Ownership", kind(q.ownership.kind == DDS::EXCLUSIVE_OWNERSHIP_QOS ? "Exclusive" : "Shared"));
}

std::string json(const DDS::TopicQos& q) {
  Policies p;
  common(p, q);
  p.add("TransportPriority", field("priority", q.transport_priority.value));
  p.add("Lifespan", field("lifespan", ns(q.lifespan.duration)));
  return p.json();
}
std::string json(const DDS::DataWriterQos& q) {
  Policies p;
  common(p, q);
  p.add("TransportPriority", field("priority", q.transport_priority.value));
  p.add("Lifespan", field("lifespan", ns(q.lifespan.duration)));
  p.add("OwnershipStrength", field("strength", q.ownership_strength.value));
  return p.json();
}
std::string json(const DDS::DataReaderQos& q) {
  Policies p;
  common(p, q);
  p.add("TimeBasedFilter", field("filter_time", ns(q.time_based_filter.minimum_separation)));
  return p.json();
}
template <typename Qos>
std::string group_json(const Qos& q) {
  Policies p;
  p.add("PresentationAccessScope", kind(name(q.presentation.access_scope)) + ", " +
                                       field("coherent_access", q.presentation.coherent_access ? "true" : "false") +
                                       ", " + field("ordered_access", q.presentation.ordered_access ? "true" : "false"));
  std::string names;
  for (CORBA::ULong i = 0; i < q.partition.name.length(); ++i) {
    names += (i ? ", " : "") + quoted(q.partition.name[i].in());
  }
  p.add("Partition", field("partitions", "[" + names + "]"));
  return p.json();
}
std::string json(const DDS::PublisherQos& q) { return group_json(q); }
std::string json(const DDS::SubscriberQos& q) { return group_json(q); }

// default_max_blocking_time: what a reliability without max_blocking_time keeps (OpenDDS's default
// differs per entity, and a best-effort default does not show it).
template <typename Qos>
void line(const std::string& profile, const char* entity, DDS::ReturnCode_t rc, const Qos& loaded,
          const Qos& defaults) {
  std::cout << "{" << field("profile", quoted(profile)) << ", " << field("entity", quoted(entity)) << ", "
            << field("rc", std::int64_t{rc}) << ", " << field("loaded", json(loaded)) << ", "
            << field("default", json(defaults)) << ", "
            << field("default_max_blocking_time", ns(defaults.reliability.max_blocking_time)) << "}\n";
}
template <typename Qos>
void group_line(const std::string& profile, const char* entity, DDS::ReturnCode_t rc, const Qos& loaded,
                const Qos& defaults) {
  std::cout << "{" << field("profile", quoted(profile)) << ", " << field("entity", quoted(entity)) << ", "
            << field("rc", std::int64_t{rc}) << ", " << field("loaded", json(loaded)) << ", "
            << field("default", json(defaults)) << "}\n";
}

}  // namespace

int main(int argc, char* argv[]) {
  if (argc < 3) {
    std::cerr << "usage: opendds-qos-dump FILE_STEM PROFILE...  (loads FILE_STEM.xml)\n";
    return 2;
  }
  const std::string stem = argv[1];
  // Xerces' validation errors (file:line:column - message) reach stderr only in ACE's debug mode,
  // on while the file is parsed.
  ACE::debug(true);
  OpenDDS::DCPS::QOS_XML_Loader loader;
  const std::string first = stem + "#" + argv[2];
  if (loader.init(first.c_str()) != DDS::RETCODE_OK) {
    std::cerr << "opendds-qos-dump: QOS_XML_Loader::init(\"" << first << "\") failed\n";
    return 1;
  }
  ACE::debug(false);
  OpenDDS::DCPS::Service_Participant* sp = TheServiceParticipant;
  for (int i = 2; i < argc; ++i) {
    const std::string profile = argv[i];
    const std::string key = stem + "#" + profile;
    {
      DDS::TopicQos q = sp->initial_TopicQos();
      const DDS::ReturnCode_t rc = loader.get_topic_qos(q, key.c_str(), "");
      line(profile, "topic_qos", rc, q, sp->initial_TopicQos());
    }
    {
      DDS::DataWriterQos q = sp->initial_DataWriterQos();
      const DDS::ReturnCode_t rc = loader.get_datawriter_qos(q, key.c_str(), "");
      line(profile, "datawriter_qos", rc, q, sp->initial_DataWriterQos());
    }
    {
      DDS::DataReaderQos q = sp->initial_DataReaderQos();
      const DDS::ReturnCode_t rc = loader.get_datareader_qos(q, key.c_str(), "");
      line(profile, "datareader_qos", rc, q, sp->initial_DataReaderQos());
    }
    {
      DDS::PublisherQos q = sp->initial_PublisherQos();
      const DDS::ReturnCode_t rc = loader.get_publisher_qos(q, key.c_str());
      group_line(profile, "publisher_qos", rc, q, sp->initial_PublisherQos());
    }
    {
      DDS::SubscriberQos q = sp->initial_SubscriberQos();
      const DDS::ReturnCode_t rc = loader.get_subscriber_qos(q, key.c_str());
      group_line(profile, "subscriber_qos", rc, q, sp->initial_SubscriberQos());
    }
  }
  return 0;
}
