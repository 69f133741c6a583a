package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.junit.jupiter.api.Test;

/** {@code transport adaptive ... hold H margin M}: the values, the contract's defaults and the validation. */
class AdaptiveHysteresisTest {

	private static String flow(String writer, String reader) {
		return "qos Q { reliability best_effort }\ntopic T : Scan qos Q\n"
				+ "environment lan { multicast available loss 1 % rtt 200 us }\n"
				+ "application w { environment lan publish T rate 50 Hz payload 64 B transport adaptive among nakcast, "
				+ "ricochet " + writer + " }\n"
				+ "application r { environment lan instances 5 subscribe T transport adaptive " + reader + " }\n";
	}

	private static AdaptiveHysteresis of(String writer) throws IOException {
		Resource resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + flow(writer, ""));
		return AdaptiveHysteresis.of(AdaptiveTest.publication(resource));
	}

	@Test
	void statedValuesInTheContractsUnits() throws IOException {
		AdaptiveHysteresis h = of("hold 1.5 s margin 25 %");
		assertEquals(1_500_000L, h.holdUs());
		assertEquals(25.0, h.marginPct());
		assertTrue(h.holdStated() && h.marginStated());
		assertEquals("hold 1.5 s, margin 25 %", h.describe());
		assertEquals(500_000L, of("margin 5 % hold 500 ms").holdUs()); // either order
		AdamantTestSupport.silent(flow("hold 500 ms margin 0 %", ""), IssueCodes.ADAPTIVE_HYSTERESIS);
	}

	@Test
	void unstatedAreTheContractsDefaults() throws IOException {
		RuntimeContract c = RuntimeContract.get();
		AdaptiveHysteresis h = of("");
		assertEquals(Math.round(c.defaultValue("hold", "adaptive")), h.holdUs());
		assertEquals(c.defaultValue("margin", "adaptive"), h.marginPct());
		assertFalse(h.holdStated() || h.marginStated());
		assertEquals("the contract's hold and margin", h.describe());
		AdaptiveHysteresis onlyHold = of("hold 4 s");
		assertEquals(4_000_000L, onlyHold.holdUs());
		assertEquals(c.defaultValue("margin", "adaptive"), onlyHold.marginPct());
		assertEquals("hold 4 s, margin 10 % (the contract's)", onlyHold.describe());
	}

	@Test
	void marginOutsideTheContractsRange() throws IOException {
		AdamantTestSupport.fires(1, flow("margin 150 %", ""), IssueCodes.ADAPTIVE_HYSTERESIS, "margin 150 %",
				"range 0 % to 100 %", "write 100 %");
	}

	@Test
	void unitsAreChecked() throws IOException {
		AdamantTestSupport.fires(1, flow("hold 2", ""), IssueCodes.MISSING_UNIT);
		AdamantTestSupport.fires(1, flow("hold 2 %", ""), IssueCodes.WRONG_UNIT);
		AdamantTestSupport.fires(1, flow("margin 10 ms", ""), IssueCodes.WRONG_UNIT);
	}

	@Test
	void aReaderDoesNotStateThem() throws IOException {
		AdamantTestSupport.fires(2, flow("", "hold 1 s margin 5 %"), IssueCodes.ADAPTIVE_HYSTERESIS,
				"the publication of T");
	}
}
