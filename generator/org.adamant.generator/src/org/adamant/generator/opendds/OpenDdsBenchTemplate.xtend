package org.adamant.generator.opendds

import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * opendds/bench/<experiment>_bench.cpp: the experiment on OpenDDS. A driver process runs every point
 * (transports × receivers × loss × rate × runs) by starting 1 writer and `receivers` reader processes
 * (itself, re-executed), and writes the CSV of docs/runtime-contract.md. Latency: the writer's
 * source timestamp (SampleInfo::source_timestamp, the system clock shared by processes on one host)
 * to the reader's on_data_available.
 */
class OpenDdsBenchTemplate {

	def static String path(Experiment x) '''opendds/bench/«x.name»_bench.cpp'''

	def CharSequence generate(ModelInfo info, Experiment x) {
		val ns = info.identifier
		val type = ns + "::" + x.topic.type.name
		val resolved = OpenDdsTransports.resolve(x)
		val runs = if(x.runs > 0) x.runs else 1
		val discovery = OpenDdsTransports.discovery(info)
		'''
		«Banner.of(info, "//", "OpenDDS benchmark of experiment " + x.name + " (topic " + x.topic.name + ").")»
		//
		// Run: «x.name»_bench -DCPSConfigFile «ns».ini [--csv FILE] [--updates N] [--runs N]
		// Writes one CSV row per point with the columns of docs/runtime-contract.md.
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
		«IF !x.sweeps.empty»
			«Banner.wrap("//", "Not applied here: the experiment's parameter sweeps (" + x.sweeps.map[name].join(", ")
				+ "); every point uses the catalog's values shown in its transport options. The native bench applies them.", 100)»
		«ENDIF»
		#include "«ns»TypeSupportImpl.h"
		#include "«ns»Qos.h"
		#include "«ns»Samples.h"
		#include "«ns»Transports.h"

		#include <dds/DCPS/LocalObject.h>
		#include <dds/DCPS/Marked_Default_Qos.h>
		#include <dds/DCPS/Service_Participant.h>
		«OpenDdsApplicationTemplate.staticIncludes(discovery, resolved.map[kind].toSet)»

		#include <dds/DdsDcpsInfrastructureC.h>
		#include <dds/DdsDcpsPublicationC.h>
		#include <dds/DdsDcpsSubscriptionC.h>

		#include <sys/wait.h>
		#include <unistd.h>

		#include <algorithm>
		#include <atomic>
		#include <chrono>
		#include <cmath>
		#include <cstdint>
		#include <cstdio>
		#include <cstdlib>
		#include <ctime>
		#include <fstream>
		#include <iostream>
		#include <mutex>
		#include <string>
		#include <thread>
		#include <vector>

		namespace {

		struct Point {
		  const char* label;                       // CSV transport column
		  const char* transport_type;              // TransportRegistry::create_inst type
		  «ns»::transports::Options options;  // the transport instance's options (writer and readers)
		  int receivers;
		  double loss_pct;
		  double rate_hz;
		};

		const Point kPoints[] = {
		«FOR r : resolved.indexed»
			«FOR n : x.receivers»
				«FOR l : x.loss»
					«FOR hz : x.rates»
						  {"«label(x, r.key, r.value)»", "«r.value.kind.transportType»", «OpenDdsApplicationTemplate.options(r.value.options)», «n», «Banner.decimal(Quantities.percent(l))», «Banner.decimal(Quantities.hertz(hz))»},
					«ENDFOR»
				«ENDFOR»
			«ENDFOR»
		«ENDFOR»
		};
		constexpr int kPointCount = static_cast<int>(sizeof kPoints / sizeof kPoints[0]);

		// A reader's transport options: the point's, plus for the ADAMANT plugin's ant_* transports the
		// point's loss, which they inject at the receiver (as the native harness does) with the reader's
		// own seed, and for ant_replace the reader's own port (each reader process listens on one).
		«ns»::transports::Options reader_options(const Point& p, int index) {
		  «ns»::transports::Options options = p.options;
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

		struct Args {
		  std::string role = "driver";
		  std::string csv = "«x.name».csv";
		  std::string out;
		  long updates = «x.updates»;
		  long runs = «runs»;
		  int point = 0;
		  int run = 0;
		  int index = 0;  // reader number within the point
		  std::vector<std::string> dcps;  // -DCPS... options, passed on to the writer and readers
		};

		std::int64_t realtime_ns() {
		  timespec ts{};
		  clock_gettime(CLOCK_REALTIME, &ts);
		  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
		}

		// The participant, the topic and a publisher or subscriber whose entities are not auto-enabled.
		struct Session {
		  DDS::DomainParticipantFactory_var dpf;
		  DDS::DomainParticipant_var participant;
		  DDS::Topic_var topic;

		  bool open(int& argc, char** argv) {
		    dpf = TheParticipantFactoryWithArgs(argc, argv);
		    participant = dpf->create_participant(0, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    if (!participant) {
		      return false;
		    }
		    «type»TypeSupport_var ts = new «type»TypeSupportImpl;
		    if (ts->register_type(participant, "") != DDS::RETCODE_OK) {
		      return false;
		    }
		    CORBA::String_var type_name = ts->get_type_name();
		    DDS::TopicQos topic_qos;
		    participant->get_default_topic_qos(topic_qos);
		    «IF x.topic.qos !== null»
		    	«ns»::qos::apply_«x.topic.qos.name»(topic_qos);
		    «ENDIF»
		    topic = participant->create_topic("«x.topic.name»", type_name, topic_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		    return !!topic;
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
		    std::cerr << "«x.name»_bench: writer: participant/topic setup failed\n";
		    return 1;
		  }
		  DDS::PublisherQos publisher_qos;
		  s.participant->get_default_publisher_qos(publisher_qos);
		  «IF x.topic.qos !== null»
		  	«ns»::qos::apply_«x.topic.qos.name»(publisher_qos);
		  «ENDIF»
		  publisher_qos.entity_factory.autoenable_created_entities = false;
		  DDS::Publisher_var publisher = s.participant->create_publisher(publisher_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  if (!publisher) {
		    return 1;
		  }
		  DDS::DataWriterQos qos;
		  publisher->get_default_datawriter_qos(qos);
		  «IF x.topic.qos !== null»
		  	«ns»::qos::apply_«x.topic.qos.name»(qos);
		  «ENDIF»
		  DDS::DataWriter_var writer = publisher->create_datawriter(s.topic, qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  if (!writer || !«ns»::transports::bind(writer.in(), "«x.name»_writer", p.transport_type, p.options) ||
		      writer->enable() != DDS::RETCODE_OK) {
		    std::cerr << "«x.name»_bench: writer: cannot create, bind or enable the writer\n";
		    return 1;
		  }
		  «type»DataWriter_var typed = «type»DataWriter::_narrow(writer);
		  // Wait (up to 30 s) until every reader is matched.
		  for (int i = 0; i < 300; ++i) {
		    DDS::PublicationMatchedStatus matched;
		    writer->get_publication_matched_status(matched);
		    if (matched.current_count >= p.receivers) {
		      break;
		    }
		    std::this_thread::sleep_for(std::chrono::milliseconds(100));
		  }
		  using Clock = std::chrono::steady_clock;
		  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / p.rate_hz));
		  Clock::time_point next = Clock::now();
		  «type» sample;
		  for (long seq = 0; seq < args.updates; ++seq) {
		    «ns»::samples::fill(sample, static_cast<std::uint64_t>(seq), 0);
		    typed->write(sample, DDS::HANDLE_NIL);  // stamps SampleInfo::source_timestamp
		    next += period;
		    std::this_thread::sleep_until(next);
		  }
		  const DDS::Duration_t ack_timeout = {10, 0};
		  typed->wait_for_acknowledgments(ack_timeout);
		  std::this_thread::sleep_for(std::chrono::seconds(1));
		  std::printf("%ld\n", args.updates);
		  return 0;
		}

		class Recorder : public virtual OpenDDS::DCPS::LocalObject<DDS::DataReaderListener> {
		 public:
		  void on_data_available(DDS::DataReader_ptr reader) override {
		    «type»DataReader_var typed = «type»DataReader::_narrow(reader);
		    if (!typed) {
		      return;
		    }
		    «type»Seq samples;
		    DDS::SampleInfoSeq infos;
		    if (typed->take(samples, infos, DDS::LENGTH_UNLIMITED, DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE,
		                    DDS::ANY_INSTANCE_STATE) != DDS::RETCODE_OK) {
		      return;
		    }
		    const std::int64_t now = realtime_ns();
		    std::lock_guard<std::mutex> lock(mutex_);
		    for (CORBA::ULong i = 0; i < samples.length(); ++i) {
		      if (infos[i].valid_data) {
		        const DDS::Time_t& t = infos[i].source_timestamp;
		        const std::int64_t sent = static_cast<std::int64_t>(t.sec) * 1000000000 + t.nanosec;
		        latencies_us_.push_back(static_cast<double>(now - sent) / 1000.0);
		      }
		    }
		    typed->return_loan(samples, infos);
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
		  std::mutex mutex_;
		  std::vector<double> latencies_us_;
		};

		int reader_main(int argc, char** argv, const Args& args) {
		  const Point& p = kPoints[args.point];
		  Session s;
		  if (!s.open(argc, argv)) {
		    std::cerr << "«x.name»_bench: reader: participant/topic setup failed\n";
		    return 1;
		  }
		  DDS::SubscriberQos subscriber_qos;
		  s.participant->get_default_subscriber_qos(subscriber_qos);
		  «IF x.topic.qos !== null»
		  	«ns»::qos::apply_«x.topic.qos.name»(subscriber_qos);
		  «ENDIF»
		  subscriber_qos.entity_factory.autoenable_created_entities = false;
		  DDS::Subscriber_var subscriber = s.participant->create_subscriber(subscriber_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  if (!subscriber) {
		    return 1;
		  }
		  DDS::DataReaderQos qos;
		  subscriber->get_default_datareader_qos(qos);
		  «IF x.topic.qos !== null»
		  	«ns»::qos::apply_«x.topic.qos.name»(qos);
		  «ENDIF»
		  Recorder* recorder = new Recorder;
		  DDS::DataReaderListener_var listener(recorder);
		  DDS::DataReader_var reader = subscriber->create_datareader(s.topic, qos, listener, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  if (!reader || !«ns»::transports::bind(reader.in(), "«x.name»_reader", p.transport_type, reader_options(p, args.index)) ||
		      reader->enable() != DDS::RETCODE_OK) {
		    std::cerr << "«x.name»_bench: reader: cannot create, bind or enable the reader\n";
		    return 1;
		  }
		  // Until every update arrived, the writer left, or the run's time (plus 30 s) is over.
		  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(30) +
		                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
		                         std::chrono::duration<double>(args.updates / p.rate_hz));
		  while (std::chrono::steady_clock::now() < limit) {
		    if (static_cast<long>(recorder->latencies().size()) >= args.updates) {
		      break;
		    }
		    DDS::SubscriptionMatchedStatus matched;
		    reader->get_subscription_matched_status(matched);
		    if (matched.total_count > 0 && matched.current_count == 0) {
		      break;
		    }
		    std::this_thread::sleep_for(std::chrono::milliseconds(50));
		  }
		  std::ofstream out(args.out);
		  for (double l : recorder->latencies()) {
		    out << l << "\n";
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

		int driver_main(const Args& args, const char* argv0) {
		  std::ofstream csv(args.csv);
		  csv << "transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,lat_p50_us,"
		         "lat_p99_us,lat_max_us,relate,relate2\n";
		  for (int point = 0; point < kPointCount; ++point) {
		    const Point& p = kPoints[point];
		    for (long run = 1; run <= args.runs; ++run) {
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
		      std::vector<double> lat;
		      for (std::size_t r = 0; r < readers.size(); ++r) {
		        waitpid(readers[r], &status, 0);
		        std::ifstream in(files[r]);
		        for (double v; in >> v;) {
		          lat.push_back(v);
		        }
		        std::remove(files[r].c_str());
		      }
		      const long sent = writer_ok ? args.updates : 0;
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
		      csv << p.label << ',' << p.receivers << ',' << p.loss_pct << ',' << p.rate_hz << ',' << run << ',' << sent
		          << ',' << lat.size() << ',' << delivery << ',' << mean << ',' << sd << ',' << pct(0.5) << ',' << pct(0.99)
		          << ',' << (lat.empty() ? 0.0 : lat.back()) << ',' << (delivery > 0 ? mean / delivery : NAN) << ','
		          << mean * ((1 - delivery) * 100 + 1) << '\n';
		      csv.flush();
		      std::cerr << "«x.name»_bench: point " << point + 1 << "/" << kPointCount << " run " << run << ": " << p.label
		                << ", delivery " << delivery << ", mean latency " << mean << " us\n";
		    }
		  }
		  return csv ? 0 : 1;
		}

		}  // namespace

		int main(int argc, char** argv) {
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
		    } else {
		      std::cerr << "usage: «x.name»_bench [-DCPSConfigFile «ns».ini] [--csv FILE] [--updates N] [--runs N]\n";
		      return a == "--help" || a == "-h" ? 0 : 2;
		    }
		  }
		  if (args.point < 0 || args.point >= kPointCount || args.updates <= 0 || args.runs <= 0) {
		    std::cerr << "«x.name»_bench: bad --point, --updates or --runs\n";
		    return 2;
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
		    e._tao_print_exception("«x.name»_bench: exception:");
		  } catch (...) {
		    std::cerr << "«x.name»_bench: unexpected exception\n";
		  }
		  return 1;
		}
		'''
	}

	/** The CSV transport label: the OpenDDS transport, and the modeled one it stands in for. */
	def static String label(Experiment x, int index, OpenDdsTransports.Resolved r) {
		val t = x.transports.get(index)
		if (r.fallback) r.kind.key + "-for-" + t.name else if (r.kind.isAnt) r.kind.transportType else r.kind.key
	}
}
