package org.adamant.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.adamant.cli.Diagnostic;
import org.adamant.cli.Generation;
import org.adamant.cli.UsageException;
import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.OutputDirectory;
import org.adamant.generator.Target;
import org.adamant.generator.opendds.OpenDdsVersion;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Validates ADAMANT models and generates their code (native C++ on the ADAMANT runtime and/or
 * OpenDDS) into {@code outputDirectory/<model file name>/}, exactly as {@code adamant generate}
 * does. Fails the build, listing the diagnostics, when a model has errors.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = false)
public class GenerateMojo extends AbstractMojo {

	/** Model files (.adamant). When empty, every .adamant file directly in {@link #modelDirectory}. */
	@Parameter
	List<File> models = new ArrayList<>();

	/** Where to look for models when {@link #models} is empty. */
	@Parameter(defaultValue = "${project.basedir}/src/main/adamant", property = "adamant.modelDirectory")
	File modelDirectory;

	/** Each model is generated into outputDirectory/&lt;model file name without .adamant&gt;/. */
	@Parameter(defaultValue = "${project.build.directory}/generated-sources/adamant", property = "adamant.outputDirectory")
	File outputDirectory;

	/** native, opendds or all. */
	@Parameter(defaultValue = "all", property = "adamant.target")
	String target;

	/** OpenDDS release the opendds target is written for: MAJOR.MINOR (3.13 or later) or current. */
	@Parameter(defaultValue = "current", property = "adamant.openddsVersion")
	String openddsVersion;

	@Parameter(defaultValue = "false", property = "adamant.skip")
	boolean skip;

	@Override
	public void execute() throws MojoExecutionException, MojoFailureException {
		if (skip) {
			getLog().info("ADAMANT generation skipped");
			return;
		}
		GeneratorOptions options = options();
		List<Path> files = modelFiles();
		if (files.isEmpty()) {
			getLog().warn("no ADAMANT models: set <models> or put .adamant files in " + modelDirectory);
			return;
		}
		List<String> failures = new ArrayList<>();
		for (Path file : files) {
			Generation.Result result;
			try {
				result = Generation.run(file, options);
			} catch (UsageException e) {
				throw new MojoExecutionException(e.getMessage(), e);
			}
			for (Diagnostic d : result.diagnostics()) {
				if (d.isError()) {
					getLog().error(d.toText());
				} else if ("warning".equals(d.severity())) {
					getLog().warn(d.toText());
				} else {
					getLog().info(d.toText());
				}
			}
			if (!result.ok()) {
				result.errors().forEach(getLog()::error);
				failures.add(file + ":\n  " + String.join("\n  ", result.diagnostics().stream().filter(Diagnostic::isError)
						.map(Diagnostic::toText).toList()) + (result.errors().isEmpty() ? "" : "\n  " + String.join("\n  ", result.errors())));
				continue;
			}
			Path out;
			try {
				out = OutputDirectory.child(outputDirectory.toPath(), stem(file));
				Generation.write(out, result.files());
			} catch (UsageException | OutputDirectory.OutputException e) {
				throw new MojoExecutionException(e.getMessage(), e);
			}
			getLog().info(result.files().size() + " files generated from " + file + " into " + out + " (target "
					+ options.target().name().toLowerCase() + ", OpenDDS " + options.openDdsVersion() + ")");
		}
		if (!failures.isEmpty()) {
			throw new MojoFailureException("ADAMANT: " + failures.size() + " model" + (failures.size() == 1 ? "" : "s")
					+ " with errors; nothing generated for them:\n" + String.join("\n", failures));
		}
	}

	GeneratorOptions options() throws MojoExecutionException {
		Target t = switch (target == null ? "all" : target.trim().toLowerCase()) {
		case "native" -> Target.NATIVE;
		case "opendds" -> Target.OPENDDS;
		case "all" -> Target.ALL;
		default -> throw new MojoExecutionException("target '" + target + "' is not native, opendds or all");
		};
		try {
			return new GeneratorOptions(t, OpenDdsVersion.parse(openddsVersion));
		} catch (IllegalArgumentException e) {
			throw new MojoExecutionException(e.getMessage(), e);
		}
	}

	List<Path> modelFiles() throws MojoExecutionException {
		if (models != null && !models.isEmpty()) {
			return models.stream().map(File::toPath).toList();
		}
		if (modelDirectory == null || !modelDirectory.isDirectory()) {
			return List.of();
		}
		try (Stream<Path> s = Files.list(modelDirectory.toPath())) {
			return s.filter(p -> p.getFileName().toString().endsWith(".adamant")).sorted().toList();
		} catch (IOException e) {
			throw new MojoExecutionException("cannot list " + modelDirectory + ": " + e.getMessage(), e);
		}
	}

	private static String stem(Path file) {
		return file.getFileName().toString().replaceFirst("\\.adamant$", "");
	}
}
