package org.adamant.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;

import org.adamant.dsl.formatting2.ModelFormatter;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "format", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Format model files in place in the language's style (tabs, one clause per line; comments kept).",
				"A file with syntax errors is left untouched and reported as path:line:col: error: message.",
				"Exit status: 0 done (with --check: every file is formatted), 1 with --check: some file is not",
				"formatted, 2 a file has syntax errors, or a usage or I/O error." })
public class FormatCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Parameters(arity = "1..*", paramLabel = "FILE", description = "Model files (.adamant).")
	List<Path> files;

	@Option(names = "--check", description = "Write nothing: list the files that formatting would change and exit "
			+ "with 1 if there are any.")
	boolean check;

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		List<Path> unique = new ArrayList<>(new LinkedHashSet<>(files));
		unique.forEach(ModelLoader::checkModelFile); // all usage problems before anything is written
		ModelFormatter formatter = ModelLoader.injector().getInstance(ModelFormatter.class);
		int unformatted = 0;
		int broken = 0;
		for (Path file : unique) {
			String text = TextFiles.read(file);
			XtextResource resource = parse(file, text);
			if (resource.getParseResult() == null || resource.getParseResult().hasSyntaxErrors()) {
				broken++;
				for (Resource.Diagnostic d : resource.getErrors()) {
					err.println(file + ":" + d.getLine() + ":" + d.getColumn() + ": error: " + d.getMessage()
							+ " (not formatted: fix the syntax error first)");
				}
				continue;
			}
			String formatted = formatter.format(resource);
			if (formatted.equals(text)) {
				continue;
			}
			unformatted++;
			if (check) {
				out.println(file);
			} else {
				TextFiles.write(file, formatted);
				out.println("formatted " + file);
			}
		}
		if (check && unformatted > 0) {
			err.println(unformatted + " of " + unique.size() + " file" + (unique.size() == 1 ? "" : "s")
					+ " not formatted (run: adamant format FILE...)");
		}
		if (broken > 0) {
			return Main.EXIT_USAGE;
		}
		return check && unformatted > 0 ? Main.EXIT_MODEL_ERRORS : Main.EXIT_OK;
	}

	/** The file alone: formatting needs no imports. */
	private static XtextResource parse(Path file, String text) {
		XtextResourceSet set = ModelLoader.injector().getInstance(XtextResourceSet.class);
		URI uri = URI.createFileURI(file.toAbsolutePath().normalize().toString());
		XtextResource resource = (XtextResource) set.createResource(uri);
		try {
			resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
		} catch (IOException e) {
			throw new UsageException(file + ": cannot parse: " + e.getMessage());
		}
		return resource;
	}
}
