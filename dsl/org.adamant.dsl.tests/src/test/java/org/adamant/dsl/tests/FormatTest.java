package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.Dimension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Printed quantities use the language's units, so that they can be written back into a model. */
class FormatTest {

	@Test
	void bandwidthsUseTheLanguagesUnitsAndFactors() {
		assertEquals("300 B/s", Format.bandwidth(300));
		assertEquals("5 KB/s", Format.bandwidth(5120));
		assertEquals("100 Mbit/s", Format.bandwidth(12_500_000));
	}

	@ParameterizedTest
	@ValueSource(doubles = { 0, 1, 1000, 1024, 5120, 40960, 1_048_576, 12_500_000, 1.25e9 })
	void aPrintedBandwidthReadsBackAsTheSameValueToItsThreeDigits(double bytesPerSecond) {
		String[] printed = Format.bandwidth(bytesPerSecond).split(" ");
		assertTrue(Dimension.BANDWIDTH.accepts(printed[1]), printed[1] + " is not a bandwidth unit of the language");
		double back = Dimension.BANDWIDTH.toBase(Double.parseDouble(printed[0]), printed[1]);
		assertEquals(bytesPerSecond, back, 5e-3 * Math.max(1, bytesPerSecond));
	}
}
