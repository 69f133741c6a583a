package org.adamant.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.adamant.dsl.adamant.Model;
import org.adamant.generator.AdamantGenerator;
import org.adamant.generator.GeneratorException;
import org.adamant.generator.GeneratorOptions;

/**
 * Load, validate and generate one model file: the one implementation behind {@code adamant generate}
 * and the Maven plugin's {@code generate} goal. Writing is {@link #write(Path, Map)}.
 */
public final class Generation {

	/** Marks a directory written by adamant generate: only such a directory may be replaced. */
	static final String MARKER = ".adamant-generated";

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
		try {
			return new Result(diagnostics, new AdamantGenerator().generate(model, options), List.of());
		} catch (GeneratorException e) {
			String where = e.getUri() == null ? file.toString() : loader.displayName(e.getUri());
			return new Result(diagnostics, null, List.of(where + ":" + e.getLine() + ":" + e.getColumn() + ": error: "
					+ e.getMessage(), "error: cannot generate from " + file + "; nothing generated"));
		}
	}

	/**
	 * Replaces directory {@code dir} with the files (atomically: written next to it, then moved into
	 * place); refuses a non-empty directory that adamant did not write.
	 *
	 * @throws UsageException on I/O errors or a foreign directory
	 */
	public static void write(Path dir, Map<String, CharSequence> files) {
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
