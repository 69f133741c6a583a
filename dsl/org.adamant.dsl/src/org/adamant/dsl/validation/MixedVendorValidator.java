package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.LatencyBudgetPolicy;
import org.adamant.dsl.adamant.LifespanPolicy;
import org.adamant.dsl.adamant.LivelinessPolicy;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;

/**
 * Links to other DDS implementations ({@code interop}): the QoS durations that discovery carries,
 * which OpenDDS up to 3.34 and RTPS encode differently.
 */
public class MixedVendorValidator extends AbstractAdamantRules {

	/**
	 * The QoS durations that RTPS discovery carries and that take part in matching or delivery:
	 * deadline, latency budget, liveliness lease (requested/offered), lifespan (foreign readers drop
	 * samples by it) and time-based filter. reliability max_blocking_time travels too, but neither
	 * side uses the remote value.
	 */
	private static List<DiscoveryDuration> discoveryDurations(EffectiveQos qos) {
		List<DiscoveryDuration> result = new ArrayList<>();
		qos.get(DeadlinePolicy.class).ifPresent(p -> result.add(new DiscoveryDuration("deadline", p.getPeriod())));
		qos.get(LatencyBudgetPolicy.class)
				.ifPresent(p -> result.add(new DiscoveryDuration("latency_budget", p.getDuration())));
		qos.get(LivelinessPolicy.class).filter(p -> p.getLease() != null)
				.ifPresent(p -> result.add(new DiscoveryDuration("liveliness lease", p.getLease())));
		qos.get(LifespanPolicy.class).ifPresent(p -> result.add(new DiscoveryDuration("lifespan", p.getDuration())));
		qos.get(TimeBasedFilterPolicy.class).ifPresent(
				p -> result.add(new DiscoveryDuration("time_based_filter", p.getMinimumSeparation())));
		return result;
	}

	private record DiscoveryDuration(String policy, Quantity value) {
	}

	/** A misread duration with enough digits to tell it from the model's value. */
	private static String misread(double seconds) {
		return seconds < 1 ? String.format(Locale.ROOT, "%.2f ms", seconds * 1e3)
				: String.format(Locale.ROOT, "%.3f s", seconds);
	}

	/**
	 * An application that exchanges its topics with other DDS implementations ({@code interop}):
	 * every QoS duration of its endpoints that discovery carries must be a whole number of seconds
	 * (or left out). OpenDDS up to 3.34 writes a Duration_t in discovery as {seconds, nanoseconds};
	 * RTPS (and Cyclone DDS, Fast DDS, Connext) has {seconds, 2^-32 fractions of a second}. A whole
	 * number of seconds has a zero second part either way.
	 */
	@Check
	public void checkMixedVendorDurations(Application app) {
		if (app.getInterop().isEmpty()) {
			return;
		}
		String vendors = app.getInterop().stream().map(v -> v.getLiteral()).distinct()
				.collect(Collectors.joining(", "));
		for (Endpoint endpoint : app.getEndpoints()) {
			if (endpoint.getTopic() == null || endpoint.getTopic().eIsProxy()) {
				continue;
			}
			EffectiveQos qos = EffectiveQos.of(endpoint);
			for (DiscoveryDuration d : discoveryDurations(qos)) {
				Optional<Double> seconds = Quantities.base(d.value(), Dimension.DURATION);
				if (seconds.isEmpty() || Double.isInfinite(seconds.get())) {
					continue;
				}
				double whole = Math.floor(seconds.get());
				double fraction = seconds.get() - whole;
				if (fraction < 1e-9) {
					continue;
				}
				double asReadByOpenDds = whole + fraction * 4294967296.0 * 1e-9;
				double asReadByOthers = whole + fraction * 1e9 / 4294967296.0;
				boolean writer = endpoint instanceof Publication;
				String profile = qos.source() == null ? "" : " (QoS profile '" + qos.source().getName() + "')";
				warning(app.getName() + (writer ? " publishes '" : " subscribes to '") + endpoint.getTopic().getName()
						+ "' with " + d.policy() + " " + Format.duration(seconds.get()) + profile + " and exchanges it with "
						+ vendors + ": OpenDDS up to 3.34 writes QoS durations in RTPS discovery as seconds and "
						+ "nanoseconds where RTPS has 2^-32 fractions of a second, so "
						+ (writer ? "this " + Format.duration(seconds.get()) + " reads as "
								+ misread(asReadByOthers) + " in " + vendors + ", and a foreign reader's as "
								+ misread(asReadByOpenDds) + " here"
								: "a foreign writer's " + Format.duration(seconds.get()) + " reads as "
										+ misread(asReadByOpenDds) + " here (longer than requested: it never "
										+ "matches), and this reader's as " + misread(asReadByOthers) + " in "
										+ vendors)
						+ "; on a mixed-vendor link use a whole number of seconds (e.g. "
						+ Format.duration(Math.max(1, Math.ceil(seconds.get()))) + ") or leave " + d.policy() + " out",
						endpoint, P.getEndpoint_Topic(), IssueCodes.MIXED_VENDOR_DURATION);
			}
		}
	}
}
