package org.adamant.dsl.prediction;

/**
 * What ADAMANT predicts for one data flow over one transport: offered load, latency, delivery and
 * ReLate2. Times in seconds, loads in bytes per second, delivery as a fraction of updates.
 *
 * @param transport        the transport's name in the catalog
 * @param offeredLoad      bytes per second the flow puts on the network (data, repairs, NAKs, retransmissions)
 * @param baseLatency      latency of an update that is not lost (half the RTT plus serialization)
 * @param recoveryLatency  latency of an update that was lost and recovered (0 when nothing recovers)
 * @param meanLatency      expected latency over received updates, including in-order hold-back
 * @param delivery         expected fraction of updates delivered to a receiver
 */
public record FlowPrediction(String transport, double offeredLoad, double baseLatency, double recoveryLatency,
		double meanLatency, double delivery) {

	/** Percent of updates lost at a receiver. */
	public double lossPercent() {
		return (1.0 - delivery) * 100.0;
	}

	/** ReLate2 (RT-ESP paper): mean latency of received updates × (percent lost + 1), in seconds. */
	public double relate2() {
		return meanLatency * (lossPercent() + 1.0);
	}
}
