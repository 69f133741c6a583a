package org.adamant.dsl.ide.tests;

import static org.adamant.dsl.ide.tests.IdeTestSupport.HEADER;
import static org.adamant.dsl.ide.tests.IdeTestSupport.INJECTOR;
import static org.adamant.dsl.ide.tests.IdeTestSupport.load;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;

/** Content assist: keywords, units by dimension, profile and transport names, transport parameters. */
class ContentAssistTest {

	/** Labels proposed at the end of {@code HEADER + text} (the cursor is where the text ends). */
	private static List<String> proposals(String text, String after) {
		String full = HEADER + text + after;
		XtextResource resource = load(full);
		Document document = new Document(1, full);
		int offset = HEADER.length() + text.length();
		CompletionParams params = new CompletionParams(new TextDocumentIdentifier(resource.getURI().toString()),
				document.getPosition(offset));
		return INJECTOR.getInstance(ContentAssistService.class)
				.createCompletionList(document, resource, params, CancelIndicator.NullImpl).getItems().stream()
				.map(CompletionItem::getLabel).toList();
	}

	@Test
	void unitsOfTheQuantitysDimension() {
		List<String> duration = proposals("qos Q { deadline 50 ", "}");
		assertTrue(duration.containsAll(List.of("us", "ms", "s")), duration::toString);
		assertFalse(duration.contains("Hz"), duration::toString);
		List<String> rate = proposals("topic T : Scan\napplication a { publish T rate 100 ", "}");
		assertTrue(rate.contains("Hz"), rate::toString);
		assertFalse(rate.contains("ms"), rate::toString);
		List<String> bandwidth = proposals("environment e { bandwidth 5 ", "}");
		assertTrue(bandwidth.containsAll(List.of("B/s", "KB/s", "kbit/s", "Mbit/s")), bandwidth::toString);
	}

	@Test
	void keywordsAtTopLevel() {
		List<String> top = proposals("", "");
		assertTrue(top.containsAll(List.of("qos", "topic", "transport", "application", "environment", "experiment")),
				top::toString);
		List<String> policies = proposals("qos Q { ", "}");
		assertTrue(policies.containsAll(List.of("reliability", "deadline", "history", "max_loss", "replacement")),
				policies::toString);
	}

	@Test
	void profileAndTransportNames() {
		List<String> profiles = proposals("qos Fast { }\ntopic T : Scan qos ", "");
		assertTrue(profiles.contains("Fast"), profiles::toString);
		assertTrue(profiles.contains("BlueForceTrack"), profiles::toString); // imported from tactical.adamant
		List<String> transports = proposals("topic T : Scan\napplication a { publish T rate 10 Hz transport ", "}");
		assertTrue(transports.containsAll(List.of("auto", "nakcast", "ricochet", "mockets")), transports::toString);
	}

	@Test
	void adaptiveBindingAndItsCandidatesParameters() {
		List<String> transports = proposals("topic T : Scan\napplication a { publish T rate 10 Hz transport ", "}");
		assertTrue(transports.contains("adaptive"), transports::toString);
		List<String> after = proposals("topic T : Scan\napplication a { publish T rate 10 Hz transport adaptive ", "}");
		assertTrue(after.contains("among"), after::toString);
		List<String> bounds = proposals("topic T : Scan\napplication a { publish T rate 10 Hz transport adaptive among "
				+ "nakcast, ricochet(", ") }");
		// ricochet's NAK fallback is timed by nak_timeout, so its bounds may set it too
		assertTrue(bounds.containsAll(List.of("r", "c", "nak_fallback", "timeout")), bounds::toString);
		List<String> fec = proposals("topic T : Scan\napplication a { publish T rate 10 Hz transport adaptive among "
				+ "nakcast, fec(", ") }");
		assertTrue(fec.containsAll(List.of("r", "c")), fec::toString);
		assertFalse(fec.contains("timeout") || fec.contains("nak_fallback"), fec::toString);
	}

	@Test
	void transportParameters() {
		List<String> ricochet = proposals("transport rc { cast multicast reliability probabilistic maps to runtime ricochet(", ") }");
		// ricochet's NAK fallback is timed by nak_timeout
		assertTrue(ricochet.containsAll(List.of("r", "c", "nak_fallback", "timeout")), ricochet::toString);
		List<String> fec = proposals("transport fx { cast multicast reliability probabilistic maps to runtime fec(", ") }");
		assertTrue(fec.containsAll(List.of("r", "c")), fec::toString);
		assertFalse(fec.contains("timeout") || fec.contains("nak_fallback"), fec::toString);
		List<String> words = proposals("transport m { cast unicast reliability reliable maps to runtime replace(pace_mode = ",
				") }");
		assertTrue(words.containsAll(List.of("fixed", "estimate")), words::toString);
		List<String> nakcast = proposals("transport nx { cast multicast reliability reliable maps to runtime nakcast(", ") }");
		assertTrue(nakcast.containsAll(List.of("timeout", "nak_timeout")), nakcast::toString);
		List<String> sweep = proposals("topic T : Scan\nexperiment x { topic T transports ricochet receivers 3 loss 1 % "
				+ "rate 10 Hz updates 100\n", "}");
		assertTrue(sweep.containsAll(List.of("r", "c")), sweep::toString);
	}
}
