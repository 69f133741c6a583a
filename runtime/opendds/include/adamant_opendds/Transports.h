// Binding the transport of one writer or reader of a generated OpenDDS program (App.h, Bench.h:
// libraries Adamant::opendds_app and Adamant::opendds_bench, which link it in) before the entity
// is enabled. Through OpenDDS's TransportRegistry (dds/DCPS/transport/framework/
// TransportRegistry.h: get_config, create_config, create_inst, bind_config; TransportConfig::
// instances_), the transport options set as a [transport/NAME] section of an .ini file sets them.
// C++14-clean, like the generated code.
#ifndef ADAMANT_OPENDDS_TRANSPORTS_H
#define ADAMANT_OPENDDS_TRANSPORTS_H

#include <adamant_opendds/Entity.h>

#include <dds/DCPS/transport/framework/TransportInst_rch.h>

#include <string>

namespace adamant_opendds {
namespace transports {

// Sets `options` on a transport instance that was just created, as its .ini section would:
// TransportInst::load on an in-memory ACE configuration section up to OpenDDS 3.26, the
// ConfigStore (TransportInst::config_key) from 3.27. False when OpenDDS refuses an option.
bool configure(const OpenDDS::DCPS::TransportInst_rch& inst, const TransportOptions& options);

// Binds transport configuration `config` to `entity`, a writer or reader created disabled (its
// factory's EntityFactoryQosPolicy::autoenable_created_entities false) and enabled after this.
// When the configuration file (-DCPSConfigFile) defines [config/<config>], that configuration is
// used as is; otherwise one is created with a single transport instance <config>_inst of
// `transport_type` (tcp, udp, multicast, rtps_udp, shmem, or the plugin's ant_*) and `options`.
//
// When no instance of the configuration is reliable (TransportInst::is_reliable: udp, multicast
// with reliable=0, ant_baseline), a writer or reader whose QoS asks for RELIABLE reliability is
// set to BEST_EFFORT, saying so on stderr (a guard: the generated programs state BEST_EFFORT
// themselves, through their <model>Entities.h's best_effort): OpenDDS gives a RELIABLE reader no unreliable
// transport (DataReaderImpl::check_transport_qos), so its enable() would fail with
// "TransportClient::enable_transport No TransportImpl could be created", and a RELIABLE writer
// would wait in wait_for_acknowledgments for acknowledgments no best-effort reader sends.
// False, with the reason on stderr, when the transport cannot be created or configured.
bool bind(DDS::Entity_ptr entity, const std::string& config, const std::string& transport_type,
          const TransportOptions& options);

}  // namespace transports
}  // namespace adamant_opendds

#endif
