package org.adamant.dsl.prediction;

/**
 * First-order models of how each transport class behaves for a flow, used by validation
 * (feasibility, `auto` transport choice) and shown to users by `validate --explain`.
 *
 * <p>Loss model: every receiving end host drops each packet independently with probability p, as in
 * the RT-ESP experiments (loss injected at the readers). All formulas are per receiver.
 *
 * <p>Sources: RT-ESP paper (ReLate2; NAKcast and Ricochet behaviour), FLEXMAT slides (NAK timeouts
 * 25/50 ms; Ricochet R=4/8, C=3), Ricochet's lateral error correction (a receiver recovers a loss
 * from a repair that covers it and no other missing packet).
 */
public final class Predictions {

	/** Bytes added to each datagram: ADAMANT wire header (36) + UDP (8) + IPv4 (20). */
	public static final double HEADER_BYTES = 36 + 8 + 20;
	/** NAK payload for one missing range (two 64-bit sequence numbers). */
	public static final double NAK_RANGE_BYTES = 16;
	/** Mean extra NAK delay from randomized suppression (uniform in [0, 10 %] of the timeout). */
	public static final double NAK_SUPPRESSION_FRACTION = 0.05;

	private Predictions() {
	}

	/** Time to put one datagram of the flow on the link (0 when bandwidth is unconstrained). */
	static double serialization(FlowScenario s) {
		return s.bandwidth() > 0 ? (s.payloadBytes() + HEADER_BYTES) / s.bandwidth() : 0.0;
	}

	static double baseLatency(FlowScenario s) {
		return s.rttSeconds() / 2 + serialization(s);
	}

	/** Bytes per second of the data stream itself; unicast fans out one copy per receiver. */
	static double dataLoad(FlowScenario s, boolean multicast) {
		double perCopy = s.rateHz() * (s.payloadBytes() + HEADER_BYTES);
		return multicast ? perCopy : perCopy * s.receivers();
	}

	/** No recovery: a lost packet is gone. */
	public static FlowPrediction unreliable(String name, FlowScenario s, boolean multicast) {
		double base = baseLatency(s);
		return new FlowPrediction(name, dataLoad(s, multicast), base, 0.0, base, 1.0 - s.lossFraction());
	}

	/**
	 * NAK-based reliable multicast with in-order delivery. A loss is noticed when the next packet
	 * arrives (one period), NAKed after the timeout (plus suppression jitter), and repaired one RTT
	 * later: D = 1/f + T·(1 + suppression) + RTT. In-order delivery holds the packets that arrive
	 * during D behind the lost one, the i-th by D − i/f, so the latency added per sent packet is
	 * p·(D + Σ_{i=1}^{⌊fD⌋}(D − i/f)) ≈ p·(D + f·D²/2). Every loss is repaired while the sender's
	 * history holds it, so delivery is 1. Load: data, one multicast retransmission per packet that
	 * any receiver lost (1 − (1−p)^N), and one NAK per loss per receiver.
	 */
	public static FlowPrediction nakcast(String name, FlowScenario s, double nakTimeout) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		double recovery = s.period() + nakTimeout * (1 + NAK_SUPPRESSION_FRACTION) + s.rttSeconds() + serialization(s);
		double mean = base + p * (recovery + heldBehind(s, recovery));
		double anyLost = 1 - Math.pow(1 - p, s.receivers());
		double load = dataLoad(s, true) + anyLost * s.rateHz() * (s.payloadBytes() + HEADER_BYTES)
				+ s.receivers() * p * s.rateHz() * (HEADER_BYTES + NAK_RANGE_BYTES);
		return new FlowPrediction(name, load, base, recovery, mean, 1.0);
	}

	/**
	 * Ricochet lateral error correction with r data packets per repair and c repair targets. A
	 * repair reaches a receiver for each of about c of the batches that cover a lost packet; it is
	 * usable when the repairer had the packet and this receiver has the other r−1 (and the repair
	 * itself arrives): probability (1−p)^(r+1). So a loss stays unrecovered with probability
	 * (1 − (1−p)^(r+1))^c. A recovered packet waits for the rest of the repairer's batch, on average
	 * (r+1)/(2f), plus the one-way trip; delivery is out of order, so nothing is held behind it.
	 * Load: data plus N·c/r repairs per update of payload + header + 8 bytes per covered sequence.
	 */
	public static FlowPrediction ricochet(String name, FlowScenario s, int r, int c) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		double usable = Math.pow(1 - p, r + 1);
		double unrecovered = Math.pow(1 - usable, Math.min(c, Math.max(0, s.receivers() - 1)));
		double residualLoss = p * unrecovered;
		double recovery = (r + 1) / (2 * s.rateHz()) + s.rttSeconds() / 2 + serialization(s);
		double recovered = p - residualLoss; // fraction of sent updates that arrive by repair
		double mean = ((1 - p) * base + recovered * recovery) / (1 - residualLoss);
		double repairLoad = s.receivers() * s.rateHz() * ((double) c / r) * (s.payloadBytes() + HEADER_BYTES + 8.0 * r);
		return new FlowPrediction(name, dataLoad(s, true) + repairLoad, base, recovery, mean, 1 - residualLoss);
	}

	/** Duplicate ACKs that trigger a fast retransmission (TCP's classic threshold). */
	public static final int DUPLICATE_ACKS = 3;

	/**
	 * ACK-based reliable unicast (TCP-like): one copy per receiver. A loss is repaired after
	 * {@value #DUPLICATE_ACKS} later packets have been acknowledged twice (3/f) or after the
	 * retransmission timeout T, whichever is sooner, plus one RTT: D = min(3/f, T) + RTT. Delivery is
	 * in order, so packets arriving during D are held back exactly as for NAKcast (p·(D + Σ(D − i/f))).
	 * Delivery is 1. Load per receiver: data, one retransmission per loss (p) and one ACK
	 * (header only) per packet.
	 */
	public static FlowPrediction ackUnicast(String name, FlowScenario s, double retransmitTimeout) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		double recovery = Math.min(DUPLICATE_ACKS * s.period(), retransmitTimeout) + s.rttSeconds() + serialization(s);
		double mean = base + p * (recovery + heldBehind(s, recovery));
		double perPacket = s.payloadBytes() + HEADER_BYTES;
		double load = s.receivers() * s.rateHz() * (perPacket * (1 + p) + HEADER_BYTES);
		return new FlowPrediction(name, load, base, recovery, mean, 1.0);
	}

	/**
	 * Reliable unicast with message replacement (Mockets, MILCOM 2009): like {@link #ackUnicast} while
	 * the link keeps up. When the data offered (f·(payload + header) per receiver, plus ACKs) exceeds
	 * the bandwidth B, a queued update is replaced by the next one of its flow instead of waiting, so
	 * only a fraction B / load of the updates is sent (the paper's experiment 1: 5 KB/s of 20 KB/s,
	 * 28.3 % sent) and the queue stays bounded; a delivered update waits at most one queued packet.
	 * The offered load stays what the flow offers (so that validation can compare it with B); the
	 * network carries at most B of it.
	 */
	public static FlowPrediction replacement(String name, FlowScenario s, double retransmitTimeout) {
		FlowPrediction reliable = ackUnicast(name, s, retransmitTimeout);
		if (s.bandwidth() <= 0 || reliable.offeredLoad() <= s.bandwidth()) {
			return reliable;
		}
		double sent = s.bandwidth() / reliable.offeredLoad();
		double base = reliable.baseLatency() + serialization(s);
		double mean = reliable.meanLatency() + serialization(s);
		return new FlowPrediction(name, reliable.offeredLoad(), base, reliable.recoveryLatency(), mean, sent);
	}

	/** Σ_{i=1}^{⌊f·D⌋} (D − i/f): the extra latency of the packets held behind one in-order recovery. */
	static double heldBehind(FlowScenario s, double recovery) {
		double sum = 0;
		long held = (long) Math.floor(s.rateHz() * recovery);
		for (long i = 1; i <= Math.min(held, 1_000_000); i++) {
			sum += recovery - i * s.period();
		}
		return sum;
	}
}
