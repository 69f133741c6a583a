package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Predictions;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * The runtime's contract table (runtime/contract/contract.json, printed by {@code ant-contract --json}
 * from runtime/include/adamant/contract.hpp; a CTest keeps the two equal) as the language reads it:
 * the bundled copy is the checked-in one, the transport catalog agrees with it, and a changed table
 * is picked up by defaults, predictions and validation.
 */
class RuntimeContractTest {

	private static final Path CHECKED_IN = AdamantTestSupport.ROOT.resolve("runtime/contract/contract.json");

	@Test
	void bundledTableIsTheCheckedInOne() throws IOException {
		RuntimeContract file = RuntimeContract.read(CHECKED_IN);
		RuntimeContract bundled = RuntimeContract.bundled();
		assertEquals(file.parameters(), bundled.parameters(),
				"the language bundle carries an old contract.json: rebuild dsl/org.adamant.dsl");
		assertEquals(file.units(), bundled.units());
		assertEquals(file.kinds(), bundled.kinds());
		assertEquals(file.resultColumns(), bundled.resultColumns());
	}

	@Test
	void languageUnitsAreTheContracts() {
		RuntimeContract c = RuntimeContract.get();
		for (Dimension d : Dimension.values()) {
			List<RuntimeContract.Unit> units = c.units(d.contractName());
			assertEquals(String.join(", ", units.stream().map(RuntimeContract.Unit::symbol).toList()), d.unitList());
			for (RuntimeContract.Unit u : units) {
				assertEquals(u.toBase(), d.toBase(1, u.symbol()), u.symbol());
			}
		}
		// docs/language.md: 1 KB = 1024 B, 1 kbit/s = 125 B/s, 1 Mbit/s = 125,000 B/s; the runtime's
		// command lines read the same table (runtime/tests/contract_test.cpp: --bandwidth 5KB/s = 5120 B/s)
		assertEquals(5120.0, Dimension.BANDWIDTH.toBase(5, "KB/s"));
		assertEquals(1024.0, Dimension.SIZE.toBase(1, "KB"));
		assertEquals(125.0, Dimension.BANDWIDTH.toBase(1, "kbit/s"));
		assertEquals(125_000.0, Dimension.BANDWIDTH.toBase(1, "Mbit/s"));
	}

	/**
	 * Every runtime transport of the catalog: its kind is the contract's, its mapping parameters and
	 * {@code param} declarations are parameters the contract gives that kind, within the contract's
	 * range. The rule for defaults: a transport named as its runtime kind ({@code nakcast},
	 * {@code ricochet}, {@code fec}) is the runtime's own entry, so its values are the contract's
	 * defaults; any other ({@code nakcast_25ms}, {@code ricochet_r4}) is a deliberate variant, and its
	 * declared {@code param} default is its own mapping value.
	 */
	@Test
	void catalogAgreesWithTheContract() {
		RuntimeContract c = RuntimeContract.get();
		Resource catalog = AdamantTestSupport.load("profiles/transports.adamant");
		assertTrue(catalog.getErrors().isEmpty(), () -> "catalog: " + catalog.getErrors());
		List<String> problems = new ArrayList<>();
		int runtimeTransports = 0;
		for (Transport t : EcoreUtil2.getAllContentsOfType(catalog.getContents().get(0), Transport.class)) {
			if (!(t.getMapping() instanceof RuntimeMapping m)) {
				continue;
			}
			runtimeTransports++;
			String kind = m.getKind() == org.adamant.dsl.adamant.RuntimeTransportKind.REPLACE && !t.isReplacement()
					? "fifo" : m.getKind().getLiteral();
			String where = "profiles/transports.adamant: transport " + t.getName();
			if (!c.kinds().contains(kind)) {
				problems.add(where + ": runtime kind " + kind + " is not in the contract " + c.kinds());
				continue;
			}
			boolean reference = t.getName().equals(m.getKind().getLiteral());
			for (Parameter p : m.getParams()) {
				if (p.getKeyword() != null) {
					checkKeyword(problems, c, where + " maps to " + kind + "(" + p.getName() + ")", kind, p, reference);
					continue;
				}
				check(problems, c, where + " maps to " + kind + "(" + p.getName() + ")", kind, p.getName(), p.getValue(),
						reference);
			}
			for (TransportParameter p : t.getParameters()) {
				String what = where + " param " + p.getName();
				check(problems, c, what + " default", kind, p.getName(), p.getDefaultValue(), reference);
				check(problems, c, what + " range low", kind, p.getName(), p.getMin(), false);
				check(problems, c, what + " range high", kind, p.getName(), p.getMax(), false);
				Optional<Double> mapped = m.getParams().stream().filter(x -> x.getName().equals(p.getName())).findFirst()
						.flatMap(x -> Quantities.parameter(x.getName(), x.getValue()));
				Optional<Double> declared = Quantities.parameter(p.getName(), p.getDefaultValue());
				if (mapped.isPresent() && declared.isPresent() && !mapped.equals(declared)) {
					problems.add(what + ": declared default " + declared.get() + " is not the mapping's value "
							+ mapped.get());
				}
			}
		}
		assertTrue(runtimeTransports >= 5, "runtime transports in the catalog: " + runtimeTransports);
		assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
	}

	/** A word for a value is the contract's for the kind, and the kind's default where it must be. */
	private static void checkKeyword(List<String> problems, RuntimeContract c, String where, String kind, Parameter p,
			boolean mustBeDefault) {
		Optional<RuntimeContract.Keyword> k = c.modelParameter(p.getName()).flatMap(x -> x.keywordFor(kind))
				.filter(x -> x.name().equals(p.getKeyword()));
		if (k.isEmpty()) {
			problems.add(where + " = " + p.getKeyword() + ": not a word the contract gives " + kind);
		} else if (mustBeDefault && c.modelParameter(p.getName()).flatMap(x -> x.defaultFor(kind))
				.filter(d -> d == k.get().value()).isEmpty()) {
			problems.add(where + " = " + p.getKeyword() + " is not the contract's default for " + kind
					+ " (the transport named after its kind spells the runtime's defaults)");
		}
	}

	private static void check(List<String> problems, RuntimeContract c, String where, String kind, String name,
			Quantity q, boolean mustBeDefault) {
		if (q == null) {
			return;
		}
		Optional<RuntimeContract.Parameter> p = c.modelParameter(name).filter(x -> x.modelKinds().contains(kind));
		if (p.isEmpty()) {
			problems.add(where + ": the contract gives " + kind + " no parameter a model calls '" + name + "' (it has "
					+ c.modelNames(kind) + ")");
			return;
		}
		Optional<Double> v = Quantities.parameter(name, q);
		if (v.isEmpty()) {
			problems.add(where + ": no value in base units");
			return;
		}
		double min = c.toBase(p.get().min(), p.get().unit());
		double max = c.toBase(p.get().max(), p.get().unit());
		if (v.get() < min || v.get() > max) {
			problems.add(where + " = " + v.get() + " is outside the contract's range " + min + ".." + max);
		}
		double dflt = c.defaultValue(p.get().name(), kind);
		if (mustBeDefault && Math.abs(v.get() - dflt) > 1e-12 * Math.max(1, Math.abs(dflt))) {
			problems.add(where + " = " + v.get() + " is not the contract's default " + dflt + " for " + kind
					+ " (the transport named after its kind spells the runtime's defaults)");
		}
	}

	/** A copy of the checked-in table with another default and range is picked up by every reader. */
	@Test
	void changedTableIsPickedUpByDefaultsPredictionsAndValidation() throws IOException {
		String json = Files.readString(CHECKED_IN, StandardCharsets.UTF_8);
		String changed = replaceOnce(json, "\"nakcast\": 0,\n        \"ricochet\": 0\n",
				"\"nakcast\": 40000,\n        \"ricochet\": 40000\n"); // auto → 40 ms
		changed = replaceOnce(changed, "\"ricochet\": 8,", "\"ricochet\": 6,");
		changed = replaceOnce(changed, "\"max\": 64,\n      \"kinds\": [\n        \"ricochet\",\n        \"fec\"\n      ],\n      \"default\": {\n        \"ricochet\": 6",
				"\"max\": 16,\n      \"kinds\": [\n        \"ricochet\",\n        \"fec\"\n      ],\n      \"default\": {\n        \"ricochet\": 6");
		changed = replaceOnce(changed, "\"bytes\": 36,", "\"bytes\": 40,");
		RuntimeContract modified = RuntimeContract.parse(changed, "changed contract.json");

		String model = AdamantTestSupport.SCAN_HEADER + """
				transport plain_nakcast { cast multicast reliability reliable ordering ordered maps to runtime nakcast }
				transport wide_ricochet { cast multicast reliability probabilistic ordering unordered maps to runtime ricochet(r = 32, c = 3) }
				""";
		Resource resource = AdamantTestSupport.loadText(model);
		assertTrue(resource.getErrors().isEmpty(), () -> "syntax: " + resource.getErrors());
		Transport nakcast = transport(resource, "plain_nakcast");
		FlowScenario s = new FlowScenario(10, 100, 5, 0.02, 0.001, 0);

		double bundledTimeout = TransportParameters.nakTimeout(nakcast);
		double bundledLatency = TransportRanking.predict(s, nakcast).orElseThrow().meanLatency();
		double bundledHeader = Predictions.headerBytes();
		long bundledR = TransportParameters.contractDefault("r", "ricochet").inUnit();
		assertEquals(List.of(), rangeErrors(resource), "r = 32 is within the bundled range 1..64");
		try (RuntimeContract.Scope scope = RuntimeContract.use(modified)) {
			assertEquals(0.040, TransportParameters.nakTimeout(nakcast), 1e-12);
			assertEquals(0.040, TransportParameters.contractDefault("nak_timeout", "nakcast").value(), 1e-12);
			assertEquals(6L, TransportParameters.contractDefault("r", "ricochet").inUnit());
			assertEquals(bundledHeader + 4, Predictions.headerBytes());
			assertNotEquals(bundledLatency, TransportRanking.predict(s, nakcast).orElseThrow().meanLatency());
			assertEquals(Optional.of(new Quantities.Range(1, 16)), Quantities.runtimeRange("r"));
			Resource again = AdamantTestSupport.loadText(model);
			List<String> errors = rangeErrors(again);
			assertEquals(1, errors.size(), () -> "errors: " + errors);
			assertTrue(errors.get(0).contains("r = 32 is outside the runtime's range 1..16"), errors.get(0));
		}
		assertEquals(bundledTimeout, TransportParameters.nakTimeout(nakcast));
		assertEquals(bundledR, TransportParameters.contractDefault("r", "ricochet").inUnit());
		assertEquals(bundledHeader, Predictions.headerBytes());
	}

	private static List<String> rangeErrors(Resource resource) {
		return AdamantTestSupport.withCode(AdamantTestSupport.validate(resource), IssueCodes.PARAMETER_OUT_OF_RANGE)
				.stream().map(Issue::getMessage).toList();
	}

	private static Transport transport(Resource resource, String name) {
		return EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Transport.class).stream()
				.filter(t -> name.equals(t.getName())).findFirst().orElseThrow();
	}

	private static String replaceOnce(String text, String from, String to) {
		int at = text.indexOf(from);
		assertTrue(at >= 0 && text.indexOf(from, at + 1) < 0, () -> "expected once in contract.json: " + from);
		return text.substring(0, at) + to + text.substring(at + from.length());
	}
}
