package org.adamant.generator.opendds

import org.adamant.dsl.adamant.QosProfile
import org.adamant.dsl.adamant.StructType
import org.adamant.dsl.semantics.OpenDdsReliability
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * opendds/<model>Entities.h: what the model's OpenDDS applications and benchmarks declare about
 * their entities, once per model: each topic type as an adamant_opendds::IdlType (its IDL-to-C++
 * classes and sample helpers, from which App.h's and Bench.h's typed_ops make the typed DDS calls)
 * and each QoS profile as an adamant_opendds::EntityQos (the <model>Qos.h functions on every entity
 * they may apply to).
 */
class OpenDdsEntitiesTemplate {

	def static String path(ModelInfo info) '''opendds/«info.identifier»Entities.h'''

	/** The namespace alias by which the programs call the header's functions. */
	def static String alias(ModelInfo info) '''namespace entities = «info.identifier»::entities;  // «info.identifier»Entities.h'''

	/** The call that gives IDL type t's adamant_opendds::IdlType (under the programs' alias). */
	def static String type(StructType t) '''entities::type_«t.name»()'''

	/** The call that gives a QoS profile's adamant_opendds::EntityQos (the defaults when there is none). */
	def static String qos(QosProfile q) {
		if (q === null) "{}" else "entities::qos_" + q.name + "()"
	}

	def CharSequence generate(ModelInfo info) {
		val ns = info.identifier
		'''
			«Banner.of(info, "//", "The IDL types and QoS profiles of model " + info.name + " as its OpenDDS programs' entities use them.")»
			//
			// type_<Type>(): the type's classes (classic IDL-to-C++ mapping) and samples::fill/print, from
			// which adamant_opendds/App.h's and Bench.h's typed_ops make a topic's typed DDS calls.
			// qos_<Profile>(): the profile («ns»Qos.h) on every entity it may apply to.«IF OpenDdsBestEffort.used(info)»
			// «OpenDdsBestEffort.FUNCTION»(qos): a profile on a best-effort transport.«ENDIF»
			#pragma once

			#include "«ns»TypeSupportImpl.h"
			#include "«ns»Qos.h"
			#include "«ns»Samples.h"

			#include <adamant_opendds/Entity.h>

			namespace «ns» {
			namespace entities {
			«FOR t : info.topics.map[type].filterNull.toSet»

				// IDL type «t.name» (topics «info.topicsOf(t).map[name].join(", ")»).
				inline adamant_opendds::IdlType<«ns»::«t.name», «ns»::«t.name»Seq, «ns»::«t.name»TypeSupport,
				                                «ns»::«t.name»TypeSupportImpl, «ns»::«t.name»DataWriter, «ns»::«t.name»DataReader>
				type_«t.name»() {
				  return {&«ns»::samples::fill, &«ns»::samples::print};
				}
			«ENDFOR»
			«FOR q : info.qosProfiles»

				// QoS profile «q.name»: «ns»::qos::apply_«q.name» on each entity.
				inline adamant_opendds::EntityQos qos_«q.name»() {
				  return adamant_opendds::qos_of([](auto& qos) { «ns»::qos::apply_«q.name»(qos); });
				}
			«ENDFOR»
			«IF OpenDdsBestEffort.used(info)»

				// `qos` on a transport OpenDDS takes for best-effort (udp, multicast with reliable=0, ant_baseline):
				// its writer and reader parts, then BEST_EFFORT reliability:
				// «OpenDdsReliability.WHY».
				// The programs use it for the writers, readers and bench points whose transport is best-effort.
				inline adamant_opendds::EntityQos «OpenDdsBestEffort.FUNCTION»(adamant_opendds::EntityQos qos) {
				  const std::function<void(DDS::DataWriterQos&)> writer = qos.writer;
				  const std::function<void(DDS::DataReaderQos&)> reader = qos.reader;
				  qos.writer = [writer](DDS::DataWriterQos& q) {
				    adamant_opendds::apply(writer, q);
				    q.reliability.kind = DDS::BEST_EFFORT_RELIABILITY_QOS;
				  };
				  qos.reader = [reader](DDS::DataReaderQos& q) {
				    adamant_opendds::apply(reader, q);
				    q.reliability.kind = DDS::BEST_EFFORT_RELIABILITY_QOS;
				  };
				  return qos;
				}
			«ENDIF»

			}  // namespace entities
			}  // namespace «ns»
		'''
	}
}
