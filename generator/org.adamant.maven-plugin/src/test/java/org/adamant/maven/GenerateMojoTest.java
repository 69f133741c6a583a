package org.adamant.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Runs the mojo as Maven would after injecting its parameters. */
class GenerateMojoTest {

	static Path repoRoot() {
		return Path.of(System.getProperty("adamant.repoRoot", "../..")).toAbsolutePath().normalize();
	}

	static GenerateMojo mojo(Path out) {
		GenerateMojo m = new GenerateMojo();
		m.outputDirectory = out.toFile();
		m.target = "all";
		m.openddsVersion = "current";
		return m;
	}

	@Test
	void generatesSarIntoATempDirectory(@TempDir Path dir) throws Exception {
		GenerateMojo m = mojo(dir.resolve("generated"));
		m.models = List.of(repoRoot().resolve("examples/sar/sar.adamant").toFile());
		m.execute();
		Path sar = dir.resolve("generated/sar");
		assertTrue(Files.isRegularFile(sar.resolve("native/CMakeLists.txt")));
		assertTrue(Files.isRegularFile(sar.resolve("opendds/src/uav_gateway.cpp")));
		assertTrue(Files.readString(sar.resolve("opendds/sar.idl")).contains("@topic"));
		// a second run replaces the directory it wrote
		m.execute();
		assertTrue(Files.isRegularFile(sar.resolve(".adamant-generated")));
	}

	@Test
	void openDdsVersionAndTargetAreApplied(@TempDir Path dir) throws Exception {
		GenerateMojo m = mojo(dir.resolve("out"));
		m.models = List.of(repoRoot().resolve("examples/sar/sar.adamant").toFile());
		m.target = "opendds";
		m.openddsVersion = "3.13";
		m.execute();
		Path sar = dir.resolve("out/sar");
		assertFalse(Files.exists(sar.resolve("native")));
		assertTrue(Files.readString(sar.resolve("opendds/sar.idl")).contains("#pragma DCPS_DATA_TYPE \"sar::ThermalScan\""));
	}

	@Test
	void modelDirectoryIsScanned(@TempDir Path dir) throws Exception {
		Path models = Files.createDirectories(dir.resolve("src/main/adamant"));
		Files.copy(repoRoot().resolve("profiles/transports.adamant"), models.resolve("transports.adamant"));
		Files.writeString(models.resolve("tiny.adamant"), """
				model tiny
				import "transports.adamant"
				struct S { @key uint32 id; }
				topic T : S
				application a { publish T rate 1 Hz transport baseline }
				""");
		GenerateMojo m = mojo(dir.resolve("out"));
		m.modelDirectory = models.toFile();
		m.execute();
		assertTrue(Files.isRegularFile(dir.resolve("out/tiny/native/src/a.cpp")));
		assertTrue(Files.isRegularFile(dir.resolve("out/transports/opendds/CMakeLists.txt")));
	}

	@Test
	void validationErrorsFailTheBuildWithTheDiagnostics(@TempDir Path dir) throws Exception {
		Files.copy(repoRoot().resolve("profiles/transports.adamant"), dir.resolve("transports.adamant"));
		Path bad = dir.resolve("bad.adamant");
		Files.writeString(bad, """
				model bad
				import "transports.adamant"
				struct S { @key uint32 id; }
				qos Q { reliability reliable }
				topic T : S qos Q
				application a { publish T rate 1 Hz transport opendds_udp }
				""");
		GenerateMojo m = mojo(dir.resolve("out"));
		m.models = List.of(bad.toFile());
		MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
		assertTrue(e.getMessage().contains("bad.adamant:6:"), e.getMessage());
		assertTrue(e.getMessage().contains("error"), e.getMessage());
		assertFalse(Files.exists(dir.resolve("out/bad")));
	}

	@Test
	void badParametersAreConfigurationErrors(@TempDir Path dir) {
		GenerateMojo m = mojo(dir);
		m.models = List.of(new File("x.adamant"));
		m.target = "corba";
		assertThrows(MojoExecutionException.class, m::execute);
		m.target = "all";
		m.openddsVersion = "2.0";
		MojoExecutionException e = assertThrows(MojoExecutionException.class, m::execute);
		assertTrue(e.getMessage().contains("3.13"), e.getMessage());
		m.openddsVersion = "current";
		assertEquals("x.adamant: no such file", assertThrows(MojoExecutionException.class, m::execute).getMessage());
	}

	/** Eclipse m2e runs a goal the plugin has, in incremental builds and on configuration changes. */
	@Test
	void m2eLifecycleMappingNamesTheGenerateGoal() throws Exception {
		Document m2e = xml("META-INF/m2e/lifecycle-mapping-metadata.xml");
		Document plugin = xml("META-INF/maven/plugin.xml"); // written by maven-plugin-plugin
		List<String> goals = texts(plugin, "goal");
		List<String> mapped = texts(m2e, "goal");
		assertEquals(List.of("generate"), mapped);
		assertTrue(goals.containsAll(mapped), goals.toString());
		assertEquals(List.of("true"), texts(m2e, "runOnIncremental"));
		assertEquals(List.of("true"), texts(m2e, "runOnConfiguration"));
	}

	private static Document xml(String resource) throws Exception {
		try (InputStream in = GenerateMojo.class.getClassLoader().getResourceAsStream(resource)) {
			assertNotNull(in, resource + " is not in the plugin jar");
			return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
		}
	}

	private static List<String> texts(Document d, String tag) {
		NodeList nodes = d.getElementsByTagName(tag);
		List<String> result = new ArrayList<>();
		for (int i = 0; i < nodes.getLength(); i++) {
			result.add(nodes.item(i).getTextContent().strip());
		}
		return result;
	}
}
