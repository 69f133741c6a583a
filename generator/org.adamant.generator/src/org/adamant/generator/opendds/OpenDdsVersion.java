package org.adamant.generator.opendds;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenDDS release the generated code targets ({@code generate --opendds-version}). What changes
 * with the version (each checked against the OpenDDS sources at the release tag, see
 * docs/opendds-target.md):
 * <ul>
 * <li>before 3.14, topic types and keys are declared with {@code #pragma DCPS_DATA_TYPE} /
 * {@code DCPS_DATA_KEY} (DDS-3.13 DevGuideExamples/DCPS/Messenger/Messenger.idl); from 3.14 with
 * {@code @topic} / {@code @key};</li>
 * <li>the CMake package (cmake/OpenDDSConfig.cmake) first ships in 3.14; 3.13 builds with MPC;</li>
 * <li>{@code dds/Version.h} has {@code OPENDDS_VERSION_AT_LEAST} from 3.20 (not in DDS-3.14);</li>
 * <li>{@code MulticastInst::reliable(bool)} replaces the public {@code bool reliable_} in 3.26.</li>
 * </ul>
 */
public record OpenDdsVersion(int major, int minor) implements Comparable<OpenDdsVersion> {

	/** The newest release the generator was checked against (tag DDS-3.34 / v3.34.0). */
	public static final OpenDdsVersion CURRENT = new OpenDdsVersion(3, 34);
	/** {@link #CURRENT} as text, a compile-time constant for option descriptions. */
	public static final String CURRENT_TEXT = "3.34";
	/** The oldest release the generator supports. */
	public static final OpenDdsVersion OLDEST = new OpenDdsVersion(3, 13);

	private static final Pattern FORM = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.\\d+)?");

	/** "current", "3.13", "3.26", "3.26.1". */
	public static OpenDdsVersion parse(String text) {
		if (text == null || text.isBlank() || text.equalsIgnoreCase("current")) {
			return CURRENT;
		}
		Matcher m = FORM.matcher(text.trim());
		if (!m.matches()) {
			throw new IllegalArgumentException("'" + text + "' is not an OpenDDS version; use MAJOR.MINOR (e.g. 3.13, 3.26) or current");
		}
		OpenDdsVersion v = new OpenDdsVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
		if (v.compareTo(OLDEST) < 0) {
			throw new IllegalArgumentException("OpenDDS " + text + " is not supported; the oldest supported release is " + OLDEST);
		}
		return v;
	}

	public boolean atLeast(int ma, int mi) {
		return compareTo(new OpenDdsVersion(ma, mi)) >= 0;
	}

	/** IDL annotations @topic / @key (3.14+); before, #pragma DCPS_DATA_TYPE / DCPS_DATA_KEY. */
	public boolean hasTopicAnnotations() {
		return atLeast(3, 14);
	}

	/** cmake/OpenDDSConfig.cmake (find_package(OpenDDS), opendds_target_sources) ships from 3.14. */
	public boolean hasCMakePackage() {
		return atLeast(3, 14);
	}

	/** OPENDDS_VERSION_AT_LEAST in dds/Version.h (3.20+). */
	public boolean hasVersionMacro() {
		return atLeast(3, 20);
	}

	/** MulticastInst::reliable(bool) (3.26+) instead of the public member reliable_. */
	public boolean hasConfigAccessors() {
		return atLeast(3, 26);
	}

	@Override
	public int compareTo(OpenDdsVersion o) {
		return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
	}

	@Override
	public String toString() {
		return major + "." + minor;
	}
}
