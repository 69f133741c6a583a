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
 * @param tags         replacement tags the updates cycle through (update i carries tag (i-1) mod tags):
 *                     1 for a keyless topic, one per key instance otherwise ({@link Flow#replacementTags})
 */
public record FlowScenario(double rateHz, double payloadBytes, int receivers, double lossFraction, double rttSeconds,
		double bandwidth, int tags) {

	/** A scenario whose updates all carry one replacement tag (a keyless topic). */
	public FlowScenario(double rateHz, double payloadBytes, int receivers, double lossFraction, double rttSeconds,
			double bandwidth) {
		this(rateHz, payloadBytes, receivers, lossFraction, rttSeconds, bandwidth, 1);
	}

	/** Send period in seconds. */
	public double period() {
		return 1.0 / rateHz;
	}
}
