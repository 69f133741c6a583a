package org.adamant.generator.opendds

import java.util.Set
import org.adamant.dsl.adamant.PrimitiveRef
import org.adamant.dsl.adamant.Publication
import org.adamant.dsl.adamant.StructType
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * Headers shared by the OpenDDS applications and benchmarks:
 * opendds/<model>Transports.h (the transport each writer and reader runs on, commented, and the
 * discovery and transport plugins the model uses registered in static builds) and
 * opendds/<model>Samples.h (filling and printing samples of the topic types).
 */
class OpenDdsSupportTemplate {

	def static String transportsPath(ModelInfo info) '''opendds/«info.identifier»Transports.h'''

	def static String samplesPath(ModelInfo info) '''opendds/«info.identifier»Samples.h'''

	/**
	 * What the model decides about its transports: which OpenDDS transport each writer and reader runs
	 * on (commented) and the plugins every program of the model registers. Binding a configuration is
	 * the runtime's (adamant_opendds/Transports.h, linked into the applications' and benches' libraries).
	 */
	def CharSequence transports(ModelInfo info) {
		val used = OpenDdsTransports.used(info)
		'''
			«Banner.of(info, "//", "OpenDDS transports of model " + info.name + " and the plugins its programs register.")»
			//
			// The runtime binds each writer's and reader's configuration before enabling it
			// (adamant_opendds/Transports.h): [config/NAME] of «info.identifier».ini when the file defines it, else
			// one transport instance of the type and options the program's source gives. On a best-effort
			// transport (udp, multicast with reliable=0, ant_baseline) a RELIABLE writer or reader runs
			// BEST_EFFORT: OpenDDS gives a RELIABLE reader no unreliable transport.
			//
			// Transports of the model (type and options, reliability, library: who runs on it):
			«FOR k : used»
				«Banner.wrap("//  ", k.transportType + (if (k.reliable === null) "" else if (k.reliable) " reliable=1" else " reliable=0") + " (" + (if (k.bestEffort) "best-effort" else "reliable") + ", " + k.library + "): " + users(info, k).join(", "), 100)»
			«ENDFOR»
			#pragma once

			«staticIncludes(OpenDdsTransports.discovery(info), used)»
		'''
	}

	/** The writers, readers and experiments of the model that run on transport kind {@code k}. */
	def private static users(ModelInfo info, OpenDdsTransports.Kind k) {
		val endpoints = info.applications.flatMap[a | a.endpoints.filter[topic !== null && topic.type !== null && OpenDdsTransports.resolve(it).kind == k]
			.map[a.name + " " + topic.name + (if (it instanceof Publication) " writer" else " reader")]]
		val experiments = info.experiments.filter[x | OpenDdsTransports.resolve(x).exists[kind == k]].map["experiment " + name]
		(endpoints + experiments).toList
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
