package org.adamant.generator;

import org.adamant.generator.opendds.OpenDdsVersion;

/** Options of one generation run. */
public record GeneratorOptions(Target target, OpenDdsVersion openDdsVersion) {

	public GeneratorOptions {
		if (target == null) {
			target = Target.ALL;
		}
		if (openDdsVersion == null) {
			openDdsVersion = OpenDdsVersion.CURRENT;
		}
	}

	public static GeneratorOptions of(Target target) {
		return new GeneratorOptions(target, OpenDdsVersion.CURRENT);
	}
}
