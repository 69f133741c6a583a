package org.adamant.dsl.ide.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.adamant.dsl.ide.AdamantIdeSetup;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.eclipse.xtext.diagnostics.Severity;

import com.google.inject.Injector;

/** Loads models with the language's IDE setup, beside copies of the repository's profiles. */
final class IdeTestSupport {

	static final Injector INJECTOR = new AdamantIdeSetup().createInjectorAndDoEMFRegistration();
	static final Path ROOT = Path.of(System.getProperty("adamant.root", "../..")).toAbsolutePath().normalize();

	/** The catalog, the tactical profiles (mockets, radio_link) and one struct, Scan. */
	static final String HEADER = """
			import "transports.adamant"
			import "tactical.adamant"
			struct Scan { @key uint32 id; float t; }
			""";

	private IdeTestSupport() {
	}

	/** Writes {@code text} as test.adamant in a fresh directory with the profiles and loads it. */
	static XtextResource load(String text) {
		try {
			Path target = ROOT.resolve("dsl/org.adamant.dsl.ide.tests/target");
			Files.createDirectories(target);
			Path dir = Files.createTempDirectory(target, "model");
			for (String profile : List.of("transports.adamant", "tactical.adamant")) {
				Files.copy(ROOT.resolve("profiles").resolve(profile), dir.resolve(profile));
			}
			Path file = dir.resolve("test.adamant");
			Files.writeString(file, text);
			XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
			return (XtextResource) set.getResource(URI.createFileURI(file.toString()), true);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** Loads a file of the repository (and its imports). */
	static XtextResource loadFile(String relativePath) {
		XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
		return (XtextResource) set.getResource(URI.createFileURI(ROOT.resolve(relativePath).toString()), true);
	}

	static List<Issue> validate(XtextResource resource) {
		return INJECTOR.getInstance(IResourceValidator.class).validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
	}

	static List<Issue> errors(List<Issue> issues) {
		return issues.stream().filter(i -> i.getSeverity() == Severity.ERROR).toList();
	}

	static List<Issue> withCode(List<Issue> issues, String code) {
		return issues.stream().filter(i -> code.equals(i.getCode())).toList();
	}

	static String text(XtextResource resource) {
		return resource.getParseResult().getRootNode().getText();
	}
}
