package org.adamant.generator;

/** What {@link AdamantGenerator#generate} emits. */
public enum Target {
	/** C++17 on the ADAMANT runtime (find_package(Adamant)): the embedded default. */
	NATIVE,
	/** IDL, QoS setup and CMake for OpenDDS 3.2x. */
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
