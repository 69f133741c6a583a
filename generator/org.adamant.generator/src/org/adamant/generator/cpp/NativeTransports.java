package org.adamant.generator.cpp;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.Format;
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
	 * A bench's sweep entry for the transport (adamant::bench::SweepTransport): its kind and what the
	 * model states for it ({@link #stated}), e.g. {@code SweepTransport::of("ricochet").r(4).c(3)}.
	 */
	public static String sweepEntry(RuntimeTransport t, OptionalLong pace) {
		String head = "adamant::bench::SweepTransport::of(\"" + t.kind() + "\")";
		List<String> setters = setters(t, pace);
		String line = head + String.join("", setters);
		// within the generated code's 120 columns (the entry sits 6 deep): a setter per line when longer
		return line.length() <= 110 ? line : head + "\n    " + String.join("\n    ", setters);
	}

	/**
	 * An application endpoint's adamant::TransportSettings: its kind and what the model states for it
	 * ({@link #stated}), e.g. {@code TransportSettings::of(adamant::TransportKind::Nakcast).nak_timeout(50ms)}.
	 */
	public static String settings(RuntimeTransport t, OptionalLong pace) {
		return "adamant::TransportSettings::of(" + kindEnum(t) + ")" + stated(t, pace);
	}

	/**
	 * An endpoint's adamant::TransportSettings: for {@code transport adaptive} the runtime's adaptive transport
	 * reading its flow's decision table from the generated directory (ADAMANT_TARGET_DIR, which the generated
	 * CMakeLists.txt defines), with the hold and margin its writer states (the runtime takes the contract's for
	 * the others); otherwise {@link #settings(RuntimeTransport, OptionalLong)}.
	 */
	public static String settings(Endpoint e, RuntimeTransport t, OptionalLong pace) {
		return TransportLowering.adaptiveTable(e)
				.map(table -> "adamant::TransportSettings::of(adamant::TransportKind::Adaptive)\n    .table(ADAMANT_TARGET_DIR \"/"
						+ table + "\")" + hysteresis(TransportLowering.adaptiveHysteresis(e).orElseThrow(), "\n    "))
				.orElseGet(() -> settings(t, pace));
	}

	/**
	 * The stated hold (as std::chrono::microseconds, no literals needed) and margin (percent) setters, each
	 * after {@code before} (a line break and indent, or nothing).
	 */
	public static String hysteresis(AdaptiveHysteresis h, String before) {
		return (h.holdStated() ? before + ".hold(std::chrono::microseconds(" + h.holdUs() + "))" : "")
				+ (h.marginStated() ? before + ".margin(" + Format.number(h.marginPct()) + ")" : "");
	}

	/**
	 * The setters (adamant::StatedTransport's, named as the contract's parameters) of the parameters
	 * of the transport's kind the model states, e.g. {@code .r(4).c(3)}; the runtime applies the
	 * contract's defaults for the others. Durations as std::chrono literals ({@link #statesDuration}),
	 * flags as true/false ({@code .sequenced(false)}: delivered on arrival), choices as the enumerator
	 * ({@code .pace_mode(adamant::PaceMode::Estimate)}).
	 * {@code pace}: the replace/fifo writer's pace in B/s, when the model has one.
	 */
	private static String stated(RuntimeTransport t, OptionalLong pace) {
		return String.join("", setters(t, pace));
	}

	private static List<String> setters(RuntimeTransport t, OptionalLong pace) {
		List<String> setters = new ArrayList<>();
		for (ParameterValue p : t.stated()) {
			setters.add("." + p.name() + "(" + value(p) + ")");
		}
		if (t.isReplaceFamily() && pace.isPresent()) {
			setters.add(".pace(" + pace.getAsLong() + ")");
		}
		return setters;
	}

	/**
	 * A stated value as C++: nak_timeout's word ({@code auto}) as the runtime's constant for it, other
	 * durations as std::chrono literals (25ms), counts as numbers.
	 */
	private static String value(ParameterValue p) {
		if (p.keyword().isPresent() && "nak_timeout".equals(p.name())) {
			return "adamant::contract::kNakTimeoutAuto";
		}
		return switch (p.type()) {
		case "duration" -> p.option();
		case "flag" -> p.inUnit() != 0 ? "true" : "false";
		case "choice" -> "adamant::" + camel(p.name()) + "::" + camel(p.option()); // adamant::PaceMode::Estimate
		default -> String.valueOf(p.inUnit());
		};
	}

	/** A contract name as a C++ type or enumerator: pace_mode → PaceMode, estimate → Estimate. */
	private static String camel(String name) {
		StringBuilder out = new StringBuilder();
		for (String part : name.split("_")) {
			out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
		}
		return out.toString();
	}

	/** Whether {@link #stated} writes a duration literal (25ms), which needs std::chrono_literals. */
	public static boolean statesDuration(RuntimeTransport t) {
		return t.stated().stream().anyMatch(p -> "duration".equals(p.type()) && p.keyword().isEmpty());
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
