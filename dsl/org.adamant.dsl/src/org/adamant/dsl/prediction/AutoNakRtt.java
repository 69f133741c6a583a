package org.adamant.dsl.prediction;

import org.adamant.dsl.contract.RuntimeContract;

/**
 * The round trip a Ricochet reader's NAK fallback under {@code nak_timeout auto} comes to work with
 * (the runtime's AutoNakTiming, the contract's nak_auto_* rules). It starts at nak_auto_initial_rtt
 * and learns only from the repair of a sequence it NAKed once (Karn's rule); it re-NAKs after
 * max(renak·rtt, renak_min) plus a NAK delay, and each re-NAK doubles that wait (up to
 * nak_auto_renak_backoff_max times) until a repair is sampled. Within a loss or two the doubled wait
 * outlasts the link's NAK-to-repair round trip R, and the first repair sampled sets the estimate to R
 * (RFC 6298, 2.2). The losses before that are left out.
 */
final class AutoNakRtt {

	private AutoNakRtt() {
	}

	/** The NAK-to-repair round trip on the link: the link's RTT and the repair's serialization. */
	static double path(FlowScenario s) {
		return s.rttSeconds() + Predictions.serialization(s);
	}

	/** The round trip the reader's estimate settles at. */
	static double estimate(FlowScenario s) {
		return path(s);
	}

	/** Mean wait before a reader that hears no other reader's NAK NAKs a gap: uniform [0, 2·rtt/8]. */
	static double firstNakDelay(FlowScenario s) {
		RuntimeContract c = RuntimeContract.get();
		return estimate(s) * c.timing("nak_auto_backoff") / c.timing("nak_auto_backoff_group") / 2;
	}

	/** Mean time between one reader's NAKs of a loss the repair has not reached. */
	static double renakInterval(FlowScenario s) {
		return renakWait(estimate(s)) + firstNakDelay(s);
	}

	private static double renakWait(double rtt) {
		RuntimeContract c = RuntimeContract.get();
		return Math.max(rtt * c.timing("nak_auto_renak"), c.timing("nak_auto_renak_min"));
	}
}
