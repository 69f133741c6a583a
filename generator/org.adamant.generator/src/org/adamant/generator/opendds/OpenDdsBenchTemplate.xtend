package org.adamant.generator.opendds

import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.adamant.StructType
import org.adamant.dsl.semantics.Experiments
import org.adamant.dsl.semantics.Quantities
import org.adamant.dsl.prediction.Flow
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo
import org.adamant.generator.cpp.TransportVariants

import static org.adamant.generator.cpp.StreamSettings.*

import static extension org.adamant.generator.cpp.CppTypes.*

/**
 * opendds/bench/<experiment>_bench.cpp: the experiment on OpenDDS. A driver process runs every point
 * (transports with their swept parameters × receivers × loss × rate × runs, expanded as the native
 * bench expands them) by starting 1 writer and `receivers` reader processes (itself, re-executed), and
 * writes the CSV of docs/runtime-contract.md (its first columns, transport_params and stream). An
 * experiment of several topics is benched as the native bench does: every topic is a stream with its
 * own writer (TRANSPORT_PRIORITY = the stream's priority), all bound to the point's one transport
 * instance, sent in one time-ordered schedule; one CSV row per stream. Latency: the writer's source
 * timestamp (SampleInfo::source_timestamp, the system clock shared by processes on one host) to the
 * reader's on_data_available.
 *
 * The bench defines only what the model decided (kExperiment, kPoints, kStreams with their typed
 * operations, key_of, apply_qos); opendds/bench/bench_support.h/.cpp, generated once per model with
 * experiments and built into every bench, hold the model-independent machinery (command line, point
 * loop, processes, schedule, latency recording, statistics, CSV).
 */
class OpenDdsBenchTemplate {

	def static String path(Experiment x) '''opendds/bench/«x.name»_bench.cpp'''

	def CharSequence generate(ModelInfo info, Experiment x) {
		val ns = info.identifier
		val multi = x.topic === null
		val streams = Experiments.streams(x)
		val rates = if(multi) streams.head.ratesHz else x.rates.map[Quantities.hertz(it)]
		val types = streams.map[topic.type].toSet
		val setups = OpenDdsTransports.setups(x)
		val resolved = OpenDdsTransports.resolve(x)
		val replacing = !multi && resolved.exists[kind == OpenDdsTransports.Kind.ANT_REPLACE]
		val runs = if(x.runs > 0) x.runs else 1
		val discovery = OpenDdsTransports.discovery(info)
		val what = if (multi) "streams " + streams.map[topicName].join(", ") + ", one writer each" else "topic " + x.topic.name
		'''
		«Banner.of(info, "//", "OpenDDS benchmark of experiment " + x.name + " (" + what + ").")»
		//
		// Run: «x.name»_bench -DCPSConfigFile «ns».ini [--csv FILE] [--updates N] [--runs N] [--points I,J,...]
		//      (--list prints the points with their numbers; --points runs only those)
		// Writes one CSV row per point«IF multi» and stream«ENDIF» with the columns of docs/runtime-contract.md up to relate2, then
		// transport_params (the point's transport options) and stream«IF !multi» (empty: one topic)«ENDIF».
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
		«FOR s : TransportVariants.notApplied(x)»
			// The model also sweeps «s.name» («s.values.map[Banner.quantity(it)].join(", ")»); neither bench has such a
			// parameter, so every point uses the catalog's value.
		«ENDFOR»
		#include "«ns»TypeSupportImpl.h"
		#include "«ns»Qos.h"
		#include "«ns»Samples.h"
		#include "bench_support.h"

		«OpenDdsApplicationTemplate.staticIncludes(discovery, resolved.map[kind].toSet)»

		«IF replacing && keyed(x.topic)»
			#include <algorithm>
			#include <cmath>
		«ENDIF»
		#include <cstdint>
		#include <memory>
		#include <vector>

		// What the model decided; bench_support.h declares these and bench_support.cpp runs them.
		namespace «ns» {
		namespace bench {

		const Experiment kExperiment = {"«x.name»", «x.updates», «runs»};

		«IF x.sweeps.empty»
			// One entry per transport × receivers × loss × rate, in the model's order.
		«ELSE»
			// One entry per transport (and combination of the swept parameters it has) × receivers × loss × rate,
			// in the model's order.
		«ENDIF»
		const Point kPoints[] = {
		    «FOR st : setups»
		    	«IF !st.swept.empty»
		    		    // «x.transports.get(st.index).name», sweep: «st.swept.join(", ")»
		    	«ENDIF»
		    	«FOR n : x.receivers»
		    		«FOR l : x.loss»
		    			«FOR hz : rates»
		    				    {"«label(x, st.index, st.transport)»", "«st.transport.kind.transportType»", «OpenDdsApplicationTemplate.options(st.options)», "«st.params»", «n», «Banner.decimal(Quantities.percent(l))», «Banner.decimal(hz)»},
		    			«ENDFOR»
		    		«ENDFOR»
		    	«ENDFOR»
		    «ENDFOR»
		};
		const int kPointCount = static_cast<int>(sizeof kPoints / sizeof kPoints[0]);

		namespace {
		«FOR t : types»

			«streamOps(ns, t)»
		«ENDFOR»

		}  // namespace

		«IF multi»
			// The experiment's streams, side by side over each point's one transport instance. A stream whose QoS
			// asks for replacement has one key instance per tag of the native bench (each taken to report once
			// a second: a rate of N Hz is N instances), so with ant_replace a newer update supersedes only an
			// older one of its own instance and writer; any other stream gives every update its own instance,
			// so none is superseded. The priority is the QoS's `priority` (else its transport_priority).
		«ELSEIF replacing && keyed(x.topic)»
			// Replace: one key instance per tag of the native bench (a node of the picture, each taken to report
			// once a second: a rate of N Hz is N instances); update k has key k mod instances (see key_of).
		«ELSEIF replacing»
			// Replace: «x.topic.type.name» has no key, so every update is the one instance and supersedes the
			// previous one still queued (one tag in the native bench).
		«ELSE»
			// One topic: every update has key 0.
		«ENDIF»
		«FOR st : streams.filter[unpadded(x, it) > 0]»
			«Banner.wrap("//", "Payload of " + st.topicName + ": the model's " + unpadded(x, st) + " B are not reached: OpenDDS sends the " + st.topic.type.name + " sample as samples::fill makes it (strings and sequences empty; the native bench pads its encoding to the modeled size).", 100)»
		«ENDFOR»
		const StreamSetup kStreams[] = {
		    «FOR st : streams»
		    	    {"«IF multi»«st.topicName»«ENDIF»", "«st.topicName»", «Banner.decimal(if (multi) st.ratesHz.head else rates.head)», «priority(st.topic)», «IF !multi»1«ELSEIF replaces(st.topic)»«tags(st)»«ELSE»0«ENDIF», make_«st.topic.type.name»_ops},  // «IF st.topic.qos !== null»qos «st.topic.qos.name», «ENDIF»«IF !multi»one topic«ELSEIF replaces(st.topic)»replaceable«ELSE»never replaced«ENDIF»
		    «ENDFOR»
		};
		const int kStreamCount = static_cast<int>(sizeof kStreams / sizeof kStreams[0]);
		«IF replacing && keyed(x.topic)»

			constexpr double kInstanceRateHz = «Banner.decimal(Flow.INSTANCE_RATE_HZ)»;
		«ENDIF»

		std::uint64_t key_of(const StreamSetup& s, const Point& p, std::uint64_t seq) {
		  «IF replacing && !keyed(x.topic)»
		  	(void)s;
		  	(void)p;
		  	(void)seq;
		  	return 0;
		  «ELSEIF replacing»
		  	const auto instances = static_cast<std::uint64_t>(std::max(1.0, std::round(p.rate_hz / kInstanceRateHz)));
		  	(void)s;
		  	return seq % instances;
		  «ELSE»
		  	(void)p;
		  	return s.tags > 0 ? seq % s.tags : seq;
		  «ENDIF»
		}

		// QoS of stream `stream`: its topic's profile«IF streams.forall[topic.qos === null]» (none has one)«ENDIF».
		template <class Qos>
		void apply_qos(int stream, Qos& qos) {
		  «IF streams.forall[topic.qos === null]»
		  	(void)stream;
		  	(void)qos;
		  «ELSE»
		  	switch (stream) {
		  	  «FOR i : 0 ..< streams.size»
		  	  	«IF streams.get(i).topic.qos !== null»
		  	  		case «i»:
		  	  		  «ns»::qos::apply_«streams.get(i).topic.qos.name»(qos);
		  	  		  break;
		  	  	«ENDIF»
		  	  «ENDFOR»
		  	  default:
		  	    break;
		  	}
		  «ENDIF»
		}
		template void apply_qos(int, DDS::TopicQos&);
		template void apply_qos(int, DDS::PublisherQos&);
		template void apply_qos(int, DDS::DataWriterQos&);
		template void apply_qos(int, DDS::SubscriberQos&);
		template void apply_qos(int, DDS::DataReaderQos&);

		}  // namespace bench
		}  // namespace «ns»

		int main(int argc, char** argv) {
		  return «ns»::bench::run(argc, argv);
		}
		'''
	}

	def static String supportHeaderPath() '''opendds/bench/bench_support.h'''

	def static String supportSourcePath() '''opendds/bench/bench_support.cpp'''

	/** bench_support.h: what every bench shares, and what each bench defines (the model's experiment). */
	def CharSequence supportHeader(ModelInfo info) {
		val ns = info.identifier
		'''
		«Banner.of(info, "//", "Support of the OpenDDS benchmarks of model " + info.name + ": the machinery every <experiment>_bench.cpp shares.")»
		//
		// bench_support.cpp holds what does not depend on the model's choices: the command line (--list,
		// --points, --csv, ...), the driver's point loop, which forks 1 writer and `receivers` reader processes
		// (the bench itself, re-executed) per point and run, the participant and topic set-up, the writer's
		// time-ordered schedule of every stream's updates, the readers' latency recording, and the CSV rows
		// with their latency statistics (docs/runtime-contract.md). Each <experiment>_bench.cpp defines what
		// the model decided, declared at the end of this header, and its main calls run().
		#pragma once

		#include "«ns»Transports.h"

		#include <dds/DdsDcpsInfrastructureC.h>
		#include <dds/DdsDcpsPublicationC.h>
		#include <dds/DdsDcpsSubscriptionC.h>

		#include <cstdint>
		#include <memory>
		#include <vector>

		namespace «ns» {
		namespace bench {

		// One point of the sweep: a transport instance with its options, receivers, loss and rate.
		struct Point {
		  const char* label;             // CSV transport column
		  const char* transport_type;    // TransportRegistry::create_inst type
		  transports::Options options;   // the transport instance's options (writer and readers)
		  const char* params;            // CSV transport_params column: the options as name=value;...
		  int receivers;
		  double loss_pct;
		  double rate_hz;  // the first stream's; the others keep their ratio to it
		};

		// The typed DDS calls of one stream (the classic IDL-to-C++ mapping of «ns».idl).
		class StreamOps {
		 public:
		  virtual ~StreamOps() {}
		  virtual bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) = 0;
		  virtual bool narrow(DDS::DataWriter_ptr writer) = 0;
		  // Writes update `seq` of the stream with key `key` (stamps SampleInfo::source_timestamp).
		  virtual void write(std::uint64_t seq, std::uint64_t key) = 0;
		  // Takes every available sample and appends the source timestamps (ns) of the valid ones.
		  virtual void take(DDS::DataReader_ptr reader, std::vector<std::int64_t>& sent_ns) = 0;
		};

		struct StreamSetup {
		  const char* name;    // CSV stream column (empty when the experiment has one topic)
		  const char* topic;   // DDS topic
		  double rate_hz;      // in the model; a point's rate_hz scales every stream by rate_hz / kStreams[0].rate_hz
		  int priority;        // TRANSPORT_PRIORITY of its writer
		  std::uint64_t tags;  // update k has key k mod tags; 0: key k (every update its own instance)
		  std::unique_ptr<StreamOps> (*make_ops)();
		};

		struct Experiment {
		  const char* name;  // <name>_bench, default CSV <name>.csv, transport configurations <name>_writer and <name>_reader
		  long updates;      // of the first stream per point and run (--updates)
		  long runs;         // per point (--runs)
		};

		// Defined by each <experiment>_bench.cpp: the model's experiment.
		extern const Experiment kExperiment;
		extern const Point kPoints[];  // in the model's order; --list numbers them
		extern const int kPointCount;
		extern const StreamSetup kStreams[];
		extern const int kStreamCount;
		// The key of update `seq` (from 0) of stream `s` at point `p`.
		std::uint64_t key_of(const StreamSetup& s, const Point& p, std::uint64_t seq);
		// Applies stream `stream`'s QoS profile; the bench instantiates it for Topic, Publisher, DataWriter,
		// Subscriber and DataReader QoS.
		template <class Qos>
		void apply_qos(int stream, Qos& qos);

		// The bench's main: the driver (default), or with --role writer|reader one process of a point.
		int run(int argc, char** argv);

		}  // namespace bench
		}  // namespace «ns»
		'''
	}

	/** bench_support.cpp: the model-independent machinery of the benches. */
	def CharSequence supportSource(ModelInfo info) {
		val ns = info.identifier
		'''
		«Banner.of(info, "//", "Support of the OpenDDS benchmarks of model " + info.name + ": processes, schedule, latency, CSV (see bench_support.h).")»
		#include "bench_support.h"

		#include <dds/DCPS/LocalObject.h>
		#include <dds/DCPS/Marked_Default_Qos.h>
		#include <dds/DCPS/Service_Participant.h>

		#include <dds/DdsDcpsInfrastructureC.h>
		#include <dds/DdsDcpsPublicationC.h>
		#include <dds/DdsDcpsSubscriptionC.h>

		#include <sys/wait.h>
		#include <unistd.h>

		#include <algorithm>
		#include <chrono>
		#include <cmath>
		#include <cstdint>
		#include <cstdio>
		#include <cstdlib>
		#include <ctime>
		#include <fstream>
		#include <iostream>
		#include <memory>
		#include <mutex>
		#include <string>
		#include <thread>
		#include <vector>

		namespace «ns» {
		namespace bench {
		namespace {

		// "<experiment>_bench": the prefix of every message.
		std::string program() {
		  return std::string(kExperiment.name) + "_bench";
		}

		// A reader's transport options: the point's, plus for the ADAMANT plugin's ant_* transports the
		// point's loss, which they inject at the receiver (as the native harness does) with the reader's
		// own seed, and for ant_replace the reader's own port (each reader process listens on one).
		transports::Options reader_options(const Point& p, int index) {
		  transports::Options options = p.options;
		  const std::string type = p.transport_type;
		  if (type.rfind("ant_", 0) == 0 && p.loss_pct > 0) {
		    options.emplace_back("«OpenDdsTransports.ANT_LOSS_OPTION»", std::to_string(p.loss_pct));
		    options.emplace_back("seed", std::to_string(index + 1));
		  }
		  if (type == "ant_replace") {
		    options.emplace_back("port", std::to_string(«OpenDdsTransports.ANT_REPLACE_READER_PORT» + index));
		  }
		  return options;
		}

		// One update of the point's schedule: every stream's updates in time order (ties: the earlier
		// stream first), stream 0 sending `updates` at the point's rate and the others for as long.
		struct Slot {
		  std::int64_t offset_ns;
		  int stream;
		  std::uint64_t seq;  // the stream's own update number, from 0
		};

		double stream_rate(const Point& p, int stream) {
		  return stream == 0 ? p.rate_hz : kStreams[stream].rate_hz * (p.rate_hz / kStreams[0].rate_hz);
		}

		// Updates of each stream at point `p` (what each CSV row reports as sent).
		std::vector<long> stream_updates(const Point& p, long updates) {
		  const double duration_s = static_cast<double>(updates) / p.rate_hz;
		  std::vector<long> n;
		  for (int i = 0; i < kStreamCount; ++i) {
		    n.push_back(i == 0 ? updates : static_cast<long>(std::ceil(duration_s * stream_rate(p, i) - 1e-9)));
		  }
		  return n;
		}

		std::vector<Slot> schedule(const Point& p, long updates) {
		  const std::vector<long> n = stream_updates(p, updates);
		  std::vector<Slot> slots;
		  for (int i = 0; i < kStreamCount; ++i) {
		    const auto period = static_cast<std::int64_t>(1e9 / stream_rate(p, i));
		    for (long k = 0; k < n[i]; ++k) {
		      slots.push_back(Slot{k * period, i, static_cast<std::uint64_t>(k)});
		    }
		  }
		  std::stable_sort(slots.begin(), slots.end(), [](const Slot& a, const Slot& b) { return a.offset_ns < b.offset_ns; });
		  return slots;
		}

		struct Args {
		  std::string role = "driver";
		  std::string csv = std::string(kExperiment.name) + ".csv";
		  std::string out;
		  long updates = kExperiment.updates;
		  long runs = kExperiment.runs;
		  int point = 0;
		  int run = 0;
		  int index = 0;  // reader number within the point
		  bool list = false;
		  std::vector<int> points;  // the points the driver runs (empty: all)
		  std::vector<std::string> dcps;  // -DCPS... options, passed on to the writer and readers
		};

		// "3,7,12" -> {3, 7, 12}; false on anything but point numbers.
		bool parse_points(const std::string& text, std::vector<int>& out) {
		  std::size_t start = 0;
		  while (start <= text.size()) {
		    const std::size_t end = std::min(text.find(',', start), text.size());
		    const std::string item = text.substr(start, end - start);
		    char* rest = nullptr;
		    const long n = std::strtol(item.c_str(), &rest, 10);
		    if (item.empty() || *rest != '\0' || n < 0 || n >= kPointCount) {
		      return false;
		    }
		    out.push_back(static_cast<int>(n));
		    start = end + 1;
		  }
		  return true;
		}

		std::int64_t realtime_ns() {
		  timespec ts{};
		  clock_gettime(CLOCK_REALTIME, &ts);
		  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
		}

		// The participant and every stream's topic.
		struct Session {
		  DDS::DomainParticipantFactory_var dpf;
		  DDS::DomainParticipant_var participant;
		  std::vector<std::unique_ptr<StreamOps>> ops;
		  std::vector<DDS::Topic_var> topics;

		  bool open(int& argc, char** argv) {
		    dpf = TheParticipantFactoryWithArgs(argc, argv);
		    participant = dpf->create_participant(0, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!participant) {
		      return false;
		    }
		    for (int i = 0; i < kStreamCount; ++i) {
		      ops.push_back(kStreams[i].make_ops());
		      CORBA::String_var type_name;
		      if (!ops.back()->register_type(participant, type_name)) {
		        return false;
		      }
		      DDS::TopicQos topic_qos;
		      participant->get_default_topic_qos(topic_qos);
		      apply_qos(i, topic_qos);
		      topics.push_back(participant->create_topic(kStreams[i].topic, type_name, topic_qos, 0,
		                                                 OpenDDS::DCPS::DEFAULT_STATUS_MASK));
		      if (!topics.back()) {
		        return false;
		      }
		    }
		    return true;
		  }

		  ~Session() {
		    if (participant) {
		      participant->delete_contained_entities();
		      dpf->delete_participant(participant);
		    }
		    TheServiceParticipant->shutdown();
		  }
		};

		int writer_main(int argc, char** argv, const Args& args) {
		  const Point& p = kPoints[args.point];
		  Session s;
		  if (!s.open(argc, argv)) {
		    std::cerr << program() << ": writer: participant/topic setup failed\n";
		    return 1;
		  }
		  // One publisher and writer per stream, all bound to the one transport configuration <experiment>_writer.
		  std::vector<DDS::DataWriter_var> writers;
		  for (int i = 0; i < kStreamCount; ++i) {
		    DDS::PublisherQos publisher_qos;
		    s.participant->get_default_publisher_qos(publisher_qos);
		    apply_qos(i, publisher_qos);
		    publisher_qos.entity_factory.autoenable_created_entities = false;
		    DDS::Publisher_var publisher = s.participant->create_publisher(publisher_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!publisher) {
		      return 1;
		    }
		    DDS::DataWriterQos qos;
		    publisher->get_default_datawriter_qos(qos);
		    apply_qos(i, qos);
		    qos.transport_priority.value = kStreams[i].priority;
		    DDS::DataWriter_var writer = publisher->create_datawriter(s.topics[i], qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!writer || !transports::bind(writer.in(), std::string(kExperiment.name) + "_writer", p.transport_type, p.options) ||
		        writer->enable() != DDS::RETCODE_OK || !s.ops[i]->narrow(writer.in())) {
		      std::cerr << program() << ": writer: cannot create, bind or enable the writer of " << kStreams[i].topic << "\n";
		      return 1;
		    }
		    writers.push_back(writer);
		  }
		  // Wait (up to 30 s) until every writer matched every reader.
		  for (int i = 0; i < 300; ++i) {
		    bool all = true;
		    for (DDS::DataWriter_var& writer : writers) {
		      DDS::PublicationMatchedStatus matched;
		      writer->get_publication_matched_status(matched);
		      all = all && matched.current_count >= p.receivers;
		    }
		    if (all) {
		      break;
		    }
		    std::this_thread::sleep_for(std::chrono::milliseconds(100));
		  }
		  const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
		  for (const Slot& slot : schedule(p, args.updates)) {
		    std::this_thread::sleep_until(start + std::chrono::nanoseconds(slot.offset_ns));
		    s.ops[slot.stream]->write(slot.seq, key_of(kStreams[slot.stream], p, slot.seq));
		  }
		  const DDS::Duration_t ack_timeout = {10, 0};
		  for (DDS::DataWriter_var& writer : writers) {
		    writer->wait_for_acknowledgments(ack_timeout);
		  }
		  std::this_thread::sleep_for(std::chrono::seconds(1));
		  std::printf("%ld\n", args.updates);
		  return 0;
		}

		// Records the latency of every sample one reader of one stream takes.
		class Recorder : public virtual OpenDDS::DCPS::LocalObject<DDS::DataReaderListener> {
		 public:
		  explicit Recorder(StreamOps& ops) : ops_(ops) {}

		  void on_data_available(DDS::DataReader_ptr reader) override {
		    std::vector<std::int64_t> sent_ns;
		    ops_.take(reader, sent_ns);
		    const std::int64_t now = realtime_ns();
		    std::lock_guard<std::mutex> lock(mutex_);
		    for (const std::int64_t sent : sent_ns) {
		      latencies_us_.push_back(static_cast<double>(now - sent) / 1000.0);
		    }
		  }
		  void on_requested_deadline_missed(DDS::DataReader_ptr, const DDS::RequestedDeadlineMissedStatus&) override {}
		  void on_requested_incompatible_qos(DDS::DataReader_ptr, const DDS::RequestedIncompatibleQosStatus&) override {}
		  void on_sample_rejected(DDS::DataReader_ptr, const DDS::SampleRejectedStatus&) override {}
		  void on_liveliness_changed(DDS::DataReader_ptr, const DDS::LivelinessChangedStatus&) override {}
		  void on_subscription_matched(DDS::DataReader_ptr, const DDS::SubscriptionMatchedStatus&) override {}
		  void on_sample_lost(DDS::DataReader_ptr, const DDS::SampleLostStatus&) override {}

		  std::vector<double> latencies() {
		    std::lock_guard<std::mutex> lock(mutex_);
		    return latencies_us_;
		  }

		 private:
		  StreamOps& ops_;
		  std::mutex mutex_;
		  std::vector<double> latencies_us_;
		};

		int reader_main(int argc, char** argv, const Args& args) {
		  const Point& p = kPoints[args.point];
		  Session s;
		  if (!s.open(argc, argv)) {
		    std::cerr << program() << ": reader: participant/topic setup failed\n";
		    return 1;
		  }
		  // One subscriber and reader per stream, all bound to the one transport configuration <experiment>_reader.
		  std::vector<Recorder*> recorders;  // owned by `listeners`
		  std::vector<DDS::DataReaderListener_var> listeners;
		  std::vector<DDS::DataReader_var> readers;
		  for (int i = 0; i < kStreamCount; ++i) {
		    DDS::SubscriberQos subscriber_qos;
		    s.participant->get_default_subscriber_qos(subscriber_qos);
		    apply_qos(i, subscriber_qos);
		    subscriber_qos.entity_factory.autoenable_created_entities = false;
		    DDS::Subscriber_var subscriber = s.participant->create_subscriber(subscriber_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!subscriber) {
		      return 1;
		    }
		    DDS::DataReaderQos qos;
		    subscriber->get_default_datareader_qos(qos);
		    apply_qos(i, qos);
		    recorders.push_back(new Recorder(*s.ops[i]));
		    listeners.push_back(DDS::DataReaderListener_var(recorders.back()));
		    DDS::DataReader_var reader = subscriber->create_datareader(s.topics[i], qos, listeners.back(), OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!reader || !transports::bind(reader.in(), std::string(kExperiment.name) + "_reader", p.transport_type, reader_options(p, args.index)) ||
		        reader->enable() != DDS::RETCODE_OK) {
		      std::cerr << program() << ": reader: cannot create, bind or enable the reader of " << kStreams[i].topic << "\n";
		      return 1;
		    }
		    readers.push_back(reader);
		  }
		  // Until every update of every stream arrived, the writer left, or the run's time (plus 30 s) is over.
		  const std::vector<long> expected = stream_updates(p, args.updates);
		  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(30) +
		                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
		                         std::chrono::duration<double>(args.updates / p.rate_hz));
		  while (std::chrono::steady_clock::now() < limit) {
		    bool complete = true;
		    bool writer_left = true;
		    for (int i = 0; i < kStreamCount; ++i) {
		      complete = complete && static_cast<long>(recorders[i]->latencies().size()) >= expected[i];
		      DDS::SubscriptionMatchedStatus matched;
		      readers[i]->get_subscription_matched_status(matched);
		      writer_left = writer_left && matched.total_count > 0 && matched.current_count == 0;
		    }
		    if (complete || writer_left) {
		      break;
		    }
		    std::this_thread::sleep_for(std::chrono::milliseconds(50));
		  }
		  // One line per delivered update: the stream's number and the latency in us.
		  std::ofstream out(args.out);
		  for (int i = 0; i < kStreamCount; ++i) {
		    for (double l : recorders[i]->latencies()) {
		      out << i << ' ' << l << "\n";
		    }
		  }
		  return out ? 0 : 1;
		}

		pid_t spawn(const std::vector<std::string>& argv) {
		  const pid_t pid = fork();
		  if (pid == 0) {
		    std::vector<char*> c;
		    for (const std::string& a : argv) {
		      c.push_back(const_cast<char*>(a.c_str()));
		    }
		    c.push_back(nullptr);
		    execv("/proc/self/exe", c.data());
		    std::perror("execv /proc/self/exe");
		    _exit(127);
		  }
		  return pid;
		}

		// One CSV row: one stream of a point's run, from the latencies (us) of every delivered update.
		void write_row(std::ofstream& csv, const Point& p, int stream, long run, long sent, std::vector<double> lat) {
		  const double delivery = sent > 0 ? static_cast<double>(lat.size()) / (static_cast<double>(sent) * p.receivers) : 0.0;
		  std::sort(lat.begin(), lat.end());
		  double mean = 0, var = 0;
		  for (double v : lat) {
		    mean += v;
		  }
		  mean = lat.empty() ? 0 : mean / lat.size();
		  for (double v : lat) {
		    var += (v - mean) * (v - mean);
		  }
		  const double sd = lat.empty() ? 0 : std::sqrt(var / lat.size());
		  const auto pct = [&](double q) {
		    return lat.empty() ? 0.0 : lat[std::min(lat.size() - 1, static_cast<std::size_t>(std::ceil(q * lat.size())) - (q > 0 ? 1 : 0))];
		  };
		  csv << p.label << ',' << p.receivers << ',' << p.loss_pct << ',' << stream_rate(p, stream) << ',' << run << ',' << sent
		      << ',' << lat.size() << ',' << delivery << ',' << mean << ',' << sd << ',' << pct(0.5) << ',' << pct(0.99)
		      << ',' << (lat.empty() ? 0.0 : lat.back()) << ',' << (delivery > 0 ? mean / delivery : NAN) << ','
		      << mean * ((1 - delivery) * 100 + 1) << ',' << p.params << ',' << kStreams[stream].name << '\n';
		  csv.flush();
		  std::cerr << program() << ": " << p.label << (p.params[0] ? " " : "") << p.params
		            << (kStreams[stream].name[0] ? " stream " : "") << kStreams[stream].name << " run " << run
		            << ": delivery " << delivery << ", mean latency " << mean << " us\n";
		}

		int driver_main(const Args& args, const char* argv0) {
		  std::ofstream csv(args.csv);
		  csv << "transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,lat_p50_us,"
		         "lat_p99_us,lat_max_us,relate,relate2,transport_params,stream\n";
		  std::vector<int> points = args.points;  // none given: every point of the experiment
		  for (int point = 0; args.points.empty() && point < kPointCount; ++point) {
		    points.push_back(point);
		  }
		  for (const int point : points) {
		    const Point& p = kPoints[point];
		    const std::vector<long> updates = stream_updates(p, args.updates);
		    for (long run = 1; run <= args.runs; ++run) {
		      std::cerr << program() << ": point " << point << " of 0.." << kPointCount - 1 << ", run " << run << "\n";
		      std::vector<std::string> common = {argv0, "--point", std::to_string(point), "--updates",
		                                         std::to_string(args.updates)};
		      common.insert(common.end(), args.dcps.begin(), args.dcps.end());
		      std::vector<pid_t> readers;
		      std::vector<std::string> files;
		      for (int r = 0; r < p.receivers; ++r) {
		        files.push_back(args.csv + ".reader" + std::to_string(r) + ".tmp");
		        std::vector<std::string> a = common;
		        a.insert(a.end(), {"--role", "reader", "--index", std::to_string(r), "--out", files.back()});
		        readers.push_back(spawn(a));
		      }
		      std::vector<std::string> w = common;
		      w.insert(w.end(), {"--role", "writer"});
		      const pid_t writer = spawn(w);
		      int status = 0;
		      waitpid(writer, &status, 0);
		      const bool writer_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
		      std::vector<std::vector<double>> lat(kStreamCount);
		      for (std::size_t r = 0; r < readers.size(); ++r) {
		        waitpid(readers[r], &status, 0);
		        std::ifstream in(files[r]);
		        int stream = 0;
		        for (double v; in >> stream >> v;) {
		          if (stream >= 0 && stream < kStreamCount) {
		            lat[stream].push_back(v);
		          }
		        }
		        std::remove(files[r].c_str());
		      }
		      for (int i = 0; i < kStreamCount; ++i) {
		        write_row(csv, p, i, run, writer_ok ? updates[i] : 0, lat[i]);
		      }
		    }
		  }
		  return csv ? 0 : 1;
		}

		
}  // namespace

		int run(int argc, char** argv) {
		  Args args;
		  std::vector<char*> rest = {argv[0]};  // what TheParticipantFactoryWithArgs sees
		  for (int i = 1; i < argc; ++i) {
		    const std::string a = argv[i];
		    const bool has_value = i + 1 < argc;
		    if (a.rfind("-DCPS", 0) == 0 && has_value) {
		      args.dcps.push_back(a);
		      args.dcps.push_back(argv[i + 1]);
		      rest.push_back(argv[i]);
		      rest.push_back(argv[++i]);
		    } else if (a == "--role" && has_value) {
		      args.role = argv[++i];
		    } else if (a == "--csv" && has_value) {
		      args.csv = argv[++i];
		    } else if (a == "--out" && has_value) {
		      args.out = argv[++i];
		    } else if (a == "--updates" && has_value) {
		      args.updates = std::atol(argv[++i]);
		    } else if (a == "--runs" && has_value) {
		      args.runs = std::atol(argv[++i]);
		    } else if (a == "--point" && has_value) {
		      args.point = std::atoi(argv[++i]);
		    } else if (a == "--index" && has_value) {
		      args.index = std::atoi(argv[++i]);
		    } else if (a == "--points" && has_value) {
		      if (!parse_points(argv[++i], args.points)) {
		        std::cerr << program() << ": --points takes point numbers 0.." << kPointCount - 1 << " separated by commas (see --list)\n";
		        return 2;
		      }
		    } else if (a == "--list") {
		      args.list = true;
		    } else {
		      std::cerr << "usage: " << program() << " [-DCPSConfigFile «ns».ini] [--csv FILE] [--updates N] [--runs N] [--points I,J,...] [--list]\n";
		      return a == "--help" || a == "-h" ? 0 : 2;
		    }
		  }
		  if (args.point < 0 || args.point >= kPointCount || args.updates <= 0 || args.runs <= 0) {
		    std::cerr << program() << ": bad --point, --updates or --runs\n";
		    return 2;
		  }
		  if (args.list) {
		    // point transport transport_params receivers loss_pct rate_hz (transport_params "-" when empty)
		    for (int i = 0; i < kPointCount; ++i) {
		      const Point& p = kPoints[i];
		      std::printf("%d %s %s %d %g %g\n", i, p.label, p.params[0] ? p.params : "-", p.receivers, p.loss_pct, p.rate_hz);
		    }
		    return 0;
		  }
		  int n = static_cast<int>(rest.size());
		  rest.push_back(nullptr);
		  try {
		    if (args.role == "writer") {
		      return writer_main(n, rest.data(), args);
		    }
		    if (args.role == "reader") {
		      return reader_main(n, rest.data(), args);
		    }
		    return driver_main(args, argv[0]);
		  } catch (const CORBA::Exception& e) {
		    e._tao_print_exception((program() + ": exception:").c_str());
		  } catch (...) {
		    std::cerr << program() << ": unexpected exception\n";
		  }
		  return 1;
		}

		}  // namespace bench
		}  // namespace «ns»
		'''
	}

	/** The typed DDS calls of the streams of one IDL type, and its factory for kStreams. */
	def private streamOps(String ns, StructType t) '''
		class «t.name»Ops : public StreamOps {
		 public:
		  bool register_type(DDS::DomainParticipant_ptr participant, CORBA::String_var& type_name) override {
		    «ns»::«t.name»TypeSupport_var ts = new «ns»::«t.name»TypeSupportImpl;
		    if (ts->register_type(participant, "") != DDS::RETCODE_OK) {
		      return false;
		    }
		    type_name = ts->get_type_name();
		    return true;
		  }

		  bool narrow(DDS::DataWriter_ptr writer) override {
		    writer_ = «ns»::«t.name»DataWriter::_narrow(writer);
		    return writer_.in() != 0;
		  }

		  void write(std::uint64_t seq, std::uint64_t key) override {
		    «ns»::samples::fill(sample_, seq, key);
		    writer_->write(sample_, DDS::HANDLE_NIL);
		  }

		  void take(DDS::DataReader_ptr reader, std::vector<std::int64_t>& sent_ns) override {
		    «ns»::«t.name»DataReader_var typed = «ns»::«t.name»DataReader::_narrow(reader);
		    if (!typed) {
		      return;
		    }
		    «ns»::«t.name»Seq samples;
		    DDS::SampleInfoSeq infos;
		    if (typed->take(samples, infos, DDS::LENGTH_UNLIMITED, DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE,
		                    DDS::ANY_INSTANCE_STATE) != DDS::RETCODE_OK) {
		      return;
		    }
		    for (CORBA::ULong i = 0; i < samples.length(); ++i) {
		      if (infos[i].valid_data) {
		        const DDS::Time_t& t = infos[i].source_timestamp;
		        sent_ns.push_back(static_cast<std::int64_t>(t.sec) * 1000000000 + t.nanosec);
		      }
		    }
		    typed->return_loan(samples, infos);
		  }

		 private:
		  «ns»::«t.name»DataWriter_var writer_;
		  «ns»::«t.name» sample_;
		};

		std::unique_ptr<StreamOps> make_«t.name»_ops() {
		  return std::unique_ptr<StreamOps>(new «t.name»Ops);
		}
	'''

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
