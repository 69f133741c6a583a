package org.adamant.dsl.prediction;

/**
 * The facts about one flow that predictions depend on, already in base units.
 *
 * @param rateHz       updates per second the writer sends
 * @param payloadBytes bytes of one encoded update
 * @param receivers    number of reader instances
 * @param lossFraction probability that an end host drops a packet (0..1), the RT-ESP loss model
 * @param rttSeconds   round-trip time between writer and readers
 * @param bandwidth    link bandwidth in bytes per second, or 0 when unconstrained
 */
public record FlowScenario(double rateHz, double payloadBytes, int receivers, double lossFraction, double rttSeconds,
		double bandwidth) {

	/** Send period in seconds. */
	public double period() {
		return 1.0 / rateHz;
	}
}
