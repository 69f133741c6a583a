package org.adamant.generator.cpp;

import java.util.OptionalLong;

import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.generator.ModelInfo;

/** How the native code names and explains a lowered runtime transport. */
public final class NativeTransports {

	private NativeTransports() {
	}

	/** The adamant::TransportKind enumerator of its runtime kind ("nakcast": adamant::TransportKind::Nakcast). */
	public static String kindEnum(RuntimeTransport t) {
		return "adamant::TransportKind::" + Character.toUpperCase(t.kind().charAt(0)) + t.kind().substring(1);
	}

	/**
	 * A bench's sweep entry for the transport (adamant::bench::SweepTransport, whose setters are named
	 * as the contract's parameters): its kind and the parameters of the kind the model states, e.g.
	 * {@code SweepTransport::of("ricochet").r(4).c(3)}; durations as std::chrono literals
	 * ({@link #statesDuration}). {@code pace}: the replace/fifo writer's pace in B/s, when the model has one.
	 */
	public static String sweepEntry(RuntimeTransport t, OptionalLong pace) {
		StringBuilder entry = new StringBuilder("adamant::bench::SweepTransport::of(\"" + t.kind() + "\")");
		for (ParameterValue p : t.stated()) {
			entry.append('.').append(p.name()).append('(')
					.append("duration".equals(p.type()) ? p.option() : String.valueOf(p.inUnit())).append(')');
		}
		if (t.isReplaceFamily() && pace.isPresent()) {
			entry.append(".pace(").append(pace.getAsLong()).append(')');
		}
		return entry.toString();
	}

	/** Whether {@link #sweepEntry} writes a duration (25ms), which needs std::chrono_literals. */
	public static boolean statesDuration(RuntimeTransport t) {
		return t.stated().stream().anyMatch(p -> "duration".equals(p.type()));
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
