package org.adamant.generator.opendds

import java.util.Set
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Endpoint
import org.adamant.dsl.adamant.Publication
import org.adamant.dsl.adamant.Subscription
import org.adamant.dsl.prediction.Flow
import org.adamant.dsl.semantics.EffectiveQos
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * opendds/src/<app>.cpp: one OpenDDS executable per application, in the shape of OpenDDS's
 * DevGuideExamples/DCPS/Messenger (Publisher.cpp, Subscriber.cpp, DataReaderListenerImpl): a
 * participant from TheParticipantFactoryWithArgs, the topic types registered, the topics, a
 * publisher per writer and a subscriber per reader (with the endpoint's partition and presentation)
 * whose created entities are not auto-enabled (so that each writer and reader gets its transport
 * configuration bound before enable()), writers that publish at the
 * modeled rate, and listener-based readers that take() in on_data_available.
 */
class OpenDdsApplicationTemplate {

	static val DEFAULT_RATE_HZ = 1.0

	/**
	 * Seconds a writer of an application with {@code interop} vendors waits, after its readers
	 * matched, before the first sample: two heartbeat periods of OpenDDS's rtps_udp (1 s each), in
	 * which the foreign readers discover the writer (OpenDDS repairs SEDP on its heartbeat) and see
	 * its first heartbeat (Cyclone DDS drops data from a writer until then). Measured in
	 * tests/e2e/interop.sh; docs/opendds.md, RTPS interoperability.
	 */
	public static val FOREIGN_READER_SYNC_S = 2

	def static String path(Application a) '''opendds/src/«a.name».cpp'''

	/** The transport configuration name of an endpoint (unique in a process). */
	def static String configName(Application a, Endpoint e) '''«a.name»_«e.topic.name»_«IF e instanceof Publication»writer«ELSE»reader«ENDIF»'''

	/** The C++ arguments of transports::bind after entity and name. */
	def static String bindArgs(OpenDdsTransports.Resolved r) {
		'"' + r.kind.transportType + '"' + if (r.options.empty) "" else ", " + options(r.options)
	}

	/** A transports::Options initializer: {{"key", "value"}, ...}. */
	def static String options(java.util.Map<String, String> options) {
		"{" + options.entrySet.map['{"' + key + '", "' + value + '"}'].join(", ") + "}"
	}

	/** #include of discovery and transport initializers for static builds (the Messenger pattern). */
	def static CharSequence staticIncludes(OpenDdsTransports.Discovery discovery, Set<OpenDdsTransports.Kind> kinds) '''
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

	def static profileOf(Endpoint e) {
		EffectiveQos.of(e).source
	}

	def static double rateOf(Publication p) {
		if(p.rate !== null) Quantities.hertz(p.rate) else DEFAULT_RATE_HZ
	}

	def CharSequence generate(ModelInfo info, Application app) {
		val ns = info.identifier
		val pubs = app.endpoints.filter(Publication).filter[topic !== null && topic.type !== null].toList
		val subs = app.endpoints.filter(Subscription).filter[topic !== null && topic.type !== null].toList
		val endpoints = (pubs + subs).toList
		val topics = endpoints.map[topic].toSet
		val types = topics.map[type].toSet
		val kinds = endpoints.map[OpenDdsTransports.resolve(it).kind].toSet
		val discovery = OpenDdsTransports.discovery(info)
		'''
		«Banner.of(info, "//", "OpenDDS application " + app.name + " (domain " + app.domain + ").")»
		//
		// Run: «app.name» -DCPSConfigFile «ns».ini [--count N] [--seconds S] [--print N]«IF app.instances > 1»
		// The model deploys «app.instances» instances: start this program «app.instances» times.«ENDIF»
		«IF discovery == OpenDdsTransports.Discovery.INFO_REPO»
			// Discovery: the model uses the multicast transport, which does not work with RTPS discovery, so
			// participants discover through the DCPSInfoRepo («ns».ini: [common] DCPSInfoRepo); start it first.
		«ELSE»
			// Discovery: RTPS («ns».ini: [common] DCPSDefaultDiscovery and its [rtps_discovery/...] section;
			// DEFAULT_RTPS is set here when no configuration file is given).
		«ENDIF»
		#include "«ns»TypeSupportImpl.h"
		#include "«ns»Qos.h"
		#include "«ns»Samples.h"
		#include "«ns»Transports.h"

		#include <dds/DCPS/LocalObject.h>
		#include <dds/DCPS/Marked_Default_Qos.h>
		#include <dds/DCPS/Service_Participant.h>
		«staticIncludes(discovery, kinds)»

		#include <dds/DdsDcpsInfrastructureC.h>
		#include <dds/DdsDcpsPublicationC.h>
		#include <dds/DdsDcpsSubscriptionC.h>

		#include <atomic>
		#include <chrono>
		#include <cstdint>
		#include <cstdlib>
		#include <cstring>
		#include <iostream>
		#include <string>
		#include <thread>
		#include <vector>

		namespace {

		using Clock = std::chrono::steady_clock;

		struct Options {
		  std::uint64_t count = 1000;  // per endpoint; 0 = no limit
		  double seconds = 0;          // 0 = no limit
		  std::uint64_t print = 10;    // received samples printed per topic
		  std::uint64_t key = 0;       // value of the key members of published samples
		  long readers = -1;           // matched readers each writer waits for; -1: the model's subscribers
		};

		void usage(std::ostream& out) {
		  out << "usage: «app.name» [-DCPSConfigFile «ns».ini] [--count N] [--seconds S] [--print N] [--key K] [--readers N]\n"
		      << "  --count N      publish N samples per published topic / stop after N per subscribed topic (0: no limit; default 1000)\n"
		      << "  --seconds S    stop after S seconds (0: no limit; default 0)\n"
		      << "  --print N      print the first N samples received per topic (default 10)\n"
		      << "  --key K        key value of the published samples (default 0)\n"
		      << "  --readers N    readers each writer waits for (up to 10 s) before its first sample (default: the\n"
		      << "                 model's subscriber instances of the topic)\n"
		      << "  OpenDDS options (-DCPS...) are read by TheParticipantFactoryWithArgs.\n";
		}

		// Returns -1 to go on, or the exit code. Runs after TheParticipantFactoryWithArgs removed -DCPS options.
		int parse_options(int argc, char** argv, Options& options) {
		  for (int i = 1; i < argc; ++i) {
		    const std::string arg = argv[i];
		    if (arg == "--help" || arg == "-h") {
		      usage(std::cout);
		      return 0;
		    }
		    if ((arg != "--count" && arg != "--seconds" && arg != "--print" && arg != "--key" && arg != "--readers") ||
		        i + 1 >= argc) {
		      std::cerr << "«app.name»: bad option " << arg << "\n";
		      usage(std::cerr);
		      return 2;
		    }
		    const std::string value = argv[++i];
		    char* end = nullptr;
		    if (arg == "--seconds") {
		      options.seconds = std::strtod(value.c_str(), &end);
		    } else {
		      const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
		      if (arg == "--readers") {
		        options.readers = static_cast<long>(n);
		      } else {
		        (arg == "--count" ? options.count : arg == "--print" ? options.print : options.key) = n;
		      }
		    }
		    if (value.empty() || end == nullptr || *end != '\0' || value[0] == '-') {
		      std::cerr << "«app.name»: bad value '" << value << "' for " << arg << "\n";
		      return 2;
		    }
		  }
		  return -1;
		}

		bool has_config_file(int argc, char** argv) {
		  for (int i = 1; i < argc; ++i) {
		    if (std::strcmp(argv[i], "-DCPSConfigFile") == 0) {
		      return true;
		    }
		  }
		  return false;
		}
		«FOR s : subs»

			// Reader of «s.topic.name»: takes every available sample in on_data_available.
			class «s.topic.name»Listener : public virtual OpenDDS::DCPS::LocalObject<DDS::DataReaderListener> {
			 public:
			  explicit «s.topic.name»Listener(std::uint64_t print) : print_(print) {}

			  std::uint64_t received() const { return received_.load(); }

			  void on_data_available(DDS::DataReader_ptr reader) override {
			    «ns»::«s.topic.type.name»DataReader_var typed = «ns»::«s.topic.type.name»DataReader::_narrow(reader);
			    if (!typed) {
			      std::cerr << "«app.name»: «s.topic.name»: _narrow failed\n";
			      return;
			    }
			    «ns»::«s.topic.type.name»Seq samples;
			    DDS::SampleInfoSeq infos;
			    if (typed->take(samples, infos, DDS::LENGTH_UNLIMITED, DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE,
			                    DDS::ANY_INSTANCE_STATE) != DDS::RETCODE_OK) {
			      return;
			    }
			    for (CORBA::ULong i = 0; i < samples.length(); ++i) {
			      if (!infos[i].valid_data) {
			        continue;
			      }
			      const std::uint64_t n = ++received_;
			      if (n <= print_) {
			        std::cout << "«s.topic.name» #" << n << ": ";
			        «ns»::samples::print(std::cout, samples[i]);
			        std::cout << std::endl;
			      }
			    }
			    typed->return_loan(samples, infos);
			  }

			  void on_requested_deadline_missed(DDS::DataReader_ptr, const DDS::RequestedDeadlineMissedStatus&) override {}
			  void on_requested_incompatible_qos(DDS::DataReader_ptr, const DDS::RequestedIncompatibleQosStatus&) override {
			    std::cerr << "«app.name»: «s.topic.name»: a writer offers incompatible QoS\n";
			  }
			  void on_sample_rejected(DDS::DataReader_ptr, const DDS::SampleRejectedStatus&) override {}
			  void on_liveliness_changed(DDS::DataReader_ptr, const DDS::LivelinessChangedStatus&) override {}
			  void on_subscription_matched(DDS::DataReader_ptr, const DDS::SubscriptionMatchedStatus&) override {}
			  void on_sample_lost(DDS::DataReader_ptr, const DDS::SampleLostStatus&) override {}

			 private:
			  const std::uint64_t print_;
			  std::atomic<std::uint64_t> received_{0};
			};
		«ENDFOR»

		int run(int argc, char** argv) {
		  const bool config_file = has_config_file(argc, argv);
		  DDS::DomainParticipantFactory_var dpf = TheParticipantFactoryWithArgs(argc, argv);
		  Options options;
		  const int parsed = parse_options(argc, argv, options);
		  if (parsed >= 0) {
		    return parsed;
		  }
		  «IF discovery == OpenDdsTransports.Discovery.RTPS»
		  	if (!config_file) {
		  	  TheServiceParticipant->set_default_discovery(OpenDDS::DCPS::Discovery::DEFAULT_RTPS);
		  	}
		  «ELSE»
		  	if (!config_file) {
		  	  std::cerr << "«app.name»: note: no -DCPSConfigFile; discovery uses the DCPSInfoRepo (see «ns».ini)\n";
		  	}
		  «ENDIF»

		  DDS::DomainParticipant_var participant =
		      dpf->create_participant(«app.domain», PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  if (!participant) {
		    std::cerr << "«app.name»: create_participant failed\n";
		    return 1;
		  }
		  «FOR t : types»

		  	«ns»::«t.name»TypeSupport_var «t.name»_ts = new «ns»::«t.name»TypeSupportImpl;
		  	if («t.name»_ts->register_type(participant, "") != DDS::RETCODE_OK) {
		  	  std::cerr << "«app.name»: register_type «t.name» failed\n";
		  	  return 1;
		  	}
		  	CORBA::String_var «t.name»_type = «t.name»_ts->get_type_name();
		  «ENDFOR»
		  «FOR t : topics»

		  	// topic «t.name» : «t.type.name»«IF t.qos !== null» qos «t.qos.name»«ENDIF»
		  	DDS::TopicQos «t.name»_topic_qos;
		  	participant->get_default_topic_qos(«t.name»_topic_qos);
		  	«IF t.qos !== null»
		  		«ns»::qos::apply_«t.qos.name»(«t.name»_topic_qos);
		  	«ENDIF»
		  	DDS::Topic_var «t.name»_topic = participant->create_topic("«t.name»", «t.type.name»_type, «t.name»_topic_qos, 0,
		  	                                                     OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  	if (!«t.name»_topic) {
		  	  std::cerr << "«app.name»: create_topic «t.name» failed\n";
		  	  return 1;
		  	}
		  «ENDFOR»
		  «FOR p : pubs»

		  	// ---- publish «p.topic.name»
		  	// «OpenDdsTransports.resolve(p).comment»
		  	// A publisher per writer (its partition and presentation come from the writer's profile), whose
		  	// writer is created disabled so that its transport configuration can be bound first.
		  	DDS::PublisherQos «p.topic.name»_publisher_qos;
		  	participant->get_default_publisher_qos(«p.topic.name»_publisher_qos);
		  	«IF profileOf(p) !== null»
		  		«ns»::qos::apply_«profileOf(p).name»(«p.topic.name»_publisher_qos);
		  	«ENDIF»
		  	«p.topic.name»_publisher_qos.entity_factory.autoenable_created_entities = false;
		  	DDS::Publisher_var «p.topic.name»_publisher =
		  	    participant->create_publisher(«p.topic.name»_publisher_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  	if (!«p.topic.name»_publisher) {
		  	  std::cerr << "«app.name»: create_publisher for «p.topic.name» failed\n";
		  	  return 1;
		  	}
		  	DDS::DataWriterQos «p.topic.name»_writer_qos;
		  	«p.topic.name»_publisher->get_default_datawriter_qos(«p.topic.name»_writer_qos);  // writers default to reliable
		  	«IF profileOf(p) !== null»
		  		«ns»::qos::apply_«profileOf(p).name»(«p.topic.name»_writer_qos);
		  	«ENDIF»
		  	DDS::DataWriter_var «p.topic.name»_writer =
		  	    «p.topic.name»_publisher->create_datawriter(«p.topic.name»_topic, «p.topic.name»_writer_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  	if (!«p.topic.name»_writer ||
		  	    !«ns»::transports::bind(«p.topic.name»_writer.in(), "«configName(app, p)»", «bindArgs(OpenDdsTransports.resolve(p))») ||
		  	    «p.topic.name»_writer->enable() != DDS::RETCODE_OK) {
		  	  std::cerr << "«app.name»: cannot create, bind or enable the «p.topic.name» writer\n";
		  	  return 1;
		  	}
		  «ENDFOR»
		  «FOR s : subs»

		  	// ---- subscribe «s.topic.name»
		  	// «OpenDdsTransports.resolve(s).comment»
		  	// A subscriber per reader (partition and presentation from the reader's profile); the reader is
		  	// created disabled so that its transport configuration can be bound first.
		  	DDS::SubscriberQos «s.topic.name»_subscriber_qos;
		  	participant->get_default_subscriber_qos(«s.topic.name»_subscriber_qos);
		  	«IF profileOf(s) !== null»
		  		«ns»::qos::apply_«profileOf(s).name»(«s.topic.name»_subscriber_qos);
		  	«ENDIF»
		  	«s.topic.name»_subscriber_qos.entity_factory.autoenable_created_entities = false;
		  	DDS::Subscriber_var «s.topic.name»_subscriber =
		  	    participant->create_subscriber(«s.topic.name»_subscriber_qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  	if (!«s.topic.name»_subscriber) {
		  	  std::cerr << "«app.name»: create_subscriber for «s.topic.name» failed\n";
		  	  return 1;
		  	}
		  	DDS::DataReaderQos «s.topic.name»_reader_qos;
		  	«s.topic.name»_subscriber->get_default_datareader_qos(«s.topic.name»_reader_qos);  // readers default to best effort
		  	«IF profileOf(s) !== null»
		  		«ns»::qos::apply_«profileOf(s).name»(«s.topic.name»_reader_qos);
		  	«ENDIF»
		  	«s.topic.name»Listener* «s.topic.name»_listener_impl = new «s.topic.name»Listener(options.print);
		  	DDS::DataReaderListener_var «s.topic.name»_listener(«s.topic.name»_listener_impl);
		  	DDS::DataReader_var «s.topic.name»_reader = «s.topic.name»_subscriber->create_datareader(
		  	    «s.topic.name»_topic, «s.topic.name»_reader_qos, «s.topic.name»_listener, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
		  	if (!«s.topic.name»_reader ||
		  	    !«ns»::transports::bind(«s.topic.name»_reader.in(), "«configName(app, s)»", «bindArgs(OpenDdsTransports.resolve(s))») ||
		  	    «s.topic.name»_reader->enable() != DDS::RETCODE_OK) {
		  	  std::cerr << "«app.name»: cannot create, bind or enable the «s.topic.name» reader\n";
		  	  return 1;
		  	}
		  «ENDFOR»

		  const Clock::time_point start = Clock::now();
		  const auto expired = [&] {
		    return options.seconds > 0 &&
		           Clock::now() - start >= std::chrono::duration<double>(options.seconds);
		  };
		  «IF !pubs.empty»
		  	std::vector<std::thread> writers;
		  «ENDIF»
		  «FOR p : pubs»
		  	// «p.topic.name» at «Banner.number(rateOf(p))» Hz«IF p.rate === null» (no rate in the model: default)«ENDIF»
		  	writers.emplace_back([&] {
		  	  «ns»::«p.topic.type.name»DataWriter_var writer = «ns»::«p.topic.type.name»DataWriter::_narrow(«p.topic.name»_writer);
		  	  if (!writer) {
		  	    std::cerr << "«app.name»: «p.topic.name»: _narrow failed\n";
		  	    return;
		  	  }
		  	  // Wait (up to 10 s) until the readers the model expects matched (the subscriber instances of
		  	  // «p.topic.name»: «Flow.of(p).receivers»; --readers overrides), so that a volatile topic does not
		  	  // lose the first samples to a reader that starts later.
		  	  const long expected_readers = options.readers >= 0 ? options.readers : «Flow.of(p).receivers»;
		  	  DDS::PublicationMatchedStatus matched{};
		  	  for (int i = 0; i < 100 && !expired(); ++i) {
		  	    if (writer->get_publication_matched_status(matched) == DDS::RETCODE_OK &&
		  	        matched.current_count >= expected_readers) {
		  	      break;
		  	    }
		  	    std::this_thread::sleep_for(std::chrono::milliseconds(100));
		  	  }
		  	  if (matched.current_count < expected_readers) {
		  	    std::cerr << "«app.name»: «p.topic.name»: " << matched.current_count << " of " << expected_readers
		  	              << " readers matched after 10 s; publishing anyway\n";
		  	  }
		  	  «ns»::«p.topic.type.name» sample;
		  	  «IF !app.interop.empty»
		  	  	// The model says «p.topic.name» is also read by «app.interop.map[literal].toSet.join(", ")» (interop). OpenDDS reports
		  	  	// a foreign reader as matched as soon as it discovered the reader; the reader discovers this
		  	  	// writer up to a heartbeat period later and drops what arrives before the writer's first
		  	  	// heartbeat. Registering the instance sends a registration (not a sample) that keeps the
		  	  	// heartbeats going; the first sample waits «FOREIGN_READER_SYNC_S» s, two heartbeat periods, for the
		  	  	// foreign readers to synchronize (docs/opendds.md, RTPS interoperability).
		  	  	«ns»::samples::fill(sample, 0, options.key);
		  	  	writer->register_instance(sample);
		  	  	std::this_thread::sleep_for(std::chrono::seconds(«FOREIGN_READER_SYNC_S»));
		  	  «ENDIF»
		  	  const auto period =
		  	      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / «Banner.decimal(rateOf(p))»));
		  	  Clock::time_point next = Clock::now();
		  	  for (std::uint64_t seq = 0; (options.count == 0 || seq < options.count) && !expired(); ++seq) {
		  	    «ns»::samples::fill(sample, seq, options.key);
		  	    if (writer->write(sample, DDS::HANDLE_NIL) != DDS::RETCODE_OK) {
		  	      std::cerr << "«app.name»: «p.topic.name»: write failed\n";
		  	    }
		  	    next += period;
		  	    std::this_thread::sleep_until(next);
		  	  }
		  	  const DDS::Duration_t ack_timeout = {5, 0};
		  	  writer->wait_for_acknowledgments(ack_timeout);
		  	});
		  «ENDFOR»
		  «IF !subs.empty»
		  	// Readers run until each topic received --count samples, --seconds passed, or the writers left.
		  	for (;;) {
		  	  bool done = options.count > 0;
		  	  bool writers_left = true;
		  	  «FOR s : subs»
		  	  	done = done && «s.topic.name»_listener_impl->received() >= options.count;
		  	  	{
		  	  	  DDS::SubscriptionMatchedStatus matched;
		  	  	  «s.topic.name»_reader->get_subscription_matched_status(matched);
		  	  	  writers_left = writers_left && matched.total_count > 0 && matched.current_count == 0;
		  	  	}
		  	  «ENDFOR»
		  	  if (done || writers_left || expired()) {
		  	    break;
		  	  }
		  	  std::this_thread::sleep_for(std::chrono::milliseconds(100));
		  	}
		  	«FOR s : subs»
		  		std::cout << "«app.name»: «s.topic.name»: received " << «s.topic.name»_listener_impl->received() << std::endl;
		  	«ENDFOR»
		  «ENDIF»
		  «IF !pubs.empty»
		  	for (std::thread& t : writers) {
		  	  t.join();
		  	}
		  «ENDIF»

		  participant->delete_contained_entities();
		  dpf->delete_participant(participant);
		  TheServiceParticipant->shutdown();
		  return 0;
		}

		}  // namespace

		int main(int argc, char** argv) {
		  try {
		    return run(argc, argv);
		  } catch (const CORBA::Exception& e) {
		    e._tao_print_exception("«app.name»: exception:");
		  } catch (const std::exception& e) {
		    std::cerr << "«app.name»: " << e.what() << "\n";
		  } catch (...) {
		    std::cerr << "«app.name»: unexpected exception (an OpenDDS transport error?)\n";
		  }
		  return 1;
		}
		'''
	}
}
