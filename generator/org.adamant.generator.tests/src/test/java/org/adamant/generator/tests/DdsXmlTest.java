package org.adamant.generator.tests;

import static org.adamant.generator.tests.CliTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.adamant.generator.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * {@code adamant export-qos} and {@code import-qos}: DDS-XML valid against OpenDDS's dds_qos.xsd (a copy
 * in src/test/resources/dds-xml), export → import → export byte-equal, errors with file:line:col.
 */
class DdsXmlTest {

	static final Path EVERY_POLICY = Models.repoRoot()
			.resolve("generator/org.adamant.generator.tests/src/test/resources/dds-xml/every-policy.adamant");

	/** The standard library's and the examples' models, and one that states every policy. */
	static Stream<Path> models() throws IOException {
		List<Path> models = new ArrayList<>();
		for (String dir : List.of("profiles", "examples/sar", "examples/blueforce")) {
			try (Stream<Path> files = Files.list(Models.repoRoot().resolve(dir))) {
				files.filter(f -> f.toString().endsWith(".adamant")).sorted().forEach(models::add);
			}
		}
		models.add(EVERY_POLICY);
		return models.stream();
	}

	@ParameterizedTest
	@MethodSource("models")
	void exportImportExportIsByteEqualAndValid(Path model, @TempDir Path dir) throws Exception {
		Path first = dir.resolve("qos.xml");
		Result exported = cli("export-qos", model.toString(), "-o", first.toString());
		assertEquals(0, exported.code(), exported.out() + exported.err());
		assertSchemaValid(first);
		Path imported = dir.resolve("profiles.adamant");
		Result in = cli("import-qos", first.toString(), "-o", imported.toString());
		if (!Files.readString(first).contains("<qos_profile")) { // the transport catalog states no QoS
			assertEquals(1, in.code(), in.out() + in.err());
			assertTrue(in.err().contains("[adamant.dds-xml.unsupported-value] no <qos_profile> in <dds>: nothing to "
					+ "import"), in.err());
			return;
		}
		assertEquals(0, in.code(), in.out() + in.err());
		Result valid = cli("validate", imported.toString());
		assertEquals(0, valid.code(), valid.out() + valid.err());
		assertTrue(valid.out().contains("0 errors, 0 warnings"), valid.out());
		Path second = dir.resolve("again.xml");
		Result again = cli("export-qos", imported.toString(), "-o", second.toString());
		assertEquals(0, again.code(), again.out() + again.err());
		assertEquals(Files.readString(first), Files.readString(second));
	}

	@Test
	void everyPolicyGoesToTheEntitiesThatCarryIt(@TempDir Path dir) throws Exception {
		Document xml = export(EVERY_POLICY, dir);
		String p = "/dds/qos_profile[@name='Everything']/";
		// path under the profile -> value; durability and reliability are inherited from Base (flattened)
		String[][] expected = { { "@base_name", "Base" },
				{ "datareader_qos/durability/kind", "TRANSIENT_LOCAL_DURABILITY_QOS" },
				{ "datawriter_qos/reliability/max_blocking_time/nanosec", "1500000" },
				{ "topic_qos/lifespan/duration/sec", "1" }, { "topic_qos/lifespan/duration/nanosec", "500000000" },
				{ "datawriter_qos/resource_limits/max_instances", "LENGTH_UNLIMITED" },
				{ "datawriter_qos/ownership_strength/value", "7" },
				{ "datareader_qos/ownership/kind", "EXCLUSIVE_OWNERSHIP_QOS" },
				{ "datareader_qos/time_based_filter/minimum_separation/nanosec", "10000000" },
				{ "topic_qos/transport_priority/value", "3" },
				{ "subscriber_qos/presentation/access_scope", "GROUP_PRESENTATION_QOS" },
				{ "publisher_qos/partition/name/element[2]", "be\"ta" } };
		for (String[] e : expected) {
			assertEquals(e[1], xpath(xml, p + e[0]), e[0]);
		}
		// what an entity's QoS has no field for is not written there
		for (String absent : List.of("datareader_qos/lifespan", "datareader_qos/transport_priority",
				"topic_qos/ownership_strength", "datareader_qos/ownership_strength", "datawriter_qos/time_based_filter",
				"topic_qos/time_based_filter", "datawriter_qos/partition", "topic_qos/presentation")) {
			assertEquals("0", xpath(xml, "count(" + p + absent + ")"), absent);
		}
		assertEquals("0", xpath(xml, "count(/dds/qos_profile[@name='Bare']/*)"));
	}

	@Test
	void requirementsDdsCannotStateTravelInAProcessingInstruction(@TempDir Path dir) throws Exception {
		Path xml = dir.resolve("qos.xml");
		assertEquals(0, cli("export-qos", Models.repoRoot().resolve("profiles/tactical.adamant").toString(), "-o",
				xml.toString()).code());
		String text = Files.readString(xml);
		assertTrue(text.contains("\n<?adamant-qos profile=\"SensorImages\" priority=\"10\" unsequenced=\"true\"?>\n"), text);
		assertTrue(text.contains("<?adamant-qos profile=\"BlueForceTrack\" replacement=\"true\"?>"), text);
		// priority is applied as transport_priority, as the generated OpenDDS code does
		Document doc = parse(text);
		assertEquals("10", xpath(doc, "/dds/qos_profile[@name='SensorImages']/datawriter_qos/transport_priority/value"));
		Path back = dir.resolve("tactical.adamant");
		assertEquals(0, cli("import-qos", xml.toString(), "-o", back.toString()).code());
		String model = Files.readString(back);
		assertTrue(model.contains(
				"qos SensorImages {\n\treliability reliable\n\thistory keep_all\n\tpriority 10\n\tunsequenced\n}"), model);
	}

	@Test
	void importGivesBackExtendsWithOnlyWhatTheProfileChanges(@TempDir Path dir) throws Exception {
		Path xml = dir.resolve("rtesp.xml");
		assertEquals(0, cli("export-qos", Models.repoRoot().resolve("profiles/rtesp.adamant").toString(), "-o",
				xml.toString()).code());
		Path back = dir.resolve("rtesp.adamant");
		assertEquals(0, cli("import-qos", xml.toString(), "-o", back.toString()).code());
		String model = Files.readString(back);
		assertTrue(model.contains("qos MpegVideo extends Multimedia {\n\tmax_loss 6 %\n}"), model);
		assertTrue(model.contains("qos VideoStream extends MpegVideo {\n\thistory keep_last 1\n\tdeadline 40 ms\n"),
				model);
	}

	static final String UNKNOWN = """
			<?xml version="1.0" encoding="UTF-8"?>
			<?adamant-qos profile="P" colour="red"?>
			<dds xmlns="http://www.omg.org/dds">
			  <qos_profile name="P">
			    <datawriter_qos>
			      <reliability><kind>RELIABLE_RELIABILITY_QOS</kind></reliability>
			      <user_data><value>1,2</value></user_data>
			      <history><kind>KEEP_LAST_HISTORY_QOS</kind><colour>red</colour></history>
			    </datawriter_qos>
			    <datareader_qos>
			      <reliability><kind>BEST_EFFORT_RELIABILITY_QOS</kind></reliability>
			    </datareader_qos>
			    <frobnicate/>
			  </qos_profile>
			</dds>
			""";

	@Test
	void whatTheLanguageCannotStateIsReportedWithLineAndColumnAndNothingIsWritten(@TempDir Path dir)
			throws IOException {
		Path xml = dir.resolve("vendor.xml");
		Files.writeString(xml, UNKNOWN);
		Path out = dir.resolve("out.adamant");
		Result r = cli("import-qos", xml.toString(), "-o", out.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertFalse(Files.exists(out));
		String f = xml.toString();
		List<String> expected = List.of(
				f + ":2:1: error: [adamant.dds-xml.unknown-element] 'colour' in <?adamant-qos?>",
				f + ":7:7: error: [adamant.dds-xml.unknown-element] <user_data> in <datawriter_qos> has no form",
				f + ":8:50: error: [adamant.dds-xml.unknown-element] <colour> in <history>",
				f + ":11:7: error: [adamant.dds-xml.unsupported-value] <reliability> in <datareader_qos> differs from "
						+ "the one in <datawriter_qos> at line 6",
				f + ":13:5: error: [adamant.dds-xml.unknown-element] <frobnicate> in <qos_profile>");
		List<String> lines = r.err().lines().toList();
		for (String e : expected) {
			assertTrue(lines.stream().anyMatch(l -> l.startsWith(e)), e + "\nin:\n" + r.err());
		}
		assertTrue(r.err().contains("not imported: 5 problems"), r.err());
	}

	@Test
	void malformedXmlIsReportedWhereTheParserStopped(@TempDir Path dir) throws IOException {
		Path xml = dir.resolve("broken.xml");
		Files.writeString(xml, "<?xml version=\"1.0\"?>\n<dds xmlns=\"http://www.omg.org/dds\">\n"
				+ "  <qos_profile name=\"P\">\n  </qos_profil>\n</dds>\n");
		Result r = cli("import-qos", xml.toString(), "-o", dir.resolve("out.adamant").toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().startsWith(xml + ":4:"), r.err());
		assertTrue(r.err().contains("[adamant.dds-xml.malformed] not well-formed XML: "), r.err());
	}

	@Test
	void infiniteDurationsUnknownKindsAndStrayTextAreNotGuessed(@TempDir Path dir) throws IOException {
		Path xml = dir.resolve("q.xml");
		Files.writeString(xml, """
				<dds xmlns="http://www.omg.org/dds">
				  <qos_profile name="P">
				    <topic_qos>
				      <deadline><period><sec>DURATION_INFINITE_SEC</sec></period></deadline>
				      <durability><kind>FOREVER</kind></durability>
				      <history>keep all<kind>KEEP_ALL_HISTORY_QOS</kind></history>
				    </topic_qos>
				  </qos_profile>
				</dds>
				""");
		Result r = cli("import-qos", xml.toString(), "-o", dir.resolve("out.adamant").toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains(xml + ":4:25: error: [adamant.dds-xml.unsupported-value] period is infinite"),
				r.err());
		assertTrue(r.err().contains(xml + ":5:19: error: [adamant.dds-xml.unsupported-value] 'FOREVER' is not a "
				+ "durability kind: write one of VOLATILE_DURABILITY_QOS"), r.err());
		assertTrue(r.err().contains(xml + ":6:7: error: [adamant.dds-xml.unknown-element] text 'keep all' in <history>"),
				r.err());
	}

	@Test
	void omgQosLibrariesImport(@TempDir Path dir) throws IOException {
		Path xml = dir.resolve("lib.xml");
		Files.writeString(xml, """
				<dds xmlns="http://www.omg.org/dds">
				  <qos_library name="Lib">
				    <qos_profile name="Base">
				      <datareader_qos><reliability><kind>RELIABLE_RELIABILITY_QOS</kind></reliability></datareader_qos>
				    </qos_profile>
				    <qos_profile name="Derived" base_name="Lib::Base">
				      <datawriter_qos><history><kind>KEEP_ALL_HISTORY_QOS</kind></history></datawriter_qos>
				    </qos_profile>
				  </qos_library>
				</dds>
				""");
		Path out = dir.resolve("lib.adamant");
		Result r = cli("import-qos", xml.toString(), "-o", out.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		assertTrue(Files.readString(out).endsWith("""
				qos Base {
					reliability reliable
				}

				qos Derived extends Base {
					history keep_all
				}
				"""), Files.readString(out));
	}

	@Test
	void aQosLibraryForOmgLoadersRoundTripsToo(@TempDir Path dir) throws IOException {
		String rtesp = Models.repoRoot().resolve("profiles/rtesp.adamant").toString();
		Path xml = dir.resolve("rtesp.xml");
		assertEquals(0, cli("export-qos", rtesp, "-o", xml.toString(), "--library", "RTESP").code());
		String text = Files.readString(xml);
		assertTrue(text.contains("\n  <qos_library name=\"RTESP\">\n    <qos_profile name=\"Multimedia\">\n"), text);
		assertTrue(text.contains("<qos_profile name=\"MpegVideo\" base_name=\"RTESP::Multimedia\">"), text);
		Path back = dir.resolve("rtesp.adamant");
		assertEquals(0, cli("import-qos", xml.toString(), "-o", back.toString()).code());
		Path again = dir.resolve("again.xml");
		assertEquals(0, cli("export-qos", back.toString(), "-o", again.toString(), "--library", "RTESP").code());
		assertEquals(text, Files.readString(again));
		Result bad = cli("export-qos", rtesp, "-o", again.toString(), "--library", "a::b");
		assertEquals(2, bad.code(), bad.err());
		assertTrue(bad.err().contains("--library 'a::b' is not a DDS-XML name"), bad.err());
	}

	@Test
	void exportRefusesProfileNamesTheSchemaCannotTake(@TempDir Path dir) throws IOException {
		Path model = Models.write(dir, "m.adamant", "model m\nqos Fast_Path { reliability reliable }\n");
		Path xml = dir.resolve("q.xml");
		Result r = cli("export-qos", model.toString(), "-o", xml.toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains(model + ":2:5: error: [adamant.dds-xml.unsupported-value] profile name "
				+ "'Fast_Path' is not a DDS-XML profile name"), r.err());
		assertFalse(Files.exists(xml));
	}

	@Test
	void exportRefusesAModelWithErrors(@TempDir Path dir) throws IOException {
		Path model = Models.write(dir, "bad.adamant", CliTest.RELIABLE_ON_UDP);
		Result r = cli("export-qos", model.toString(), "-o", dir.resolve("q.xml").toString());
		assertEquals(1, r.code(), r.out() + r.err());
		assertTrue(r.err().contains("not exported: fix the model's errors first"), r.err());
	}

	@Test
	void theSchemaCheckCatchesAnInvalidFile() throws Exception {
		String bad = "<dds xmlns=\"http://www.omg.org/dds\"><qos_profile name=\"P\"><datareader_qos><history>"
				+ "<depth>0</depth></history></datareader_qos></qos_profile></dds>";
		assertThrows(SAXException.class, () -> schema().newValidator().validate(new StreamSource(new StringReader(bad))));
	}

	static Schema schema() throws SAXException {
		SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
		return f.newSchema(DdsXmlTest.class.getResource("/dds-xml/dds_qos.xsd"));
	}

	static void assertSchemaValid(Path xml) throws SAXException, IOException {
		schema().newValidator().validate(new StreamSource(xml.toFile()));
	}

	static Document export(Path model, Path dir) throws Exception {
		Path xml = dir.resolve("qos.xml");
		Result r = cli("export-qos", model.toString(), "-o", xml.toString());
		assertEquals(0, r.code(), r.out() + r.err());
		return parse(Files.readString(xml));
	}

	static Document parse(String text) throws Exception {
		DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
		return f.newDocumentBuilder().parse(new InputSource(new StringReader(text)));
	}

	/** XPath over the document without namespaces (the factory is not namespace aware). */
	static String xpath(Document doc, String expression) throws Exception {
		return (String) XPathFactory.newInstance().newXPath().evaluate(expression, doc, XPathConstants.STRING);
	}
}
