package org.adamant.dsl.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.adamant.dsl.AdamantStandaloneSetup;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

/** Loads models the way the CLI does: from files, with their imports, then validates them. */
final class AdamantTestSupport {

	static final Injector INJECTOR = new AdamantStandaloneSetup().createInjectorAndDoEMFRegistration();
	static final Path ROOT = Path.of(System.getProperty("adamant.root", "../..")).toAbsolutePath().normalize();

	private AdamantTestSupport() {
	}

	/** Loads a file of the repository (and what it imports). */
	static Resource load(String relativePath) {
		XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
		return set.getResource(URI.createFileURI(ROOT.resolve(relativePath).toString()), true);
	}

	/** The first publication that binds {@code transport adaptive} in a file of the repository. */
	static Publication adaptivePublication(String relativePath) {
		return EcoreUtil2.getAllContentsOfType(load(relativePath).getContents().get(0), Publication.class).stream()
				.filter(AdaptiveCandidates::isAdaptive).findFirst().orElseThrow();
	}

	/**
	 * Writes {@code text} as a model beside the repository's profiles (so that
	 * {@code import "transports.adamant"} resolves) and loads it.
	 */
	static Resource loadText(String text) throws IOException {
		Path dir = Files.createTempDirectory(ROOT.resolve("dsl/org.adamant.dsl.tests/target"), "model");
		Files.copy(ROOT.resolve("profiles/transports.adamant"), dir.resolve("transports.adamant"));
		Path file = dir.resolve("test.adamant");
		Files.writeString(file, text);
		XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
		return set.getResource(URI.createFileURI(file.toString()), true);
	}

	static Model model(Resource resource) {
		return (Model) resource.getContents().get(0);
	}

	/** The element of {@code type} named {@code name} in the resource or the files it imports. */
	static <T extends EObject> T named(Resource resource, Class<T> type, String name) {
		EcoreUtil.resolveAll(resource);
		return resource.getResourceSet().getResources().stream()
				.flatMap(r -> EcoreUtil2.getAllContentsOfType(r.getContents().get(0), type).stream())
				.filter(e -> name.equals(e.eGet(e.eClass().getEStructuralFeature("name")))).findFirst().orElseThrow();
	}

	/** A model preamble for rule tests: the transport catalog and one struct, Scan. */
	static final String SCAN_HEADER = """
			import "transports.adamant"
			struct Scan { @key uint32 id; float t; }
			""";

	/** Validates {@link #SCAN_HEADER} + {@code body}, which must parse. */
	static List<Issue> issuesOf(String body) throws IOException {
		Resource resource = loadText(SCAN_HEADER + body);
		org.junit.jupiter.api.Assertions.assertTrue(resource.getErrors().isEmpty(),
				() -> "syntax errors: " + resource.getErrors());
		return validate(resource);
	}

	/** {@code n} issues with {@code code} in {@link #issuesOf}; the first's message contains every fragment. */
	static Issue fires(int n, String body, String code, String... fragments) throws IOException {
		List<Issue> all = issuesOf(body);
		List<Issue> hits = withCode(all, code);
		org.junit.jupiter.api.Assertions.assertEquals(n, hits.size(), all::toString);
		for (String f : fragments) {
			org.junit.jupiter.api.Assertions.assertTrue(hits.get(0).getMessage().contains(f),
					() -> "'" + f + "' not in: " + hits.get(0).getMessage());
		}
		return hits.get(0);
	}

	/** No issue with {@code code} in {@link #issuesOf}. */
	static void silent(String body, String code) throws IOException {
		List<Issue> all = issuesOf(body);
		org.junit.jupiter.api.Assertions.assertTrue(withCode(all, code).isEmpty(), all::toString);
	}

	static List<Issue> withCode(List<Issue> issues, String code) {
		return issues.stream().filter(i -> code.equals(i.getCode())).toList();
	}

	static List<Issue> validate(Resource resource) {
		IResourceValidator validator = INJECTOR.getInstance(IResourceValidator.class);
		return validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
	}
}
