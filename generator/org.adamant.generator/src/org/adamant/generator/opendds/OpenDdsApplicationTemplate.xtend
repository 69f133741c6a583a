package org.adamant.generator.opendds

import java.util.Map
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
 * opendds/src/<app>.cpp: one OpenDDS executable per application. It declares only what the model
 * decided (an adamant_opendds::app::App: domain, discovery, topics with their IDL types and QoS,
 * writers and readers with their QoS profile and transport, rate and expected readers; the
 * types and profiles from the model's <model>Entities.h, shared with the other programs); the
 * runtime's application library (runtime/opendds, Adamant::opendds_app) runs it in the shape of
 * OpenDDS's DevGuideExamples/DCPS/Messenger: participant, types, topics, a publisher per writer
 * and a subscriber per reader whose entities are bound to their transport configuration before
 * enable(), writers at the modeled rate, listener-based readers.
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

	/** A transports::Options initializer: {{"key", "value"}, ...}. */
	def static String options(Map<String, String> options) {
		"{" + options.entrySet.map['{"' + key + '", "' + value + '"}'].join(", ") + "}"
	}

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
			// DEFAULT_RTPS is set when no configuration file is given).
		«ENDIF»
		#include "«ns»Entities.h"
		#include "«ns»Transports.h"

		#include <adamant_opendds/App.h>

		namespace {

		namespace aa = adamant_opendds::app;
		«OpenDdsEntitiesTemplate.alias(info)»

		// What the model decided; adamant_opendds/App.h runs it.
		aa::App application() {
		  aa::App a;
		  a.name = "«app.name»";
		  a.config_file = "«ns».ini";
		  a.domain = «app.domain»;
		  a.discovery = aa::Discovery::«IF discovery == OpenDdsTransports.Discovery.RTPS»rtps«ELSE»info_repo«ENDIF»;
		  // Topic: name, IDL type, typed calls, QoS.
		  a.topics = {
		      «FOR t : topics»
		      	{"«t.name»", "«t.type.name»", aa::typed_ops(«OpenDdsEntitiesTemplate.type(t.type)»), «OpenDdsEntitiesTemplate.qos(t.qos)»},
		      «ENDFOR»
		  };
		  «IF !pubs.empty»
		  	// Writer: topic, QoS profile, rate (Hz), readers to wait for (the model's subscriber instances),
		  	// seconds foreign readers get to synchronize, transport (configuration, type, options).
		  	a.writers = {
		  	    «FOR p : pubs»
		  	    	// «p.topic.name» at «Banner.number(rateOf(p))» Hz«IF p.rate === null» (no rate in the model: default)«ENDIF»
		  	    	// «OpenDdsTransports.resolve(p).comment»
		  	    	«IF !app.interop.empty»
		  	    		«Banner.wrap("//", "Also read by " + app.interop.map[literal].toSet.join(", ") + " (interop): the first sample waits " + FOREIGN_READER_SYNC_S + " s, two heartbeat periods, after the instance's registration (docs/opendds.md, RTPS interoperability).", 100)»
		  	    	«ENDIF»
		  	    	«IF OpenDdsBestEffort.applies(p)»
		  	    		«Banner.wrap("//", OpenDdsBestEffort.why(OpenDdsTransports.resolve(p).kind), 100)»
		  	    	«ENDIF»
		  	    	{"«p.topic.name»", «qos(p)», «Banner.decimal(rateOf(p))», «Flow.of(p).receivers», «IF app.interop.empty»0«ELSE»«FOREIGN_READER_SYNC_S»«ENDIF»,
		  	    	 «transport(app, p)»},
		  	    «ENDFOR»
		  	};
		  «ENDIF»
		  «IF !subs.empty»
		  	// Reader: topic, QoS profile, transport (configuration, type, options).
		  	a.readers = {
		  	    «FOR s : subs»
		  	    	// «s.topic.name»
		  	    	// «OpenDdsTransports.resolve(s).comment»
		  	    	«IF OpenDdsBestEffort.applies(s)»
		  	    		«Banner.wrap("//", OpenDdsBestEffort.why(OpenDdsTransports.resolve(s).kind), 100)»
		  	    	«ENDIF»
		  	    	{"«s.topic.name»", «qos(s)»,
		  	    	 «transport(app, s)»},
		  	    «ENDFOR»
		  	};
		  «ENDIF»
		  return a;
		}

		}  // namespace

		int main(int argc, char** argv) {
		  return aa::run(argc, argv, application());
		}
		'''
	}

	/** An endpoint's EntityQos: its profile, made BEST_EFFORT where its transport is best-effort ({@link OpenDdsBestEffort}). */
	def private static qos(Endpoint e) {
		val profile = OpenDdsEntitiesTemplate.qos(profileOf(e))
		if (OpenDdsBestEffort.applies(e)) "entities::" + OpenDdsBestEffort.FUNCTION + "(" + profile + ")" else profile
	}

	/** An endpoint's adamant_opendds::app::Transport: configuration, transport type, options. */
	def private static transport(Application a, Endpoint e) {
		val r = OpenDdsTransports.resolve(e)
		'{"' + configName(a, e) + '", "' + r.kind.transportType + '", ' + options(r.options) + '}'
	}
}
