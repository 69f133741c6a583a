package org.adamant.generator.cpp

import java.util.List
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.adaptive.AdaptiveCandidates
import org.adamant.dsl.adaptive.AdaptiveExperiments
import org.adamant.dsl.adaptive.AdaptiveHysteresis
import org.adamant.dsl.adaptive.AdaptiveTablePath
import org.adamant.dsl.adamant.StructType
import org.adamant.dsl.lowering.LinkSettings
import org.adamant.dsl.lowering.SweepVariants
import org.adamant.dsl.prediction.Flow
import org.adamant.dsl.semantics.Experiments
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

import static extension org.adamant.generator.cpp.CppTypes.*
import static org.adamant.dsl.lowering.StreamSettings.*

/**
 * native/bench/<experiment>_bench.cpp: the experiment's sweep as an adamant::bench::Sweep, which the
 * runtime's sweep_main expands (points = transports × receivers × loss × rate × runs, in the model's
 * order) and runs; the file keeps only what the model decided and why. An experiment of
 * several topics ({@code topics A(...), B(...)}) gets multi-stream points: every topic is a
 * bench::Stream (its rate and payload from {@link Experiments#streams}, its priority and
 * replacement from the topic's QoS) sent over each point's one connection.
 */
class BenchTemplate {

	def static String path(Experiment x) '''native/bench/«x.name»_bench.cpp'''

	def CharSequence generate(ModelInfo info, Experiment x) {
		val ns = info.identifier
		val streams = if(x.topic === null) Experiments.streams(x) else null
		val type = if(streams === null) x.topic.type else streams.head.topic.type
		val rates = if(streams === null) x.rates.map[Quantities.hertz(it)] else streams.head.ratesHz
		val runs = if(x.runs > 0) x.runs else 1
		val variants = SweepVariants.of(x)
		val replacing = variants.exists[transport.isReplaceFamily]
		val durations = variants.exists[NativeTransports.statesDuration(transport)]
		val pace = LinkSettings.paceBytesPerSecond(x.environment)
		val simOptions = LinkSettings.simOptions(x.environment)
		val padded = if(streams === null) paddedPayload(x) else 0L
		val adaptiveFlow = if(x.adaptive) AdaptiveExperiments.flowOf(x).orElse(null) else null
		val entries = variants.size + (if(adaptiveFlow !== null) 1 else 0)
		'''
			«Banner.of(info, "//", "Experiment " + x.name + ": " + (if(streams === null) "1 writer and N readers exchange " + x.topic.name + " updates; one CSV row per point." else "streams " + streams.map[topicName].join(", ") + " over one connection; one CSV row per stream and point."))»
			//
			// Sweep, in the model's order (one point per combination):
			//   transports «x.transports.map[name].join(", ")»«IF adaptiveFlow !== null», adaptive«ENDIF»
			«FOR sw : x.sweeps»
				//   × «sw.name» «sw.values.map[Banner.quantity(it)].join(", ")» (for the transports that have it)
			«ENDFOR»
			//   × receivers «x.receivers.join(", ")»
			//   × loss «x.loss.map[Banner.number(Quantities.percent(it)) + " %"].join(", ")»
			//   × rate «rates.map[Banner.number(it) + " Hz"].join(", ")»«IF streams !== null» («streams.head.topicName»'s; the other streams keep their ratio to it)«ENDIF»
			//   × runs 1..«runs»«IF x.runs <= 0» (no runs in the model: 1)«ENDIF»
			//   = «entries * x.receivers.size * x.loss.size * rates.size * runs» points of «x.updates» «IF streams !== null»«streams.head.topicName» «ENDIF»updates each«IF streams !== null» (the other streams send for as long)«ENDIF».
			// Run it inside a network namespace: adamant-netns ./«x.name»_bench --csv «x.name».csv
			#include <adamant/adamant.hpp>

			#include "«ns»/samples.hpp"
			#include "«ns»/types.hpp"

			«IF padded > 0 || (streams !== null && streams.exists[streamPadded(it) > 0])»
				#include <algorithm>
			«ENDIF»
			«IF durations»
				#include <chrono>
			«ENDIF»
			#include <cstdint>
			#include <vector>

			namespace {

			«IF streams === null»
				«payloadFunctions(ns, type, padded, "")»
			«ELSE»
				«FOR st : streams SEPARATOR "\n"»
					// Stream «st.topicName»: «st.topic.type.name» updates at «Banner.number(st.ratesHz.head)» Hz («st.rateSource»).
					«payloadFunctions(ns, st.topic.type, streamPadded(st), "_" + st.topicName)»
				«ENDFOR»
			«ENDIF»

			}  // namespace

			// The sweep as the model states it; adamant::bench::sweep_main runs every point of it
			// (adamant/sweep.hpp: transports × receivers × loss × rate × runs, run k with seed k).
			int main(int argc, char** argv) {
			  adamant::bench::Sweep sweep;
			  sweep.name = "«x.name»";
			  «IF x.sweeps.empty»
			  	// One entry per transport of the experiment, with its parameters from the catalog.
			  «ELSE»
			  	// One entry per transport of the experiment and per combination of the swept parameters it has,
			  	// with its parameters from the catalog and the sweep (each CSV row names them: transport_params).
			  «ENDIF»
			  // Each states the parameters of its kind that the model gives«IF replacing» (pace in B/s)«ENDIF»; the others are
			  // the kind's defaults in the runtime's contract table.
			  «IF durations»
			  	using namespace std::chrono_literals;
			  «ENDIF»
			  sweep.transports = {
			      «FOR v : variants»
			      	«Banner.wrap("//", NativeTransports.comment(v.transport), 100)»
			      	«IF !v.swept.empty»
			      		// sweep: «Banner.swept(v.swept)» (this entry's value«IF v.swept.size > 1»s«ENDIF»)
			      	«ENDIF»
			      	«IF replacing && v.transport.isReplaceFamily && pace.present»
			      		// paced to «Banner.number(pace.asLong)» B/s, the slowest bandwidth of environment «x.environment.name»
			      	«ENDIF»
			      	«NativeTransports.sweepEntry(v.transport, pace)»,
			      «ENDFOR»
			      «IF adaptiveFlow !== null»
			      	«Banner.wrap("//", "adaptive: switches at run time among " + AdaptiveCandidates.of(adaptiveFlow).candidates.map[name].join(", ") + " on the decision table of flow " + (adaptiveFlow.eContainer as Application).name + "." + x.topic.name + " (docs/adaptive.md), with " + AdaptiveHysteresis.of(adaptiveFlow).describe() + ".", 100)»
			      	adamant::bench::SweepTransport::of("adaptive")
			      	    .table(ADAMANT_TARGET_DIR "/«AdaptiveTablePath.of(adaptiveFlow)»")«NativeTransports.hysteresis(AdaptiveHysteresis.of(adaptiveFlow), "\n")»,
			      «ENDIF»
			  };
			  «FOR s : SweepVariants.notApplied(x)»
			  	// The model also sweeps «s.name» («s.values.map[Banner.quantity(it)].join(", ")»); the native harness has no such
			  	// parameter, so every point uses the catalog's value.
			  «ENDFOR»
			  sweep.receivers = {«x.receivers.join(", ")»};
			  sweep.loss_pct = {«x.loss.map[Banner.decimal(Quantities.percent(it))].join(", ")»};
			  sweep.rate_hz = {«rates.map[Banner.decimal(it)].join(", ")»};«IF streams !== null»  // «streams.head.topicName»'s; the other streams keep their ratio to it«ENDIF»
			  sweep.runs = «runs»;«IF x.runs <= 0»  // no runs in the model: 1«ENDIF»
			  sweep.updates = «x.updates»;«IF streams !== null»  // «streams.head.topicName»'s; the other streams send for as long«ENDIF»
			  «IF x.warmup > 0»
			  	// The model asks for «x.warmup» warm-up updates; the harness has no warm-up phase yet, so they are not sent.
			  «ENDIF»
			  «IF replacing && streams === null && keyed(x.topic)»
			  	// Replace/fifo: one tag per key instance of «x.topic.name»: update i carries tag (i-1) mod tags. The
			  	// model does not count instances; each is taken to report once a second, so a rate of N Hz is N
			  	// instances.
			  	sweep.instance_rate_hz = «Banner.decimal(Flow.INSTANCE_RATE_HZ)»;
			  «ELSEIF replacing && streams === null»
			  	// Replace/fifo: «x.topic.type.name» has no key, so «x.topic.name» is one instance and has one tag: each
			  	// update supersedes the previous one still queued or unacknowledged (as the predictions count it).
			  	sweep.tags = 1;
			  «ENDIF»
			  «IF streams === null»
			  	«payloadSize(ns, x)»
			  	sweep.make_payload = make_payload;
			  	sweep.check_payload = check_payload;
			  «ELSE»

			  	«streamSetups(ns, streams)»
			  «ENDIF»
			  «IF !simOptions.empty»

			  	«Banner.wrap("//", "Environment " + x.environment.name + " (" + Banner.link(x.environment) + "): with --mode sim the simulator models this link, unless the command line sets the option itself. Real mode runs on loopback, which no option shapes" + (if (pace.present && replacing) "; there the replace/fifo writer's pace stands in for the link." else "."), 100)»
			  	sweep.sim_link = {
			  	    «FOR o : simOptions»
			  	    	{"«o.name»", "«o.value»"},
			  	    «ENDFOR»
			  	};
			  «ENDIF»
			  return adamant::bench::sweep_main(argc, argv, sweep);
			}
		'''
	}

	/** make_payload<suffix> / check_payload<suffix> for `type`, padded to `padded` B when > 0. */
	def private payloadFunctions(String ns, StructType type, long padded, String suffix) {
		if (padded > 0) '''
			// The model's payload is «padded» B: each update is the «type.name» encoding followed by zero padding
			// up to «padded» B, so the link carries updates of the modeled size.
			constexpr std::size_t kPayloadBytes«suffix» = «padded»;

			// An encoding longer than kPayloadBytes«suffix» is returned whole: the harness then stops with its size.
			std::vector<std::uint8_t> make_payload«suffix»(std::uint64_t seq) {
			  «ns»::«type.name» sample;
			  «ns»::sample_fill(sample, seq);
			  std::vector<std::uint8_t> bytes;
			  «ns»::encode(sample, bytes);
			  bytes.resize(std::max(bytes.size(), kPayloadBytes«suffix»), 0);
			  return bytes;
			}

			// One «type.name» must decode from the front, and the rest must be zero padding.
			bool check_payload«suffix»(adamant::ByteView bytes) {
			  «ns»::«type.name» sample;
			  «ns»::WireReader in(bytes);
			  if (bytes.size != kPayloadBytes«suffix» || !«ns»::wire_get(in, sample)) {
			    return false;
			  }
			  const std::uint8_t* padding = bytes.data + (bytes.size - in.remaining());
			  return std::all_of(padding, bytes.data + bytes.size, [](std::uint8_t b) { return b == 0; });
			}
		''' else '''
			std::vector<std::uint8_t> make_payload«suffix»(std::uint64_t seq) {
			  «ns»::«type.name» sample;
			  «ns»::sample_fill(sample, seq);
			  std::vector<std::uint8_t> bytes;
			  «ns»::encode(sample, bytes);
			  return bytes;
			}

			bool check_payload«suffix»(adamant::ByteView bytes) {
			  «ns»::«type.name» sample;
			  return «ns»::decode(bytes, sample);
			}
		'''
	}

	/** The streams of a multi-stream experiment, appended to main's `sweep` in the model's order. */
	def private streamSetups(String ns, List<Experiments.Stream> streams) {
		var firstTag = 0L
		val tagsFrom = <Long>newArrayList
		for (st : streams) {
			tagsFrom += firstTag
			firstTag += tags(st)
		}
		'''
			// The experiment's streams, side by side over each point's one connection (one CSV row each).
			// Replace/fifo: a stream whose QoS asks for replacement has one tag per key instance (each taken to
			// report once a second: a rate of N Hz is N instances), numbered after the previous stream's, so an
			// update replaces only an older one of its own stream; any other stream has one tag and replaces
			// nothing. The priority is the QoS's `priority` (else its transport_priority; 0 without): higher is
			// sent first; equal priorities share the link round-robin. The delivery class is reliable and
			// sequenced unless the QoS says reliability best_effort or unsequenced.
			«FOR i : 0 ..< streams.size»
				«val st = streams.get(i)»
				{
				  // «st.topicName»«IF st.topic.qos !== null» (qos «st.topic.qos.name»)«ENDIF»: «IF replaces(st.topic)»replaceable«ELSE»never replaced«ENDIF», priority «priority(st.topic)»
				  adamant::bench::Stream& s = sweep.streams.emplace_back();
				  s.name = "«st.topicName»";
				  s.rate_hz = «Banner.decimal(st.ratesHz.head)»;
				  «IF st.startSeconds > 0»
				  	s.start_ns = «startNanos(st)»;  // first update «Banner.number(st.startSeconds)» s after «streams.head.topicName»'s; stops with it
				  «ENDIF»
				  s.payload_bytes = «IF streamPadded(st) > 0»kPayloadBytes_«st.topicName»«ELSEIF st.topic.type.fixedSize.present»«ns»::k«st.topic.type.name»EncodedSize«ELSE»make_payload_«st.topicName»(0).size()«ENDIF»;
				  s.first_tag = «tagsFrom.get(i)»;
				  s.tags = «tags(st)»;
				  s.priority = «priority(st.topic)»;
				  s.replaces = «replaces(st.topic)»;
				  «IF !reliable(st.topic)»
				  	s.reliable = false;  // best effort: sent once
				  «ENDIF»
				  «IF !sequenced(st.topic)»
				  	s.sequenced = false;  // unsequenced: delivered on arrival, out of order
				  «ENDIF»
				  s.make_payload = make_payload_«st.topicName»;
				  s.check_payload = check_payload_«st.topicName»;
				}
			«ENDFOR»
		'''
	}

	/** When a stream's first update is due after the first stream's, in ns (its `start`). */
	def static long startNanos(Experiments.Stream st) {
		Math.round(st.startSeconds * 1e9)
	}

	/** A stream's modeled payload when it exceeds the fixed encoded size of its type (then padded), else 0. */
	def private static long streamPadded(Experiments.Stream st) {
		val fixed = st.topic.type.fixedSize
		val modeled = Math.round(st.payloadBytes)
		if (modeled > 0 && (!fixed.present || modeled > fixed.asLong)) modeled else 0
	}

	/** The modeled payload when it exceeds the fixed encoded size of the topic's type (then padded), else 0. */
	def private static long paddedPayload(Experiment x) {
		val fixed = x.topic.type.fixedSize
		val modeled = if(x.payload !== null) Math.round(Quantities.bytes(x.payload)) else -1L
		if (modeled > 0 && (!fixed.present || modeled > fixed.asLong)) modeled else 0
	}

	def private payloadSize(String ns, Experiment x) {
		val type = x.topic.type
		if (paddedPayload(x) > 0) {
			return '''
				// payload «paddedPayload(x)» B in the model: «type.name» padded to it (see kPayloadBytes).
				sweep.payload_bytes = kPayloadBytes;
			'''
		}
		val fixed = type.fixedSize
		val modeled = if(x.payload !== null) Math.round(Quantities.bytes(x.payload)) else -1L
		if (fixed.present) {
			if (modeled < 0) '''
				// No payload in the model: the encoded size of «type.name» («fixed.asLong» B).
				sweep.payload_bytes = «ns»::k«type.name»EncodedSize;
			''' else if (modeled == fixed.asLong) '''
				// payload «modeled» B in the model = the encoded size of «type.name».
				sweep.payload_bytes = «ns»::k«type.name»EncodedSize;
			''' else '''
				// NOTE: the model says payload «modeled» B, but «type.name» encodes to «fixed.asLong» B; the encoded size is used.
				sweep.payload_bytes = «ns»::k«type.name»EncodedSize;
			'''
		} else '''
			// «type.name» has no fixed size (strings or sequences) and the model no payload: the payload size is that of
			// update 0's encoding.
			sweep.payload_bytes = make_payload(0).size();
		'''
	}
}
