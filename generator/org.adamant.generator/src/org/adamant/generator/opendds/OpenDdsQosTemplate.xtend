package org.adamant.generator.opendds

import org.adamant.dsl.adamant.DeadlinePolicy
import org.adamant.dsl.adamant.DestinationOrderKind
import org.adamant.dsl.adamant.DestinationOrderPolicy
import org.adamant.dsl.adamant.LivelinessKind
import org.adamant.dsl.adamant.LivelinessPolicy
import org.adamant.dsl.adamant.OwnershipKind
import org.adamant.dsl.adamant.OwnershipPolicy
import org.adamant.dsl.adamant.PartitionPolicy
import org.adamant.dsl.adamant.PresentationPolicy
import org.adamant.dsl.adamant.PresentationScope
import org.adamant.dsl.adamant.PriorityRequirement
import org.adamant.dsl.adamant.ResourceLimitsPolicy
import org.adamant.dsl.adamant.TimeBasedFilterPolicy
import org.adamant.dsl.adamant.DurabilityKind
import org.adamant.dsl.adamant.DurabilityPolicy
import org.adamant.dsl.adamant.HistoryPolicy
import org.adamant.dsl.adamant.LatencyBudgetPolicy
import org.adamant.dsl.adamant.LifespanPolicy
import org.adamant.dsl.adamant.MaxLatencyRequirement
import org.adamant.dsl.adamant.MaxLossRequirement
import org.adamant.dsl.adamant.Policy
import org.adamant.dsl.adamant.QosProfile
import org.adamant.dsl.adamant.Quantity
import org.adamant.dsl.adamant.ReliabilityKind
import org.adamant.dsl.adamant.ReliabilityPolicy
import org.adamant.dsl.adamant.ReplacementRequirement
import org.adamant.dsl.adamant.TransportPriorityPolicy
import org.adamant.dsl.semantics.EffectiveQos
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo
import org.adamant.generator.cpp.CppNames

/**
 * opendds/<model>Qos.h: per QoS profile, functions that apply the profile to the DataWriterQos,
 * DataReaderQos, TopicQos, PublisherQos and SubscriberQos passed in (start from the entity factory's
 * defaults). Every modeled DDS policy is mapped (field names from dds/DdsDcpsInfrastructure.idl);
 * partition and presentation go to the publisher/subscriber; the modeled priority becomes
 * TRANSPORT_PRIORITY when the profile sets no transport_priority itself.
 */
class OpenDdsQosTemplate {

	enum Entity { TOPIC, WRITER, READER, PUBLISHER, SUBSCRIBER }

	def static String path(ModelInfo info) '''opendds/«info.identifier»Qos.h'''

	def CharSequence generate(ModelInfo info) '''
		«Banner.of(info, "//", "OpenDDS QoS of model " + info.name + ": one apply_<profile>() overload per entity kind.")»
		//
		// Usage: start from the defaults and apply the profile, e.g.
		//   DDS::DataWriterQos qos;
		//   publisher->get_default_datawriter_qos(qos);
		//   «info.identifier»::qos::apply_<Profile>(qos);
		// A profile that extends another applies the parent's policies that it does not override.
		#pragma once

		#include <dds/DdsDcpsInfrastructureC.h>

		namespace «info.identifier» {
		namespace qos {
		«FOR p : info.qosProfiles»

			«profile(p)»
		«ENDFOR»

		}  // namespace qos
		}  // namespace «info.identifier»
	'''

	def private profile(QosProfile p) {
		val qos = EffectiveQos.of(p)
		'''
			«Banner.rule("//", "qos " + p.name + (if(p.parent !== null) " extends " + p.parent.name else "") + " (" + ModelInfo.sourceOf(p) + ")")»
			«FOR r : qos.notes»
				// «r»
			«ENDFOR»

			inline void apply_«p.name»(DDS::TopicQos& qos) {
			  «body(qos, Entity.TOPIC)»
			}

			inline void apply_«p.name»(DDS::DataWriterQos& qos) {
			  «body(qos, Entity.WRITER)»
			}

			inline void apply_«p.name»(DDS::DataReaderQos& qos) {
			  «body(qos, Entity.READER)»
			}

			inline void apply_«p.name»(DDS::PublisherQos& qos) {
			  «body(qos, Entity.PUBLISHER)»
			}

			inline void apply_«p.name»(DDS::SubscriberQos& qos) {
			  «body(qos, Entity.SUBSCRIBER)»
			}
		'''
	}

	def private notes(EffectiveQos qos) {
		val notes = <String>newArrayList
		qos.get(MaxLossRequirement).ifPresent [
			notes += "max_loss " + Banner.number(Quantities.percent(value)) +
				" %: no DDS policy; ADAMANT checks it against the transport chosen for the flow."
		]
		qos.get(MaxLatencyRequirement).ifPresent [
			notes += "max_latency " + Banner.number(Quantities.seconds(value) * 1000) +
				" ms: no DDS policy; ADAMANT checks it against the transport chosen for the flow."
		]
		qos.get(ReplacementRequirement).ifPresent [
			notes += "replacement: no DDS policy; needs a transport that supports replacement."
		]
		notes
	}

	def private body(EffectiveQos qos, Entity entity) {
		val lines = <CharSequence>newArrayList
		for (policy : qos.policies) {
			val groupPolicy = policy instanceof PresentationPolicy || policy instanceof PartitionPolicy
			val forGroup = entity == Entity.PUBLISHER || entity == Entity.SUBSCRIBER
			val code = if (groupPolicy == forGroup) policy.apply(entity)
			if (code !== null) lines += code.toString.replaceAll("\\s+$", "")
		}
		if (lines.empty) '''(void)qos;  // the profile sets no policy that applies here''' else lines.join("\n")
	}

	/** The effective policies in a fixed order (DDS policy order, not declaration order). */
	def private policies(EffectiveQos qos) {
		val result = #[ReliabilityPolicy, DurabilityPolicy, HistoryPolicy, ResourceLimitsPolicy, DeadlinePolicy,
			LatencyBudgetPolicy, LifespanPolicy, LivelinessPolicy, OwnershipPolicy, DestinationOrderPolicy,
			TimeBasedFilterPolicy, TransportPriorityPolicy, PresentationPolicy, PartitionPolicy].map[qos.get(it)]
			.filter[present].map[get as Policy].toList
		// priority (an ADAMANT requirement) is carried by TRANSPORT_PRIORITY unless the profile sets it.
		if (!qos.get(TransportPriorityPolicy).present) {
			qos.get(PriorityRequirement).ifPresent[result += it]
		}
		result
	}

	def private dispatch CharSequence apply(Policy p, Entity e) { null }

	def private dispatch CharSequence apply(ReliabilityPolicy p, Entity e) '''
		qos.reliability.kind = «IF p.kind == ReliabilityKind.RELIABLE»DDS::RELIABLE_RELIABILITY_QOS«ELSE»DDS::BEST_EFFORT_RELIABILITY_QOS«ENDIF»;
		«IF p.maxBlockingTime !== null»
			«duration("qos.reliability.max_blocking_time", p.maxBlockingTime)»
		«ENDIF»
	'''

	def private dispatch CharSequence apply(DurabilityPolicy p, Entity e) '''
		qos.durability.kind = «switch p.kind {
			case DurabilityKind.VOLATILE: "DDS::VOLATILE_DURABILITY_QOS"
			case DurabilityKind.TRANSIENT_LOCAL: "DDS::TRANSIENT_LOCAL_DURABILITY_QOS"
			case DurabilityKind.TRANSIENT: "DDS::TRANSIENT_DURABILITY_QOS"
			case DurabilityKind.PERSISTENT: "DDS::PERSISTENT_DURABILITY_QOS"
		}»;
	'''

	def private dispatch CharSequence apply(HistoryPolicy p, Entity e) '''
		«IF p.keepAll»
			qos.history.kind = DDS::KEEP_ALL_HISTORY_QOS;
		«ELSE»
			qos.history.kind = DDS::KEEP_LAST_HISTORY_QOS;
			qos.history.depth = «p.depth»;
		«ENDIF»
	'''

	def private dispatch CharSequence apply(DeadlinePolicy p, Entity e) '''
		«duration("qos.deadline.period", p.period)»
	'''

	def private dispatch CharSequence apply(LatencyBudgetPolicy p, Entity e) '''
		«duration("qos.latency_budget.duration", p.duration)»
	'''

	def private dispatch CharSequence apply(LifespanPolicy p, Entity e) {
		if (e == Entity.READER) return '''// lifespan: a writer and topic policy (DataReaderQos has none)'''
		'''
			«duration("qos.lifespan.duration", p.duration)»
		'''
	}

	def private dispatch CharSequence apply(TransportPriorityPolicy p, Entity e) {
		if (e == Entity.READER) return '''// transport_priority: a writer and topic policy (DataReaderQos has none)'''
		'''
			qos.transport_priority.value = «p.value»;
		'''
	}

	def private dispatch CharSequence apply(PriorityRequirement p, Entity e) {
		if (e == Entity.READER) return '''// priority «p.value»: carried by the writer's transport_priority'''
		'''
			qos.transport_priority.value = «p.value»;  // priority «p.value» (the profile sets no transport_priority)
		'''
	}

	def private dispatch CharSequence apply(ResourceLimitsPolicy p, Entity e) '''
		qos.resource_limits.max_samples = «limit(p.maxSamples)»;
		qos.resource_limits.max_instances = «limit(p.maxInstances)»;
		qos.resource_limits.max_samples_per_instance = «limit(p.maxSamplesPerInstance)»;
	'''

	def private static limit(int v) {
		if (v > 0) String.valueOf(v) else "DDS::LENGTH_UNLIMITED"
	}

	def private dispatch CharSequence apply(LivelinessPolicy p, Entity e) '''
		qos.liveliness.kind = «switch p.kind {
			case LivelinessKind.MANUAL_BY_PARTICIPANT: "DDS::MANUAL_BY_PARTICIPANT_LIVELINESS_QOS"
			case LivelinessKind.MANUAL_BY_TOPIC: "DDS::MANUAL_BY_TOPIC_LIVELINESS_QOS"
			default: "DDS::AUTOMATIC_LIVELINESS_QOS"
		}»;
		«IF p.lease !== null»
			«duration("qos.liveliness.lease_duration", p.lease)»
		«ENDIF»
	'''

	def private dispatch CharSequence apply(OwnershipPolicy p, Entity e) '''
		qos.ownership.kind = «IF p.kind == OwnershipKind.EXCLUSIVE»DDS::EXCLUSIVE_OWNERSHIP_QOS«ELSE»DDS::SHARED_OWNERSHIP_QOS«ENDIF»;
		«IF e == Entity.WRITER && p.strength != 0»
			qos.ownership_strength.value = «p.strength»;
		«ENDIF»
	'''

	def private dispatch CharSequence apply(DestinationOrderPolicy p, Entity e) '''
		qos.destination_order.kind = «IF p.kind == DestinationOrderKind.BY_SOURCE_TIMESTAMP»DDS::BY_SOURCE_TIMESTAMP_DESTINATIONORDER_QOS«ELSE»DDS::BY_RECEPTION_TIMESTAMP_DESTINATIONORDER_QOS«ENDIF»;
	'''

	def private dispatch CharSequence apply(TimeBasedFilterPolicy p, Entity e) {
		if (e != Entity.READER) return '''// time_based_filter: a reader policy'''
		'''
			«duration("qos.time_based_filter.minimum_separation", p.minimumSeparation)»
		'''
	}

	def private dispatch CharSequence apply(PresentationPolicy p, Entity e) '''
		qos.presentation.access_scope = «switch p.scope {
			case PresentationScope.TOPIC: "DDS::TOPIC_PRESENTATION_QOS"
			case PresentationScope.GROUP: "DDS::GROUP_PRESENTATION_QOS"
			default: "DDS::INSTANCE_PRESENTATION_QOS"
		}»;
		qos.presentation.coherent_access = «p.coherent»;
		qos.presentation.ordered_access = «p.ordered»;
	'''

	def private dispatch CharSequence apply(PartitionPolicy p, Entity e) '''
		qos.partition.name.length(«p.names.size»);
		«FOR n : p.names.indexed»
			qos.partition.name[«n.key»] = "«cString(n.value)»";
		«ENDFOR»
	'''

	def private static cString(String s) {
		CppNames.stringLiteralBody(s)
	}

	/** A DDS::Duration_t {sec, nanosec} from a modeled duration. */
	def private duration(String field, Quantity q) {
		val totalNs = Math.round(Quantities.seconds(q) * 1e9)
		val sec = totalNs / 1_000_000_000L
		val nanosec = totalNs % 1_000_000_000L
		'''
			«field».sec = «sec»;  // «Banner.quantity(q)»
			«field».nanosec = «nanosec»;
		'''
	}
}
