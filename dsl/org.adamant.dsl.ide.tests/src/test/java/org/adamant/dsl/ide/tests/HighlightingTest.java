package org.adamant.dsl.ide.tests;

import static org.adamant.dsl.ide.tests.IdeTestSupport.INJECTOR;
import static org.adamant.dsl.ide.tests.IdeTestSupport.loadFile;
import static org.adamant.dsl.ide.tests.IdeTestSupport.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import org.adamant.dsl.ide.highlighting.AdamantSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;

/** Semantic highlighting of declarations, references, units and parameters in the sar example. */
class HighlightingTest {

	@Test
	void namesUnitsAndParameters() {
		XtextResource sar = loadFile("examples/sar/sar.adamant");
		String text = text(sar);
		Map<String, String> styles = new HashMap<>();
		INJECTOR.getInstance(ISemanticHighlightingCalculator.class).provideHighlightingFor(sar,
				(offset, length, ids) -> styles.put(offset + ":" + text.substring(offset, offset + length), ids[0]),
				CancelIndicator.NullImpl);
		assertEquals(AdamantSemanticHighlightingCalculator.TRANSPORT, at(styles, text, "transport nakcast_50ms\n", 10, "nakcast_50ms"));
		assertEquals(AdamantSemanticHighlightingCalculator.QOS, at(styles, text, "qos ThermalScanQos\n", 4, "ThermalScanQos"));
		assertEquals(AdamantSemanticHighlightingCalculator.TOPIC, at(styles, text, "topic InfraredScan", 6, "InfraredScan"));
		assertEquals(AdamantSemanticHighlightingCalculator.TYPE, at(styles, text, ": ThermalScan ", 2, "ThermalScan"));
		assertEquals(AdamantSemanticHighlightingCalculator.SCOPE, at(styles, text, "environment datacenter_lan\n", 12, "datacenter_lan"));
		assertEquals(AdamantSemanticHighlightingCalculator.UNIT, at(styles, text, "100 ms", 4, "ms"));
		assertEquals(AdamantSemanticHighlightingCalculator.PARAMETER, at(styles, text, "nak_timeout 25 ms", 0, "nak_timeout"));
	}

	private static String at(Map<String, String> styles, String text, String context, int shift, String word) {
		int offset = text.indexOf(context) + shift;
		return styles.get(offset + ":" + word);
	}
}
