package org.adamant.dsl.scoping;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import org.eclipse.emf.common.CommonPlugin;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * What an {@code import} may load: a regular {@code .adamant} file of at most {@link #MAX_BYTES},
 * named by a path relative to the importing file. Anything else (a directory, a FIFO, a device, a URI
 * with a scheme, a huge file) is never opened: reading it could hang or exhaust memory. The global
 * scope skips such imports and {@code ImportValidator} reports them on the import line.
 */
public final class ImportFiles {

	/** Larger imports are refused (a model is a few KB; this stops a runaway read). */
	public static final long MAX_BYTES = 16L * 1024 * 1024;
	public static final String EXTENSION = "adamant";

	private ImportFiles() {
	}

	/** The URI {@code path} names when {@code importing} imports it (null when it is not a relative path). */
	public static URI resolve(Resource importing, String path) {
		if (path == null || path.isEmpty() || importing == null || importing.getURI() == null) {
			return null;
		}
		URI uri;
		try {
			uri = URI.createURI(path);
		} catch (IllegalArgumentException e) {
			return null;
		}
		return uri.hasAbsolutePath() || uri.scheme() != null || uri.hasAuthority()
				? null : uri.resolve(importing.getURI());
	}

	/**
	 * Why {@code importing} may not import {@code path}, as a sentence saying how to fix it, or null
	 * when the import may be loaded.
	 */
	public static String problem(Resource importing, String path) {
		if (path == null || path.isBlank()) {
			return "empty import: write the path of a .adamant file relative to this file, e.g. import \"lib.adamant\"";
		}
		URI uri;
		try {
			uri = URI.createURI(path);
		} catch (IllegalArgumentException e) {
			return "'" + path + "' is not a file path: " + e.getMessage();
		}
		if (uri.scheme() != null && uri.scheme().length() > 1) { // one letter: a Windows drive
			return "'" + path + "' is a URI: write the path of a .adamant file relative to this file instead";
		}
		if (uri.hasAbsolutePath() || uri.hasAuthority() || uri.scheme() != null || path.startsWith("\\")) {
			return "'" + path + "' is an absolute path: write it relative to this file, so that the model "
					+ "works wherever it is checked out";
		}
		if (!EXTENSION.equals(uri.fileExtension())) {
			return "'" + path + "' is not an ADAMANT model: an import names a ." + EXTENSION + " file";
		}
		URI resolved = resolve(importing, path);
		if (resolved != null && resolved.equals(importing.getURI())) {
			return "'" + path + "' is this file itself: remove the import";
		}
		String fileProblem = problem(resolved);
		return fileProblem == null ? null : "'" + path + "' " + fileProblem;
	}

	/**
	 * Why the resolved import {@code uri} may not be read ("is a directory", ...), or null when it may
	 * (or when it is not a file the local file system can check, such as an in-memory resource).
	 */
	public static String problem(URI uri) {
		if (uri == null) {
			return "cannot be resolved against this file";
		}
		if (!EXTENSION.equals(uri.fileExtension())) {
			return "is not a ." + EXTENSION + " file";
		}
		Path file = localFile(uri);
		if (file == null) {
			return null;
		}
		BasicFileAttributes attributes;
		try {
			attributes = Files.readAttributes(file, BasicFileAttributes.class); // follows symbolic links
		} catch (IOException e) {
			return Files.isSymbolicLink(file) ? "is a symbolic link to nothing (" + file + ")"
					: "does not exist (looked for " + file + ")";
		}
		if (attributes.isDirectory()) {
			return "is a directory, not a model file (" + file + ")";
		}
		if (!attributes.isRegularFile()) {
			return "is not a regular file (a pipe, socket or device: " + file + "); import a .adamant file";
		}
		if (attributes.size() > MAX_BYTES) {
			return "is " + attributes.size() + " bytes, over the limit of " + MAX_BYTES + " bytes for a model file";
		}
		if (!Files.isReadable(file)) {
			return "is not readable (" + file + ")";
		}
		return null;
	}

	/** True when the file at {@code uri} may be loaded. */
	public static boolean loadable(URI uri) {
		return problem(uri) == null;
	}

	/** The local file of a file: URI, or of a platform:/resource URI inside Eclipse; else null. */
	private static Path localFile(URI uri) {
		URI local = uri.isFile() ? uri : uri.isPlatform() ? CommonPlugin.resolve(uri) : null;
		if (local == null || !local.isFile()) {
			return null;
		}
		try {
			return Path.of(local.toFileString());
		} catch (RuntimeException e) {
			return null;
		}
	}
}
