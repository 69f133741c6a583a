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

@Command(name = "validate", mixinStandardHelpOptions = true,
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
					+ "{file,line,column,severity,code,message} and the summary on stderr.")
	Format format;

	@Option(names = "--explain", description = "After the diagnostics, print a table of every flow (application, "
			+ "topic, transport, receivers, rate, predicted load, mean latency, delivery, ReLate2) and the ranking "
			+ "`transport auto` chooses from (stderr with --format json).")
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
		if (format == Format.json) {
			out.print("[");
			for (int i = 0; i < diagnostics.size(); i++) {
				out.print((i == 0 ? "\n  " : ",\n  ") + diagnostics.get(i).toJson());
			}
			out.println(diagnostics.isEmpty() ? "]" : "\n]");
			if (explain) {
				FlowTable.print(err, models(loader));
			}
			err.println(summary);
		} else {
			for (Diagnostic d : diagnostics) {
				out.println(d.toText());
			}
			if (explain) {
				FlowTable.print(out, models(loader));
			}
			out.println(summary);
		}
		return errors > 0 ? Main.EXIT_MODEL_ERRORS : Main.EXIT_OK;
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
