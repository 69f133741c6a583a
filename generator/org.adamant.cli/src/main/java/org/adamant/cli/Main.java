package org.adamant.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code adamant}: validate models, generate code from them, format them. */
@Command(name = "adamant", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = "ADAMANT: validate QoS models, generate configured middleware code from them, format them, "
				+ "export and import their QoS profiles as DDS-XML.",
		subcommands = { ValidateCommand.class, GenerateCommand.class, FormatCommand.class, ExportQosCommand.class,
				ImportQosCommand.class, CommandLine.HelpCommand.class },
		footer = { "", "Exit status: 0 success, 1 the model has errors, 2 usage or I/O error.",
				"Run 'adamant VERB --help' for the options of a verb." })
public class Main implements Runnable {

	public static final int EXIT_OK = 0;
	public static final int EXIT_MODEL_ERRORS = 1;
	public static final int EXIT_USAGE = 2;

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@Override
	public void run() {
		throw new CommandLine.ParameterException(spec.commandLine(),
				"missing verb: validate, generate, format, export-qos or import-qos");
	}

	public static void main(String[] args) {
		System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
	}

	/** Runs the CLI without exiting (for tests); returns the exit code. */
	public static int run(String[] args, PrintWriter out, PrintWriter err) {
		CommandLine cli = new CommandLine(new Main());
		cli.setOut(out);
		cli.setErr(err);
		cli.setParameterExceptionHandler((ex, args2) -> {
			CommandLine sub = ex.getCommandLine();
			err.println("error: " + ex.getMessage());
			err.println("Run '" + sub.getCommandSpec().qualifiedName() + " --help' for usage.");
			err.flush();
			return EXIT_USAGE;
		});
		cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
			if (ex instanceof UsageException) {
				err.println("error: " + ex.getMessage());
			} else {
				// Never a stack trace for bad input: say what happened in one line.
				err.println("error: " + (ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage())
						+ (System.getenv("ADAMANT_DEBUG") != null ? "" : " (set ADAMANT_DEBUG=1 for details)"));
				if (System.getenv("ADAMANT_DEBUG") != null) {
					ex.printStackTrace(err);
				}
			}
			err.flush();
			return EXIT_USAGE;
		});
		int code = cli.execute(args);
		out.flush();
		err.flush();
		return code;
	}
}
