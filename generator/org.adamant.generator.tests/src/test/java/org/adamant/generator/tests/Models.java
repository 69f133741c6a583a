package org.adamant.generator.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.adamant.dsl.AdamantStandaloneSetup;
import org.adamant.dsl.adamant.Model;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResourceSet;

import com.google.inject.Injector;

/** Loading models the way the CLI does: absolute file URIs in one resource set, imports resolved. */
final class Models {

	private static Injector injector;

	private Models() {
	}

	static synchronized Injector injector() {
		if (injector == null) {
			injector = new AdamantStandaloneSetup().createInjectorAndDoEMFRegistration();
		}
		return injector;
	}

	static Path repoRoot() {
		return Path.of(System.getProperty("adamant.repoRoot", "../..")).toAbsolutePath().normalize();
	}

	static Path sar() {
		return repoRoot().resolve("examples/sar/sar.adamant");
	}

	/** Loads a model file with a fresh resource set; fails the test on syntax or linking errors. */
	static Model load(Path file) {
		XtextResourceSet rs = injector().getInstance(XtextResourceSet.class);
		Resource r = rs.getResource(URI.createFileURI(file.toAbsolutePath().normalize().toString()), true);
		EcoreUtil2.resolveAll(r);
		for (Resource each : rs.getResources()) {
			if (!each.getErrors().isEmpty()) {
				throw new AssertionError(each.getURI() + ": " + each.getErrors());
			}
		}
		return (Model) r.getContents().get(0);
	}

	/** Writes {@code text} to dir/name, with a copy of the transport catalog next to it. */
	static Path write(Path dir, String name, String text) throws IOException {
		Path catalog = dir.resolve("transports.adamant");
		if (!Files.exists(catalog)) {
			Files.copy(repoRoot().resolve("profiles/transports.adamant"), catalog);
		}
		Path file = dir.resolve(name);
		Files.writeString(file, text);
		return file;
	}
}
