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
		val variants = TransportVariants.of(x)
		val replacing = variants.exists[isReplaceFamily(transport.name)]
		val pace = NativeLink.paceBytesPerSecond(x.environment)
		val simOptions = NativeLink.simOptions(x.environment)
		val padded = paddedPayload(x)
		'''
			«Banner.of(info, "//", "Experiment " + x.name + ": 1 writer and N readers exchange " + x.topic.name + " updates; one CSV row per point.")»
			//
			// Sweep, in the model's order (one point per combination):
			//   transports «x.transports.map[name].join(", ")»
			«FOR sw : x.sweeps»
				//   × «sw.name» «sw.values.map[Banner.quantity(it)].join(", ")» (for the transports that have it)
			«ENDFOR»
			//   × receivers «x.receivers.join(", ")»
			//   × loss «x.loss.map[Banner.number(Quantities.percent(it)) + " %"].join(", ")»
			//   × rate «x.rates.map[Banner.number(Quantities.hertz(it)) + " Hz"].join(", ")»
			//   × runs 1..«runs»«IF x.runs <= 0» (no runs in the model: 1)«ENDIF»
			//   = «variants.size * x.receivers.size * x.loss.size * x.rates.size * runs» points of «x.updates» updates each.
			// Run it inside a network namespace: adamant-netns ./«x.name»_bench --csv «x.name».csv
			#include <adamant/adamant.hpp>

			#include "«ns»/samples.hpp"
			#include "«ns»/types.hpp"

			#include <algorithm>
			#include <chrono>
			#include <cmath>
			#include <cstdint>
			#include <string>
			#include <vector>

			namespace {

			constexpr int kUpdates = «x.updates»;  // updates «x.updates»
			«IF x.warmup > 0»
				// The model asks for «x.warmup» warm-up updates; the harness has no warm-up phase yet, so they are not sent.
			«ENDIF»

			«IF x.sweeps.empty»
				// One entry per transport of the experiment, with its parameters from the catalog.
			«ELSE»
				// One entry per transport of the experiment and per combination of the swept parameters it has,
				// with its parameters from the catalog and the sweep (each CSV row names them: transport_params).
			«ENDIF»
			struct TransportSetup {
			  const char* name;
			  std::chrono::microseconds nak_timeout;
			  int lec_r;
			  int lec_c;
			  «IF replacing»
			  	std::uint64_t pace_bytes_per_s;  // replace/fifo: the writer's own pace (0 = unpaced)
			  «ENDIF»
			};
			const TransportSetup kTransports[] = {
			    «FOR v : variants»
			    	«Banner.wrap("//", v.transport.comment, 100)»
			    	«IF !v.swept.empty»
			    		// sweep: «v.swept.join(", ")» (this entry's value«IF v.swept.size > 1»s«ENDIF»)
			    	«ENDIF»
			    	«IF replacing && isReplaceFamily(v.transport.name) && pace.present»
			    		// paced to «Banner.number(pace.asLong)» B/s, the slowest bandwidth of environment «x.environment.name»
			    	«ENDIF»
			    	{"«v.transport.name»", std::chrono::microseconds(«v.nakTimeoutUs»), «v.lecR», «v.lecC»«IF replacing», «IF isReplaceFamily(v.transport.name) && pace.present»«pace.asLong»«ELSE»0«ENDIF»«ENDIF»},
			    «ENDFOR»
			};
			«FOR s : TransportVariants.notApplied(x)»
				// The model also sweeps «s.name» («s.values.map[Banner.quantity(it)].join(", ")»); the native harness has no such
				// parameter, so every point uses the catalog's value.
			«ENDFOR»
			const int kReceivers[] = {«x.receivers.join(", ")»};
			const double kLossPct[] = {«x.loss.map[Banner.decimal(Quantities.percent(it))].join(", ")»};
			const double kRateHz[] = {«x.rates.map[Banner.decimal(Quantities.hertz(it))].join(", ")»};
			constexpr int kRuns = «runs»;
			«IF replacing»

				// Replace/fifo: one tag per key instance (a node of the blue-force picture): update i carries
				// tag (i-1) mod tags. The model does not count instances; each is taken to report once a second,
				// so a rate of N Hz is N instances.
				constexpr double kInstanceRateHz = 1.0;
			«ENDIF»

			// The sweep in the model's order: transports«IF !x.sweeps.empty» (with their swept parameters)«ENDIF» × receivers × loss × rate × runs.
			std::vector<adamant::bench::Point> sweep_points() {
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
			            «IF replacing»
			            	p.pace_bytes_per_s = transport.pace_bytes_per_s;
			            	p.tags = static_cast<std::uint32_t>(std::max(1.0, std::round(rate_hz / kInstanceRateHz)));
			            «ENDIF»
			            points.push_back(p);
			          }
			        }
			      }
			    }
			  }
			  return points;
			}
			«IF !simOptions.empty»

				«Banner.wrap("//", "Environment " + x.environment.name + " (" + NativeLink.describe(x.environment) + "): with --mode sim the simulator models this link, unless the command line sets the option itself. Real mode runs on loopback, which no option shapes" + (if (pace.present && replacing) "; there the replace/fifo writer's pace stands in for the link." else "."), 100)»
				const char* const kSimLink[][2] = {
				    «FOR o : simOptions»
				    	{"«o.name»", "«o.value»"},
				    «ENDFOR»
				};

				bool has_option(const std::vector<std::string>& args, const std::string& name) {
				  return std::any_of(args.begin(), args.end(), [&](const std::string& a) {
				    return a == name || a.rfind(name + "=", 0) == 0;
				  });
				}

				// The command line, plus the modeled link's options when it asks for the simulator.
				std::vector<std::string> with_sim_link(int argc, char** argv) {
				  std::vector<std::string> args(argv, argv + argc);
				  bool sim = has_option(args, "--mode=sim");
				  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
				    sim = sim || (args[i] == "--mode" && args[i + 1] == "sim");
				  }
				  if (sim) {
				    for (const auto& option : kSimLink) {
				      if (!has_option(args, option[0])) {
				        args.insert(args.end(), {option[0], option[1]});
				      }
				    }
				  }
				  return args;
				}
			«ENDIF»

			«IF padded > 0»
				// The model's payload is «padded» B: each update is the «type.name» encoding followed by zero padding
				// up to «padded» B, so the link carries updates of the modeled size.
				constexpr std::size_t kPayloadBytes = «padded»;

				// An encoding longer than kPayloadBytes is returned whole: the harness then stops with its size.
				std::vector<std::uint8_t> make_payload(std::uint64_t seq) {
				  «ns»::«type.name» sample;
				  «ns»::sample_fill(sample, seq);
				  std::vector<std::uint8_t> bytes;
				  «ns»::encode(sample, bytes);
				  bytes.resize(std::max(bytes.size(), kPayloadBytes), 0);
				  return bytes;
				}

				// One «type.name» must decode from the front, and the rest must be zero padding.
				bool check_payload(adamant::ByteView bytes) {
				  «ns»::«type.name» sample;
				  «ns»::WireReader in(bytes);
				  if (bytes.size != kPayloadBytes || !«ns»::wire_get(in, sample)) {
				    return false;
				  }
				  const std::uint8_t* padding = bytes.data + (bytes.size - in.remaining());
				  return std::all_of(padding, bytes.data + bytes.size, [](std::uint8_t b) { return b == 0; });
				}
			«ELSE»
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
			«ENDIF»

			}  // namespace

			int main(int argc, char** argv) {
			  adamant::bench::HarnessSpec spec;
			  spec.name = "«x.name»";
			  spec.points = sweep_points();
			  «payloadSize(ns, x)»
			  spec.make_payload = make_payload;
			  spec.check_payload = check_payload;
			  «IF !simOptions.empty»
			  	std::vector<std::string> args = with_sim_link(argc, argv);
			  	std::vector<char*> arg_pointers;
			  	for (std::string& arg : args) {
			  	  arg_pointers.push_back(arg.data());
			  	}
			  	arg_pointers.push_back(nullptr);
			  	return adamant::bench::harness_main(static_cast<int>(args.size()), arg_pointers.data(), spec);
			  «ELSE»
			  	return adamant::bench::harness_main(argc, argv, spec);
			  «ENDIF»
			}
		'''
	}

	def private static isReplaceFamily(String runtimeName) {
		runtimeName == "replace" || runtimeName == "fifo"
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
				spec.payload_bytes = kPayloadBytes;
			'''
		}
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
			// «type.name» has no fixed size (strings or sequences) and the model no payload: the payload size is that of
			// update 0's encoding.
			spec.payload_bytes = make_payload(0).size();
		'''
	}
}
