package org.adamant.generator.cpp;

import java.util.Optional;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.generator.ModelInfo;

/**
 * How a modeled transport runs on the ADAMANT runtime: its name for adamant::parse_transport and
 * its recovery parameters (NAK timeout; Ricochet's r and c).
 */
public final class RuntimeTransports {

	/** The runtime's default NAK timeout (adamant::TransportSettings::nak_timeout). */
	public static final long DEFAULT_NAK_TIMEOUT_US = 50_000;

	/** The runtime's Ricochet defaults (adamant::TransportSettings::lec_r / lec_c). */
	public static final int DEFAULT_LEC_R = 8;
	public static final int DEFAULT_LEC_C = 3;

	/** A transport as the runtime sees it, with the comment that says where it came from. */
	public record Resolved(String name, String kindEnum, long nakTimeoutUs, int lecR, int lecC, String comment) {
		Resolved(String name, String kindEnum, long nakTimeoutUs, String comment) {
			this(name, kindEnum, nakTimeoutUs, DEFAULT_LEC_R, DEFAULT_LEC_C, comment);
		}
	}

	private RuntimeTransports() {
	}

	/** Empty when the transport does not map to a transport the runtime implements. */
	public static Optional<Resolved> resolve(Transport t) {
		if (t == null || t.eIsProxy() || !(t.getMapping() instanceof RuntimeMapping m)) {
			return Optional.empty();
		}
		String kindEnum = switch (m.getKind()) {
		case BASELINE -> "adamant::TransportKind::Baseline";
		case NAKCAST -> "adamant::TransportKind::Nakcast";
		case RICOCHET -> "adamant::TransportKind::Ricochet";
		default -> null;
		};
		if (kindEnum == null) {
			return Optional.empty();
		}
		long timeoutUs = DEFAULT_NAK_TIMEOUT_US;
		boolean explicit = false;
		int r = DEFAULT_LEC_R;
		int c = DEFAULT_LEC_C;
		for (Parameter p : m.getParams()) {
			if (p.getValue() == null) {
				continue;
			}
			switch (p.getName()) {
			case "timeout", "nak_timeout" -> {
				timeoutUs = Math.round(Quantities.seconds(p.getValue()) * 1e6);
				explicit = true;
			}
			case "r" -> r = (int) Math.round(p.getValue().getValue());
			case "c" -> c = (int) Math.round(p.getValue().getValue());
			default -> {
			}
			}
		}
		String what = switch (m.getKind()) {
		case NAKCAST -> "reliable " + t.getCast().getLiteral() + ", NAK after " + formatUs(timeoutUs)
				+ (explicit ? "" : " (runtime default)");
		case RICOCHET -> "lateral error correction over " + t.getCast().getLiteral() + ": each receiver XORs every "
				+ r + " packets into a repair for " + c + " other receivers";
		default -> "best-effort " + t.getCast().getLiteral() + ", no recovery";
		};
		String comment = "transport " + t.getName() + ": " + what + " — from " + ModelInfo.sourceOf(t);
		return Optional.of(new Resolved(m.getKind().getLiteral(), kindEnum, timeoutUs, r, c, comment));
	}

	/** Why a transport cannot run natively, for comments and errors. */
	public static String whyNot(Transport t) {
		if (t == null || t.eIsProxy()) {
			return "its transport is unresolved";
		}
		if (t.getMapping() instanceof OpenDdsMapping o) {
			return "transport " + t.getName() + " maps to OpenDDS " + o.getKind().getLiteral()
					+ " (use --target opendds)";
		}
		if (t.getMapping() instanceof RuntimeMapping m) {
			return "transport " + t.getName() + " maps to runtime " + m.getKind().getLiteral()
					+ ", which the runtime does not implement yet (only baseline, nakcast and ricochet)";
		}
		return "transport " + t.getName() + " has no mapping";
	}

	/**
	 * The transport an endpoint runs on: its binding, or when it names none (or says auto) the
	 * choice by QoS: nakcast for a reliable flow, baseline otherwise.
	 */
	public static Transport bound(Endpoint e) {
		return e.getBinding() == null || e.getBinding().isAuto() ? null : e.getBinding().getTransport();
	}

	public static boolean isReliable(Endpoint e) {
		return EffectiveQos.of(e).isReliable();
	}

	/**
	 * The runtime transport of an endpoint: its bound transport, or when it binds none (or auto),
	 * nakcast for a reliable QoS and baseline otherwise. Empty when the bound transport cannot run
	 * on the runtime.
	 */
	public static Optional<Resolved> resolve(Endpoint e) {
		Transport t = bound(e);
		if (t != null) {
			return resolve(t);
		}
		String how = e.getBinding() != null && e.getBinding().isAuto() ? "transport auto" : "no transport bound";
		if (isReliable(e)) {
			return Optional.of(new Resolved("nakcast", "adamant::TransportKind::Nakcast", DEFAULT_NAK_TIMEOUT_US,
					how + ": the QoS is reliable, so nakcast (NAK after " + formatUs(DEFAULT_NAK_TIMEOUT_US)
							+ ", runtime default)"));
		}
		return Optional.of(new Resolved("baseline", "adamant::TransportKind::Baseline", DEFAULT_NAK_TIMEOUT_US,
				how + ": the QoS is best-effort, so baseline (no recovery)"));
	}

	public static String formatUs(long us) {
		if (us % 1000 == 0) {
			return (us / 1000) + " ms";
		}
		return us + " us";
	}
}
