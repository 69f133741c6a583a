package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.adamant.dsl.prediction.Flow;
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
		// load (a datagram carries 36 B of ADAMANT header and 42 B of the link's: 12 + 78 = 90 B): the
		// writer's link data 100 * 90 = 9000 and retransmissions (1 - 0.99^3) * 9000 = 267.309 -> 9267.309 B/s;
		// each reader's its NAKs, 0.01 * 100 * (78 + 16) = 94 B/s
		assertEquals(9267.309, p.writerLoad(), 1e-9);
		assertEquals(94, p.readerLoad(), 1e-9);
		assertEquals(9267.309, p.offeredLoad(), 1e-9);
	}

	@Test
	void fecBlocksAndInterleavedRepairs() {
		FlowScenario s = new FlowScenario(100, 12, 25, 0.03, 0, 0);
		FlowPrediction c1 = Predictions.fec("fec", s, 4, 1);
		// one repair covers the block of 4: residual 0.03 * (1 - 0.97^4) = 0.03 * 0.114707 = 0.0034412
		assertEquals(1 - 0.03 * (1 - Math.pow(0.97, 4)), c1.delivery(), 1e-15);
		assertEquals(0.9965588, c1.delivery(), 1e-7);
		// the repair leaves after the block: (4 - 1) / 2 = 1.5 periods = 15 ms on average
		assertEquals(0.015, c1.recoveryLatency(), 1e-15);
		// mean = (0.97 * 0 + (0.03 - 0.0034412) * 0.015) / 0.9965588 = 0.00039976 s
		assertEquals((0.03 - 0.03 * (1 - Math.pow(0.97, 4))) * 0.015 / c1.delivery(), c1.meanLatency(), 1e-15);
		// load: data 9000 + 100 * 1/4 * (12 + 78 + 16 + 32) = 3450 B/s of repairs, whatever the receivers
		assertEquals(9000 + 3450, c1.offeredLoad(), 1e-9);
		// two interleaved repairs cover 2 packets each: residual 0.03 * (1 - 0.97^2) = 0.001773
		FlowPrediction c2 = Predictions.fec("fec", s, 4, 2);
		assertEquals(1 - 0.03 * (1 - 0.97 * 0.97), c2.delivery(), 1e-15);
		assertTrue(c2.delivery() > c1.delivery(), "more repairs recover more");
		assertEquals(9000 + 100 * 2.0 / 4 * (12 + 78 + 16 + 16), c2.offeredLoad(), 1e-9);
		// at 10 Hz every packet is repaired alone after the 50 ms flush: residual p^2
		FlowPrediction slow = Predictions.fec("fec", new FlowScenario(10, 12, 25, 0.03, 0, 0), 4, 1);
		assertEquals(0.050, slow.recoveryLatency(), 1e-15);
		assertEquals(1 - 0.03 * 0.03, slow.delivery(), 1e-12);
	}

	@Test
	void ricochetResidualLossAtThreePercent() {
		FlowScenario s = new FlowScenario(100, 12, 25, 0.03, 0, 0);
		FlowPrediction r4 = Predictions.ricochet("ricochet", s, 4, 3);
		// u = 0.97^5 = 0.858734; q = 3u/24 = 0.107342; unrecovered (1 - q)^24 = 0.0655; residual 0.03 * that
		double q = 3 * Math.pow(0.97, 5) / 24;
		double none = Math.pow(1 - q, 24);
		assertEquals(0.0655, none, 5e-4);
		assertEquals(1 - 0.03 * none, r4.delivery(), 1e-15);
		// first usable repair after sum_{j=1..3} (1 - qj/4)^24 - 3 none = 0.9201 - 0.1965, / (1 - none): 0.774 periods
		double wait = (Math.pow(1 - q / 4, 24) + Math.pow(1 - q / 2, 24) + Math.pow(1 - 3 * q / 4, 24) - 3 * none)
				/ (1 - none) / 100;
		assertEquals(0.00774, wait, 5e-5);
		assertEquals(wait, r4.recoveryLatency(), 1e-15);
		// the writer's link: the 9000 B/s of data; each reader's its repairs, 100 * 3/4 * (12 + 78 + 16 + 32)
		assertEquals(9000, r4.writerLoad(), 1e-9);
		assertEquals(10350, r4.readerLoad(), 1e-9);
		FlowPrediction r8 = Predictions.ricochet("ricochet", s, 8, 3);
		assertTrue(r4.meanLatency() < r8.meanLatency(), "r=4 recovers sooner than r=8");
		assertTrue(r4.delivery() > r8.delivery(), "r=4 repairs are usable more often");
		assertTrue(r4.offeredLoad() > r8.offeredLoad(), "r=4 sends more repairs");
		// at 10 Hz every packet is flushed alone after 50 ms: r does not matter
		FlowScenario slow = new FlowScenario(10, 12, 25, 0.03, 0, 0);
		assertEquals(0.050, Predictions.ricochet("r", slow, 4, 3).recoveryLatency(), 1e-15);
		assertEquals(Predictions.ricochet("r", slow, 4, 3).delivery(), Predictions.ricochet("r", slow, 8, 3).delivery());
		// one receiver has nobody to repair from
		assertEquals(0.97, Predictions.ricochet("r", new FlowScenario(100, 12, 1, 0.03, 0, 0), 4, 3).delivery(), 1e-15);
	}

	@Test
	void nakcastSeesTheGapAtTheHeartbeatWhenPacketsAreSparse() {
		// 10 Hz: the heartbeat (min(50 ms / 2, 10 ms) = 10 ms) reveals the gap before the next packet (100 ms)
		FlowScenario s = new FlowScenario(10, 12, 25, 0.01, 0.0002, 0);
		FlowPrediction p = Predictions.nakcast("nakcast", s, 0.050);
		// D = 0.010 + 0.0525 + 0.0002 = 0.0627 s; nothing held (10 * 0.0627 < 1); mean = 0.0001 + 0.01 * D
		assertEquals(0.0627, p.recoveryLatency(), 1e-12);
		assertEquals(0.0001 + 0.01 * 0.0627, p.meanLatency(), 1e-12);
	}

	@Test
	void unreliableLosesWhatTheNetworkDrops() {
		FlowScenario s = new FlowScenario(50, 12, 3, 0.03, 0.002, 5 * 1024);
		FlowPrediction p = Predictions.unreliable("udp", s, false);
		// base = 0.001 + 90 / 5120 = 0.0185781... (12 B, 36 B of header, 42 B of the link's); ReLate2 = base * (3 + 1)
		double base = 0.001 + 90.0 / 5120;
		assertEquals(base, p.meanLatency(), 1e-15);
		assertEquals(0.97, p.delivery(), 1e-15);
		assertEquals(base * 4, p.relate2(), 1e-12);
		// unicast fans out: 3 copies of 50 * 90 B/s
		assertEquals(3 * 50 * 90.0, p.offeredLoad(), 1e-9);
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
		// load: the writer's 20 * 1102 * 1.02 = 22480.8 B/s (a datagram: 36 B of header and 42 B of the
		// link's), the reader's ACKs 20 * 78 = 1560 B/s
		assertEquals(22480.8, p.writerLoad(), 1e-9);
		assertEquals(1560, p.readerLoad(), 1e-9);
	}

	@Test
	void replacementSendsWhatTheLinkCarries() {
		// Mockets experiment one: 20 updates/s of 1 KB to one client over 5 KB/s, no loss, one tag
		FlowScenario s = new FlowScenario(20, 1024, 1, 0, 0, 5 * 1024);
		FlowPrediction p = Predictions.replacement("mockets", s);
		// offered 20 * 1102 = 22040 B/s on the writer's link, 20 * 78 of ACKs on the reader's (as for ACK
		// unicast, with the link's headers)
		assertEquals(22040, p.offeredLoad(), 1e-9);
		assertEquals(1560, p.readerLoad(), 1e-9);
		// datagram 1024 + 76 + 42 = 1142 B, S = 1142 / 5120 = 0.223046875 s; the bucket saves nothing up, so
		// the update is chosen when the link is free, 1 / 40 s old on average: 0.248046875 s
		assertEquals(0.248046875, p.meanLatency(), 1e-12);
		// 1000 updates in 50 s, one every S: 1000 / (20 * S) + 1 tag drained = 227.95 delivered
		assertEquals((1000 / (20 * 0.223046875) + 1) / 1000, p.delivery(), 1e-12);
		// 20 tags: the update sent is 39/40 s old, and the 20 queued at the end drain one per S:
		// + (S - 0.05) * 190 / (1000 / (20 S) + 20)
		FlowPrediction keyed = Predictions.replacement("m", new FlowScenario(20, 1024, 1, 0, 0, 5 * 1024, 20));
		double delivered = 1000 / (20 * 0.223046875) + 20;
		assertEquals(0.975 + 0.223046875 + (0.223046875 - 0.05) * 190 / delivered, keyed.meanLatency(), 1e-12);
		assertEquals(delivered / 1000, keyed.delivery(), 1e-12);
		// under the bandwidth every update is sent at once: S; a 3 % loss is resent after the RTO
		// (S + the ACK's 78 / 5120 + the 10 ms margin = 0.24828125 s) and arrives S later; the next update
		// (0.5 s later) does not wait
		FlowScenario light = new FlowScenario(2, 1024, 1, 0.03, 0, 5 * 1024);
		assertEquals(0.223046875 + 0.03 * (0.24828125 + 0.223046875), Predictions.replacement("m", light).meanLatency(), 1e-12);
		assertEquals(1.0, Predictions.replacement("m", light).delivery());
		// a keyless type is one tag; a keyed one is one tag per 1 Hz instance
		assertEquals(1, Flow.replacementTags(null, 20));
	}
}
