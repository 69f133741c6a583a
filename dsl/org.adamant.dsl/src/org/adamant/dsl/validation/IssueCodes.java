package org.adamant.dsl.validation;

/**
 * Issue codes of the ADAMANT validator. Each names one rule; quick fixes, the language server and
 * the CLI's JSON output key on them, and docs/language.md documents each one.
 */
public final class IssueCodes {
	private static final String PREFIX = "adamant.";

	/** A validation check that failed with an exception: a bug in ADAMANT, reported where it happened. */
	public static final String INTERNAL_ERROR = PREFIX + "internal-error";
	/** A quantity without a unit. */
	public static final String MISSING_UNIT = PREFIX + "missing-unit";
	/** A unit that is not one of its dimension's units (e.g. Hz for a duration). */
	public static final String WRONG_UNIT = PREFIX + "wrong-unit";
	/**
	 * A negative rate, size, duration or bandwidth, a percentage over 100, an infinite number, a zero
	 * rate or bandwidth, a rate above the language's limit, a loss of 100 % or a reversed loss range.
	 */
	public static final String VALUE_OUT_OF_RANGE = PREFIX + "value-out-of-range";
	/** An import that is not a readable regular .adamant file relative to the importing file. */
	public static final String BAD_IMPORT = PREFIX + "bad-import";
	/** A reliable QoS bound to a transport that does not recover losses. */
	public static final String RELIABLE_ON_UNRELIABLE_TRANSPORT = PREFIX + "reliable-on-unreliable-transport";
	/**
	 * An experiment whose stream's QoS is reliable, over a transport OpenDDS takes for best-effort (udp, multicast
	 * best-effort, baseline): on the OpenDDS target its writers and readers run BEST_EFFORT (info).
	 */
	public static final String RELIABLE_RUNS_BEST_EFFORT = PREFIX + "reliable-runs-best-effort";

	// ---- DDS consistency inside one QoS profile
	/** keep_last with a depth below 1. */
	public static final String HISTORY_DEPTH_INVALID = PREFIX + "history-depth-invalid";
	/** history keep_last depth larger than resource_limits max_samples_per_instance. */
	public static final String HISTORY_EXCEEDS_RESOURCE_LIMITS = PREFIX + "history-exceeds-resource-limits";
	/** max_samples_per_instance larger than max_samples. */
	public static final String RESOURCE_LIMITS_INCONSISTENT = PREFIX + "resource-limits-inconsistent";
	/** time_based_filter minimum_separation longer than the deadline period. */
	public static final String TIME_FILTER_EXCEEDS_DEADLINE = PREFIX + "time-filter-exceeds-deadline";
	/** A QoS profile that (indirectly) extends itself; reported once per cycle, on its first profile in the file. */
	public static final String EXTENDS_CYCLE = PREFIX + "extends-cycle";

	/** history keep_all (error) or keep_last N &gt; 1 (warning) where replacement supersedes queued updates. */
	public static final String HISTORY_CONTRADICTS_REPLACEMENT = PREFIX + "history-contradicts-replacement";

	// ---- whether a writer and a reader of a topic communicate (semantics.Pairing)
	/** Writer and reader in different DDS domains. */
	public static final String INCOMPATIBLE_DOMAIN = PREFIX + "incompatible-domain";
	/** Writer and reader without a common partition. */
	public static final String INCOMPATIBLE_PARTITION = PREFIX + "incompatible-partition";
	/** Writer and reader of one topic name with different types. */
	public static final String INCOMPATIBLE_TYPE = PREFIX + "incompatible-type";
	/** Writer and reader on transports of different kinds or parameters. */
	public static final String INCOMPATIBLE_TRANSPORT = PREFIX + "incompatible-transport";
	// requested/offered (RxO) policies
	public static final String INCOMPATIBLE_RELIABILITY = PREFIX + "incompatible-reliability";
	public static final String INCOMPATIBLE_DURABILITY = PREFIX + "incompatible-durability";
	public static final String INCOMPATIBLE_DEADLINE = PREFIX + "incompatible-deadline";
	public static final String INCOMPATIBLE_LATENCY_BUDGET = PREFIX + "incompatible-latency-budget";
	public static final String INCOMPATIBLE_LIVELINESS = PREFIX + "incompatible-liveliness";
	public static final String INCOMPATIBLE_OWNERSHIP = PREFIX + "incompatible-ownership";
	public static final String INCOMPATIBLE_DESTINATION_ORDER = PREFIX + "incompatible-destination-order";
	public static final String INCOMPATIBLE_PRESENTATION = PREFIX + "incompatible-presentation";

	// ---- transport capabilities and parameters
	/**
	 * An ordering policy on a transport that does not deliver in order: presentation ordered (error),
	 * destination_order by_source_timestamp (warning: late updates are dropped).
	 */
	public static final String ORDERED_ON_UNORDERED_TRANSPORT = PREFIX + "ordered-on-unordered-transport";
	/** A multicast transport in an environment whose multicast is unavailable. */
	public static final String MULTICAST_UNAVAILABLE = PREFIX + "multicast-unavailable";
	/** A replacement requirement on a transport without message replacement. */
	public static final String REPLACEMENT_UNSUPPORTED = PREFIX + "replacement-unsupported";
	/** A priority requirement on a transport without message priorities. */
	public static final String PRIORITY_UNSUPPORTED = PREFIX + "priority-unsupported";
	/** unsequenced (delivery on arrival) with destination_order by_source_timestamp, which orders delivery. */
	public static final String UNSEQUENCED_ORDERED = PREFIX + "unsequenced-ordered";
	/** A priority outside 0..255, the one byte the runtime's messages carry. */
	public static final String PRIORITY_OUT_OF_RANGE = PREFIX + "priority-out-of-range";
	/**
	 * A DDS policy only the DDS layer implements (durability beyond volatile, manual liveliness,
	 * exclusive ownership) on a transport of the runtime, whose native applications ignore it.
	 */
	public static final String DDS_POLICY_UNSUPPORTED = PREFIX + "dds-policy-unsupported";
	/** A catalog transport that declares a capability its kind does not offer (the declaration is not believed). */
	public static final String CAPABILITY_NOT_OFFERED = PREFIX + "capability-not-offered";
	/** A transport parameter outside its valid range (r &ge; 2, 1 &le; c &lt; receivers, timeout &gt; 0, declared range). */
	public static final String PARAMETER_OUT_OF_RANGE = PREFIX + "parameter-out-of-range";
	/** A transport parameter the transport does not have. */
	public static final String UNKNOWN_PARAMETER = PREFIX + "unknown-parameter";

	/**
	 * A QoS duration that is not a whole number of seconds on an endpoint of an application with
	 * {@code interop} vendors: OpenDDS (up to 3.34) writes durations in RTPS discovery as seconds and
	 * nanoseconds where RTPS has seconds and 2^-32 fractions, so each side reads the other's wrong.
	 */
	public static final String MIXED_VENDOR_DURATION = PREFIX + "mixed-vendor-duration";

	/** An instance, receiver, update or run count below 1. */
	public static final String COUNT_OUT_OF_RANGE = PREFIX + "count-out-of-range";

	/** A publication whose topic no application subscribes to: its updates reach nobody. */
	public static final String NO_SUBSCRIBER = PREFIX + "no-subscriber";

	// ---- experiments
	/** An experiment stream with no rate: none of its own, no experiment `rate`, no publication with a rate. */
	public static final String EXPERIMENT_RATE_MISSING = PREFIX + "experiment-rate-missing";
	/** The same topic twice in one experiment's `topics`. */
	public static final String DUPLICATE_EXPERIMENT_TOPIC = PREFIX + "duplicate-experiment-topic";
	/** A stream `start` on the first stream, or at or after the end of the first stream's updates. */
	public static final String EXPERIMENT_START_OUT_OF_RANGE = PREFIX + "experiment-start-out-of-range";
	/** An experiment's `receivers` that its environment's receivers schedule overrides. */
	public static final String SCHEDULED_RECEIVERS = PREFIX + "scheduled-receivers";
	/** An experiment's `adaptive` without one topic published `transport adaptive`. */
	public static final String EXPERIMENT_ADAPTIVE_FLOW = PREFIX + "experiment-adaptive-flow";

	// ---- feasibility (predictions)
	/** A deadline shorter than the publication's send period. */
	public static final String DEADLINE_SHORTER_THAN_PERIOD = PREFIX + "deadline-shorter-than-period";
	/** Offered load above the bandwidth on a transport that replaces stale updates (or only in some phases). */
	public static final String BANDWIDTH_EXCEEDED = PREFIX + "bandwidth-exceeded";
	/** Offered load above the bandwidth without replacement: the queue grows without bound. */
	public static final String UNBOUNDED_QUEUE_GROWTH = PREFIX + "unbounded-queue-growth";
	/**
	 * The flows of all applications in one environment together offer more than its bandwidth (or one
	 * phase of its schedule); an error when the flows without replacement alone exceed it.
	 */
	public static final String ENVIRONMENT_BANDWIDTH_EXCEEDED = PREFIX + "environment-bandwidth-exceeded";
	/** Predicted latency of recovered updates above max_latency or the latency budget. */
	public static final String PREDICTED_LATENCY_EXCEEDS_BOUND = PREFIX + "predicted-latency-exceeds-bound";
	/** Predicted residual loss above max_loss. */
	public static final String PREDICTED_LOSS_EXCEEDS_MAX_LOSS = PREFIX + "predicted-loss-exceeds-max-loss";
	/** `transport auto` with no catalog transport that satisfies every constraint of the flow. */
	public static final String NO_FEASIBLE_TRANSPORT = PREFIX + "no-feasible-transport";

	// ---- names
	/** Two elements of one kind with the same name in one file (or two members, parameters, ... of one element). */
	public static final String DUPLICATE_NAME = PREFIX + "duplicate-name";
	/** A name or string that reaches generated code with a control character (newline, NUL, ...) in it. */
	public static final String CONTROL_CHARACTER = PREFIX + "control-character";

	// ---- data types
	/** A struct that contains itself, directly or through other structs or sequences. */
	public static final String TYPE_CONTAINS_ITSELF = PREFIX + "type-contains-itself";
	/** Structs or sequences nested deeper than the language allows. */
	public static final String TYPE_NESTING_TOO_DEEP = PREFIX + "type-nesting-too-deep";

	/**
	 * A simple name that two or more imported files define (and the file itself does not): it must
	 * be written qualified, {@code <model name>.<name>}. The issue data are the qualified names.
	 */
	public static final String AMBIGUOUS_NAME = PREFIX + "ambiguous-name";

	// ---- keys
	/**
	 * {@code key file} / {@code key env} that is not a path or a variable name: empty, a control
	 * character, or a key itself (hexadecimal, at least the contract's min_key_bytes).
	 */
	public static final String LITERAL_KEY = PREFIX + "literal-key";

	// ---- adaptive transports (docs/adaptive.md)
	/** A transport in {@code among} that cannot carry the flow whatever the environment. */
	public static final String ADAPTIVE_CANDIDATE_UNFIT = PREFIX + "adaptive-candidate-unfit";
	/** {@code transport adaptive} with nothing to switch between (or more than a table takes). */
	public static final String ADAPTIVE_NO_CANDIDATE = PREFIX + "adaptive-no-candidate";
	/** A bound in {@code among} outside the catalog's or the runtime contract's range, or upside down. */
	public static final String ADAPTIVE_BOUND_OUT_OF_RANGE = PREFIX + "adaptive-bound-out-of-range";
	/**
	 * {@code hold} or {@code margin} of {@code transport adaptive} outside the runtime contract's range, or
	 * stated on a reader (the writer decides the switches); data: the value within range, or nothing.
	 */
	public static final String ADAPTIVE_HYSTERESIS = PREFIX + "adaptive-hysteresis";
	/** Info: what an adaptive flow may switch between, where each candidate wins, and what is excluded. */
	public static final String ADAPTIVE_CHOICES = PREFIX + "adaptive-choices";

	private IssueCodes() {
	}
}
