package org.adamant.generator.cpp

import java.util.OptionalLong
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Endpoint
import org.adamant.dsl.adamant.Member
import org.adamant.dsl.adamant.PrimitiveKind
import org.adamant.dsl.adamant.PrimitiveRef
import org.adamant.dsl.adamant.Publication
import org.adamant.dsl.adamant.Subscription
import org.adamant.dsl.lowering.LinkSettings
import org.adamant.dsl.lowering.RuntimeTransport
import org.adamant.dsl.lowering.StreamSettings
import org.adamant.dsl.lowering.TransportLowering
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * native/src/<app>.cpp: publishes each published topic at its modeled rate with the sample
 * generator, and counts (and prints the first few) samples of each subscribed topic.
 */
class ApplicationTemplate {

	static val DEFAULT_RATE_HZ = 1.0

	def static String path(Application a) '''native/src/«a.name».cpp'''

	def CharSequence generate(ModelInfo info, Application app) {
		val ns = info.identifier
		val pubs = app.endpoints.filter(Publication).toList
		val subs = app.endpoints.filter(Subscription).toList
		'''
		«Banner.of(info, "//", "Application " + app.name + ": " + app.summary)»
		«IF app.environment !== null»
			//
			// Runs in environment «app.environment.name»«IF app.environment.loss !== null» (about «Banner.number(Quantities.percent(app.environment.loss))» % loss at end hosts)«ENDIF».
		«ENDIF»
		«IF app.instances > 1»
			// The model deploys «app.instances» instances: start this program «app.instances» times.
		«ENDIF»
		#include <adamant/adamant.hpp>

		#include "«ns»/samples.hpp"
		#include "«ns»/types.hpp"

		#include <chrono>
		#include <cstdint>
		#include <iostream>
		#include <string>
		#include <vector>

		int main(int argc, char** argv) {
		  adamant::app::Options options;
		  «IF app.key?.file !== null»
		  	options.psk_file = "«app.key.file»";  // the model's key file (--psk-file FILE overrides it)
		  «ELSEIF app.key?.variable !== null»
		  	options.psk_env = "«app.key.variable»";  // the model's key: the file $«app.key.variable» names (--psk-file FILE overrides it)
		  «ENDIF»
		  const std::string description = "«app.name»: «app.summary»";
		  if (const auto rc = adamant::app::parse_options(argc, argv, description, options)) {
		    return *rc;
		  }
		  using Clock = std::chrono::steady_clock;
		  «IF app.endpoints.exists[NativeTransports.statesDuration(TransportLowering.resolve(it).get)]»
		  	using namespace std::chrono_literals;  // the transports' durations (50ms)
		  «ENDIF»
		  const auto start = Clock::now();
		  const auto expired = [&] {
		    return options.seconds > 0 && Clock::now() - start >= std::chrono::duration<double>(options.seconds);
		  };
		  «FOR p : pubs»

		  	«pubDecl(info, app, p)»
		  «ENDFOR»
		  «FOR s : subs»

		  	«subDecl(info, app, s)»
		  «ENDFOR»
		  «IF !pubs.empty»
		  	std::vector<std::uint8_t> buffer;
		  «ENDIF»

		  bool done = false;
		  while (!done && !expired()) {
		    done = true;
		    «IF !pubs.empty»
		    	const auto now = Clock::now();
		    «ENDIF»
		    «FOR p : pubs»
		    	«pubStep(app, p)»
		    «ENDFOR»
		    «FOR s : subs»
		    	«subStep(app, s)»
		    «ENDFOR»
		  }
		  «FOR p : pubs»
		  	«app.varName(p)».service_for(std::chrono::milliseconds(500));  // answer late NAKs before leaving
		  	std::cout << "«app.name»: published " << «app.varName(p)»_sent << " «p.topic.name» samples\n";
		  «ENDFOR»
		  «FOR s : subs»
		  	std::cout << "«app.name»: received " << «app.varName(s)»_received << " «s.topic.name» samples ("
		  	          << «app.varName(s)»_corrupt << " corrupt)\n";
		  «ENDFOR»
		  return 0;
		}
		'''
	}

	def private pubDecl(ModelInfo info, Application app, Publication p) {
		val v = app.varName(p)
		val rate = if(p.rate !== null) Quantities.hertz(p.rate) else DEFAULT_RATE_HZ
		val t = TransportLowering.resolve(p).get
		val pace = pace(app, t)
		val stream = info.streamId(p.topic)
		'''
			// publish «p.topic.name» («p.topic.type.name») as stream «stream» at «Banner.number(rate)» Hz«IF p.rate === null» (no rate in the model: default)«ENDIF»
			«Banner.wrap("//", NativeTransports.comment(t), 100)»
			«IF pace.present»
				«Banner.wrap("//", "paced to " + pace.asLong + " B/s, the slowest bandwidth of environment " + app.environment.name + " (" + Banner.link(app.environment) + ")", 100)»
			«ENDIF»
			«IF t.isReplaceFamily»
				adamant::TransportSettings «v»_transport =
				    «NativeTransports.settings(p, t, pace)»;
				«val subscribers = subscribers(info, p)»
				«Banner.wrap("//", "every message waits for the model's " + subscribers.value + " subscriber" + (if (subscribers.value == 1) "" else "s") + " of " + p.topic.name + ": " + subscribers.key, 100)»
				«v»_transport.min_receivers = «subscribers.value»;
			«ELSE»
				const adamant::TransportSettings «v»_transport =
				    «NativeTransports.settings(p, t, pace)»;
			«ENDIF»
			adamant::Publisher «v»(adamant::app::channel(options, «stream», «v»_transport));
			const auto «v»_period =
			    std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / «Banner.decimal(rate)»));
			auto «v»_next = start;
			std::uint64_t «v»_sent = 0;
		'''
	}

	def private subDecl(ModelInfo info, Application app, Subscription s) {
		val v = app.varName(s)
		val t = TransportLowering.resolve(s).get
		val stream = info.streamId(s.topic)
		val ns = info.identifier
		'''
			// subscribe «s.topic.name» («s.topic.type.name») as stream «stream»
			«Banner.wrap("//", NativeTransports.comment(t), 100)»
			std::uint64_t «v»_received = 0;
			std::uint64_t «v»_corrupt = 0;
			const adamant::TransportSettings «v»_transport =
			    «NativeTransports.settings(s, t, OptionalLong.empty)»;
			adamant::Subscriber «v»(
			    adamant::app::channel(options, «stream», «v»_transport),
			    [&](const adamant::Sample& sample) {
			      «ns»::«s.topic.type.name» value;
			      if (!«ns»::decode(sample.payload, value)) {
			        ++«v»_corrupt;
			        return;
			      }
			      if («v»_received++ < options.print) {
			        std::cout << "«s.topic.name» #" << sample.sequence«FOR m : s.topic.type.members.filter[printable]»
			                  << " «m.name»=" << «m.printExpr("value")»«ENDFOR» << "\n";
			      }
			    });
		'''
	}

	/**
	 * The subscribers of a publication's topic in the model, as "app (N instances), ..." and their
	 * count (instances summed; at least 1, the runtime's default).
	 */
	def private Pair<String, Integer> subscribers(ModelInfo info, Publication p) {
		val subs = info.applications.filter[endpoints.exists[it instanceof Subscription && topic == p.topic]].toList
		if (subs.empty) return "none in the model, so 1" -> 1
		val names = subs.map[name + (if (instances > 1) " (" + instances + " instances)" else "")].join(", ")
		names -> subs.map[Math.max(1, instances)].reduce[a, b|a + b]
	}

	/** A replace/fifo writer paces itself to its environment's (slowest) bandwidth; others are unpaced. */
	def private OptionalLong pace(Application app, RuntimeTransport t) {
		if (!t.isReplaceFamily) return OptionalLong.empty
		LinkSettings.paceBytesPerSecond(app.environment)
	}

	def private pubStep(Application app, Publication p) {
		val v = app.varName(p)
		val t = TransportLowering.resolve(p).get
		val priority = if (t.isReplaceFamily) StreamSettings.priority(p.topic) else 0
		val ns = (app.eResource.contents.head as org.adamant.dsl.adamant.Model).namespaceOf
		'''
			if (options.count == 0 || «v»_sent < options.count) {
			  done = false;
			  if (now >= «v»_next) {
			    «ns»::«p.topic.type.name» sample;
			    «ns»::sample_fill(sample, «v»_sent);
			    buffer.clear();
			    «ns»::encode(sample, buffer);
			    «IF priority > 0»
			    	// priority «priority» (qos «p.topic.qos.name»): sent before queued messages of a lower one
			    	«v».publish(adamant::ByteView{buffer.data(), buffer.size()}, 0, «priority», true);
			    «ELSE»
			    	«v».publish(adamant::ByteView{buffer.data(), buffer.size()});
			    «ENDIF»
			    ++«v»_sent;
			    «v»_next += «v»_period;
			  }
			}
			«v».service_for(std::chrono::milliseconds(1));
		'''
	}

	def private subStep(Application app, Subscription s) {
		val v = app.varName(s)
		'''
			if (options.count == 0 || «v»_received < options.count) {
			  done = false;
			}
			«v».poll_for(std::chrono::milliseconds(1));
		'''
	}

	def private namespaceOf(org.adamant.dsl.adamant.Model m) {
		new ModelInfo(m).identifier
	}

	def private summary(Application app) {
		val parts = newArrayList
		for (e : app.endpoints) {
			if (e instanceof Publication) parts += "publishes " + e.topic.name
			else parts += "subscribes to " + e.topic.name
		}
		if(parts.empty) "no endpoints." else parts.join(", ") + "."
	}

	/** A local variable name per endpoint: the topic name, suffixed when the topic repeats. */
	def private String varName(Application app, Endpoint e) {
		val role = if(e instanceof Publication) "pub" else "sub"
		val same = app.endpoints.filter[it.class == e.class && it.topic == e.topic].toList
		val base = e.topic.name.toSnake + "_" + role
		if(same.size > 1) base + (same.indexOf(e) + 1) else base
	}

	def static String toSnake(String name) {
		name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase
	}

	def private printable(Member m) {
		m.dims.empty && m.type instanceof PrimitiveRef
	}

	def private printExpr(Member m, String v) {
		val k = (m.type as PrimitiveRef).kind
		// int8/uint8/char would print as characters
		if (k == PrimitiveKind.INT8 || k == PrimitiveKind.UINT8 || k == PrimitiveKind.CHAR) '''+«v».«m.name»'''
		else '''«v».«m.name»'''
	}
}
