package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.INJECTOR;
import static org.adamant.dsl.tests.AdamantTestSupport.ROOT;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.adamant.dsl.tests.AdamantTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Diagnostic;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * Names across files: simple names of the file's own elements and of imported ones, qualified names
 * ({@code <model name>.<name>}), and the error for a simple name that two imports define.
 */
class ScopingTest {

	/** Two QoS libraries that both define {@code Fast}, and one profile each of their own. */
	static final Map<String, String> LIBRARIES = Map.of(
			"lib_a.adamant", """
					model lib.a
					qos Fast { reliability reliable }
					qos OnlyInA { history keep_all }
					""",
			"lib_b.adamant", """
					model lib.b
					qos Fast { reliability best_effort }
					qos OnlyInB { history keep_last 1 }
					""",
			"unnamed.adamant", """
					struct Cell { @key uint32 id; }
					""");

	/** Writes the libraries and {@code main.adamant} into a fresh directory and loads main with its imports. */
	static Resource load(String main) throws IOException {
		return load(main, Map.of());
	}

	static Resource load(String main, Map<String, String> more) throws IOException {
		Path dir = Files.createTempDirectory(ROOT.resolve("dsl/org.adamant.dsl.tests/target"), "scoping");
		Files.copy(ROOT.resolve("profiles/transports.adamant"), dir.resolve("transports.adamant"));
		for (Map.Entry<String, String> file : LIBRARIES.entrySet()) {
			Files.writeString(dir.resolve(file.getKey()), file.getValue());
		}
		for (Map.Entry<String, String> file : more.entrySet()) {
			Files.writeString(dir.resolve(file.getKey()), file.getValue());
		}
		Files.writeString(dir.resolve("main.adamant"), main);
		XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
		Resource resource = set.getResource(URI.createFileURI(dir.resolve("main.adamant").toString()), true);
		EcoreUtil2.resolveAll(resource);
		assertTrue(resource.getErrors().stream().noneMatch(org.eclipse.xtext.nodemodel.SyntaxErrorMessage.class::isInstance
				) && !((org.eclipse.xtext.resource.XtextResource) resource).getParseResult().hasSyntaxErrors(),
				() -> "syntax errors: " + resource.getErrors());
		return resource;
	}

	static final String HEADER = """
			model main
			import "transports.adamant"
			import "lib_a.adamant"
			import "lib_b.adamant"
			import "unnamed.adamant"
			""";

	static Topic topic(Resource resource, String name) {
		return model(resource).getElements().stream().filter(Topic.class::isInstance).map(Topic.class::cast)
				.filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
	}

	static String fileOf(org.eclipse.emf.ecore.EObject object) {
		assertFalse(object.eIsProxy(), "unresolved: " + object);
		return object.eResource().getURI().lastSegment();
	}

	@Test
	void importedNamesResolveByTheirSimpleNamesWhenOneImportDefinesThem() throws IOException {
		Resource resource = load(HEADER + """
				topic T : Cell qos OnlyInA
				topic U : Cell qos OnlyInB
				application app { publish T rate 10 Hz transport nakcast }
				""");
		assertEquals(List.of(), validate(resource).stream().filter(i -> i.getCode() != null
				&& (i.getCode().equals(Diagnostic.LINKING_DIAGNOSTIC) || i.getCode().equals(IssueCodes.AMBIGUOUS_NAME))).toList());
		assertEquals("lib_a.adamant", fileOf(topic(resource, "T").getQos()));
		assertEquals("lib_b.adamant", fileOf(topic(resource, "U").getQos()));
		assertEquals("unnamed.adamant", fileOf(topic(resource, "T").getType()));
		Publication publication = (Publication) ((Application) model(resource).getElements().get(2)).getEndpoints().get(0);
		assertEquals("transports.adamant", fileOf(publication.getBinding().getTransport()));
	}

	@Test
	void aNameTwoImportsDefineIsAnErrorThatNamesTheQualifiedNames() throws IOException {
		Resource resource = load(HEADER + "topic T : Cell qos Fast\n");
		List<Issue> ambiguous = withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME);
		assertEquals(1, ambiguous.size(), () -> validate(resource).toString());
		Issue issue = ambiguous.get(0);
		assertEquals(6, issue.getLineNumber());
		assertEquals(20, issue.getColumn());
		assertEquals("'Fast' is ambiguous: 2 imports define it (lib.a.Fast in lib_a.adamant, lib.b.Fast in lib_b.adamant); "
				+ "write the qualified name, e.g. 'lib.a.Fast'", issue.getMessage());
		assertEquals(List.of("lib.a.Fast", "lib.b.Fast"), List.of(issue.getData()));
		assertTrue(topic(resource, "T").getQos().eIsProxy());
	}

	@Test
	void aNameTwoUnnamedImportsDefineAsksForModelNames() throws IOException {
		Resource resource = load("""
				import "unnamed.adamant"
				import "unnamed_too.adamant"
				topic T : Cell
				""", Map.of("unnamed_too.adamant", "struct Cell { uint32 x; }\n"));
		List<Issue> ambiguous = withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME);
		assertEquals(1, ambiguous.size(), () -> validate(resource).toString());
		assertEquals("'Cell' is ambiguous: 2 imports define it (Cell in unnamed.adamant, Cell in unnamed_too.adamant); "
				+ "give the imported files distinct 'model' names and write the qualified name, e.g. 'lib.Cell'",
				ambiguous.get(0).getMessage());
	}

	@Test
	void twoImportsWithTheSameModelNameMakeEvenTheQualifiedNameAmbiguous() throws IOException {
		Resource resource = load(HEADER + "import \"lib_a_again.adamant\"\ntopic T : Cell qos lib.a.OnlyInA\n",
				Map.of("lib_a_again.adamant", "model lib.a\nqos OnlyInA { history keep_last 3 }\n"));
		List<Issue> ambiguous = withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME);
		assertEquals(1, ambiguous.size(), () -> validate(resource).toString());
		assertTrue(ambiguous.get(0).getMessage().startsWith("'lib.a.OnlyInA' is ambiguous: 2 imports define it"),
				ambiguous.get(0).getMessage());
		assertTrue(ambiguous.get(0).getMessage().contains("distinct 'model' names"), ambiguous.get(0).getMessage());
	}

	@Test
	void qualifiedNamesPickOneOfTheAmbiguousElements() throws IOException {
		Resource resource = load(HEADER + """
				topic T : Cell qos lib.a.Fast
				topic U : Cell qos lib.b.Fast
				qos Mine extends lib.b.Fast { history keep_all }
				""");
		assertEquals(List.of(), withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME));
		assertEquals(List.of(), withCode(validate(resource), Diagnostic.LINKING_DIAGNOSTIC));
		assertEquals("lib_a.adamant", fileOf(topic(resource, "T").getQos()));
		assertEquals("lib_b.adamant", fileOf(topic(resource, "U").getQos()));
		QosProfile mine = (QosProfile) model(resource).getElements().get(2);
		assertEquals("lib_b.adamant", fileOf(mine.getParent()));
	}

	@Test
	void theFilesOwnElementShadowsImportedOnesOfTheSameName() throws IOException {
		Resource resource = load(HEADER + """
				qos Fast { history keep_last 2 }
				topic T : Cell qos Fast
				topic U : Cell qos main.Fast
				""");
		assertEquals(List.of(), withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME));
		assertEquals("main.adamant", fileOf(topic(resource, "T").getQos()));
		assertEquals("main.adamant", fileOf(topic(resource, "U").getQos()));
	}

	@Test
	void aFileThatIsNotImportedIsNotVisible() throws IOException {
		Resource resource = load("""
				model main
				import "lib_a.adamant"
				struct Cell { @key uint32 id; }
				topic T : Cell qos OnlyInB
				topic U : Cell qos lib.b.OnlyInB
				""");
		List<Issue> unresolved = withCode(validate(resource), Diagnostic.LINKING_DIAGNOSTIC);
		assertEquals(2, unresolved.size(), unresolved::toString);
		assertTrue(unresolved.get(0).getMessage().contains("OnlyInB"), unresolved.get(0).getMessage());
	}

	@Test
	void theExamplesResolveThroughTheProfilesModelNames() {
		Resource resource = AdamantTestSupport.load("examples/blueforce/blueforce.adamant");
		EcoreUtil2.resolveAll(resource);
		assertEquals(List.of(), withCode(validate(resource), Diagnostic.LINKING_DIAGNOSTIC));
		assertEquals(List.of(), withCode(validate(resource), IssueCodes.AMBIGUOUS_NAME));
		Topic blueForce = topic(resource, "BlueForce");
		assertEquals("tactical.adamant", fileOf(blueForce.getQos()));
	}
}
