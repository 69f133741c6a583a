package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.load;
import static org.adamant.dsl.tests.AdamantTestSupport.loadText;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.PrimitiveKind;
import org.adamant.dsl.adamant.PrimitiveRef;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

class ParsingTest {

	@Test
	void sarExampleParsesResolvesAndValidatesClean() {
		Resource resource = load("examples/sar/sar.adamant");
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax errors: " + resource.getErrors());
		// information only: the adaptive flow's explanation of what it switches between
		List<Issue> issues = validate(resource).stream().filter(i -> i.getSeverity() != Severity.INFO).toList();
		assertTrue(issues.isEmpty(), () -> "unexpected issues: " + issues);

		var model = model(resource);
		assertEquals("sar", model.getModelName());
		StructType scan = (StructType) model.getElements().get(0);
		assertEquals("ThermalScan", scan.getName());
		assertEquals(3, scan.getMembers().size());
		assertTrue(scan.getMembers().get(0).isKey());
		assertEquals(PrimitiveKind.FLOAT, ((PrimitiveRef) scan.getMembers().get(2).getType()).getKind());

		Topic topic = AdamantTestSupport.named(resource, Topic.class, "InfraredScan");
		assertEquals("ThermalScanQos", topic.getQos().getName());

		Application uav = AdamantTestSupport.named(resource, Application.class, "uav_gateway");
		Publication publish = (Publication) uav.getEndpoints().get(0);
		assertEquals(100.0, Quantities.hertz(publish.getRate()));
		assertEquals(12.0, Quantities.bytes(publish.getPayload()));
		// The cross-file reference into profiles/transports.adamant is resolved.
		var transport = publish.getBinding().getTransport();
		assertFalse(transport.eIsProxy());
		RuntimeMapping mapping = (RuntimeMapping) transport.getMapping();
		assertEquals(RuntimeTransportKind.NAKCAST, mapping.getKind());
		assertEquals(0.05, Quantities.seconds(mapping.getParams().get(0).getValue()), 1e-12);

		Experiment experiment = AdamantTestSupport.named(resource, Experiment.class, "nakcast_smoke");
		assertEquals(List.of(3), experiment.getReceivers());
		assertEquals(2000, experiment.getUpdates());
		assertEquals(1.0, Quantities.percent(experiment.getLoss().get(0)));
	}

	@Test
	void transportCatalogParsesClean() {
		Resource resource = load("profiles/transports.adamant");
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax errors: " + resource.getErrors());
		assertTrue(validate(resource).isEmpty());
		List<String> names = model(resource).getElements().stream()
				.map(e -> ((org.adamant.dsl.adamant.Transport) e).getName()).collect(Collectors.toList());
		assertTrue(names.containsAll(List.of("baseline", "nakcast", "opendds_udp", "opendds_rtps_udp")), names::toString);
	}

	@Test
	void profileInheritanceLetsTheDerivedPolicyWin() throws Exception {
		Resource resource = loadText("""
				qos Base { reliability best_effort deadline 10 ms }
				qos Derived extends Base { reliability reliable }
				""");
		assertTrue(resource.getErrors().isEmpty(), () -> resource.getErrors().toString());
		var derived = (org.adamant.dsl.adamant.QosProfile) model(resource).getElements().get(1);
		EffectiveQos qos = EffectiveQos.of(derived);
		assertTrue(qos.isReliable());
		assertEquals(ReliabilityKind.RELIABLE, qos.get(ReliabilityPolicy.class).get().getKind());
		// The deadline is inherited from the parent.
		assertTrue(qos.get(org.adamant.dsl.adamant.DeadlinePolicy.class).isPresent());
	}

	@Test
	void interopNamesTheForeignVendorsOfAnApplication() throws Exception {
		Resource resource = loadText("""
				struct S { uint32 a; }
				topic T : S
				application gw { domain 0 interop cyclonedds, fastdds publish T }
				application viewer { subscribe T }
				""");
		assertTrue(resource.getErrors().isEmpty(), () -> resource.getErrors().toString());
		var gw = (org.adamant.dsl.adamant.Application) model(resource).getElements().get(2);
		assertEquals(List.of(org.adamant.dsl.adamant.DdsVendor.CYCLONEDDS, org.adamant.dsl.adamant.DdsVendor.FASTDDS),
				gw.getInterop());
		var viewer = (org.adamant.dsl.adamant.Application) model(resource).getElements().get(3);
		assertTrue(viewer.getInterop().isEmpty());
	}

	@Test
	void interopRejectsAnUnknownVendor() throws Exception {
		Resource resource = loadText("""
				struct S { uint32 a; }
				topic T : S
				application gw { interop cyclonedds, no_such_dds publish T }
				""");
		assertFalse(resource.getErrors().isEmpty());
	}

	@Test
	void syntaxErrorIsReportedWithItsLine() throws Exception {
		Resource resource = loadText("""
				struct S {
					uint32 a
				}
				""");
		assertFalse(resource.getErrors().isEmpty());
		var error = (org.eclipse.xtext.diagnostics.AbstractDiagnostic) resource.getErrors().get(0);
		assertEquals(3, error.getLine(), error::getMessage);
	}

	@Test
	void unresolvedTransportIsAnError() throws Exception {
		Resource resource = loadText("""
				import "transports.adamant"
				struct S { uint32 a; }
				topic T : S
				application a { publish T transport no_such_transport }
				""");
		assertTrue(resource.getErrors().isEmpty());
		List<Issue> issues = validate(resource);
		assertTrue(issues.stream().anyMatch(i -> i.getMessage().contains("no_such_transport")), issues::toString);
	}
}
