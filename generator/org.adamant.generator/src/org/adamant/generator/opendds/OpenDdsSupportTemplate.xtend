package org.adamant.generator.opendds

import java.util.Set
import org.adamant.dsl.adamant.PrimitiveRef
import org.adamant.dsl.adamant.StructType
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * Headers shared by the OpenDDS applications and benchmarks:
 * opendds/<model>Transports.h (per-entity transport configuration through TransportRegistry, and
 * the discovery and transport plugins the model uses registered in static builds) and
 * opendds/<model>Samples.h (filling and printing samples of the topic types).
 */
class OpenDdsSupportTemplate {

	def static String transportsPath(ModelInfo info) '''opendds/«info.identifier»Transports.h'''

	def static String samplesPath(ModelInfo info) '''opendds/«info.identifier»Samples.h'''

	def CharSequence transports(ModelInfo info, OpenDdsVersion version) {
		val ant = OpenDdsTransports.usesAnt(info)
		'''
			«Banner.of(info, "//", "OpenDDS transport configuration of model " + info.name + ", one configuration per writer/reader.")»
			//
			// Verified against OpenDDS (docs/opendds-target.md, docs/opendds.md): TheTransportRegistry,
			// create_config, create_inst, get_config and bind_config(TransportConfig_rch, DDS::Entity_ptr) in
			// dds/DCPS/transport/framework/TransportRegistry.h; TransportConfig::instances_ in
			// TransportConfig.h; TransportInst_rch in TransportInst_rch.h. Transport options are set the way
			// a [transport/NAME] section of an .ini file sets them, which changed in OpenDDS 3.27:
			// TransportInst::load(ACE_Configuration_Heap&, ACE_Configuration_Section_Key&) up to 3.26, the
			// key-value store (TheServiceParticipant->config_store(), TransportInst::config_key) from 3.27.
			«IF ant»
				// ant_* transports: the ADAMANT runtime's OpenDDS plugin («OpenDdsTransports.ANT_LIBRARY», runtime/opendds).
			«ENDIF»
			#pragma once

			#include <dds/DCPS/Service_Participant.h>
			#include <dds/DCPS/transport/framework/TransportRegistry.h>
			#include <dds/DCPS/transport/framework/TransportConfig.h>
			#include <dds/DCPS/transport/framework/TransportConfig_rch.h>
			#include <dds/DCPS/transport/framework/TransportInst.h>
			#include <dds/DCPS/transport/framework/TransportInst_rch.h>
			«IF version.hasVersionMacro»
				#include <dds/Version.h>
				#if !OPENDDS_VERSION_AT_LEAST(3, 27, 0)
				#  include <ace/Configuration.h>
				#endif
			«ELSE»
				#include <ace/Configuration.h>
			«ENDIF»
			#include <dds/DdsDcpsInfrastructureC.h>

			«staticIncludes(OpenDdsTransports.discovery(info), OpenDdsTransports.used(info))»

			#include <iostream>
			#include <string>
			#include <utility>
			#include <vector>

			namespace «info.identifier» {
			namespace transports {

			// Options of one transport instance: the keys of its [transport/NAME] section in an .ini file.
			using Options = std::vector<std::pair<std::string, std::string>>;

			// Sets `options` on a transport instance that was just created, as an .ini section would.
			inline bool configure(const OpenDDS::DCPS::TransportInst_rch& inst, const Options& options) {
			  if (options.empty()) {
			    return true;
			  }
			«IF version.hasVersionMacro»
				#if OPENDDS_VERSION_AT_LEAST(3, 27, 0)
				  for (const auto& option : options) {
				    TheServiceParticipant->config_store()->set(inst->config_key(option.first).c_str(), option.second);
				  }
				  return true;
				#else
				  «loadOptions»
				#endif
			«ELSE»
				  // OpenDDS «version»: TransportInst::load reads the options from an in-memory configuration section.
				  «loadOptions»
			«ENDIF»
			}

			// Binds the transport configuration `name` to `entity`, which must not be enabled yet: create
			// entities with EntityFactoryQosPolicy::autoenable_created_entities = false on their factory,
			// bind, then enable(). When the configuration file (-DCPSConfigFile «info.identifier».ini) defines
			// [config/name], that configuration is used as is; otherwise one is created here with a single
			// transport instance `name`_inst of `transport_type` ("tcp", "udp", "multicast", "rtps_udp",
			// "shmem"«IF ant», "ant_baseline", "ant_nakcast", "ant_ricochet", "ant_replace", "ant_adaptive"«ENDIF») and
			// `options`.
			inline bool bind(DDS::Entity_ptr entity, const std::string& name, const std::string& transport_type,
			                 const Options& options = Options()) {
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
			    if (!configure(inst, options)) {
			      std::cerr << "cannot set the options of OpenDDS transport " << transport_type << " for " << name << "\n";
			      return false;
			    }
			    config->instances_.push_back(inst);
			  }
			  registry->bind_config(config, entity);
			  return true;
			}

			}  // namespace transports
			}  // namespace «info.identifier»
		'''
	}

	/**
	 * #include of the discovery and transport initializers for static builds (the Messenger pattern):
	 * every program of the model links the libraries of all the model's transports (CMakeLists.txt).
	 */
	def private static staticIncludes(OpenDdsTransports.Discovery discovery, Set<OpenDdsTransports.Kind> kinds) '''
		#include <dds/DCPS/StaticIncludes.h>
		// Static builds (ACE_AS_STATIC_LIBS) link only what the executable references: each header
		// below defines a static initializer object that registers its discovery or transport plugin.
		#ifdef ACE_AS_STATIC_LIBS
		#  include <«discovery.initializerHeader»>
		«FOR h : kinds.filter[!isAnt].map[initializerHeader].toSet»
			#  include <«h»>
		«ENDFOR»
		#endif
		«IF kinds.exists[isAnt]»
			// The ADAMANT runtime's transports (ant_*): OpenDDS does not know the plugin's library, so its
			// initializer registers the ant_* transport types in every build (runtime/opendds/README.md).
			#include <«OpenDdsTransports.ANT_INITIALIZER»>
		«ENDIF»
	'''

	def private loadOptions() '''
		ACE_Configuration_Heap heap;
		ACE_Configuration_Section_Key section;
		if (heap.open() != 0 || heap.open_section(heap.root_section(), ACE_TEXT("transport"), 1, section) != 0) {
		  return false;
		}
		for (const auto& option : options) {
		  if (heap.set_string_value(section, option.first.c_str(), option.second.c_str()) != 0) {
		    return false;
		  }
		}
		return inst->load(heap, section) == 0;
	'''

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
