package org.adamant.generator.cpp

import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

import static extension org.adamant.generator.cpp.CppTypes.*

/**
 * native/bench/<experiment>_bench.cpp: the experiment's sweep as an adamant::bench::HarnessSpec
 * (points = transports × receivers × loss × rate × runs, in the model's order).
 */
class BenchTemplate {

	def static String path(Experiment x) '''native/bench/«x.name»_bench.cpp'''

	def CharSequence generate(ModelInfo info, Experiment x) {
		val ns = info.identifier
		val type = x.topic.type
		val runs = if(x.runs > 0) x.runs else 1
		'''
			«Banner.of(info, "//", "Experiment " + x.name + ": 1 writer and N readers exchange " + x.topic.name + " updates; one CSV row per point.")»
			//
			// Sweep, in the model's order (one point per combination):
			//   transports «x.transports.map[name].join(", ")»
			//   × receivers «x.receivers.join(", ")»
			//   × loss «x.loss.map[Banner.number(Quantities.percent(it)) + " %"].join(", ")»
			//   × rate «x.rates.map[Banner.number(Quantities.hertz(it)) + " Hz"].join(", ")»
			//   × runs 1..«runs»«IF x.runs <= 0» (no runs in the model: 1)«ENDIF»
			//   = «x.transports.size * x.receivers.size * x.loss.size * x.rates.size * runs» points of «x.updates» updates each.
			// Run it inside a network namespace: adamant-netns ./«x.name»_bench --csv «x.name».csv
			#include <adamant/adamant.hpp>

			#include "«ns»/samples.hpp"
			#include "«ns»/types.hpp"

			#include <chrono>
			#include <cstdint>
			#include <string>
			#include <vector>

			namespace {

			constexpr int kUpdates = «x.updates»;  // updates «x.updates»
			«IF x.warmup > 0»
				// The model asks for «x.warmup» warm-up updates; the harness has no warm-up phase yet, so they are not sent.
			«ENDIF»

			// One entry per transport of the experiment, with its recovery parameters from the catalog.
			struct TransportSetup {
			  const char* name;
			  std::chrono::microseconds nak_timeout;
			  int lec_r;
			  int lec_c;
			};
			const TransportSetup kTransports[] = {
			    «FOR t : x.transports»
			    	«val rt = RuntimeTransports.resolve(t).get»
			    	// «rt.comment»
			    	{"«rt.name»", std::chrono::microseconds(«rt.nakTimeoutUs»), «rt.lecR», «rt.lecC»},
			    «ENDFOR»
			};
			«IF !x.sweeps.empty»
				// The model also sweeps «x.sweeps.map[name + " " + values.map[Banner.number(value) + (if (unit !== null) " " + unit else "")].join(", ")].join("; ")».
				// The native harness does not apply parameter sweeps yet (its CSV has no column to tell the
				// variants apart), so every point uses the catalog's values above.
			«ENDIF»
			const int kReceivers[] = {«x.receivers.join(", ")»};
			const double kLossPct[] = {«x.loss.map[Banner.decimal(Quantities.percent(it))].join(", ")»};
			const double kRateHz[] = {«x.rates.map[Banner.decimal(Quantities.hertz(it))].join(", ")»};
			constexpr int kRuns = «runs»;

			// The sweep in the model's order: transports × receivers × loss × rate × runs.
			std::vector<adamant::bench::Point> sweep() {
			  std::vector<adamant::bench::Point> points;
			  for (const TransportSetup& transport : kTransports) {
			    for (const int receivers : kReceivers) {
			      for (const double loss_pct : kLossPct) {
			        for (const double rate_hz : kRateHz) {
			          for (int run = 1; run <= kRuns; ++run) {
			            adamant::bench::Point p;
			            p.transport = transport.name;
			            p.receivers = receivers;
			            p.loss_pct = loss_pct;
			            p.rate_hz = rate_hz;
			            p.updates = kUpdates;
			            p.run = run;
			            p.seed = static_cast<std::uint64_t>(run);  // same loss pattern for run k of every point
			            p.nak_timeout = transport.nak_timeout;
			            p.lec_r = transport.lec_r;
			            p.lec_c = transport.lec_c;
			            points.push_back(p);
			          }
			        }
			      }
			    }
			  }
			  return points;
			}

			std::vector<std::uint8_t> make_payload(std::uint64_t seq) {
			  «ns»::«type.name» sample;
			  «ns»::sample_fill(sample, seq);
			  std::vector<std::uint8_t> bytes;
			  «ns»::encode(sample, bytes);
			  return bytes;
			}

			bool check_payload(adamant::ByteView bytes) {
			  «ns»::«type.name» sample;
			  return «ns»::decode(bytes, sample);
			}

			}  // namespace

			int main(int argc, char** argv) {
			  adamant::bench::HarnessSpec spec;
			  spec.name = "«x.name»";
			  spec.points = sweep();
			  «payloadSize(ns, x)»
			  spec.make_payload = make_payload;
			  spec.check_payload = check_payload;
			  return adamant::bench::harness_main(argc, argv, spec);
			}
		'''
	}

	def private payloadSize(String ns, Experiment x) {
		val type = x.topic.type
		val fixed = type.fixedSize
		val modeled = if(x.payload !== null) Math.round(Quantities.bytes(x.payload)) else -1L
		if (fixed.present) {
			if (modeled < 0) '''
				// No payload in the model: the encoded size of «type.name» («fixed.asLong» B).
				spec.payload_bytes = «ns»::k«type.name»EncodedSize;
			''' else if (modeled == fixed.asLong) '''
				// payload «modeled» B in the model = the encoded size of «type.name».
				spec.payload_bytes = «ns»::k«type.name»EncodedSize;
			''' else '''
				// NOTE: the model says payload «modeled» B, but «type.name» encodes to «fixed.asLong» B; the encoded size is used.
				spec.payload_bytes = «ns»::k«type.name»EncodedSize;
			'''
		} else '''
			// «type.name» has no fixed size (strings or sequences): the payload size is that of update 0's encoding«IF modeled >= 0»
			// (the model's payload «modeled» B is not used)«ENDIF».
			spec.payload_bytes = make_payload(0).size();
		'''
	}
}
