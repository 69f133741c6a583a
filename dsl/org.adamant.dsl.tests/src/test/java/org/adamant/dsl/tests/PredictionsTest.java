package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Predictions;
import org.junit.jupiter.api.Test;

/** Predictions against cases computed by hand (numbers in the comments). */
class PredictionsTest {

	// The SAR smoke point: 100 Hz, 12 B, 3 readers, 1 % loss, loopback (RTT ~0), no bandwidth limit.
	private static final FlowScenario SAR = new FlowScenario(100, 12, 3, 0.01, 0, 0);

	@Test
	void nakcastRecoveryAndHoldBack() {
		FlowPrediction p = Predictions.nakcast("nakcast", SAR, 0.050);
		// D = 1/100 + 0.050 * 1.05 + 0 = 0.0625 s
		assertEquals(0.0625, p.recoveryLatency(), 1e-12);
		// held behind: i = 1..6 (floor(100 * 0.0625)), sum (0.0625 - i/100) = 0.375 - 0.21 = 0.165
		// mean = 0.01 * (0.0625 + 0.165) = 0.002275 s; the runtime measured 2.52 ms for this point.
		assertEquals(0.002275, p.meanLatency(), 1e-12);
		assertEquals(1.0, p.delivery());
		assertEquals(p.meanLatency(), p.relate2(), 1e-15);
		// load: data 100 * 76 = 7600; retransmissions (1 - 0.99^3) * 7600 = 225.7276;
		// NAKs 3 * 0.01 * 100 * 80 = 240  ->  8065.7276 B/s
		assertEquals(8065.7276, p.offeredLoad(), 1e-9);
	}

	@Test
	void ricochetResidualLossAtThreePercent() {
		FlowScenario s = new FlowScenario(100, 12, 25, 0.03, 0, 0);
		FlowPrediction r4 = Predictions.ricochet("ricochet", s, 4, 3);
		// usable = 0.97^5 = 0.8587340257; unrecovered = (1 - usable)^3 = 0.0028191...; residual = 0.03 * that
		double unrecovered = Math.pow(1 - Math.pow(0.97, 5), 3);
		assertEquals(1 - 0.03 * unrecovered, r4.delivery(), 1e-15);
		assertTrue(r4.delivery() >= 0.995);
		// a recovered update waits (4 + 1) / (2 * 100) = 0.025 s
		assertEquals(0.025, r4.recoveryLatency(), 1e-12);
		FlowPrediction r8 = Predictions.ricochet("ricochet", s, 8, 3);
		assertTrue(r4.meanLatency() < r8.meanLatency(), "r=4 recovers sooner than r=8");
		assertTrue(r4.delivery() > r8.delivery(), "r=4 repairs are usable more often");
		assertTrue(r4.offeredLoad() > r8.offeredLoad(), "r=4 sends twice the repairs");
	}

	@Test
	void unreliableLosesWhatTheNetworkDrops() {
		FlowScenario s = new FlowScenario(50, 12, 3, 0.03, 0.002, 5 * 1024);
		FlowPrediction p = Predictions.unreliable("udp", s, false);
		// base = 0.001 + 76 / 5120 = 0.0158437... ; ReLate2 = base * (3 + 1)
		double base = 0.001 + 76.0 / 5120;
		assertEquals(base, p.meanLatency(), 1e-15);
		assertEquals(0.97, p.delivery(), 1e-15);
		assertEquals(base * 4, p.relate2(), 1e-12);
		// unicast fans out: 3 copies of 50 * 76 B/s
		assertEquals(3 * 50 * 76.0, p.offeredLoad(), 1e-9);
	}
}
