package org.adamant.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Model;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorException;
import org.adamant.generator.GeneratorOptions;
import org.adamant.generator.OutputDirectory;

/**
 * Load, validate and generate one model file: the one implementation behind {@code adamant generate}
 * and the Maven plugin's {@code generate} goal. Writing is {@link #write(Path, Map)}.
 */
public final class Generation {

	/**
	 * What a run produced: every diagnostic (errors, warnings, infos) of the model and its imports,
	 * and either the generated files or the reason there are none.
	 */
	public record Result(List<Diagnostic> diagnostics, Map<String, CharSequence> files, List<String> errors) {

		/** True when files were generated. */
		public boolean ok() {
			return files != null;
		}
	}

	private Generation() {
	}

	/**
	 * Loads {@code file} with its imports, validates it and, when it has no error, generates.
	 *
	 * @throws UsageException when the file cannot be read (missing, not a .adamant file, ...)
	 */
	public static Result run(Path file, GeneratorOptions options) {
		ModelLoader loader = new ModelLoader();
		loader.load(List.of(file));
		List<Diagnostic> diagnostics = loader.validate();
		long errors = diagnostics.stream().filter(Diagnostic::isError).count();
		if (errors > 0) {
			return new Result(diagnostics, null, List.of("error: " + file + " has " + errors + " error"
					+ (errors == 1 ? "" : "s") + "; nothing generated"));
		}
		Model model = loader.model(0);
		if (model == null) {
			// an empty file (or only comments) validates, but declares nothing to generate from
			return new Result(diagnostics, null, List.of(file + ":1:1: error: the file declares no model; nothing generated"));
		}
		try {
			return new Result(diagnostics, new AdamantGenerator().generate(model, options), List.of());
		} catch (GeneratorException e) {
			String where = e.getUri() == null ? file.toString() : loader.displayName(e.getUri());
			return new Result(diagnostics, null, List.of(where + ":" + e.getLine() + ":" + e.getColumn() + ": error: "
					+ e.getMessage(), "error: cannot generate from " + file + "; nothing generated"));
		}
	}

	/**
	 * Replaces directory {@code dir} with the files through {@link OutputDirectory} (atomically, never
	 * outside {@code dir}); refuses a non-empty directory that adamant did not write.
	 *
	 * @throws UsageException when the directory may not be replaced or cannot be written
	 */
	public static void write(Path dir, Map<String, CharSequence> files) {
		try {
			OutputDirectory.replace(dir, files, "adamant generate");
		} catch (OutputDirectory.OutputException e) {
			throw new UsageException(e.getMessage());
		}
	}
}
