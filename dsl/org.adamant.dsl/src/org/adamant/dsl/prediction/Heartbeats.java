package org.adamant.dsl.prediction;

import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.TransportParameters;

/**
 * The idle heartbeats the runtime's NAKcast writer sends (NAKcast, Ricochet and FEC share it), which
 * its link carries beside the data. It sends one when nothing has left for the idle gap: with
 * {@code nak_timeout auto} on a writer that answers NAKs (NAKcast; Ricochet with its NAK fallback) the
 * first gap after data is the contract's nak_auto_heartbeat_* rule (1/16 of the publish interval,
 * clamped) and the later ones heartbeat_max; FEC under auto heartbeats every heartbeat_max; any other
 * writer every heartbeat(T) = clamp(T/2, heartbeat_min, heartbeat_max), which under auto (T = 0) is
 * heartbeat_min (plain Ricochet: its readers send a full bin at the writer's next datagram).
 */
public final class Heartbeats {

	/** How the writer's heartbeats are timed (runtime setup.cpp's nakcast_sender). */
	public enum Timing {
		/** NAKcast, or Ricochet with its NAK fallback: NAK timing {@code auto} uses the first-gap rule. */
		NAKS,
		/** Ricochet without the NAK fallback: no NAKs, heartbeat(T) even under {@code auto}. */
		NO_NAKS,
		/** FEC: under {@code auto} every heartbeat_max. */
		FEC
	}

	private Heartbeats() {
	}

	/** Heartbeats a second the writer sends while publishing at the scenario's rate. */
	public static double perSecond(FlowScenario s, Timing timing, double nakTimeout) {
		RuntimeContract c = RuntimeContract.get();
		double max = c.timing("heartbeat_max");
		boolean auto = TransportParameters.isAuto(nakTimeout);
		if (auto && timing == Timing.NAKS) {
			double first = Math.min(Math.max(s.period() * c.timing("nak_auto_heartbeat_fraction"),
					c.timing("nak_auto_heartbeat_min")), Math.max(max, c.timing("nak_auto_heartbeat_min")));
			return first < s.period() ? (1 + within(s.period() - first, max)) * s.rateHz() : 0;
		}
		double gap = auto && timing == Timing.FEC ? max : c.heartbeatInterval(nakTimeout);
		return within(s.period(), gap) * s.rateHz();
	}

	/** Bytes a second the heartbeats put on the writer's link. */
	public static double load(FlowScenario s, Timing timing, double nakTimeout) {
		return perSecond(s, timing, nakTimeout) * Predictions.linkBytes(RuntimeContract.get().wire("header")
				+ RuntimeContract.get().wire("heartbeat"));
	}

	/** Multiples k ≥ 1 of {@code gap} before {@code span} (the next update's instant): the heartbeats of one idle span. */
	private static double within(double span, double gap) {
		return Math.max(0, Math.ceil(span / gap - 1e-9) - 1);
	}
}
