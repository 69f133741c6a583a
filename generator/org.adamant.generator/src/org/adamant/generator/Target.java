package org.adamant.generator;

/** What {@link AdamantGenerator#generate} emits. */
public enum Target {
	/** C++17 on the ADAMANT runtime (find_package(Adamant)): the embedded default. */
	NATIVE,
	/** OpenDDS (3.13 and later; see GeneratorOptions): IDL, QoS, applications, benchmarks, .ini, CMake. */
	OPENDDS,
	/** Both, under native/ and opendds/. */
	ALL;

	public boolean includesNative() {
		return this == NATIVE || this == ALL;
	}

	public boolean includesOpenDds() {
		return this == OPENDDS || this == ALL;
	}
}
