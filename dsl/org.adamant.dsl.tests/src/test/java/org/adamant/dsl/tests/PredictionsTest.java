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

	@Test
	void ackUnicastFastRetransmitAndHoldBack() {
		// 20 Hz, 1 KB, 1 reader, 2 % loss, RTT 100 ms, no bandwidth limit
		FlowScenario s = new FlowScenario(20, 1024, 1, 0.02, 0.1, 0);
		FlowPrediction p = Predictions.ackUnicast("tcp", s, 0.2);
		// D = min(3 / 20, 0.2) + 0.1 = 0.25 s
		assertEquals(0.25, p.recoveryLatency(), 1e-12);
		// held: i = 1..5, sum (0.25 - i/20) = 1.25 - 0.75 = 0.5; mean = 0.05 + 0.02 * (0.25 + 0.5) = 0.065 s
		assertEquals(0.065, p.meanLatency(), 1e-12);
		assertEquals(1.0, p.delivery());
		// load: 20 * (1088 * 1.02 + 64) = 23475.2 B/s
		assertEquals(23475.2, p.offeredLoad(), 1e-9);
	}

	@Test
	void replacementSendsWhatTheLinkCarries() {
		// Mockets experiment one: 20 updates/s of 1 KB to one client over 5 KB/s, no loss
		FlowScenario s = new FlowScenario(20, 1024, 1, 0, 0, 5 * 1024);
		FlowPrediction p = Predictions.replacement("mockets", s, 0.2);
		// offered 20 * (1088 + 64) = 23040 B/s; sent 5120 / 23040 = 22.2 % (the paper measured 28.3 %)
		assertEquals(23040, p.offeredLoad(), 1e-9);
		assertEquals(5120.0 / 23040, p.delivery(), 1e-12);
		// one packet on the wire (1088 / 5120 = 0.2125 s) plus one queued: 0.425 s (paper: 528 ms)
		assertEquals(0.425, p.meanLatency(), 1e-12);
		// under the bandwidth it is plain reliable unicast
		FlowScenario light = new FlowScenario(2, 1024, 1, 0, 0, 5 * 1024);
		assertEquals(Predictions.ackUnicast("m", light, 0.2).meanLatency(),
				Predictions.replacement("m", light, 0.2).meanLatency(), 1e-15);
		assertEquals(1.0, Predictions.replacement("m", light, 0.2).delivery());
	}
}
