package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.ExperimentStream;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.LatencyBudgetPolicy;
import org.adamant.dsl.adamant.LifespanPolicy;
import org.adamant.dsl.adamant.LivelinessPolicy;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.ResourceLimitsPolicy;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.FlowScenario;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.LinkLoad;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.QosCompatibility;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.xtext.validation.Check;
import org.eclipse.xtext.validation.ComposedChecks;

/**
 * Validation rules of the ADAMANT language. One {@code @Check} method per rule, each with its issue
 * code from {@link IssueCodes}; messages name the elements and numbers involved and say how to fix.
 */
@ComposedChecks(validators = ImportValidator.class)
public class AdamantValidator extends AbstractAdamantValidator {

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	/**
	 * Xtext silently ignores a NullPointerException thrown by a check; with the system property
	 * {@code adamant.validation.strict=true} (set by the fuzz test) it propagates instead, so that
	 * checks that trip over broken models are found.
	 */
	@Override
	protected void handleExceptionDuringValidation(Throwable targetException) throws RuntimeException {
		if (targetException instanceof NullPointerException npe && Boolean.getBoolean("adamant.validation.strict")) {
			throw npe;
		}
		super.handleExceptionDuringValidation(targetException);
	}

	@Check
	public void checkUnit(Quantity quantity) {
		Optional<Dimension> expected = Quantities.expectedDimension(quantity);
		if (expected.isEmpty()) {
			if (quantity.getUnit() != null && !isCountParameter(quantity)) {
				return;
			}
			if (quantity.getUnit() != null) {
				error("'" + quantity.getUnit() + "' is not allowed here: this parameter is a plain count; "
						+ "write the number alone", quantity, P.getQuantity_Unit(), IssueCodes.WRONG_UNIT);
			}
			return;
		}
		Dimension dimension = expected.get();
		String unit = quantity.getUnit();
		if (unit == null) {
			error("Missing unit: " + format(quantity.getValue()) + " must be " + dimension.description()
					+ "; write it with one of " + dimension.unitList() + " (e.g. " + format(quantity.getValue())
					+ " " + dimension.defaultUnit() + ")", quantity, P.getQuantity_Value(), IssueCodes.MISSING_UNIT,
					dimension.defaultUnit());
		} else if (!dimension.accepts(unit)) {
			error("Wrong unit '" + unit + "': this value must be " + dimension.description() + "; use one of "
					+ dimension.unitList(), quantity, P.getQuantity_Unit(), IssueCodes.WRONG_UNIT,
					dimension.defaultUnit());
		} else if (quantity.getValue() < 0) {
			error("Negative value " + format(quantity.getValue()) + " " + unit + ": " + dimension.description()
					+ " cannot be negative", quantity, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		} else if (dimension == Dimension.PERCENT && quantity.getValue() > 100) {
			error("Percentage " + format(quantity.getValue()) + " % is over 100 %", quantity, P.getQuantity_Value(),
					IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}

	private static boolean isCountParameter(Quantity quantity) {
		if (quantity.eContainingFeature() == P.getParameter_Value()) {
			return true;
		}
		String name = quantity.eContainer() instanceof ParameterSweep s ? s.getName()
				: quantity.eContainer() instanceof TransportParameter t ? t.getName() : null;
		return Quantities.isCountParameter(name);
	}

	// ------------------------------------------------------------------ DDS consistency in a QoS

	@Check
	public void checkHistoryDepth(HistoryPolicy history) {
		if (!history.isKeepAll() && history.getDepth() < 1) {
			error("history keep_last " + history.getDepth() + " keeps no sample: the depth must be at least 1; write "
					+ "keep_last 1 (only the newest) or more", history, P.getHistoryPolicy_Depth(),
					IssueCodes.HISTORY_DEPTH_INVALID);
		}
	}

	@Check
	public void checkQosConsistency(QosProfile profile) {
		// extends cycle
		Set<QosProfile> seen = new HashSet<>();
		List<String> chain = new ArrayList<>();
		for (QosProfile p = profile; p != null && !p.eIsProxy(); p = p.getParent()) {
			chain.add(p.getName());
			if (!seen.add(p)) {
				if (p == profile) {
					error("QoS profile '" + profile.getName() + "' extends itself (" + String.join(" extends ", chain)
							+ "); remove one 'extends' from the cycle", profile, P.getQosProfile_Parent(),
							IssueCodes.EXTENDS_CYCLE);
				}
				return; // a cycle further up is reported on its own profiles
			}
		}
		EffectiveQos qos = EffectiveQos.of(profile);
		String name = "QoS profile '" + profile.getName() + "'";
		Optional<HistoryPolicy> history = qos.get(HistoryPolicy.class);
		Optional<ResourceLimitsPolicy> limits = qos.get(ResourceLimitsPolicy.class);
		if (limits.isPresent()) {
			ResourceLimitsPolicy l = limits.get();
			boolean own = l.eContainer() == profile || history.map(h -> h.eContainer() == profile).orElse(false);
			if (own && history.isPresent() && !history.get().isKeepAll() && l.getMaxSamplesPerInstance() > 0
					&& history.get().getDepth() > l.getMaxSamplesPerInstance()) {
				error(name + ": history keep_last " + history.get().getDepth() + " exceeds resource_limits "
						+ "max_samples_per_instance " + l.getMaxSamplesPerInstance() + "; DDS requires depth <= "
						+ "max_samples_per_instance: lower the depth or raise the limit", l,
						P.getResourceLimitsPolicy_MaxSamplesPerInstance(), IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS);
			}
			if (l.eContainer() == profile && l.getMaxSamples() > 0 && l.getMaxSamplesPerInstance() > l.getMaxSamples()) {
				error(name + ": resource_limits max_samples_per_instance " + l.getMaxSamplesPerInstance()
						+ " exceeds max_samples " + l.getMaxSamples() + "; DDS requires max_samples_per_instance <= "
						+ "max_samples: raise max_samples or lower max_samples_per_instance", l,
						P.getResourceLimitsPolicy_MaxSamples(), IssueCodes.RESOURCE_LIMITS_INCONSISTENT);
			}
		}
		Optional<TimeBasedFilterPolicy> filter = qos.get(TimeBasedFilterPolicy.class);
		Optional<DeadlinePolicy> deadline = qos.get(DeadlinePolicy.class);
		if (filter.isPresent() && deadline.isPresent()
				&& (filter.get().eContainer() == profile || deadline.get().eContainer() == profile)) {
			Optional<Double> sep = Quantities.base(filter.get().getMinimumSeparation(), Dimension.DURATION);
			Optional<Double> period = Quantities.base(deadline.get().getPeriod(), Dimension.DURATION);
			if (sep.isPresent() && period.isPresent() && sep.get() > period.get()) {
				error(name + ": time_based_filter minimum_separation " + Format.duration(sep.get())
						+ " is longer than the deadline " + Format.duration(period.get())
						+ "; a reader that filters that much misses every deadline: make the separation "
						+ Format.duration(period.get()) + " or shorter, or the deadline longer", filter.get(),
						P.getTimeBasedFilterPolicy_MinimumSeparation(), IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE);
			}
		}
	}

	// ------------------------------------------------------------------ request/offered compatibility

	/** Every writer of the reader's topic (in any application the model sees) against this reader. */
	@Check
	public void checkCompatibility(Subscription reader) {
		if (reader.getTopic() == null || reader.getTopic().eIsProxy()) {
			return;
		}
		EffectiveQos requested = EffectiveQos.of(reader);
		for (Publication writer : Flow.publicationsOf(reader.getTopic(), reader)) {
			for (QosCompatibility.Mismatch m : QosCompatibility.check(EffectiveQos.of(writer), requested)) {
				error("Incompatible " + m.policy() + " on topic '" + reader.getTopic().getName() + "': writer "
						+ TransportRanking.describe(writer) + " offers " + m.offered() + ", reader "
						+ TransportRanking.describe(reader) + " requests " + m.requested() + "; " + m.fix(), reader,
						P.getEndpoint_Topic(), m.code());
			}
		}
	}

	/** A flow without receivers: nobody gets its updates, and nothing can be predicted for it. */
	@Check
	public void checkSubscribed(Publication publication) {
		if (publication.getTopic() == null || publication.getTopic().eIsProxy()) {
			return;
		}
		if (Flow.of(publication).receivers() == 0) {
			String topic = publication.getTopic().getName();
			warning(TransportRanking.describe(publication) + " has no receivers: no application in this model or "
					+ "its imports subscribes to '" + topic + "', so its updates reach nobody and no latency, "
					+ "delivery or load is predicted for it; add `subscribe " + topic + "` to an application, or "
					+ "remove the publication", publication, P.getEndpoint_Topic(), IssueCodes.NO_SUBSCRIBER);
		}
	}

	// ------------------------------------------------------------------ mixed-vendor links

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
				.collect(java.util.stream.Collectors.joining(", "));
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

	// ------------------------------------------------------------------ transport capability

	@Check
	public void checkTransportCapabilities(Endpoint endpoint) {
		Transport transport = Bindings.bound(endpoint);
		if (transport == null) {
			return;
		}
		for (Finding f : TransportRanking.capability(endpoint, transport)) {
			report(f, endpoint.getBinding(), P.getTransportBinding_Transport());
		}
	}

	@Check
	public void checkRuntimeParameter(Parameter parameter) {
		if (!(parameter.eContainer() instanceof RuntimeMapping mapping)) {
			return;
		}
		Transport transport = mapping.eContainer() instanceof Transport t ? t : null;
		Set<String> known = Quantities.knownParameters(transport);
		if (!known.contains(parameter.getName())) {
			error("Unknown parameter '" + parameter.getName() + "' for runtime " + mapping.getKind().getLiteral()
					+ (known.isEmpty() ? ", which takes no parameters; remove it"
							: "; its parameters are " + String.join(", ", known)),
					parameter, P.getParameter_Name(), IssueCodes.UNKNOWN_PARAMETER);
			return;
		}
		checkRange(transport, parameter.getName(), parameter.getValue(), parameter, P.getParameter_Value());
	}

	@Check
	public void checkTransportParameter(TransportParameter parameter) {
		Optional<Double> min = Quantities.parameter(parameter.getName(), parameter.getMin());
		Optional<Double> max = Quantities.parameter(parameter.getName(), parameter.getMax());
		if (min.isPresent() && max.isPresent() && min.get() > max.get()) {
			error("Parameter '" + parameter.getName() + "': range " + Format.number(min.get()) + ".."
					+ Format.number(max.get()) + " is empty; write the lower bound first", parameter,
					P.getTransportParameter_Min(), IssueCodes.PARAMETER_OUT_OF_RANGE);
			return;
		}
		if (parameter.getDefaultValue() != null && parameter.eContainer() instanceof Transport t) {
			checkRange(t, parameter.getName(), parameter.getDefaultValue(), parameter,
					P.getTransportParameter_DefaultValue());
		}
	}

	@Check
	public void checkSweep(ParameterSweep sweep) {
		Experiment x = sweep.eContainer() instanceof Experiment e ? e : null;
		if (x == null) {
			return;
		}
		List<Transport> owners = new ArrayList<>();
		Set<String> all = new TreeSet<>();
		for (Transport t : x.getTransports()) {
			if (t != null && !t.eIsProxy()) {
				Set<String> known = Quantities.knownParameters(t);
				all.addAll(known);
				if (known.contains(sweep.getName())) {
					owners.add(t);
				}
			}
		}
		if (owners.isEmpty()) {
			error("Unknown parameter '" + sweep.getName() + "': none of the experiment's transports has it"
					+ (all.isEmpty() ? "" : " (they have " + String.join(", ", all) + ")")
					+ "; sweep one of those, or add a transport that has it", sweep, P.getParameterSweep_Name(),
					IssueCodes.UNKNOWN_PARAMETER);
			return;
		}
		for (Quantity value : sweep.getValues()) {
			checkRange(owners.get(0), sweep.getName(), value, value, P.getQuantity_Value());
		}
	}

	private void checkRange(Transport transport, String name, Quantity q, EObject where, EStructuralFeature feature) {
		Optional<Double> value = Quantities.parameter(name, q);
		if (value.isEmpty()) {
			return; // unit errors are reported by checkUnit
		}
		double v = value.get();
		String problem = null;
		if ("r".equals(name) && (v < 2 || v != Math.rint(v))) {
			problem = "r = " + Format.number(v) + " is out of range: Ricochet needs a whole number of at least 2 data "
					+ "packets per repair; use e.g. r = 4 or " + TransportRanking.defaultR();
		} else if ("c".equals(name) && (v < 1 || v != Math.rint(v))) {
			problem = "c = " + Format.number(v) + " is out of range: a repair must go to a whole number of at least 1 "
					+ "receivers; use e.g. c = " + TransportRanking.defaultC();
		} else if (("timeout".equals(name) || "nak_timeout".equals(name)) && v <= 0) {
			problem = name + " = " + Format.duration(v) + " is out of range: a NAK timeout must be positive; use e.g. "
					+ "25 ms or " + Format.duration(TransportRanking.defaultNakTimeout());
		}
		if (problem == null && transport != null) {
			for (TransportParameter p : transport.getParameters()) {
				if (name.equals(p.getName())) {
					Optional<Double> min = Quantities.parameter(name, p.getMin());
					Optional<Double> max = Quantities.parameter(name, p.getMax());
					if (min.isPresent() && v < min.get() || max.isPresent() && v > max.get()) {
						problem = name + " = " + Format.number(v) + " is outside the range "
								+ min.map(Format::number).orElse("") + ".." + max.map(Format::number).orElse("")
								+ " transport '" + transport.getName() + "' declares; pick a value in the range";
					}
				}
			}
		}
		if (problem == null && (transport == null || transport.getMapping() instanceof RuntimeMapping)) {
			Optional<Quantities.Range> range = Quantities.runtimeRange(name);
			if (range.isPresent() && !range.get().contains(v)) {
				boolean duration = Quantities.parameterDimension(name).isPresent();
				problem = name + " = " + (duration ? Format.duration(v) : Format.number(v)) + " is outside the runtime's range "
						+ (duration ? Format.duration(range.get().min()) + ".." + Format.duration(range.get().max())
								: Format.number(range.get().min()) + ".." + Format.number(range.get().max()))
						+ " (its contract table, runtime/contract/contract.json); pick a value in the range";
			}
		}
		if (problem != null) {
			error(problem, where, feature, IssueCodes.PARAMETER_OUT_OF_RANGE);
		}
	}

	// ------------------------------------------------------------------ experiments

	/**
	 * Every stream of an experiment needs a rate: {@code topic T} sweeps the experiment's {@code rate}
	 * values; a stream of {@code topics} has its own, the experiment's, or its publications' rate.
	 */
	@Check
	public void checkExperimentRates(Experiment x) {
		if (x.getTopic() != null && !x.getTopic().eIsProxy() && x.getRates().isEmpty()) {
			error("Experiment '" + x.getName() + "' sweeps topic '" + x.getTopic().getName() + "' but gives no rate; "
					+ "add the rates to sweep, e.g. `rate 10 Hz, 100 Hz`", x, P.getExperiment_Topic(),
					IssueCodes.EXPERIMENT_RATE_MISSING);
			return;
		}
		for (int i = 0; i < x.getStreams().size(); i++) {
			ExperimentStream s = x.getStreams().get(i);
			if (s.getTopic() == null || s.getTopic().eIsProxy() || s.getRate() != null) {
				continue;
			}
			Experiments.Stream stream = Experiments.streams(x).stream().filter(t -> t.topic() == s.getTopic())
					.findFirst().orElse(null);
			if (stream != null && stream.ratesHz().isEmpty()) {
				error("Experiment '" + x.getName() + "': topic '" + s.getTopic().getName() + "' has no rate (none of "
						+ "its own, no experiment `rate`, and no application publishes it with a rate); write `"
						+ s.getTopic().getName() + "(rate 20 Hz)` in `topics`, or a `rate` line", x,
						P.getExperiment_Streams(), i, IssueCodes.EXPERIMENT_RATE_MISSING);
			}
		}
	}

	@Check
	public void checkExperimentTopicsDistinct(Experiment x) {
		Set<org.adamant.dsl.adamant.Topic> seen = new HashSet<>();
		for (int i = 0; i < x.getStreams().size(); i++) {
			org.adamant.dsl.adamant.Topic t = x.getStreams().get(i).getTopic();
			if (t != null && !t.eIsProxy() && !seen.add(t)) {
				error("Experiment '" + x.getName() + "' lists topic '" + t.getName() + "' twice in `topics`; a topic "
						+ "is one stream: remove the second, or give the first the combined rate", x,
						P.getExperiment_Streams(), i, IssueCodes.DUPLICATE_EXPERIMENT_TOPIC);
			}
		}
	}

	// ------------------------------------------------------------------ feasibility

	@Check
	public void checkDeadlineVsPeriod(Publication publication) {
		TransportRanking.deadlineVsPeriod(publication)
				.ifPresent(f -> report(f, publication, P.getPublication_Rate()));
	}

	/** Parameters that depend on the flow (c below the receivers), as {@code auto}'s ranking applies them. */
	@Check
	public void checkFlowParameters(Publication publication) {
		Transport transport = Bindings.bound(publication);
		if (transport != null) {
			for (Finding f : TransportRanking.parameters(Flow.of(publication), transport)) {
				report(f, publication.getBinding(), P.getTransportBinding_Transport());
			}
		}
	}

	@Check
	public void checkFeasibility(Publication publication) {
		Transport transport = Bindings.bound(publication);
		if (transport == null) {
			return;
		}
		Flow flow = Flow.of(publication);
		TransportRanking.predict(flow, transport).ifPresent(p -> {
			for (Finding f : TransportRanking.feasibility(flow, transport, p)) {
				report(f, publication.getBinding(), P.getTransportBinding_Transport());
			}
		});
	}

	/**
	 * The flows of every application in one environment share its link: their summed predicted load
	 * against its bandwidth, and against every phase of a schedule. Error when the flows without
	 * replacement alone exceed the (mean) bandwidth: their queue grows without bound; warning when the
	 * total exceeds the bandwidth or a phase of it otherwise. One flow alone is the per-flow rule
	 * (unbounded-queue-growth / bandwidth-exceeded). Reported once per environment and file, on the
	 * file's first application that publishes into it.
	 */
	@Check
	public void checkEnvironmentLoad(Application app) {
		Environment env = app.getEnvironment();
		if (env == null || env.eIsProxy() || firstPublisherIn(app, env) != app) {
			return;
		}
		List<LinkLoad.Share> shares = LinkLoad.shares(env, app);
		List<LinkLoad.Phase> phases = LinkLoad.phases(env);
		if (shares.size() < 2 || phases.isEmpty()) {
			return;
		}
		double total = shares.stream().mapToDouble(LinkLoad.Share::load).sum();
		double fixed = shares.stream().filter(s -> !s.replacement()).mapToDouble(LinkLoad.Share::load).sum();
		double min = Flow.minBandwidth(env);
		double mean = Flow.meanBandwidth(env);
		if (total <= min) {
			return;
		}
		String head = "Environment '" + env.getName() + "' carries " + shares.size() + " flows that together offer "
				+ Format.bandwidth(total) + " (" + shares.stream().map(LinkLoad.Share::describe)
						.collect(java.util.stream.Collectors.joining("; ")) + ")";
		boolean schedule = env.getSchedule() != null;
		if (fixed > mean) {
			error(head + "; the flows without replacement alone need " + Format.bandwidth(fixed) + ", "
					+ Format.percent(100 * fixed / mean) + " of its " + Format.bandwidth(mean) + (schedule ? " mean" : "")
					+ " bandwidth: their queue grows by " + Format.number(fixed - mean) + " B/s without bound; lower "
					+ "their rates or payloads, bind transports with replacement, or move flows to another environment",
					app, P.getApplication_Environment(), IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
			return;
		}
		List<String> over = new ArrayList<>();
		for (LinkLoad.Phase phase : phases) {
			if (total > phase.bandwidth()) {
				over.add((schedule ? "the " + Format.bandwidth(phase.bandwidth()) + " for "
						+ Format.duration(phase.seconds()) : "its " + Format.bandwidth(phase.bandwidth())) + " ("
						+ Format.percent(100 * total / phase.bandwidth()) + "; " + Format.number(total - phase.bandwidth())
						+ " B/s more than the link carries" + (schedule && phase.seconds() > 0 ? ", "
								+ Format.number((total - phase.bandwidth()) * phase.seconds()) + " B over the phase" : "")
						+ ")");
			}
		}
		String effect = fixed > min
				? "the flows without replacement (" + Format.bandwidth(fixed) + ") queue up while a low phase lasts and "
						+ "drain afterwards"
				: "replacement keeps the queue bounded by sending only the newest updates of the flows that have it";
		warning(head + ", above " + String.join(" and ", over) + "; " + effect + "; lower rates or payloads if every "
				+ "update matters", app, P.getApplication_Environment(), IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
	}

	/**
	 * An experiment's streams share the link of its environment: at its heaviest point (most
	 * receivers, highest loss, each stream's highest rate) their summed predicted load over each of its
	 * transports against the bandwidth (the lowest phase of a schedule). A warning, not an error: an
	 * experiment may measure overload on purpose (the Mockets experiments do).
	 */
	@Check
	public void checkExperimentLoad(Experiment x) {
		Environment env = x.getEnvironment();
		if (env == null || env.eIsProxy() || LinkLoad.phases(env).isEmpty() || x.getReceivers().isEmpty()) {
			return;
		}
		int receivers = Math.max(1, x.getReceivers().stream().mapToInt(Integer::intValue).max().getAsInt());
		double loss = x.getLoss().stream().map(q -> Quantities.base(q, Dimension.PERCENT)).flatMap(Optional::stream)
				.mapToDouble(Double::doubleValue).max().orElse(Flow.lossPercent(env));
		double rtt = Quantities.base(env.getRtt(), Dimension.DURATION).orElse(0.0);
		double min = Flow.minBandwidth(env);
		List<Experiments.Stream> streams = Experiments.streams(x).stream().filter(s -> !s.ratesHz().isEmpty()).toList();
		for (Transport t : x.getTransports()) {
			if (t == null || t.eIsProxy()) {
				continue;
			}
			double total = 0;
			List<String> parts = new ArrayList<>();
			for (Experiments.Stream s : streams) {
				double rate = s.ratesHz().stream().mapToDouble(Double::doubleValue).max().getAsDouble();
				FlowScenario scenario = new FlowScenario(rate, s.payloadBytes(), receivers, Math.min(100, loss) / 100, rtt,
						min, Flow.replacementTags(s.topic().getType(), rate));
				Optional<FlowPrediction> p = TransportRanking.predict(scenario, t);
				if (p.isPresent()) {
					total += p.get().offeredLoad();
					parts.add(s.topicName() + " " + Format.number(rate) + " Hz " + Format.bandwidth(p.get().offeredLoad()));
				}
			}
			if (total <= min) {
				continue;
			}
			String effect = t.isReplacement()
					? "'" + t.getName() + "' replaces queued updates, so only about " + Format.percent(100 * min / total)
							+ " of them are sent"
					: "without replacement the queue grows by " + Format.number(total - min) + " B/s for as long as "
							+ (env.getSchedule() == null ? "the experiment runs" : "the low phase lasts")
							+ ", and latency with it";
			warning("Experiment '" + x.getName() + "' over transport '" + t.getName() + "' offers "
					+ Format.bandwidth(total) + " at its heaviest point (" + receivers + " receiver(s), "
					+ Format.percent(loss) + " loss; " + String.join(", ", parts) + "), "
					+ Format.percent(100 * total / min) + " of the " + Format.bandwidth(min)
					+ (env.getSchedule() == null ? "" : " low phase") + " of environment '" + env.getName() + "'; " + effect
					+ "; if the experiment is not meant to overload the link, lower the rates or payloads",
					x, P.getExperiment_Environment(), IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED);
		}
	}

	/** The first application of {@code app}'s file that publishes into {@code env}. */
	private static Application firstPublisherIn(Application app, Environment env) {
		if (!(app.eContainer() instanceof org.adamant.dsl.adamant.Model model)) {
			return null;
		}
		for (org.adamant.dsl.adamant.Element e : model.getElements()) {
			if (e instanceof Application a && a.getEnvironment() == env
					&& a.getEndpoints().stream().anyMatch(Publication.class::isInstance)) {
				return a;
			}
		}
		return null;
	}

	/** `transport auto`: some catalog transport must satisfy every constraint of the flow. */
	@Check
	public void checkAuto(Publication publication) {
		if (publication.getBinding() == null || !publication.getBinding().isAuto()) {
			return;
		}
		List<TransportRanking.Assessment> ranking = TransportRanking.rank(publication);
		if (ranking.isEmpty()) {
			error(TransportRanking.describe(publication) + " uses transport auto but the model sees no transport "
					+ "catalog; import \"profiles/transports.adamant\"", publication.getBinding(),
					P.getTransportBinding_Auto(), IssueCodes.NO_FEASIBLE_TRANSPORT);
		} else if (!ranking.get(0).feasible()) {
			TransportRanking.Assessment best = ranking.stream()
					.min(Comparator.comparingLong((TransportRanking.Assessment a) -> a.findings().stream()
							.filter(Finding::error).count()).thenComparingDouble(TransportRanking.Assessment::relate2))
					.get();
			String why = best.findings().stream().filter(Finding::error).map(Finding::message).findFirst().orElse("");
			error(TransportRanking.describe(publication) + " uses transport auto but none of the " + ranking.size()
					+ " catalog transports satisfies every constraint; the closest, '" + best.name() + "', fails: "
					+ why, publication.getBinding(), P.getTransportBinding_Auto(), IssueCodes.NO_FEASIBLE_TRANSPORT);
		}
	}

	private void report(Finding f, EObject where, EStructuralFeature feature) {
		if (f.error()) {
			error(f.message(), where, feature, f.code());
		} else {
			warning(f.message(), where, feature, f.code());
		}
	}

	private static String format(double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			return Long.toString((long) value);
		}
		return String.format(Locale.ROOT, "%s", value);
	}
}
