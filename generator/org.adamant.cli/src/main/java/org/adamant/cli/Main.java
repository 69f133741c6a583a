package org.adamant.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code adamant}: validate models, generate code from them, format them. */
@Command(name = "adamant", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = "ADAMANT: validate QoS models, generate configured middleware code from them, format them, "
				+ "export and import their QoS profiles as DDS-XML, train adaptive flows' decision tables.",
		subcommands = { ValidateCommand.class, GenerateCommand.class, FormatCommand.class, ExportQosCommand.class,
				ImportQosCommand.class, TrainCommand.class, CommandLine.HelpCommand.class },
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
				"missing verb: validate, generate, format, export-qos, import-qos or train");
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
			err.println("error: " + Diagnostic.printable(ex.getMessage()));
			err.println("Run '" + sub.getCommandSpec().qualifiedName() + " --help' for usage.");
			err.flush();
			return EXIT_USAGE;
		});
		cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
			if (ex instanceof UsageException) {
				err.println("error: " + Diagnostic.printable(ex.getMessage()));
			} else {
				// Never a stack trace for bad input: say what happened in one line.
				err.println("error: " + (ex.getMessage() == null ? ex.getClass().getSimpleName()
						: Diagnostic.printable(ex.getMessage()))
						+ (System.getenv("ADAMANT_DEBUG") != null ? "" : " (set ADAMANT_DEBUG=1 for details)"));
				if (System.getenv("ADAMANT_DEBUG") != null) {
					ex.printStackTrace(err);
				}
			}
			err.flush();
			return EXIT_USAGE;
		});
		quietLogging();
		int[] code = { EXIT_USAGE };
		Thread worker = new Thread(null, () -> {
			try {
				code[0] = cli.execute(args);
			} catch (StackOverflowError e) {
				err.println("error: the model is nested too deeply to read even with a " + (STACK_BYTES >> 20)
						+ " MB stack; nest types and expressions less deeply");
				code[0] = EXIT_MODEL_ERRORS;
			}
		}, "adamant", STACK_BYTES);
		worker.start();
		try {
			worker.join();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		out.flush();
		err.flush();
		return code[0];
	}

	/**
	 * Stack of the thread that parses, validates and generates: EMF and the parser recurse once per
	 * nesting level of the model, and the language bounds nesting only after the model is read.
	 */
	static final long STACK_BYTES = 512L << 20;

	/**
	 * The libraries log through log4j to stdout, which would corrupt {@code --format json}; the CLI
	 * reports every problem itself, so their log is off unless ADAMANT_DEBUG asks for it (on stderr).
	 */
	private static void quietLogging() {
		org.apache.log4j.Logger root = org.apache.log4j.Logger.getRootLogger();
		root.removeAllAppenders();
		if (System.getenv("ADAMANT_DEBUG") == null) {
			root.setLevel(org.apache.log4j.Level.OFF);
		} else {
			root.addAppender(new org.apache.log4j.ConsoleAppender(new org.apache.log4j.PatternLayout("%p %c: %m%n"),
					org.apache.log4j.ConsoleAppender.SYSTEM_ERR));
		}
	}
}
