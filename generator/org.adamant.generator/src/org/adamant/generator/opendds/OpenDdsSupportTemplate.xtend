package org.adamant.generator.opendds

import org.adamant.dsl.adamant.PrimitiveRef
import org.adamant.dsl.adamant.StructType
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * Headers shared by the OpenDDS applications and benchmarks:
 * opendds/<model>Transports.h (per-entity transport configuration through TransportRegistry) and
 * opendds/<model>Samples.h (filling and printing samples of the topic types).
 */
class OpenDdsSupportTemplate {

	def static String transportsPath(ModelInfo info) '''opendds/«info.identifier»Transports.h'''

	def static String samplesPath(ModelInfo info) '''opendds/«info.identifier»Samples.h'''

	def CharSequence transports(ModelInfo info, OpenDdsVersion version) {
		val multicast = OpenDdsTransports.used(info).exists[isMulticast]
		'''
			«Banner.of(info, "//", "OpenDDS transport configuration of model " + info.name + ", one configuration per writer/reader.")»
			//
			// Verified against OpenDDS (docs/opendds-target.md): TheTransportRegistry, create_config,
			// create_inst, get_config and bind_config(TransportConfig_rch, DDS::Entity_ptr) in
			// dds/DCPS/transport/framework/TransportRegistry.h; TransportConfig::instances_ in
			// TransportConfig.h; TransportInst_rch in TransportInst_rch.h«IF multicast»; MulticastInst::reliable(bool)
			// (3.26+) / MulticastInst::reliable_ (3.13-3.25) in transport/multicast/MulticastInst.h«ENDIF».
			#pragma once

			#include <dds/DCPS/transport/framework/TransportRegistry.h>
			#include <dds/DCPS/transport/framework/TransportConfig.h>
			#include <dds/DCPS/transport/framework/TransportConfig_rch.h>
			#include <dds/DCPS/transport/framework/TransportInst.h>
			#include <dds/DCPS/transport/framework/TransportInst_rch.h>
			«IF multicast»
				#include <dds/DCPS/transport/multicast/MulticastInst.h>
				#include <dds/DCPS/transport/multicast/MulticastInst_rch.h>
				«IF version.hasVersionMacro»
					#include <dds/Version.h>
				«ENDIF»
			«ENDIF»
			#include <dds/DdsDcpsInfrastructureC.h>

			#include <iostream>
			#include <string>

			namespace «info.identifier» {
			namespace transports {

			// Binds the transport configuration `name` to `entity`, which must not be enabled yet: create
			// entities with EntityFactoryQosPolicy::autoenable_created_entities = false on their factory,
			// bind, then enable(). When the configuration file (-DCPSConfigFile «info.identifier».ini) defines
			// [config/name], that configuration is used as is; otherwise one is created here with a single
			// transport instance `name`_inst of `transport_type` ("tcp", "udp", "multicast", "rtps_udp",
			// "shmem"«IF multicast»; `multicast_reliable` 1/0 sets the multicast transport's reliable option,
			// -1 leaves it«ENDIF»).
			inline bool bind(DDS::Entity_ptr entity, const std::string& name, const std::string& transport_type«IF multicast»,
			                 int multicast_reliable = -1«ENDIF») {
			  OpenDDS::DCPS::TransportRegistry* const registry = TheTransportRegistry;
			  OpenDDS::DCPS::TransportConfig_rch config = registry->get_config(name);
			  if (config.is_nil()) {
			    config = registry->create_config(name);
			    OpenDDS::DCPS::TransportInst_rch inst = registry->create_inst(name + "_inst", transport_type);
			    if (config.is_nil() || inst.is_nil()) {
			      std::cerr << "cannot create OpenDDS transport " << transport_type << " for " << name
			                << " (is its library linked, and in a static build its initializer included?)\n";
			      return false;
			    }
			    «IF multicast»
			    	if (multicast_reliable >= 0) {
			    	  OpenDDS::DCPS::MulticastInst_rch multicast =
			    	      OpenDDS::DCPS::dynamic_rchandle_cast<OpenDDS::DCPS::MulticastInst>(inst);
			    	  if (!multicast.is_nil()) {
			    	«IF version.hasVersionMacro»
			    		#if OPENDDS_VERSION_AT_LEAST(3, 26, 0)
			    		    multicast->reliable(multicast_reliable == 1);
			    		#else
			    		    multicast->reliable_ = multicast_reliable == 1;
			    		#endif
			    	«ELSE»
			    		    multicast->reliable_ = multicast_reliable == 1;  // OpenDDS «version»: a public member
			    	«ENDIF»
			    	  }
			    	}
			    «ENDIF»
			    config->instances_.push_back(inst);
			  }
			  registry->bind_config(config, entity);
			  return true;
			}

			}  // namespace transports
			}  // namespace «info.identifier»
		'''
	}

	def CharSequence samples(ModelInfo info) '''
		«Banner.of(info, "//", "Sample helpers of model " + info.name + " for the OpenDDS applications and benchmarks.")»
		//
		// fill(sample, seq, key): numeric members get the sequence number (key members `key`); strings,
		// sequences, arrays, enums and nested structs keep their default value.
		// print(out, sample): the numeric members.
		#pragma once

		#include "«info.identifier»TypeSupportImpl.h"

		#include <cstdint>
		#include <ostream>

		namespace «info.identifier» {
		namespace samples {
		«FOR s : info.topics.map[type].filterNull.toSet»

			inline void fill(«info.identifier»::«s.name»& sample, std::uint64_t seq, std::uint64_t key) {
			  «FOR m : s.numeric»
			  	sample.«m.name» = static_cast<decltype(sample.«m.name»)>(«IF m.key»key«ELSE»seq«ENDIF»);
			  «ENDFOR»
			  (void)sample;
			  (void)seq;
			  (void)key;
			}

			inline void print(std::ostream& out, const «info.identifier»::«s.name»& sample) {
			  out << "«s.name» {"«FOR m : s.numeric» << " «m.name»=" << +sample.«m.name»«ENDFOR» << " }";
			  (void)sample;
			}
		«ENDFOR»

		}  // namespace samples
		}  // namespace «info.identifier»
	'''

	/** Members that are a single primitive value. */
	def static numeric(StructType s) {
		s.members.filter[type instanceof PrimitiveRef && dims.empty].toList
	}
}
