package org.adamant.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version} of the command and every verb: ADAMANT's version (the Maven project version,
 * filtered into version.properties), the git revision the build was made from (written into
 * git-revision.txt at build time when the sources were a git checkout), and the Java and OS it runs on.
 */
public class VersionProvider implements IVersionProvider {

	@Override
	public String[] getVersion() {
		String revision = revision();
		return new String[] {
				"adamant " + version() + (revision == null ? " (git revision not recorded)" : " (git " + revision + ")"),
				"Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
						+ System.getProperty("java.vm.name") + ")",
				"OS " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
						+ System.getProperty("os.arch") };
	}

	/** The project version; the jar manifest's Implementation-Version when the resource is missing. */
	public static String version() {
		try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
			if (in != null) {
				Properties p = new Properties();
				p.load(in);
				String v = p.getProperty("version", "");
				if (!v.isEmpty() && !v.startsWith("${")) {
					return v;
				}
			}
		} catch (IOException e) {
			// fall through to the manifest
		}
		String v = VersionProvider.class.getPackage().getImplementationVersion();
		return v == null ? "(unknown version)" : v;
	}

	/**
	 * {@code git describe --always --dirty} of the build's sources, or null when none was recorded
	 * (the build ran outside a git checkout, or git failed: then the file holds its error, not a revision).
	 */
	public static String revision() {
		try (InputStream in = VersionProvider.class.getResourceAsStream("git-revision.txt")) {
			if (in == null) {
				return null;
			}
			String r = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
			return r.matches("[0-9A-Za-z._+-]{4,80}") ? r : null;
		} catch (IOException e) {
			return null;
		}
	}
}
