package org.adamant.cli.ddsxml;

import java.util.Map;

/**
 * One QoS profile as DDS-XML states it: its name, the profile it derives from ({@code base_name}, null
 * if none), its DDS policies (every effective policy: the profile is flattened, see docs/dds-xml.md) and
 * the ADAMANT requirements DDS has no policy for, by {@link Requirement} name; with where it stands in
 * its file (0 when built from a model).
 */
public record DdsProfile(String name, String baseName, Map<PolicyElement, XmlNode> policies,
		Map<Requirement, String> requirements, int line, int column) {
}
