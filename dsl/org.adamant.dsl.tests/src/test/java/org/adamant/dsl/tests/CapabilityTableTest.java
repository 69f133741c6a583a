package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.adamant.dsl.adamant.AdamantFactory;
import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.Policy;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.DdsDefaults;
import org.adamant.dsl.semantics.TransportCapabilities;
import org.adamant.dsl.semantics.TransportCapabilities.Capability;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;

/**
 * The capability table and the defaults table cover the whole language: every policy × every
 * transport kind (runtime kinds of the contract, with and without replacement; OpenDDS kinds) has an
 * entry, so a new policy or kind cannot be forgotten.
 */
class CapabilityTableTest {

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;
	private static final AdamantFactory F = AdamantFactory.eINSTANCE;

	/** Every concrete policy class of the metamodel. */
	private static List<EClass> policies() {
		List<EClass> result = new ArrayList<>();
		for (EClassifier c : P.getEClassifiers()) {
			if (c instanceof EClass e && !e.isAbstract() && e != P.getPolicy() && P.getPolicy().isSuperTypeOf(e)) {
				result.add(e);
			}
		}
		assertTrue(result.size() >= 18, result::toString);
		return result;
	}

	/** One transport per kind a catalog can map to, declaring every capability (so only the kind limits it). */
	private static List<Transport> kinds() {
		List<Transport> result = new ArrayList<>();
		for (RuntimeTransportKind k : RuntimeTransportKind.VALUES) {
			for (boolean replacement : new boolean[] { false, true }) {
				RuntimeMapping m = F.createRuntimeMapping();
				m.setKind(k);
				result.add(transport(k.getLiteral() + (replacement ? "+replacement" : ""), m, replacement));
			}
		}
		for (OpenDdsTransportKind k : OpenDdsTransportKind.VALUES) {
			OpenDdsMapping m = F.createOpenDdsMapping();
			m.setKind(k);
			result.add(transport("opendds " + k.getLiteral(), m, false));
		}
		return result;
	}

	private static Transport transport(String name, org.adamant.dsl.adamant.TransportMapping m, boolean replacement) {
		Transport t = F.createTransport();
		t.setName(name);
		t.setMapping(m);
		t.setReplacement(replacement);
		return t;
	}

	@Test
	void everyPolicyTimesEveryKindHasAnEntry() {
		int pairs = 0;
		for (EClass policy : policies()) {
			assertTrue(TransportCapabilities.NEEDS.containsKey(policy), "capability table lacks " + policy.getName());
			Policy p = (Policy) EcoreUtil.create(policy);
			for (Transport t : kinds()) {
				assertDoesNotThrow(() -> TransportCapabilities.needs(p)
						.forEach(n -> TransportCapabilities.satisfies(t, n)), policy.getName() + " on " + t.getName());
				pairs++;
			}
		}
		assertEquals(policies().size() * kinds().size(), pairs);
	}

	@Test
	void everyPolicyHasItsDefault() {
		for (EClass policy : policies()) {
			assertTrue(DdsDefaults.of(policy).isPresent(), "defaults table lacks " + policy.getName());
		}
		assertEquals(policies().size(), DdsDefaults.TABLE.size());
		assertEquals("reliable max_blocking_time 100 ms", DdsDefaults.of(P.getReliabilityPolicy()).get()
				.forRole(DdsDefaults.Role.WRITER));
		assertEquals("best_effort", DdsDefaults.of(P.getReliabilityPolicy()).get().forRole(DdsDefaults.Role.READER));
	}

	@Test
	void everyKindHasItsOffers() {
		RuntimeContract contract = RuntimeContract.get();
		for (String word : contract.capabilities()) {
			assertDoesNotThrow(() -> Capability.of(word), word);
		}
		for (String kind : contract.kinds()) {
			assertDoesNotThrow(() -> contract.offers(kind), kind);
		}
		for (RuntimeTransportKind k : RuntimeTransportKind.VALUES) {
			assertTrue(contract.kinds().contains(k.getLiteral()), k.getLiteral());
		}
		// the adaptive channel switches between catalog transports; a model cannot map one to it, so
		// neither `auto`'s ranking nor an adaptive flow's candidates can pick it
		assertTrue(contract.kinds().contains("adaptive"), contract.kinds()::toString);
		assertEquals(null, RuntimeTransportKind.get("adaptive"));
		for (OpenDdsTransportKind k : OpenDdsTransportKind.VALUES) {
			assertTrue(TransportCapabilities.OPENDDS.containsKey(k), k.getLiteral());
		}
		// the runtime's engines as the contract states them
		assertEquals(List.of("reliable", "ordered"), contract.offers("nakcast"));
		assertTrue(contract.offers("replace").contains("replacement"));
		assertTrue(!contract.offers("fifo").contains("replacement"));
	}
}
