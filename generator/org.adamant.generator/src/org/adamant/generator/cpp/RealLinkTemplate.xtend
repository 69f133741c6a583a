package org.adamant.generator.cpp

import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.lowering.LinkSettings
import org.adamant.dsl.prediction.Predictions
import org.adamant.dsl.semantics.Experiments
import org.adamant.dsl.semantics.Quantities
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

import static extension org.adamant.generator.cpp.CppTypes.*

/**
 * native/bench/<experiment>_real_link.sh: runs the experiment's bench for real over loopback shaped
 * like the experiment's environment with a token bucket filter (tc tbf): its bandwidth (a schedule
 * phase by phase) and its queue in packets. Only for experiments whose environment has a bandwidth.
 */
class RealLinkTemplate {

	/**
	 * Bytes a datagram adds to the update on loopback, as tbf counts them (the runtime's header and the link's:
	 * UDP, IPv4 and the Ethernet header lo carries; {@link Predictions#headerBytes}), for the queue.
	 */
	def static long headerBytes() {
		Math.round(Predictions.headerBytes())
	}

	def static String path(Experiment x) '''native/bench/«x.name»_real_link.sh'''

	def static boolean applies(Experiment x) {
		x.environment !== null && LinkSettings.paceBytesPerSecond(x.environment).present
	}

	def CharSequence generate(ModelInfo info, Experiment x) {
		val env = x.environment
		val packet = updateBytes(x) + headerBytes
		val queue = if(env.queueDepth > 0) env.queueDepth else 0
		// tbf needs a queue (limit) and a bucket of at least one packet
		val limit = Math.max(queue, 1) * packet
		val burst = Math.max(packet, 1600L)
		'''
			#!/usr/bin/env bash
			«Banner.of(info, "#", "Experiment " + x.name + " for real, over loopback shaped like environment " + env.name + ".")»
			#
			«Banner.wrap("#", "The link: " + Banner.link(env) + ". A token bucket filter (tc tbf) on lo passes " + rates(x) + ", and queues " + (if (queue > 0) queue + " packets" else "1 packet (the model gives no queue)") + " of " + packet + " B (an update of " + updateBytes(x) + " B and " + headerBytes + " B of headers); what overflows the queue is dropped, as on the radio. Every datagram on lo shares the bucket (acknowledgements too). The round-trip time is not shaped.", 100)»
			#
			# Run it inside a private network namespace (it refuses to shape anything else), from the build
			# directory, with the bench's options:
			#   adamant-netns bash «x.name»_real_link.sh --csv «x.name».csv
			set -euo pipefail

			# A namespace of its own (not init's), with nothing but lo in it (grep reads all of ip's
			# output: with -q it would stop early, ip would die of SIGPIPE and pipefail would pass the test).
			if [[ "$(readlink /proc/self/ns/net)" == "$(readlink /proc/1/ns/net 2>/dev/null)" ]] ||
			  ip -o link show | grep -v ': lo:' >/dev/null; then
			  echo "«x.name»_real_link.sh: run it with adamant-netns (it shapes lo, the only interface there)" >&2
			  exit 2
			fi
			bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/«x.name»_bench"

			shape() {  # shape BYTES_PER_SECOND
			  tc qdisc replace dev lo root tbf rate "$1bps" burst «burst» limit «limit»
			}
			«IF env.bandwidth !== null»
				shape «Math.round(Quantities.bytesPerSecond(env.bandwidth))»
				"$bench" "$@"
			«ELSE»
				«val steps = env.schedule.steps»
				shape «Math.round(Quantities.bytesPerSecond(steps.head.bandwidth))»
				# The schedule's phases, «IF env.schedule.repeat»repeating«ELSE»then the last one stays«ENDIF», while the bench runs.
				(
				  «IF env.schedule.repeat»
				  	while true; do
				  	  «FOR s : steps»
				  	  	«IF s !== steps.head»shape «Math.round(Quantities.bytesPerSecond(s.bandwidth))»; «ENDIF»sleep «Banner.number(Quantities.seconds(s.duration))»
				  	  «ENDFOR»
				  	  shape «Math.round(Quantities.bytesPerSecond(steps.head.bandwidth))»
				  	done
				  «ELSE»
				  	«FOR s : steps»
				  		«IF s !== steps.head»shape «Math.round(Quantities.bytesPerSecond(s.bandwidth))»; «ENDIF»sleep «Banner.number(Quantities.seconds(s.duration))»
				  	«ENDFOR»
				  «ENDIF»
				) &
				schedule=$!
				trap 'kill "$schedule" 2>/dev/null || true' EXIT
				"$bench" "$@"
			«ENDIF»
		'''
	}

	/** The bytes of one update: the modeled payload, else the type's fixed encoded size, else 1 KB; with several
	 * streams, the largest of their payloads. */
	def private static long updateBytes(Experiment x) {
		if (x.topic === null) return Experiments.streams(x).map[Math.round(payloadBytes)].max
		if (x.payload !== null) return Math.round(Quantities.bytes(x.payload))
		val fixed = x.topic.type.fixedSize
		if (fixed.present) fixed.asLong else 1024L
	}

	def private static String rates(Experiment x) {
		val env = x.environment
		if (env.bandwidth !== null) return Math.round(Quantities.bytesPerSecond(env.bandwidth)) + " B/s"
		env.schedule.steps.map[Math.round(Quantities.bytesPerSecond(bandwidth)) + " B/s for " + Banner.quantity(duration)].join(", then ")
	}
}
