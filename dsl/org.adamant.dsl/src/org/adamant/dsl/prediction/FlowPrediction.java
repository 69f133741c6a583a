package org.adamant.dsl.prediction;

/**
 * What ADAMANT predicts for one data flow over one transport: the load on the hosts' links, latency,
 * delivery and ReLate2. Times in seconds, loads in bytes per second, delivery as a fraction of updates.
 *
 * <p>Links as the environment has them (docs/adaptive.md, the simulator's): every host, the writer
 * and each reader, has one egress link of the environment's bandwidth, and what a host receives is not
 * limited. The writer's link carries the data, its heartbeats and its retransmissions; each reader's
 * carries what that reader sends: its lateral repairs (Ricochet), NAKs and ACKs.
 *
 * @param transport        the transport's name in the catalog
 * @param writerLoad       bytes per second on the writer's link (data, heartbeats, retransmissions)
 * @param readerLoad       bytes per second on each reader's link (repairs, NAKs, ACKs)
 * @param baseLatency      latency of an update that is not lost (half the RTT plus serialization)
 * @param recoveryLatency  latency of an update that was lost and recovered (0 when nothing recovers)
 * @param meanLatency      expected latency over received updates, including in-order hold-back
 * @param delivery         expected fraction of updates delivered to a receiver
 * @param retransmitLoad   the part of {@code writerLoad} sent in answer to losses, at random times (NAKed
 *                         or unacknowledged updates sent again); the rest leaves on the publish schedule
 */
public record FlowPrediction(String transport, double writerLoad, double readerLoad, double baseLatency,
		double recoveryLatency, double meanLatency, double delivery, double retransmitLoad) {

	/** A flow whose writer sends only on the publish schedule. */
	public FlowPrediction(String transport, double writerLoad, double readerLoad, double baseLatency,
			double recoveryLatency, double meanLatency, double delivery) {
		this(transport, writerLoad, readerLoad, baseLatency, recoveryLatency, meanLatency, delivery, 0.0);
	}

	/** A flow whose readers send nothing: all its load is on the writer's link. */
	public FlowPrediction(String transport, double writerLoad, double baseLatency, double recoveryLatency,
			double meanLatency, double delivery) {
		this(transport, writerLoad, 0.0, baseLatency, recoveryLatency, meanLatency, delivery);
	}

	/** Bytes per second on the flow's busiest link (the writer's or a reader's): what must fit the bandwidth. */
	public double offeredLoad() {
		return Math.max(writerLoad, readerLoad);
	}

	/** The same prediction with another load on the writer's link. */
	public FlowPrediction withWriterLoad(double bytesPerSecond) {
		return new FlowPrediction(transport, bytesPerSecond, readerLoad, baseLatency, recoveryLatency, meanLatency,
				delivery, retransmitLoad);
	}

	/** The same prediction with another mean latency (an unbounded queue: infinite). */
	public FlowPrediction withMeanLatency(double mean) {
		return new FlowPrediction(transport, writerLoad, readerLoad, baseLatency, recoveryLatency, mean, delivery,
				retransmitLoad);
	}

	/** The same prediction with every latency {@code wait} later (a queue every update passes through). */
	public FlowPrediction delayedBy(double wait) {
		return new FlowPrediction(transport, writerLoad, readerLoad, baseLatency + wait,
				recoveryLatency > 0 ? recoveryLatency + wait : 0.0, meanLatency + wait, delivery, retransmitLoad);
	}

	/** The same prediction with another delivery (a link that carries only part of it). */
	public FlowPrediction withDelivery(double fraction) {
		return new FlowPrediction(transport, writerLoad, readerLoad, baseLatency, recoveryLatency, meanLatency, fraction,
				retransmitLoad);
	}

	/** Percent of updates lost at a receiver. */
	public double lossPercent() {
		return (1.0 - delivery) * 100.0;
	}

	/** ReLate2 (RT-ESP paper): mean latency of received updates × (percent lost + 1), in seconds. */
	public double relate2() {
		return meanLatency * (lossPercent() + 1.0);
	}
}
