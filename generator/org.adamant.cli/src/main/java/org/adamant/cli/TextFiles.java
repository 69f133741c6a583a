package org.adamant.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reading and writing the CLI's text files (UTF-8); a file is replaced in one step, never half-written. */
final class TextFiles {

	private TextFiles() {
	}

	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		} catch (IOException e) {
			throw new UsageException(file + ": cannot read: " + e.getMessage());
		}
	}

	/**
	 * Writes or replaces the file in one step (a temporary file beside it, then a rename), keeping the
	 * permissions of the file it replaces.
	 */
	static void write(Path file, String text) {
		Path dir = file.toAbsolutePath().getParent();
		Path temp = null;
		try {
			temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
			Files.writeString(temp, text, StandardCharsets.UTF_8);
			try {
				if (Files.exists(file)) {
					Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(file));
				}
			} catch (UnsupportedOperationException e) {
				// not a POSIX file system: the temporary file's permissions stand
			}
			try {
				Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			} catch (AtomicMoveNotSupportedException e) {
				Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
			}
		} catch (IOException e) {
			if (temp != null) {
				try {
					Files.deleteIfExists(temp);
				} catch (IOException ignored) {
					// the original file is intact; only the temporary copy is left behind
				}
			}
			throw new UsageException(file + ": cannot write: " + e.getMessage());
		}
	}
}
