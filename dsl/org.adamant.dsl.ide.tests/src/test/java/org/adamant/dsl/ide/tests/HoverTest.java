package org.adamant.dsl.ide.tests;

import static org.adamant.dsl.ide.tests.IdeTestSupport.HEADER;
import static org.adamant.dsl.ide.tests.IdeTestSupport.load;
import static org.adamant.dsl.ide.tests.IdeTestSupport.loadFile;
import static org.adamant.dsl.ide.tests.IdeTestSupport.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.ide.hover.AdamantHoverText;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.eclipse.xtext.resource.XtextResource;
import org.junit.jupiter.api.Test;

/** The prediction hover on publish and subscribe, checked against the language's own predictions. */
class HoverTest {

	@Test
	void publishShowsThePredictionOfItsTransportAndTheRanking() {
		XtextResource sar = loadFile("examples/sar/sar.adamant");
		String text = text(sar);
		int offset = text.indexOf("publish InfraredScan") + 2;
		AdamantHoverText.Hover hover = AdamantHoverText.at(sar, offset).orElseThrow();
		assertEquals(text.indexOf("publish InfraredScan"), hover.offset());
		assertTrue(text.substring(hover.offset(), hover.offset() + hover.length()).endsWith("transport nakcast"));

		Publication p = (Publication) ((Application) ((Model) sar.getContents().get(0)).getElements().stream()
				.filter(e -> e instanceof Application a && "uav_gateway".equals(a.getName())).findFirst().orElseThrow())
				.getEndpoints().get(0);
		FlowPrediction nakcast = TransportRanking.predict(Flow.of(p), p.getBinding().getTransport()).orElseThrow();
		String md = hover.markdown();
		assertTrue(md.startsWith("**publish InfraredScan** in application `uav_gateway`"), md);
		assertTrue(md.contains("100 Hz × 12 B to 3 receiver(s); environment `datacenter_lan`: loss 1 %, rtt 200 us"), md);
		assertTrue(md.contains("Transport **nakcast** (bound): predicted mean latency **"
				+ Format.duration(nakcast.meanLatency()) + "**, delivery **"), md);
		assertTrue(md.contains("ReLate2 **" + Format.duration(nakcast.relate2()) + "**"), md);
		// the ranking table: a header and one row per catalog transport, the bound one marked
		assertTrue(md.contains("| # | transport | mean latency | delivery | ReLate2 | feasible |"), md);
		List<TransportRanking.Assessment> ranking = TransportRanking.rank(p);
		assertEquals(ranking.size(), md.lines().filter(l -> l.matches("\\| \\d+ \\| .*")).count(), md);
		assertTrue(md.lines().anyMatch(l -> l.matches("\\| \\d+ \\| nakcast ◀ \\| .* \\| yes \\|")), md);
		assertTrue(md.contains("no: reliable-on-unreliable-transport"), md); // baseline cannot carry a reliable flow
	}

	@Test
	void transportReferenceAndSubscribeAndAuto() {
		XtextResource resource = load(HEADER + """
				environment lan { multicast available loss 2 % rtt 1 ms }
				qos BE { reliability best_effort }
				topic T : Scan qos BE
				application a { environment lan publish T rate 50 Hz transport auto }
				application b { environment lan instances 4 subscribe T transport ricochet }
				struct Other { int32 x; }
				""");
		String text = text(resource);
		String onAuto = AdamantHoverText.markdown(resource, text.indexOf("auto") + 1).orElseThrow();
		assertTrue(onAuto.contains("(chosen by `transport auto`): predicted mean latency"), onAuto);
		String onReader = AdamantHoverText.markdown(resource, text.indexOf("ricochet }") + 3).orElseThrow();
		assertTrue(onReader.startsWith("**subscribe T** in application `b`"), onReader);
		assertTrue(onReader.contains("From application 'a' (publish T):"), onReader);
		assertTrue(onReader.contains("Transport **ricochet** (this reader's binding): predicted mean latency"), onReader);
		assertTrue(onReader.contains("50 Hz × 8 B to 4 receiver(s)"), onReader);
		assertTrue(AdamantHoverText.markdown(resource, text.indexOf("struct Other") + 2).isEmpty());
	}

	@Test
	void publicationWithoutRateSaysWhatIsMissing() {
		XtextResource resource = load(HEADER + "topic T : Scan\napplication a { publish T transport nakcast }\n");
		String md = AdamantHoverText.markdown(resource, text(resource).indexOf("publish")).orElseThrow();
		assertTrue(md.contains("No prediction: the publication needs a rate with a unit, e.g. `rate 10 Hz`."), md);
	}

	@Test
	void defaultsAndUnpairedEndpoints() {
		XtextResource resource = load(HEADER + """
				qos R { reliability reliable history keep_last 4 }
				topic T : Scan
				application a { publish T rate 10 Hz transport nakcast }
				application b { domain 2 subscribe T qos R transport nakcast }
				""");
		String text = text(resource);
		String writer = AdamantHoverText.markdown(resource, text.indexOf("publish")).orElseThrow();
		// the writer states nothing: DDS defaults, a writer's reliability among them
		assertTrue(writer.contains("QoS of this writer (no profile)"), writer);
		assertTrue(writer.contains("| reliability | *reliable max_blocking_time 100 ms* |"), writer);
		assertTrue(writer.contains("| durability | *volatile* |"), writer);
		assertTrue(writer.contains("No exchange with application 'b' (subscribe T): domain 0 (writer) vs 2 (reader)"), writer);
		String reader = AdamantHoverText.markdown(resource, text.indexOf("subscribe")).orElseThrow();
		assertTrue(reader.contains("QoS of this reader (profile `R`)"), reader);
		assertTrue(reader.contains("| reliability | `reliable` |"), reader);
		assertTrue(reader.contains("| history | `keep_last 4` |"), reader);
		assertTrue(reader.contains("| deadline | *infinite* |"), reader);
	}
}
