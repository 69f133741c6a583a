package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AdaptiveCandidate;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.adamant.dsl.adaptive.TablePrediction;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Heartbeats;
import org.adamant.dsl.prediction.Predictions;
import org.junit.jupiter.api.Test;

/**
 * Every host sends on a link of its own (the simulator's): the writer's carries data, heartbeats and
 * retransmissions, each reader's its lateral repairs and NAKs. Figures for field_mesh (examples/sar:
 * 12 B at 100 Hz, rtt 40 ms, 44 KB/s = 45,056 B/s); the simulator's from docs/adaptive.md.
 */
class HostLinksTest {

	private static final double FIELD_MESH = 44 * 1024;

	private static FlowScenario field(int readers, double loss) {
		return new FlowScenario(100, 12, readers, loss, 0.040, FIELD_MESH);
	}

	/** A reader's repairs leave on its own link: 25 readers' repairs are not the writer's load. */
	@Test
	void ricochetsRepairsAreEachReadersLoad() {
		FlowPrediction p = Predictions.ricochet("ricochet_r4", field(25, 0), 4, 3);
		// data 100 * (12 + 36 + 42) = 9000 B/s; repairs 100 * 3/4 * (12 + 78 + 16 + 4 * 8) = 10,350 B/s a reader
		assertEquals(9000, p.writerLoad(), 1e-9);
		assertEquals(10350, p.readerLoad(), 1e-9);
		assertEquals(10350, p.offeredLoad(), 1e-9);
		// with 3 readers each has 2 others to send a repair to, not c = 3
		assertEquals(100 * 2.0 / 4 * 138, Predictions.ricochet("ricochet_r4", field(3, 0), 4, 3).readerLoad(), 1e-9);
	}

	/** The writer's idle heartbeats as the simulator counts them (its control bytes, 100 Hz). */
	@Test
	void heartbeatsFollowTheRuntimesTiming() {
		FlowScenario s = field(3, 0);
		// auto with NAKs: one at 1/16 of the interval after the update, the next 10 ms later is the next update's
		assertEquals(100, Heartbeats.perSecond(s, Heartbeats.Timing.NAKS, 0), 1e-9);
		// Ricochet without NAKs: every 1 ms (heartbeat(0)), 9 between two updates
		assertEquals(900, Heartbeats.perSecond(s, Heartbeats.Timing.NO_NAKS, 0), 1e-9);
		// a fixed 25 ms timeout: every heartbeat_max (10 ms) when idle, never between 100 Hz updates (the
		// simulator's nakcast_25ms sends about one control datagram a second)
		assertEquals(0, Heartbeats.perSecond(s, Heartbeats.Timing.NAKS, 0.025), 1e-9);
		// each 36 + 8 + 42 = 86 B on the link
		assertEquals(8600, Heartbeats.load(s, Heartbeats.Timing.NAKS, 0), 1e-9);
	}

	/**
	 * Ricochet's NAK fallback under auto at rtt 40 ms: each unanswered NAK backs the re-NAK wait off until
	 * a repair times the round trip, so the writer retransmits about once per loss the lateral repairs
	 * miss. The simulator: 11.0 retransmissions a second at 3 readers, 15.9 at 5 (3 % loss, 100 Hz).
	 */
	@Test
	void theFallbacksRetransmissionsLoadTheWriter() {
		double datagram = 90;
		double three = Predictions.ricochetReliable("r", field(3, 0.03), 4, 3, 0).writerLoad() - 9000;
		double five = Predictions.ricochetReliable("r", field(5, 0.03), 4, 3, 0).writerLoad() - 9000;
		assertEquals(11.0, three / datagram, 11.0 * 0.25);
		assertEquals(15.9, five / datagram, 15.9 * 0.25);
	}

	/**
	 * The sar flow's table picks at the corners of field_mesh's phases what the simulator's runs of each
	 * candidate held there pick: ricochet_reliable with 3 lossy readers, fec with 25 (where
	 * ricochet_reliable's fallback asks the writer's 20 KB/s radio for more than it sends: null).
	 */
	@Test
	void theSarTablePicksTheSimulatorsCandidateAtEachCorner() {
		Publication p = AdamantTestSupport.adaptivePublication("examples/sar/sar.adamant");
		Flow flow = Flow.of(p);
		List<AdaptiveCandidate> candidates = AdaptiveCandidates.of(p).candidates();
		assertEquals(List.of("ricochet_reliable", "fec"), candidates.stream().map(c -> c.name()).toList());
		assertEquals(0, TablePrediction.best(flow, candidates, 3, 3, 100));
		assertEquals(1, TablePrediction.best(flow, candidates, 25, 3, 100));
		assertNull(TablePrediction.score(flow, candidates.get(0), TablePrediction.at(flow, 25, 3, 100)));
		assertNotNull(TablePrediction.score(flow, candidates.get(0), TablePrediction.at(flow, 3, 3, 100)));
		// calm, Ricochet sends every update 20 ms plus its serialisation at 20 KB/s: the simulator's 24,394.5 us
		assertEquals(24394.5, TablePrediction.score(flow, candidates.get(0), TablePrediction.at(flow, 25, 0, 100)), 0.1);
		assertTrue(TablePrediction.of(p).isPresent());
	}
}
