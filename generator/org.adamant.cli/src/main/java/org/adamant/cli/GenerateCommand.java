package org.adamant.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.opendds.OpenDdsVersion;
import org.adamant.generator.Target;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "generate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Generate code from a model file. The model must validate without errors.",
				"DIR is replaced as a whole: the files are written to a temporary directory",
				"next to it, which then takes its place. An existing DIR is only replaced if it",
				"is empty or was written by adamant generate. Exit status: 0 written,",
				"1 the model has errors (nothing written), 2 usage or I/O error." })
public class GenerateCommand implements Callable<Integer> {

	enum TargetOption {
		NATIVE, OPENDDS, ALL
	}

	@Spec
	CommandSpec spec;

	@Parameters(index = "0", paramLabel = "FILE", description = "The model file (.adamant).")
	Path file;

	@Option(names = { "-o", "--output" }, required = true, paramLabel = "DIR",
			description = "Output directory (created or replaced).")
	Path output;

	@Option(names = { "-t", "--target" }, paramLabel = "TARGET", defaultValue = "all",
			converter = TargetConverter.class,
			description = "What to generate: native (C++17 on the ADAMANT runtime, under native/), opendds "
					+ "(IDL, QoS, applications, benchmarks, .ini and CMake under opendds/) or all (default: ${DEFAULT-VALUE}).")
	Target target;

	@Option(names = "--opendds-version", paramLabel = "VERSION", defaultValue = "current",
			description = "OpenDDS release the opendds target is written for: MAJOR.MINOR (3.13 or later) or "
					+ "current (default: ${DEFAULT-VALUE}, i.e. " + OpenDdsVersion.CURRENT_TEXT
					+ "). Before 3.14 topic types use #pragma DCPS_DATA_TYPE / DCPS_DATA_KEY.")
	String openDdsVersion;

	static class TargetConverter implements picocli.CommandLine.ITypeConverter<Target> {
		@Override
		public Target convert(String value) {
			return switch (value) {
			case "native" -> Target.NATIVE;
			case "opendds" -> Target.OPENDDS;
			case "all" -> Target.ALL;
			default -> throw new picocli.CommandLine.TypeConversionException(
					"'" + value + "' is not a target; use native, opendds or all");
			};
		}
	}

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		GeneratorOptions options;
		try {
			options = new GeneratorOptions(target, OpenDdsVersion.parse(openDdsVersion));
		} catch (IllegalArgumentException e) {
			throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
		}
		Generation.Result result = Generation.run(file, options);
		for (Diagnostic d : result.diagnostics()) {
			err.println(d.toText()); // warnings and infos do not stop generation, but are worth seeing
		}
		if (!result.ok()) {
			result.errors().forEach(err::println);
			return Main.EXIT_MODEL_ERRORS;
		}
		Map<String, CharSequence> files = result.files();
		Generation.write(output, files);
		for (String path : files.keySet()) {
			out.println("wrote " + output.resolve(path));
		}
		out.println(files.size() + " files written to " + output + " (target " + target.name().toLowerCase() + ")");
		return Main.EXIT_OK;
	}
}
