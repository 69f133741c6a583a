package org.adamant.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.opendds.OpenDdsVersion;
import org.adamant.generator.Target;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "generate", mixinStandardHelpOptions = true,
		description = { "Generate code from a model file. The model must validate without errors.",
				"DIR is replaced as a whole: the files are written to a temporary directory",
				"next to it, which then takes its place. An existing DIR is only replaced if it",
				"is empty or was written by adamant generate. Exit status: 0 written,",
				"1 the model has errors (nothing written), 2 usage or I/O error." })
public class GenerateCommand implements Callable<Integer> {

	/** Written into every output directory; marks it as safe to replace on the next run. */
	static final String MARKER = ".adamant-generated";

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
		write(output, files);
		for (String path : files.keySet()) {
			out.println("wrote " + output.resolve(path));
		}
		out.println(files.size() + " files written to " + output + " (target " + target.name().toLowerCase() + ")");
		return Main.EXIT_OK;
	}

	/** Writes the files into a fresh directory next to {@code dir}, then puts it in dir's place. */
	static void write(Path dir, Map<String, CharSequence> files) {
		Path root = dir.toAbsolutePath().normalize();
		Path parent = root.getParent();
		if (parent == null) {
			throw new UsageException(dir + ": cannot generate into the file system root");
		}
		if (Files.exists(root) && !Files.isDirectory(root)) {
			throw new UsageException(dir + ": exists and is not a directory");
		}
		if (Files.isDirectory(root) && !isReplaceable(root)) {
			throw new UsageException(dir + ": exists, is not empty and was not written by adamant generate (no "
					+ MARKER + "); refusing to replace it");
		}
		Path temp = null;
		try {
			Files.createDirectories(parent);
			temp = Files.createTempDirectory(parent, "." + root.getFileName() + ".tmp-");
			StringBuilder marker = new StringBuilder("# Written by adamant generate; this directory is replaced on every run.\n");
			for (Map.Entry<String, CharSequence> e : files.entrySet()) {
				Path target = resolveInside(temp, e.getKey());
				Files.createDirectories(target.getParent());
				Files.writeString(target, e.getValue(), StandardCharsets.UTF_8);
				marker.append(e.getKey()).append('\n');
			}
			Files.writeString(temp.resolve(MARKER), marker, StandardCharsets.UTF_8);
			if (Files.exists(root)) {
				Path old = Files.createTempDirectory(parent, "." + root.getFileName() + ".old-");
				Files.delete(old);
				Files.move(root, old, StandardCopyOption.ATOMIC_MOVE);
				Files.move(temp, root, StandardCopyOption.ATOMIC_MOVE);
				temp = null;
				deleteTree(old);
			} else {
				Files.move(temp, root, StandardCopyOption.ATOMIC_MOVE);
				temp = null;
			}
		} catch (IOException e) {
			throw new UsageException(dir + ": cannot write: " + e.getMessage());
		} finally {
			if (temp != null) {
				try {
					deleteTree(temp);
				} catch (IOException ignored) {
					// best effort: the temporary directory is hidden and named after the output
				}
			}
		}
	}

	/** A generated path must stay inside the output directory. */
	static Path resolveInside(Path root, String relative) {
		if (relative.isEmpty() || relative.startsWith("/") || relative.contains("\\") || relative.contains(":")) {
			throw new UsageException("generated path '" + relative + "' is not a relative path; refusing to write it");
		}
		Path target = root.resolve(relative).normalize();
		if (!target.startsWith(root) || target.equals(root)) {
			throw new UsageException("generated path '" + relative + "' escapes the output directory; refusing to write it");
		}
		return target;
	}

	private static boolean isReplaceable(Path dir) {
		if (Files.isRegularFile(dir.resolve(MARKER))) {
			return true;
		}
		try (Stream<Path> s = Files.list(dir)) {
			return s.findAny().isEmpty();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static void deleteTree(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(p);
			}
		}
	}
}
