package org.adamant.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The one writer of generated code (the CLI, the Maven plugin and Eclipse's generation on save): it
 * replaces a directory as a whole and never writes outside it. The files go into a fresh temporary
 * sibling directory, which then takes the directory's place by rename, so a failed or interrupted
 * run leaves the previous output as it was, never a half-written tree. Generated paths must be
 * relative and stay inside; symbolic links in the old output are removed, never followed.
 */
public final class OutputDirectory {

	/** Marks a directory written by the generator: only such a directory (or an empty one) is replaced. */
	public static final String MARKER = ".adamant-generated";

	private OutputDirectory() {
	}

	/** Writing was refused or failed; the message says what is wrong and how to fix it. */
	public static class OutputException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public OutputException(String message) {
			super(message);
		}
	}

	/**
	 * The output directory {@code name} inside {@code base}, when {@code name} is a plain directory
	 * name (a model file's name without .adamant, say).
	 */
	public static Path child(Path base, String name) {
		if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/") || name.contains("\\")
				|| name.contains(":") || name.indexOf('\0') >= 0) {
			throw new OutputException("'" + name + "' cannot name an output directory inside " + base
					+ "; rename the model file to a plain name (letters, digits, _ . -)");
		}
		return base.resolve(name);
	}

	/**
	 * Replaces directory {@code dir} with {@code files} ('/'-separated relative paths to contents);
	 * {@code writtenBy} names the tool in the marker file.
	 *
	 * @throws OutputException when the directory may not be replaced or cannot be written; the old
	 *                         directory is then left as it was
	 */
	public static void replace(Path dir, Map<String, ? extends CharSequence> files, String writtenBy) {
		Path root = dir.toAbsolutePath().normalize();
		Path parent = root.getParent();
		if (parent == null) {
			throw new OutputException(dir + ": cannot generate into the file system root; give a directory below it");
		}
		if (Files.isSymbolicLink(root)) {
			throw new OutputException(dir + ": is a symbolic link; generate into a real directory (e.g. the link's target, "
					+ "or a new directory) so that nothing is written where the link points");
		}
		if (Files.exists(root, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
			throw new OutputException(dir + ": exists and is not a directory; remove it or choose another output directory");
		}
		if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS) && !isReplaceable(root)) {
			throw new OutputException(dir + ": exists, is not empty and was not written by the ADAMANT generator (no "
					+ MARKER + "); refusing to replace it: choose another output directory or empty this one");
		}
		// Checked before anything is written: a bad path leaves no trace.
		files.keySet().forEach(relative -> resolveInside(Path.of("/out"), relative));
		Path temp = null;
		try {
			Files.createDirectories(parent);
			temp = Files.createTempDirectory(parent, "." + root.getFileName() + ".tmp-");
			StringBuilder marker = new StringBuilder("# Written by " + writtenBy + "; this directory is replaced on every run.\n");
			for (Map.Entry<String, ? extends CharSequence> e : files.entrySet()) {
				Path target = resolveInside(temp, e.getKey());
				Files.createDirectories(target.getParent());
				// CREATE_NEW: never through a link or over a file already written by this run
				Files.writeString(target, e.getValue(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
						StandardOpenOption.WRITE);
				marker.append(e.getKey()).append('\n');
			}
			Files.writeString(temp.resolve(MARKER), marker, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
					StandardOpenOption.WRITE);
			swap(temp, root, parent);
			temp = null;
		} catch (IOException e) {
			throw new OutputException(dir + ": cannot write (" + describe(e) + "); the previous output is unchanged. "
					+ "Check that " + parent + " is writable and has free space");
		} finally {
			if (temp != null) {
				deleteQuietly(temp);
			}
		}
	}

	/** Moves the finished {@code temp} to {@code root}; an existing root is moved aside first, then deleted. */
	private static void swap(Path temp, Path root, Path parent) throws IOException {
		if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
			Files.move(temp, root, StandardCopyOption.ATOMIC_MOVE);
			return;
		}
		Path old = Files.createTempDirectory(parent, "." + root.getFileName() + ".old-");
		Files.delete(old);
		Files.move(root, old, StandardCopyOption.ATOMIC_MOVE);
		try {
			Files.move(temp, root, StandardCopyOption.ATOMIC_MOVE);
		} catch (IOException e) {
			Files.move(old, root, StandardCopyOption.ATOMIC_MOVE); // put the previous output back
			throw e;
		}
		deleteQuietly(old);
	}

	/** {@code relative} inside {@code root}, or an {@link OutputException} when it would leave it. */
	public static Path resolveInside(Path root, String relative) {
		if (relative.isEmpty() || relative.startsWith("/") || relative.contains("\\") || relative.contains(":")
				|| relative.indexOf('\0') >= 0) {
			throw new OutputException("generated path '" + relative + "' is not a relative path; refusing to write it "
					+ "(a name in the model produced it: rename that element)");
		}
		Path target = root.resolve(relative).normalize();
		if (!target.startsWith(root) || target.equals(root)) {
			throw new OutputException("generated path '" + relative + "' escapes the output directory; refusing to write it "
					+ "(a name in the model produced it: rename that element)");
		}
		return target;
	}

	private static boolean isReplaceable(Path dir) {
		if (Files.isRegularFile(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
			return true;
		}
		try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
			return !s.iterator().hasNext();
		} catch (IOException e) {
			throw new OutputException(dir + ": cannot list it (" + describe(e) + ")");
		}
	}

	/** Deletes a tree without following symbolic links (a link is removed, not what it points to). */
	private static void deleteQuietly(Path dir) {
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(p);
			}
		} catch (IOException | RuntimeException e) {
			// best effort: what is left is a hidden sibling named after the output directory
		}
	}

	private static String describe(IOException e) {
		String what = e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
		return e.getMessage() == null ? what : what + ": " + e.getMessage();
	}
}
