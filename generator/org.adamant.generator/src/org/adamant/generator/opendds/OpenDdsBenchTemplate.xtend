package org.adamant.generator.opendds

import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.lowering.SweepVariants
import org.adamant.dsl.semantics.Experiments
import org.adamant.dsl.semantics.Quantities
import org.adamant.dsl.prediction.Flow
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

import static org.adamant.dsl.lowering.StreamSettings.*

import static extension org.adamant.generator.cpp.CppTypes.*

/**
 * opendds/bench/<experiment>_bench.cpp: the experiment on OpenDDS. A driver process runs every point
 * (transports with their swept parameters × receivers × loss × rate × runs, expanded as the native
 * bench expands them) by starting 1 writer and `receivers` reader processes (itself, re-executed), and
 * writes the CSV of docs/runtime-contract.md (the native benches' columns). An
 * experiment of several topics is benched as the native bench does: every topic is a stream with its
 * own writer (TRANSPORT_PRIORITY = the stream's priority), all bound to the point's one transport
 * instance, sent in one time-ordered schedule; one CSV row per stream. Latency: the writer's source
 * timestamp (SampleInfo::source_timestamp, the system clock shared by processes on one host) to the
 * reader's on_data_available.
 *
 * The bench declares only what the model decided (an adamant_opendds::bench::Bench: points, streams
 * with their IDL types and QoS from the model's <model>Entities.h, each point's transport); the
 * runtime's bench library (runtime/opendds, Adamant::opendds_bench) runs it: command line, point loop, processes, schedule,
 * latency recording, statistics and the CSV, with the native benches' columns.
 */
class OpenDdsBenchTemplate {

	def static String path(Experiment x) '''opendds/bench/«x.name»_bench.cpp'''

	def CharSequence generate(ModelInfo info, Experiment x) {
		val ns = info.identifier
		val multi = x.topic === null
		val streams = Experiments.streams(x)
		val rates = if(multi) streams.head.ratesHz else x.rates.map[Quantities.hertz(it)]
		val setups = OpenDdsTransports.setups(x)
		val resolved = OpenDdsTransports.resolve(x)
		val replacing = !multi && resolved.exists[kind == OpenDdsTransports.Kind.ANT_REPLACE]
		val runs = if(x.runs > 0) x.runs else 1
		val unreached = streams.filter[unpadded(x, it) > 0].toList
		val what = if (multi) "streams " + streams.map[topicName].join(", ") + ", one writer each" else "topic " + x.topic.name
		'''
		«Banner.of(info, "//", "OpenDDS benchmark of experiment " + x.name + " (" + what + ").")»
		//
		// Run: «x.name»_bench -DCPSConfigFile «ns».ini [--csv FILE] [--updates N] [--runs N] [--points I,J,...]
		//      (--list prints the points with their numbers; --points runs only those)
		// Appends one CSV row per point«IF multi» and stream«ENDIF» with the columns of docs/runtime-contract.md, as the native
		// bench does (transport_params: the point's transport options; bytes_* and the sender counters 0: not measured).
		//
		// Sweep, in the model's order (one point per combination, as the native bench):
		//   transports «x.transports.map[name].join(", ")»
		«FOR sw : x.sweeps»
			//   × «sw.name» «sw.values.map[Banner.quantity(it)].join(", ")» (for the transports that have it)
		«ENDFOR»
		//   × receivers «x.receivers.join(", ")»
		//   × loss «x.loss.map[Banner.number(Quantities.percent(it)) + " %"].join(", ")»
		//   × rate «rates.map[Banner.number(it) + " Hz"].join(", ")»«IF multi» («streams.head.topicName»'s; the other streams keep their ratio to it)«ENDIF»
		//   × runs 1..«runs»«IF x.runs <= 0» (no runs in the model: 1)«ENDIF»
		//   = «setups.size * x.receivers.size * x.loss.size * rates.size * runs» points of «x.updates» «IF multi»«streams.head.topicName» «ENDIF»updates each«IF multi» (the other streams send for as long)«ENDIF».
		«FOR r : resolved»
			// «r.comment»
		«ENDFOR»
		«IF resolved.exists[!kind.isAnt]»
			// Loss on OpenDDS's own transports is NOT injected by this harness (the native harness and the
			// ant_* transports inject it at the reader): loss_pct records the modeled value; reproduce it with
			// e.g. `tc qdisc add dev lo root netem loss 1%` inside a network namespace.
		«ENDIF»
		«IF resolved.exists[kind.isAnt]»
			// ant_* transports inject the point's loss at each reader (transport option «OpenDdsTransports.ANT_LOSS_OPTION»).
		«ENDIF»
		«FOR s : setups.filter[!notApplied.empty]»
			«Banner.wrap("//", "Not applied to " + x.transports.get(s.index).name + " (OpenDDS " + s.transport.kind.transportType + " has no such option): the sweep of " + s.notApplied.join(", ") + "; its points use OpenDDS's values.", 100)»
		«ENDFOR»
		«FOR s : SweepVariants.notApplied(x)»
			// The model also sweeps «s.name» («s.values.map[Banner.quantity(it)].join(", ")»); neither bench has such a
			// parameter, so every point uses the catalog's value.
		«ENDFOR»
		#include "«ns»Entities.h"
		#include "«ns»Transports.h"

		#include <adamant_opendds/Bench.h>

		namespace {

		namespace ab = adamant_opendds::bench;
		«OpenDdsEntitiesTemplate.alias(info)»

		// What the model decided; adamant_opendds/Bench.h runs it.
		ab::Bench experiment() {
		  ab::Bench b;
		  b.name = "«x.name»";
		  b.updates = «x.updates»;
		  b.runs = «runs»;
		  «IF x.sweeps.empty»
		  	// One entry per transport × receivers × loss × rate, in the model's order.
		  «ELSE»
		  	// One entry per transport (and combination of the swept parameters it has) × receivers × loss × rate,
		  	// in the model's order.
		  «ENDIF»
		  b.points = {
		      «FOR st : setups»
		      	«IF !st.swept.empty»
		      		// «x.transports.get(st.index).name», sweep: «Banner.swept(st.swept)»
		      	«ENDIF»
		      	«val bestEffort = OpenDdsBestEffort.applies(x, st.transport)»
		      	«IF bestEffort»
		      		«Banner.wrap("//", x.transports.get(st.index).name + ": " + OpenDdsBestEffort.why(st.transport.kind) + " Its points run each stream's QoS through entities::" + OpenDdsBestEffort.FUNCTION + ".", 100)»
		      	«ENDIF»
		      	«FOR n : x.receivers»
		      		«FOR l : x.loss»
		      			«FOR hz : rates»
		      				{"«label(x, st.index, st.transport)»", "«st.transport.kind.transportType»", «OpenDdsApplicationTemplate.options(st.options)», "«st.params»", «n», «Banner.decimal(Quantities.percent(l))», «Banner.decimal(hz)»«IF bestEffort», entities::«OpenDdsBestEffort.FUNCTION»«ENDIF»},
		      			«ENDFOR»
		      		«ENDFOR»
		      	«ENDFOR»
		      «ENDFOR»
		  };
		  «IF multi»
		  	// The experiment's streams over each point's one transport instance: CSV name, topic, rate (Hz),
		  	// priority (the QoS's `priority`, else its transport_priority), tags (a stream whose QoS asks for
		  	// replacement: one key instance per tag of the native bench; 0: never replaced), typed calls, QoS.
		  «ELSEIF replacing && keyed(x.topic)»
		  	// Replace: one key instance per tag of the native bench (a node of the picture, each taken to report
		  	// once a second: a rate of N Hz is N instances); update k has key k mod instances.
		  	b.instance_rate_hz = «Banner.decimal(Flow.INSTANCE_RATE_HZ)»;
		  «ELSEIF replacing»
		  	// Replace: «x.topic.type.name» has no key, so every update is the one instance (tags 1) and supersedes
		  	// the previous one still queued (one tag in the native bench).
		  «ELSE»
		  	// One topic: every update has key 0 (tags 1).
		  «ENDIF»
		  «IF !unreached.empty»
		  	«Banner.wrap("//", "Modeled payload not reached: " + unreached.map[topicName + " " + unpadded(x, it) + " B"].join(", ") + ". OpenDDS sends each sample as samples::fill makes it (strings and sequences empty; the native bench pads its encoding to the modeled size).", 100)»
		  «ENDIF»
		  b.streams = {
		      «FOR st : streams»
		      	// «IF st.topic.qos !== null»qos «st.topic.qos.name», «ENDIF»«IF !multi»one topic«ELSEIF replaces(st.topic)»replaceable«ELSE»never replaced«ENDIF»
		      	{"«IF multi»«st.topicName»«ENDIF»", "«st.topicName»", «Banner.decimal(if (multi) st.ratesHz.head else rates.head)», «priority(st.topic)», «IF !multi»1«ELSEIF replaces(st.topic)»«tags(st)»«ELSE»0«ENDIF»,
		      	 ab::typed_ops(«OpenDdsEntitiesTemplate.type(st.topic.type)»), «OpenDdsEntitiesTemplate.qos(st.topic.qos)»«IF st.startSeconds > 0»,
		      	 «Math.round(st.startSeconds * 1e9)»LL /* starts «Banner.number(st.startSeconds)» s after the first stream */«ENDIF»},
		      «ENDFOR»
		  };
		  return b;
		}

		}  // namespace

		int main(int argc, char** argv) {
		  return ab::run(argc, argv, experiment());
		}
		'''
	}

	/** The modeled payload of a stream when it exceeds the fixed encoded size of its type (the native bench pads to it), else 0. */
	def private static long unpadded(Experiment x, Experiments.Stream st) {
		val modeled = if (x.topic !== null && x.payload !== null) Math.round(Quantities.bytes(x.payload)) else Math.round(st.payloadBytes)
		val fixed = st.topic.type.fixedSize
		if (modeled > 0 && (!fixed.present || modeled > fixed.asLong)) modeled else 0
	}

	/** Why the experiment gets no OpenDDS bench (for the README), or null when it gets one. */
	def static String whyNot(Experiment x) {
		if (x.transports.empty) return "it has no transports"
		if (x.topic === null) {
			val streams = Experiments.streams(x)
			if (streams.empty || streams.size != x.streams.size || streams.exists[topic.type === null]) return "a topic of its streams is unresolved"
			return streams.filter[ratesHz.empty].map["stream " + topicName + " has no rate"].head
		}
		if (x.topic.type === null) "its topic is unresolved" else null
	}

	/** The CSV transport label: the OpenDDS transport, and the modeled one it stands in for. */
	def static String label(Experiment x, int index, OpenDdsTransports.Resolved r) {
		val t = x.transports.get(index)
		if (r.fallback) r.kind.key + "-for-" + t.name else if (r.kind.isAnt) r.kind.transportType else r.kind.key
	}
}
