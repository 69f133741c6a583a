package org.adamant.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Parse model files (with their imports) and check them.",
				"Prints one line per problem: path:line:col: error|warning|info: [code] message,",
				"then a summary. Exit status: 0 no errors, 1 errors, 2 usage or I/O error." })
public class ValidateCommand implements Callable<Integer> {

	enum Format {
		text, json
	}

	@Spec
	CommandSpec spec;

	@Parameters(arity = "1..*", paramLabel = "FILE", description = "Model files (.adamant).")
	List<Path> files;

	@Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
			description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). json prints an array of "
					+ "{file,line,column,severity,code,message} (with --explain an object {diagnostics,flows}) and "
					+ "the summary on stderr.")
	Format format;

	@Option(names = "--explain", description = "After the diagnostics, the flows: per publication the application, "
			+ "topic, transport, receivers, rate, predicted load, mean latency, delivery and ReLate2, and the ranking "
			+ "of the catalog's transports (what `transport auto` chooses from) with the reason each excluded one "
			+ "cannot carry the flow. Not when a file has syntax errors.")
	boolean explain;

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		ModelLoader loader = new ModelLoader();
		loader.load(files);
		List<Diagnostic> diagnostics = loader.validate();
		long errors = diagnostics.stream().filter(Diagnostic::isError).count();
		long warnings = diagnostics.stream().filter(d -> "warning".equals(d.severity())).count();
		String summary = summary(errors, warnings, files.size());
		// a model that does not parse is partial: predictions for it would mislead
		boolean analyse = explain && !loader.hasSyntaxErrors();
		String notAnalysed = "flows not analysed: fix the syntax errors first";
		if (format == Format.json) {
			List<String> items = diagnostics.stream().map(Diagnostic::toJson).toList();
			if (explain) {
				out.println("{\"diagnostics\":" + array(items, "  ") + ",");
				out.println("  \"flows\":" + (analyse ? FlowJson.array(FlowExplanation.of(models(loader)), 2) : "null"));
				out.println("}");
				if (!analyse) {
					err.println(notAnalysed);
				}
			} else {
				out.println(array(items, ""));
			}
			err.println(summary);
		} else {
			for (Diagnostic d : diagnostics) {
				out.println(d.toText());
			}
			if (analyse) {
				FlowTable.print(out, FlowExplanation.of(models(loader)));
			} else if (explain) {
				out.println(notAnalysed);
			}
			out.println(summary);
		}
		return errors > 0 ? Main.EXIT_MODEL_ERRORS : Main.EXIT_OK;
	}

	private static String array(List<String> items, String pad) {
		return items.isEmpty() ? "[]" : "[\n" + pad + "  " + String.join(",\n" + pad + "  ", items) + "\n" + pad + "]";
	}

	private List<org.adamant.dsl.adamant.Model> models(ModelLoader loader) {
		List<org.adamant.dsl.adamant.Model> models = new java.util.ArrayList<>();
		for (int i = 0; i < files.size(); i++) {
			try {
				models.add(loader.model(i));
			} catch (IndexOutOfBoundsException e) {
				break; // the same file given twice is loaded once
			}
		}
		return models;
	}

	static String summary(long errors, long warnings, int files) {
		return errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s")
				+ " in " + files + " file" + (files == 1 ? "" : "s") + (errors == 0 ? " (ok)" : "");
	}
}
