package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.ParameterValue.Source;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.StreamSettings;
import org.adamant.dsl.lowering.SweepVariants;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.semantics.TransportParameters;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.junit.jupiter.api.Test;

/** The lowering of the model onto the runtime: parameter precedence, units, transports and sweeps. */
class LoweringTest {

	private static final String MODEL = AdamantTestSupport.SCAN_HEADER + """
			topic Scans : Scan
			transport set_and_declared { cast multicast reliability reliable ordering ordered
				maps to runtime nakcast(timeout = 25 ms) param timeout default 80 ms }
			transport declared_only { cast multicast reliability reliable ordering ordered
				maps to runtime nakcast param timeout default 80 ms }
			transport bare_nakcast { cast multicast reliability reliable ordering ordered maps to runtime nakcast }
			transport lec { cast multicast reliability probabilistic ordering unordered
				maps to runtime ricochet(r = 4) param c default 2 }
			transport bare_fec { cast multicast reliability probabilistic ordering unordered maps to runtime fec }
			transport plain_mockets { cast unicast reliability reliable ordering ordered maps to runtime replace }
			experiment sweep {
				topic Scans
				transports bare_nakcast, lec
				receivers 3
				loss 1 %
				updates 100
				nak_timeout 25 ms, 1500 us
				r 4, 8
				c 1, 2
			}
			""";

	@Test
	void theModelsValueBeatsTheCatalogsWhichBeatsTheContracts() throws Exception {
		Resource resource = load();
		ParameterValue set = TransportParameters.resolve(transport(resource, "set_and_declared"), "nak_timeout");
		assertEquals(Source.MODEL, set.source());
		assertEquals(0.025, set.value(), 1e-12);
		ParameterValue declared = TransportParameters.resolve(transport(resource, "declared_only"), "nak_timeout");
		assertEquals(Source.CATALOG, declared.source());
		assertEquals(0.080, declared.value(), 1e-12);
		ParameterValue bare = TransportParameters.resolve(transport(resource, "bare_nakcast"), "nak_timeout");
		assertEquals(Source.CONTRACT, bare.source());
		assertEquals(RuntimeContract.get().defaultValue("nak_timeout", "nakcast"), bare.value(), 1e-12);
	}

	@Test
	void valuesCarryTheContractsUnitAndRuntimeSpelling() throws Exception {
		ParameterValue timeout = TransportParameters.resolve(transport(load(), "set_and_declared"), "nak_timeout");
		assertEquals("duration", timeout.type());
		assertEquals("us", timeout.unit());
		assertEquals(25_000L, timeout.inUnit());
		assertEquals("25ms", timeout.option());
		assertEquals("1500us", timeout.with(0.0015, Source.SWEEP).option());
		assertEquals("2s", timeout.with(2, Source.SWEEP).option());
		ParameterValue r = TransportParameters.resolve(transport(load(), "lec"), "r");
		assertEquals("", r.unit());
		assertEquals("4", r.option());
	}

	@Test
	void defaultsFollowTheRuntimeKind() throws Exception {
		Resource resource = load();
		RuntimeContract contract = RuntimeContract.get();
		RuntimeTransport fec = TransportLowering.resolve(transport(resource, "bare_fec")).orElseThrow();
		assertEquals(Math.round(contract.defaultValue("r", "fec")), fec.lecR());
		assertEquals(Math.round(contract.defaultValue("c", "fec")), fec.lecC());
		RuntimeTransport lec = TransportLowering.resolve(transport(resource, "lec")).orElseThrow();
		assertEquals(4, lec.lecR());
		assertEquals(Source.CATALOG, lec.c().source());
		assertEquals(2, lec.lecC());
		// replace without the catalog's `replacement` runs as the runtime's fifo sender
		assertEquals("fifo", TransportLowering.resolve(transport(resource, "plain_mockets")).orElseThrow().kind());
	}

	@Test
	void engineOptionsAreTheKindsInTheContractsOrder() throws Exception {
		Resource resource = load();
		Map<String, String> nakcast = TransportLowering.resolve(transport(resource, "set_and_declared")).orElseThrow()
				.engineOptions();
		assertEquals(List.of("nak_timeout"), List.copyOf(nakcast.keySet()));
		assertEquals("25ms", nakcast.get("nak_timeout"));
		Map<String, String> ricochet = TransportLowering.resolve(transport(resource, "lec")).orElseThrow()
				.engineOptions();
		assertEquals(List.of("r", "c", "nak_fallback"), List.copyOf(ricochet.keySet()));
		assertEquals("4", ricochet.get("r"));
		assertEquals("2", ricochet.get("c"));
		assertTrue(TransportLowering.resolve(transport(resource, "plain_mockets")).orElseThrow().engineOptions()
				.isEmpty());
	}

	@Test
	void variantsEnumerateEachTransportsOwnSweepsInOrder() throws Exception {
		Experiment x = EcoreUtil2.getAllContentsOfType(load().getContents().get(0), Experiment.class).get(0);
		List<SweepVariants.Variant> variants = SweepVariants.of(x);
		// nakcast has only nak_timeout (2 values); ricochet r × c (2 × 2), the first sweep varying slowest
		assertEquals(List.of("bare_nakcast nak_timeout 25.0 ms", "bare_nakcast nak_timeout 1500.0 us",
				"lec r 4.0, c 1.0", "lec r 4.0, c 2.0", "lec r 8.0, c 1.0", "lec r 8.0, c 2.0"),
				variants.stream().map(LoweringTest::label).toList());
		assertEquals(25_000L, variants.get(0).transport().nakTimeoutUs());
		assertEquals(1_500L, variants.get(1).transport().nakTimeoutUs());
		assertEquals(Source.SWEEP, variants.get(1).transport().nakTimeout().source());
		assertEquals(8, variants.get(5).transport().lecR());
		assertEquals(2, variants.get(5).transport().lecC());
		assertEquals(Map.of("r", "8", "c", "1", "nak_fallback", "0"), variants.get(4).transport().engineOptions());
		// the swept values do not leak into the catalog's resolution
		assertEquals(4, TransportLowering.resolve(transport(load(), "lec")).orElseThrow().lecR());
		assertFalse(variants.get(0).transport().isReplaceFamily());
	}

	@Test
	void aStreamsDeliveryClassIsItsQos() throws Exception {
		Resource resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + """
				qos Images { reliability reliable unsequenced priority 10 }
				qos Lossy { reliability best_effort }
				topic Pictures : Scan qos Images
				topic Chatter : Scan qos Lossy
				topic Plain : Scan
				""");
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		Map<String, Topic> topics = new java.util.HashMap<>();
		EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Topic.class).forEach(t -> topics.put(t.getName(), t));
		assertFalse(StreamSettings.sequenced(topics.get("Pictures")));
		assertTrue(StreamSettings.reliable(topics.get("Pictures")));
		assertEquals(10, StreamSettings.priority(topics.get("Pictures")));
		assertTrue(StreamSettings.sequenced(topics.get("Chatter")));
		assertFalse(StreamSettings.reliable(topics.get("Chatter")));
		assertTrue(StreamSettings.sequenced(topics.get("Plain")));
		assertTrue(StreamSettings.reliable(topics.get("Plain")));
	}

	@Test
	void replaceTimeoutsAndDeliveryClassAreStated() throws Exception {
		Resource resource = AdamantTestSupport.loadText(AdamantTestSupport.SCAN_HEADER + """
				transport timed { cast unicast reliability reliable ordering unordered replacement
					maps to runtime replace(enqueue_timeout = 2 s, retry_timeout = 500 ms) }
				transport plain { cast unicast reliability reliable ordering ordered replacement maps to runtime replace }
				""");
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		RuntimeTransport timed = TransportLowering.resolve(transport(resource, "timed")).orElseThrow();
		// the OpenDDS plugin's keys: the timeouts (it has no delivery class option)
		assertEquals(Map.of("enqueue_timeout", "2s", "retry_timeout", "500ms"), timed.engineOptions());
		assertEquals(List.of("enqueue_timeout", "retry_timeout", "sequenced"),
				timed.stated().stream().map(ParameterValue::name).toList());
		assertEquals(0, timed.replace().sequenced().inUnit());
		assertEquals(Source.CATALOG, timed.replace().sequenced().source());
		RuntimeTransport plain = TransportLowering.resolve(transport(resource, "plain")).orElseThrow();
		assertTrue(plain.stated().isEmpty());
		assertTrue(plain.engineOptions().isEmpty());
		assertEquals(1, plain.replace().sequenced().inUnit());
	}

	private static String label(SweepVariants.Variant v) {
		return v.transport().transport().getName() + " " + String.join(", ",
				v.swept().stream().map(p -> p.name() + " " + p.value().getValue() + " " + p.value().getUnit()).toList())
				.replace(" null", "");
	}

	private static Resource load() throws Exception {
		Resource resource = AdamantTestSupport.loadText(MODEL);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		return resource;
	}

	private static Transport transport(Resource resource, String name) {
		return EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Transport.class).stream()
				.filter(t -> name.equals(t.getName())).findFirst().orElseThrow();
	}
}
