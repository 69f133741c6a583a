// Binding a writer's or reader's transport configuration (adamant_opendds/Transports.h).
#include <adamant_opendds/Transports.h>

#include <adamant_opendds/Compat.h>

#include <dds/DCPS/Service_Participant.h>
#include <dds/DCPS/transport/framework/TransportConfig.h>
#include <dds/DCPS/transport/framework/TransportInst.h>
#include <dds/DCPS/transport/framework/TransportRegistry.h>
#if !ADAMANT_ODDS_CONFIG_STORE
#include <ace/Configuration.h>
#endif

#include <iostream>

namespace adamant_opendds {
namespace transports {
namespace {

// Whether any transport instance of `config` delivers reliably.
bool any_reliable(const OpenDDS::DCPS::TransportConfig_rch& config) {
  for (const OpenDDS::DCPS::TransportInst_rch& inst : config->instances_) {
    if (inst->is_reliable()) return true;
  }
  return false;
}

// Sets a RELIABLE writer or reader (Qos: DDS::DataWriterQos or DDS::DataReaderQos) to
// BEST_EFFORT reliability, as a best-effort transport needs, and says so on stderr.
template <class Qos, class Entity>
bool best_effort(Entity* entity, const std::string& config, const std::string& transport_type) {
  Qos qos;
  if (entity->get_qos(qos) != DDS::RETCODE_OK) return false;
  if (qos.reliability.kind != DDS::RELIABLE_RELIABILITY_QOS) return true;
  qos.reliability.kind = DDS::BEST_EFFORT_RELIABILITY_QOS;
  if (entity->set_qos(qos) != DDS::RETCODE_OK) {
    std::cerr << config << ": cannot set BEST_EFFORT reliability for best-effort OpenDDS transport " << transport_type
              << "\n";
    return false;
  }
  std::cerr << "note: " << config << ": OpenDDS transport " << transport_type
            << " is best-effort, so this writer/reader runs with BEST_EFFORT reliability, not RELIABLE\n";
  return true;
}

// A writer or reader bound to a configuration without a reliable transport instance gets
// BEST_EFFORT reliability; other entities (a participant, publisher, subscriber) are left alone.
bool match_reliability(DDS::Entity_ptr entity, const std::string& config,
                       const OpenDDS::DCPS::TransportConfig_rch& transport) {
  if (transport->instances_.empty() || any_reliable(transport)) return true;
  const std::string type = transport->instances_[0]->transport_type_.c_str();
  if (DDS::DataWriter* const writer = dynamic_cast<DDS::DataWriter*>(entity)) {
    return best_effort<DDS::DataWriterQos>(writer, config, type);
  }
  if (DDS::DataReader* const reader = dynamic_cast<DDS::DataReader*>(entity)) {
    return best_effort<DDS::DataReaderQos>(reader, config, type);
  }
  return true;
}

}  // namespace

bool configure(const OpenDDS::DCPS::TransportInst_rch& inst, const TransportOptions& options) {
  if (options.empty()) return true;
#if ADAMANT_ODDS_CONFIG_STORE
  for (const auto& option : options) {
    TheServiceParticipant->config_store()->set(inst->config_key(option.first).c_str(), option.second);
  }
  return true;
#else
  ACE_Configuration_Heap heap;
  ACE_Configuration_Section_Key section;
  if (heap.open() != 0 || heap.open_section(heap.root_section(), ACE_TEXT("transport"), 1, section) != 0) {
    return false;
  }
  for (const auto& option : options) {
    if (heap.set_string_value(section, option.first.c_str(), option.second.c_str()) != 0) return false;
  }
  return inst->load(heap, section) == 0;
#endif
}

bool bind(DDS::Entity_ptr entity, const std::string& config, const std::string& transport_type,
          const TransportOptions& options) {
  OpenDDS::DCPS::TransportRegistry* const registry = TheTransportRegistry;
  OpenDDS::DCPS::TransportConfig_rch transport = registry->get_config(config);
  if (transport.is_nil()) {
    transport = registry->create_config(config);
    OpenDDS::DCPS::TransportInst_rch inst = registry->create_inst(config + "_inst", transport_type);
    if (transport.is_nil() || inst.is_nil()) {
      std::cerr << "cannot create OpenDDS transport " << transport_type << " for " << config
                << " (is its library linked, and in a static build its initializer included?)\n";
      return false;
    }
    if (!configure(inst, options)) {
      std::cerr << "cannot set the options of OpenDDS transport " << transport_type << " for " << config << "\n";
      return false;
    }
    transport->instances_.push_back(inst);
  }
  registry->bind_config(transport, entity);
  return match_reliability(entity, config, transport);
}

}  // namespace transports
}  // namespace adamant_opendds
