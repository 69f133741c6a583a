package org.adamant.generator.cpp;

import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.generator.ModelInfo;

/** How the native code names and explains a lowered runtime transport. */
public final class NativeTransports {

	private NativeTransports() {
	}

	/** The adamant::TransportKind enumerator of its runtime kind ("nakcast": adamant::TransportKind::Nakcast). */
	public static String kindEnum(RuntimeTransport t) {
		return "adamant::TransportKind::" + Character.toUpperCase(t.kind().charAt(0)) + t.kind().substring(1);
	}

	/** What the transport is, why the endpoint runs it, and where the model declares it. */
	public static String comment(RuntimeTransport t) {
		if (t.transport() == null) {
			return t.reason();
		}
		String declared = "transport " + t.transport().getName() + ": " + t.description() + " — from "
				+ ModelInfo.sourceOf(t.transport());
		return t.reason().isEmpty() ? declared : t.reason() + "; " + declared;
	}
}
