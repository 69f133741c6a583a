package org.adamant.dsl.prediction;

import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.Limits;
import org.adamant.dsl.semantics.TransportParameters;

/**
 * First-order models of how each transport class behaves for a flow, used by validation
 * (feasibility, `auto` transport choice) and shown to users by `validate --explain`.
 *
 * <p>Loss model: every receiving end host drops each packet independently with probability p, as in
 * the RT-ESP experiments (loss injected at the readers). All formulas are per receiver.
 *
 * <p>Link model ({@link FlowPrediction}): each host sends on a link of its own, so a prediction splits
 * its load into the writer's link (data, retransmissions) and each reader's (what that reader sends).
 *
 * <p>Sources: RT-ESP paper (ReLate2; NAKcast and Ricochet behaviour), FLEXMAT slides (NAK timeouts
 * 25/50 ms; Ricochet R=4/8, C=3), Ricochet's lateral error correction (a receiver recovers a loss
 * from a repair that covers it and no other missing packet).
 *
 * <p>Wire sizes and engine timing come from the runtime's contract table ({@link RuntimeContract}).
 */
public final class Predictions {

	/**
	 * Bytes a datagram of {@code udpPayload} bytes (ADAMANT's headers included) occupies on a link: the payload
	 * and the link's headers, UDP, IPv4 and Ethernet (contract: wire link_overhead), as the runtime's pace, the
	 * simulator's link and a shaped link's queue count it. Every on-link size of the predictions is this.
	 */
	public static double linkBytes(double udpPayload) {
		return udpPayload + linkOverheadBytes();
	}

	/** Bytes each datagram adds to its application payload on a link: the ADAMANT wire header and the link's ({@link #linkBytes}). */
	public static double headerBytes() {
		return linkBytes(RuntimeContract.get().wire("header"));
	}

	/** NAK payload for one missing range (two 64-bit sequence numbers; contract: wire nak_range). */
	public static double nakRangeBytes() {
		return RuntimeContract.get().wire("nak_range");
	}

	/** Mean extra NAK delay from randomized suppression, as a fraction of the timeout: half the uniform jitter's top. */
	public static double nakSuppressionFraction() {
		return RuntimeContract.get().timing("nak_jitter_fraction") / 2;
	}

	private Predictions() {
	}

	/** Time to put one datagram of the flow on the link (0 when bandwidth is unconstrained). */
	static double serialization(FlowScenario s) {
		return s.bandwidth() > 0 ? (s.payloadBytes() + headerBytes()) / s.bandwidth() : 0.0;
	}

	static double baseLatency(FlowScenario s) {
		return s.rttSeconds() / 2 + serialization(s);
	}

	/** Bytes per second of the data stream itself; unicast fans out one copy per receiver. */
	static double dataLoad(FlowScenario s, boolean multicast) {
		double perCopy = s.rateHz() * (s.payloadBytes() + headerBytes());
		return multicast ? perCopy : perCopy * s.receivers();
	}

	/** No recovery: a lost packet is gone. */
	public static FlowPrediction unreliable(String name, FlowScenario s, boolean multicast) {
		double base = baseLatency(s);
		return new FlowPrediction(name, dataLoad(s, multicast), base, 0.0, base, 1.0 - s.lossFraction());
	}

	/**
	 * NAK-based reliable multicast with in-order delivery. A receiver sees a gap when the next packet
	 * or the sender's heartbeat arrives, whichever is first: min(1/f, h), with the runtime's heartbeat
	 * interval h = clamp(T/2, 1 ms, 10 ms) when the sender is idle (the contract's heartbeat rule). It NAKs
	 * after the timeout T plus suppression jitter (uniform in [0, T/10], mean 5 %), and the repair
	 * comes one RTT later: D = min(1/f, h) + T·(1 + 0.05) + RTT + σ. In-order delivery holds the
	 * packets that arrive during D behind the lost one, the i-th by D − i/f, so the latency added per
	 * sent packet is p·(D + Σ_{i=1}^{⌊fD⌋}(D − i/f)). Every loss is repaired while the sender's history
	 * holds it, so delivery is 1. Load on the writer's link: data and one multicast retransmission per
	 * packet that any receiver lost (1 − (1−p)^N); on each reader's: one NAK per loss.
	 *
	 * <p>Calibration (docs/language.md): the detection term was 1/f; the simulator (25 receivers,
	 * 1–3 % loss, T = 50 ms) recovers in about 63 ms at 10 Hz as at 100 Hz, because the heartbeat
	 * reveals the gap after 10 ms. With min(1/f, h) the mean latency is within 5 % of the simulator at
	 * 10–100 Hz (it was 3× too high at 10 Hz).
	 *
	 * <p>{@code nakTimeout} = the contract's {@code auto} (held as 0): {@link #autoDetection} and
	 * {@link #autoNakDelay} in place of the heartbeat and T.
	 */
	public static FlowPrediction nakcast(String name, FlowScenario s, double nakTimeout) {
		if (TransportParameters.isAuto(nakTimeout)) {
			return repairedAfter(name, s, autoDetection(s) + autoNakDelay(s) + s.rttSeconds() + serialization(s)
					+ s.lossFraction() * autoSecondTry(s));
		}
		double detection = Math.min(s.period(), heartbeatInterval(nakTimeout));
		return repairedAfter(name, s, detection + nakTimeout * (1 + nakSuppressionFraction()) + s.rttSeconds() + serialization(s));
	}

	/**
	 * NAKcast with {@code nak_timeout auto} (the contract's nak_auto_* rules). The gap shows at the next
	 * packet or at the writer's first idle heartbeat, 1/16 of the publish interval clamped to
	 * [250 us, 10 ms]: min(1/f, clamp(1/(16f), 250 us, 10 ms)). The receiver NAKs after a uniform random
	 * delay in [0, 2·rtt·min(1, n/8)], n the receivers it has heard NAK (all of them, at most 8, once
	 * every receiver has lost something), mean rtt·min(1, N/8) with rtt the NAK-to-repair time it
	 * measures (the link's RTT); the multicast repair comes one RTT later. A receiver that also loses
	 * the heartbeat or the repair (each with probability p) waits {@link #autoSecondTry}.
	 */
	static double autoDetection(FlowScenario s) {
		RuntimeContract c = RuntimeContract.get();
		double heartbeat = Math.min(Math.max(s.period() * c.timing("nak_auto_heartbeat_fraction"),
				c.timing("nak_auto_heartbeat_min")), c.timing("heartbeat_max"));
		return Math.min(s.period(), heartbeat);
	}

	/**
	 * What a lost heartbeat or a lost repair adds under {@code nak_timeout auto}: the gap shows at the
	 * next packet or the next idle heartbeat (min(1/f, 10 ms)) instead of the first heartbeat, and a
	 * lost repair is NAKed again after max(3·rtt, 2 ms) plus a NAK delay.
	 */
	static double autoSecondTry(FlowScenario s) {
		RuntimeContract c = RuntimeContract.get();
		double laterDetection = Math.min(s.period(), c.timing("heartbeat_max")) - autoDetection(s);
		double renak = Math.max(s.rttSeconds() * c.timing("nak_auto_renak"), c.timing("nak_auto_renak_min"))
				+ autoNakDelay(s);
		return laterDetection + renak;
	}

	/** The mean NAK delay of {@code nak_timeout auto}: half the spread 2·rtt·min(1, N/8). */
	static double autoNakDelay(FlowScenario s) {
		RuntimeContract c = RuntimeContract.get();
		double share = Math.min(1.0, s.receivers() / c.timing("nak_auto_backoff_group"));
		return s.rttSeconds() * c.timing("nak_auto_backoff") * share / 2;
	}

	/** NAKcast whose gaps are repaired {@code recovery} after the lost packet was due. */
	private static FlowPrediction repairedAfter(String name, FlowScenario s, double recovery) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		double mean = base + p * (recovery + heldBehind(s, recovery));
		double anyLost = 1 - Math.pow(1 - p, s.receivers());
		double retransmit = anyLost * s.rateHz() * (s.payloadBytes() + headerBytes());
		return new FlowPrediction(name, dataLoad(s, true) + retransmit, nakLoad(s, p), base, recovery, mean, 1.0,
				retransmit);
	}

	/** Bytes a second one reader's NAKs put on its link when it NAKs a share {@code naked} of the updates. */
	static double nakLoad(FlowScenario s, double naked) {
		return naked * s.rateHz() * (headerBytes() + nakRangeBytes());
	}

	/** The NAKcast sender's idle heartbeat interval for NAK timeout T: clamp(T/2, 1 ms, 10 ms) (the contract's heartbeat rule). */
	static double heartbeatInterval(double nakTimeout) {
		return RuntimeContract.get().heartbeatInterval(nakTimeout);
	}

	/** A Ricochet receiver sends a partial repair after this long without data (contract timing lec_flush). */
	public static double lecFlush() {
		return RuntimeContract.get().timing("lec_flush");
	}

	/** Bytes a REPAIR adds to the ADAMANT header besides one per covered sequence (contract: wire repair_fixed). */
	public static double repairHeaderBytes() {
		return RuntimeContract.get().wire("repair_fixed");
	}

	/** Bytes a REPAIR spends on each covered sequence (contract: wire repair_sequence). */
	static double repairSequenceBytes() {
		return RuntimeContract.get().wire("repair_sequence");
	}

	/**
	 * Ricochet lateral error correction with r data packets per repair and c repair targets. Each
	 * receiver XORs every r packets it receives into a repair and unicasts it to c of the other N−1
	 * receivers chosen at random; when packets come slower than the flush time (1/f &ge; 50 ms) every
	 * packet is flushed alone, so a repair covers r' = 1 packet, else r' = r. A repair covering a lost
	 * packet is usable when its sender had the packet and this receiver has the other r'−1 and the
	 * repair arrives: u = (1−p)^(r'+1). Each other receiver sends this receiver that repair with
	 * probability c'/(N−1), so the number k of usable repairs is Binomial(N−1, q) with q = c'·u/(N−1), and
	 * a loss stays unrecovered with probability (1 − q)^(N−1).
	 *
	 * <p>Receivers' batches drift out of phase (each batches what it received), so a repair completes
	 * after a uniform 0..r'−1 further packets and the first of the k usable ones repairs the loss:
	 * E[min] = [Σ_{j=1}^{r'−1} (1 − q·j/r')^(N−1) − (r'−1)(1 − q)^(N−1)] / (1 − (1 − q)^(N−1)) periods
	 * (the binomial sum of ((r'−j)/r')^k); with r' = 1 the wait is the flush time. The repair then
	 * takes two one-way trips (data to the repairer, repair to this receiver) and waits for the repairer's
	 * link ({@link #repairSerialization}): recovery = wait + RTT + σ + σ_repair.
	 * Delivery is out of order, so nothing is held behind a loss. A receiver sends each repair to c' =
	 * min(c, N−1) others (the runtime's, when fewer are members). Load on the writer's link: the data;
	 * on each reader's: its f·c'/r' repairs of payload + headers + 16 + 8 bytes per covered sequence.
	 *
	 * <p>Calibration (docs/language.md): the first version assumed every receiver's batches aligned
	 * ((r+1)/(2f) wait) and exactly c repairs per loss ((1 − u)^c unrecovered); against the simulator
	 * (25 receivers, 1–3 % loss, 10–100 Hz) that predicted 2–8× the mean latency and a tenth of the
	 * residual loss. This model is within 5 % on mean latency and 0.0005 on delivery.
	 */
	public static FlowPrediction ricochet(String name, FlowScenario s, int r, int c) {
		if (r > Limits.MAX_PREDICTED_BATCH) {
			throw new IllegalArgumentException("r = " + r + " is above the predicted batch limit " + Limits.MAX_PREDICTED_BATCH);
		}
		double p = s.lossFraction();
		double base = baseLatency(s);
		int others = s.receivers() - 1;
		int batch = s.period() >= lecFlush() ? 1 : r;
		if (others < 1) { // nobody to repair from
			return new FlowPrediction(name, dataLoad(s, true), base, 0.0, base, 1 - p);
		}
		double usable = Math.pow(1 - p, batch + 1);
		double q = Math.min(c, others) * usable / others;
		double none = Math.pow(1 - q, others);
		double residualLoss = p * none;
		double wait;
		if (batch == 1) {
			wait = lecFlush();
		} else {
			double sum = 0;
			for (int j = 1; j < batch; j++) {
				sum += Math.pow(1 - q * j / batch, others);
			}
			wait = none < 1 ? (sum - (batch - 1) * none) / (1 - none) * s.period() : 0;
		}
		double recovery = wait + s.rttSeconds() + serialization(s) + repairSerialization(s, r, c);
		double recovered = p - residualLoss; // fraction of sent updates that arrive by repair
		double mean = ((1 - p) * base + recovered * recovery) / (1 - residualLoss);
		return new FlowPrediction(name, dataLoad(s, true), lateralRepairLoad(s, r, c), base, recovery, mean,
				1 - residualLoss);
	}

	/** Bytes a second one Ricochet reader's repairs put on its link: f·c'/r' repairs, c' = min(c, N−1). */
	static double lateralRepairLoad(FlowScenario s, int r, int c) {
		int batch = s.period() >= lecFlush() ? 1 : r;
		return s.rateHz() * ((double) Math.max(0, Math.min(c, s.receivers() - 1)) / batch) * repairBytes(s, batch);
	}

	/** Bytes one REPAIR of {@code batch} packets occupies on a link. */
	private static double repairBytes(FlowScenario s, int batch) {
		return s.payloadBytes() + headerBytes() + repairHeaderBytes() + repairSequenceBytes() * batch;
	}

	/** A repair's mean wait for the reader's link: its c' copies leave one after another, (c'+1)/2 of them. */
	static double repairSerialization(FlowScenario s, int r, int c) {
		int batch = s.period() >= lecFlush() ? 1 : r;
		int targets = Math.max(1, Math.min(c, s.receivers() - 1));
		return s.bandwidth() > 0 ? repairBytes(s, batch) / s.bandwidth() * (targets + 1) / 2 : 0;
	}

	/**
	 * From an update's arrival to the arrival of the writer's next datagram, sent {@code gap} after the
	 * update: it leaves when the update has left the link, max(gap, σ), and takes its own time there.
	 */
	static double nextArrival(FlowScenario s, double gap, double nextBytes) {
		double sigma = serialization(s);
		return s.bandwidth() > 0 ? Math.max(gap, sigma) - sigma + nextBytes / s.bandwidth() : gap;
	}

	/**
	 * Ricochet with its NAK fallback: the lateral repairs of {@link #ricochet} race the NAK. Times count
	 * from the lost update's send. A receiver sees the gap when the writer's next datagram arrives, its
	 * first idle heartbeat ({@link #autoDetection} under auto, else min(1/f, heartbeat(T))) after the
	 * update, behind it on the link ({@link #nextArrival}), after the update was due (RTT/2 + σ); with {@code nak_timeout auto} it NAKs the writer alone after a uniform [0, 2·rtt/8]
	 * (its NAKs go to the writer only, so it hears no other receiver) and again every re-NAK wait while
	 * the repair has not come, rtt being its estimate ({@link AutoNakRtt}: the link's round trip, or its
	 * start when that is longer than the first re-NAK wait); with a fixed T after T and again every T.
	 * The multicast repair of a NAK arrives a round trip R = RTT + σ after it: T_nak = first NAK + R (+ p
	 * re-NAK waits under auto, for a lost NAK or repair). The first usable lateral repair completes J
	 * further packets after the loss, P(J ≥ j) = (1 − q·j/r')^(N−1) (none: (1 − q)^(N−1), as in
	 * {@link #ricochet}); a full bin waits for the writer's next datagram (its first idle heartbeat, as a
	 * loss's detection), so the repair arrives RTT + σ + J/f + that wait after the send (a partial bin:
	 * the flush time); the loss is repaired at E[min(T_lec, T_nak)]. Every loss is repaired while the
	 * writer keeps it, so delivery is 1; delivery is out of order, so nothing is held behind a loss.
	 *
	 * <p>Load: Ricochet's, plus on each reader's link its NAKs, one per re-NAK wait from its first NAK
	 * until a repair comes (none when the lateral repair comes before the first NAK), and on the writer's
	 * link their multicast repairs: one per NAK under auto (each reader's NAKs come alone: the writer
	 * holds off a sequence 1 ms), one per NAK round of a packet someone NAKed with a fixed timeout.
	 */
	public static FlowPrediction ricochetReliable(String name, FlowScenario s, int r, int c, double nakTimeout) {
		FlowPrediction lateral = ricochet(name, s, r, c);
		double p = s.lossFraction();
		boolean auto = TransportParameters.isAuto(nakTimeout);
		double base = baseLatency(s);
		double gap = auto ? autoDetection(s) : Math.min(s.period(), heartbeatInterval(nakTimeout));
		RuntimeContract k = RuntimeContract.get();
		double hold = nextArrival(s, gap, gap < s.period() ? linkBytes(k.wire("header") + k.wire("heartbeat"))
				: s.payloadBytes() + headerBytes());
		double firstNak = base + hold + (auto ? AutoNakRtt.firstNakDelay(s) : nakTimeout);
		double renak = auto ? AutoNakRtt.renakInterval(s) : nakTimeout;
		double tNak = firstNak + AutoNakRtt.path(s) + (auto ? p * renak : 0);
		int others = s.receivers() - 1;
		int batch = s.period() >= lecFlush() ? 1 : r;
		double q = others < 1 ? 0 : Math.min(c, others) * Math.pow(1 - p, batch + 1) / others;
		double arrive = s.rttSeconds() + serialization(s) + repairSerialization(s, r, c);
		double recovery = 0;
		double naked = 0; // share of the losses NAKed: the lateral repair comes after the first NAK
		double naks = 0; // NAKs per loss
		double later = 1; // P(J >= j)
		for (int j = 0; j < batch && others >= 1; j++) {
			double next = Math.pow(1 - q * (j + 1) / batch, others);
			double tLec = arrive + (batch == 1 ? lecFlush() : j * s.period() + hold);
			double repaired = Math.min(tLec, tNak);
			recovery += (later - next) * repaired;
			if (tLec > firstNak) {
				naked += later - next;
				naks += (later - next) * nakRounds(repaired - firstNak, renak);
			}
			later = next;
		}
		recovery += later * tNak;
		naked += later;
		naks += later * nakRounds(tNak - firstNak, renak);
		double repairs = auto ? s.receivers() * p * naks
				: (1 - Math.pow(1 - p * naked, s.receivers())) * (naked > 0 ? naks / naked : 0);
		double retransmit = repairs * s.rateHz() * (s.payloadBytes() + headerBytes());
		double reader = lateral.readerLoad() + nakLoad(s, p * naks);
		return new FlowPrediction(name, lateral.writerLoad() + retransmit, reader, base, recovery,
				(1 - p) * base + p * recovery, 1.0, retransmit);
	}

	/** NAKs one reader sends for a loss whose repair comes {@code wait} after its first NAK: one every {@code renak}. */
	private static double nakRounds(double wait, double renak) {
		return Math.max(1, Math.ceil(wait / renak - 1e-9));
	}

	/** The FEC sender repairs a partial block after this long without data (contract timing fec_flush). */
	public static double fecFlush() {
		return RuntimeContract.get().timing("fec_flush");
	}

	/**
	 * Sender-based forward error correction (runtime {@code fec}): after every r data packets the
	 * sender multicasts c XOR repairs, repair i covering the block positions j with j mod c = i, so a
	 * repair covers g = r'/c' packets (r' = r, or 1 when packets come slower than the flush time and
	 * each is repaired alone; c' = min(c, r')). A receiver recovers a loss when it has the other g−1
	 * packets of that repair and the repair: residual loss p·(1 − (1−p)^g). The repair leaves when the
	 * block is complete, on average (r'−1)/2 periods after a lost packet was sent (the flush time when
	 * r' = 1), and takes the data's one-way trip: recovery = wait + RTT/2 + σ. Delivery is out of order.
	 * Load: data plus f·c'/r' repairs of payload + headers + 16 + 8 bytes per covered sequence, once
	 * for the whole group (multicast), independent of the number of receivers.
	 *
	 * <p>Calibration (docs/language.md): against the simulator (25 receivers, r = 4, c = 1 and 2,
	 * 1 and 3 % loss, 10–100 Hz) within 1.2 % on mean latency and 0.0003 on delivery (CalibrationTest).
	 */
	public static FlowPrediction fec(String name, FlowScenario s, int r, int c) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		int block = s.period() >= fecFlush() ? 1 : Math.max(1, r);
		int repairs = Math.max(1, Math.min(c, block));
		double covered = (double) block / repairs;
		double residualLoss = p * (1 - Math.pow(1 - p, covered));
		double wait = block == 1 ? fecFlush() : (block - 1) / 2.0 * s.period();
		double recovery = wait + s.rttSeconds() / 2 + serialization(s);
		double recovered = p - residualLoss;
		double mean = ((1 - p) * base + recovered * recovery) / (1 - residualLoss);
		double repairLoad = s.rateHz() * ((double) repairs / block)
				* (s.payloadBytes() + headerBytes() + repairHeaderBytes() + repairSequenceBytes() * covered);
		return new FlowPrediction(name, dataLoad(s, true) + repairLoad, base, recovery, mean, 1 - residualLoss);
	}

	/** Duplicate ACKs that trigger a fast retransmission (TCP's classic threshold). */
	public static final int DUPLICATE_ACKS = 3;

	/**
	 * ACK-based reliable unicast (TCP-like): one copy per receiver. A loss is repaired after
	 * {@value #DUPLICATE_ACKS} later packets have been acknowledged twice (3/f) or after the
	 * retransmission timeout T, whichever is sooner, plus one RTT: D = min(3/f, T) + RTT. Delivery is
	 * in order, so packets arriving during D are held back exactly as for NAKcast (p·(D + Σ(D − i/f))).
	 * Delivery is 1. Load on the writer's link, per receiver: data and one retransmission per loss (p);
	 * on each reader's: one ACK (header only) per packet.
	 */
	public static FlowPrediction ackUnicast(String name, FlowScenario s, double retransmitTimeout) {
		double p = s.lossFraction();
		double base = baseLatency(s);
		double recovery = Math.min(DUPLICATE_ACKS * s.period(), retransmitTimeout) + s.rttSeconds() + serialization(s);
		double mean = base + p * (recovery + heldBehind(s, recovery));
		double perPacket = s.payloadBytes() + headerBytes();
		double retransmit = s.receivers() * s.rateHz() * perPacket * p;
		return new FlowPrediction(name, s.receivers() * s.rateHz() * perPacket + retransmit, ackLoad(s), base,
				recovery, mean, 1.0, retransmit);
	}

	/** Bytes a second one reader's ACKs put on its link: one (header only) per packet. */
	static double ackLoad(FlowScenario s) {
		return s.rateHz() * headerBytes();
	}

	/** Bytes a replace MSG adds to the payload: ADAMANT header + MSG fields (contract: wire header, msg_fixed); UDP/IP not included. */
	public static double replaceMsgBytes() {
		RuntimeContract c = RuntimeContract.get();
		return c.wire("header") + c.wire("msg_fixed");
	}

	/** Bytes a link charges every datagram beyond its UDP payload: UDP, IPv4 and Ethernet headers (contract: wire link_overhead). */
	public static double linkOverheadBytes() {
		return RuntimeContract.get().wire("link_overhead");
	}

	/** The replace sender's token bucket depth in bytes (contract timing pace_burst). */
	public static double paceBurstBytes() {
		return RuntimeContract.get().timing("pace_burst");
	}

	/** The replace sender's lowest retransmission timeout (contract timing replace_min_rto). */
	public static double minRto() {
		return RuntimeContract.get().timing("replace_min_rto");
	}

	/** The least the replace sender's RTO exceeds the smoothed round trip by (contract timing replace_rto_margin). */
	public static double rtoMargin() {
		return RuntimeContract.get().timing("replace_rto_margin");
	}

	/** Updates a replace prediction's drain at the end is spread over (the experiments' 1000). */
	public static final int REPLACE_UPDATES = 1000;

	/**
	 * Reliable messages with tag replacement (Mockets, MILCOM 2009; runtime {@code replace}), on a real
	 * link (datagrams carry UDP, IPv4 and Ethernet headers). See {@link #paced}.
	 */
	public static FlowPrediction replacement(String name, FlowScenario s) {
		return paced(name, s, true, linkBytes(replaceMsgBytes()), REPLACE_UPDATES);
	}

	/**
	 * The same reliable paced sender without replacement (runtime {@code fifo}, a {@code replace}
	 * transport without {@code replacement}), on a real network. See {@link #paced}.
	 */
	public static FlowPrediction fifo(String name, FlowScenario s) {
		return paced(name, s, false, linkBytes(replaceMsgBytes()), REPLACE_UPDATES);
	}

	/**
	 * The runtime's reliable paced sender ({@code replace}, or {@code fifo} when {@code replaces} is
	 * false): it paces whole datagrams of L = payload + {@code datagramOverhead} bytes to the link's
	 * bandwidth B with a token bucket of depth b ({@link #paceBurstBytes()}, 0 B: it saves nothing up, so a
	 * datagram is chosen when the one before it has left the link), so the backlog waits in
	 * the sender's queue (served oldest first), where a newer update of a tag replaces the queued or
	 * unacknowledged older one; the link's own queue never holds more than the packet behind the one on
	 * the wire (its depth does not matter). S = L/B is one datagram's time on the link (0 without a
	 * bandwidth limit; a unicast transport sends one per receiver), d = RTT/2, K = the tags the updates
	 * cycle through.
	 * <ul>
	 * <li>Load f·L ≤ B: every update is sent on arrival (the bucket is full again after 1/f ≥ S):
	 * latency S + d. A loss (probability p) is retransmitted after the RTO, which converges to the
	 * round trip R = S + 2d + (ACK header)/B plus {@link #rtoMargin()} (10 ms; on a constant round trip the
	 * variance term falls below it), at least {@link #minRto()} (20 ms): it arrives D = RTO + S later,
	 * and the updates sent meanwhile are held behind it (sequenced delivery) or wait for it to leave the
	 * link, the i-th by D − i/f: + p·(D + Σ(D − i/f)) as for NAKcast. Delivery 1. With replacement, when
	 * the next update of the tag comes before the RTO (K/f &lt; RTO) the loss is superseded instead: latency
	 * S + d, delivery 1 − p.</li>
	 * <li>Load f·L &gt; B with replacement: the sender's queue is a FIFO whose customers leave unserved
	 * after T = K/f (the next update of their tag): it saturates, and the update sent is the oldest, aged
	 * T − 1/(2f) on average. A bucket deeper than a datagram would let the sender run ahead of the link
	 * by its surplus (b − L)/B, each datagram waiting that long behind the previous; the runtime's saves
	 * nothing up (b = 0), so the datagram is chosen when the link is free: latency (2K − 1)/(2f) +
	 * max(0, b − L)/B + S + d. The link carries B/L updates a second, and when the updates stop the K
	 * still queued drain, the j-th (j = 1..K) later by (j − 1)(S − 1/f): over U updates,
	 * n = U/(f·S) + K are delivered and the drain adds (S − 1/f)·K(K − 1)/2 / n to the mean. A lost update
	 * is superseded by the next of its tag before its RTO (so latency does not change): delivery
	 * n(1 − p)/U. Without replacement the queue grows without bound (the validator says so); the
	 * prediction is then the one for a load that fits.</li>
	 * </ul>
	 * The offered load is what the flow offers, the writer's data and each reader's ACKs as for
	 * {@link #ackUnicast} (validation compares the busier link with B); the link carries at most B of it.
	 *
	 * <p>Calibration (docs/language.md, CalibrationTest): against the simulator (1 KB updates over
	 * 5120 B/s at 2–40 Hz = 0.43–8.6× the link, 1, 5 and 20 tags, queue 1, 4 and 16, 0 and 3 % loss; and
	 * without a bandwidth limit at 10 and 100 Hz, 1 and 3 % loss; replace and fifo, 110 points) within
	 * 3.5 % on mean latency and 0.002 on delivery. The first version
	 * (ACK unicast with fast retransmit plus one serialization, delivery B/load) was off by up to 714 %
	 * on latency and 0.042 on delivery.
	 *
	 * @param datagramOverhead bytes each datagram adds to the payload on the link: for replace and fifo
	 *                         {@code linkBytes(replaceMsgBytes())}, their MSG headers and the link's, as the
	 *                         pace and the simulator's link charge them
	 * @param updates          updates the flow sends (for the drain at its end)
	 */
	public static FlowPrediction paced(String name, FlowScenario s, boolean replaces, double datagramOverhead,
			int updates) {
		double p = s.lossFraction();
		double d = s.rttSeconds() / 2;
		double writer = s.receivers() * s.rateHz() * (s.payloadBytes() + headerBytes()) * (1 + p);
		double reader = ackLoad(s);
		boolean limited = s.bandwidth() > 0;
		double datagram = (s.payloadBytes() + datagramOverhead) * s.receivers();
		double service = limited ? datagram / s.bandwidth() : 0;
		double base = service + d;
		double rto = Math.max(minRto(), service + 2 * d + (limited ? headerBytes() / s.bandwidth() : 0) + rtoMargin());
		double recovery = rto + service + d;
		int tags = Math.max(1, s.tags());
		if (!limited || !replaces || datagram * s.rateHz() <= s.bandwidth()) {
			if (replaces && tags * s.period() < rto) { // the next update of the tag supersedes a loss
				return new FlowPrediction(name, writer, reader, base, 0.0, base, 1 - p);
			}
			double wait = rto + service;
			return new FlowPrediction(name, writer, reader, base, recovery, base + p * (wait + heldBehind(s, wait)), 1.0);
		}
		double lead = Math.max(0, paceBurstBytes() - datagram) / s.bandwidth();
		double steady = (2.0 * tags - 1) / (2 * s.rateHz()) + lead + service + d;
		double delivered = Math.min(updates, updates / (s.rateHz() * service) + tags);
		double drain = (service - s.period()) * tags * (tags - 1) / 2.0 / delivered;
		return new FlowPrediction(name, writer, reader, base, recovery, steady + drain,
				Math.min(1.0, delivered * (1 - p) / updates));
	}

	/**
	 * The mean wait in the writer's link queue, which every update passes through: the Pollaczek–Khinchine
	 * mean wait λ·E[S²] / (2(1 − ρ)), where only the retransmissions, sent at random times in answer to
	 * losses, bring residual work (λ·E[S²] = R·L / B², R their bytes a second, L one datagram's bytes on
	 * the link, B the bandwidth) and ρ is the link's whole load over B. Data, heartbeats and FEC repairs
	 * leave on the publish schedule: alone they find the link idle, however busy (the simulator's calm
	 * points, at 86 % of the link, wait nothing), but a retransmission pushes the next updates back until
	 * the schedule's idle time has absorbed it, and the less idle time there is the longer that takes.
	 * 0 without a bandwidth limit or retransmissions; infinite at ρ ≥ 1.
	 *
	 * <p>Calibration (docs/language.md, "Queueing near capacity"): against the simulator at 20 KB/s (12 B at
	 * 100 Hz, rtt 40 ms, ricochet_reliable and fec, 3–25 readers, 0.25–3 % loss) the ranking of the two
	 * agrees at 24 of 28 points, where without the wait it agreed at 13 (WriterQueueTest); where it does
	 * not, the two are within 2.5 % of each other. The wait is a lower bound near saturation: the simulator's queue also
	 * slows the repairs, which draws more NAKs and retransmissions than the prediction counts.
	 */
	public static double writerQueueWait(FlowPrediction p, FlowScenario s) {
		if (s.bandwidth() <= 0 || p.retransmitLoad() <= 0) {
			return 0;
		}
		double utilization = p.writerLoad() / s.bandwidth();
		if (utilization >= 1) {
			return Double.POSITIVE_INFINITY;
		}
		double datagram = s.payloadBytes() + headerBytes();
		return p.retransmitLoad() * datagram / (2 * s.bandwidth() * s.bandwidth() * (1 - utilization));
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
