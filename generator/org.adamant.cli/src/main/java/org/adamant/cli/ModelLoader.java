package org.adamant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.AdamantStandaloneSetup;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.resource.XtextSyntaxDiagnostic;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

/**
 * Loads model files with their imports into one resource set and validates them (syntax, linking
 * and the ADAMANT validator), reporting paths as the user gave them.
 */
public final class ModelLoader {

	private static Injector injector;

	private final XtextResourceSet resourceSet;
	private final Map<URI, String> displayNames = new LinkedHashMap<>();
	private final List<Resource> roots = new ArrayList<>();
	private final Path cwd = Path.of("").toAbsolutePath();

	public ModelLoader() {
		resourceSet = injector().getInstance(XtextResourceSet.class);
	}

	static synchronized Injector injector() {
		if (injector == null) {
			injector = new AdamantStandaloneSetup().createInjectorAndDoEMFRegistration();
		}
		return injector;
	}

	/** Loads the files (and, through imports, the files they import). */
	public void load(List<Path> files) {
		for (Path file : files) {
			checkModelFile(file);
			Path abs = file.toAbsolutePath().normalize();
			URI uri = URI.createFileURI(abs.toString());
			displayNames.putIfAbsent(uri, file.toString());
			try {
				Resource r = resourceSet.getResource(uri, true);
				if (!roots.contains(r)) {
					roots.add(r);
				}
			} catch (RuntimeException e) {
				Throwable cause = e.getCause() instanceof IOException ? e.getCause() : e;
				throw new UsageException(file + ": cannot read: " + cause.getMessage());
			}
		}
		for (Resource r : new ArrayList<>(roots)) {
			EcoreUtil2.resolveAll(r);
		}
	}

	/** A readable {@code .adamant} file, or a {@link UsageException} saying what is wrong with it. */
	static void checkModelFile(Path file) {
		if (!Files.isRegularFile(file)) {
			throw new UsageException(Files.exists(file) ? file + ": not a regular file" : file + ": no such file");
		}
		if (!file.getFileName().toString().endsWith(".adamant")) {
			throw new UsageException(file + ": not an ADAMANT model (expected a .adamant file)");
		}
		if (!Files.isReadable(file)) {
			throw new UsageException(file + ": not readable");
		}
	}

	/** The model of the first file given. */
	public Model model(int index) {
		Resource r = roots.get(index);
		return r.getContents().isEmpty() ? null : (Model) r.getContents().get(0);
	}

	/** True when a loaded file does not parse (its model is partial: nothing to analyse). */
	public boolean hasSyntaxErrors() {
		return resourceSet.getResources().stream()
				.anyMatch(r -> r.getErrors().stream().anyMatch(e -> e instanceof XtextSyntaxDiagnostic));
	}

	/**
	 * Diagnostics of every loaded resource: the files given first, in order, then imported files;
	 * within a file by position.
	 */
	public List<Diagnostic> validate() {
		IResourceValidator validator = injector().getInstance(IResourceValidator.class);
		List<Resource> all = new ArrayList<>(roots);
		for (Resource r : new ArrayList<>(resourceSet.getResources())) {
			if (!all.contains(r)) {
				all.add(r);
			}
		}
		List<Diagnostic> result = new ArrayList<>();
		for (Resource r : all) {
			List<Diagnostic> forFile = new ArrayList<>();
			if (!r.isLoaded() || (r.getContents().isEmpty() && r.getErrors().isEmpty())) {
				// an import that could not be read: the importing file reports the unresolved import
				if (!roots.contains(r)) {
					continue;
				}
			}
			for (Issue issue : validator.validate(r, CheckMode.ALL, CancelIndicator.NullImpl)) {
				forFile.add(toDiagnostic(r, issue));
			}
			forFile.sort((a, b) -> a.line() != b.line() ? Integer.compare(a.line(), b.line())
					: Integer.compare(a.column(), b.column()));
			result.addAll(forFile);
		}
		return result;
	}

	/** EMF's message when a validator throws. */
	private static final String INTERNAL = "Error executing EValidator";

	private Diagnostic toDiagnostic(Resource r, Issue issue) {
		String severity = switch (issue.getSeverity()) {
		case ERROR -> "error";
		case WARNING -> "warning";
		case INFO -> "info";
		case IGNORE -> "info";
		};
		int line = issue.getLineNumber() == null ? 0 : issue.getLineNumber();
		int column = issue.getColumn() == null ? 0 : issue.getColumn();
		if (INTERNAL.equals(issue.getMessage())) {
			// a check that failed: EMF names the EClass as the code and gives no position
			return new Diagnostic(displayName(r.getURI()), line, column, severity, IssueCodes.INTERNAL_ERROR,
					"a validation check failed on this model (a bug in ADAMANT: please report it with the model; "
							+ "ADAMANT_DEBUG=1 logs the details)");
		}
		return new Diagnostic(displayName(r.getURI()), line, column, severity, issue.getCode(), issue.getMessage());
	}

	/** A path as given on the command line, or relative to the working directory. */
	public String displayName(URI uri) {
		if (uri == null) {
			return "<unknown>";
		}
		String given = displayNames.get(uri);
		if (given != null) {
			return given;
		}
		if (uri.isFile()) {
			Path p = Path.of(uri.toFileString());
			try {
				return cwd.relativize(p).toString();
			} catch (IllegalArgumentException e) {
				return p.toString();
			}
		}
		return uri.toString();
	}
}
