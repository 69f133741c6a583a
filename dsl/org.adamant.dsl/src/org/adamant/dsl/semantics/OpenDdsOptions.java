package org.adamant.dsl.semantics;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.prediction.Format;

/**
 * The documented options of OpenDDS's built-in transports that a model may state, e.g.
 * {@code maps to opendds rtps_udp(heartbeat_period = 500 ms, use_multicast = false)}: one row per
 * option with its type and unit, OpenDDS's default, the accepted range and the transports that have
 * it. A model names an option by its OpenDDS .ini key ([transport/NAME] section), and the generator
 * writes the value in the unit OpenDDS reads (milliseconds, bytes, 0/1).
 * <p>
 * Source: OpenDDS Developer's Guide, run-time configuration, tables "Common Transport Configuration
 * Options", "TCP/IP", "UDP/IP", "IP Multicast", "RTPS_UDP" and "Shared-Memory Transport Configuration
 * Options"; the keys and defaults are those OpenDDS 3.13.3 reads (its TransportInst, TcpInst, UdpInst,
 * MulticastInst, RtpsUdpInst and ShmemInst). Options whose value is an address or an interface name
 * (local_address, group_address, multicast_group_address, multicast_interface, pub_address) belong
 * to a deployment, not to a model, and are left to the generated .ini file. Multicast's {@code reliable}
 * is the mapping's kind (multicast_reliable or multicast_best_effort).
 */
public final class OpenDdsOptions {

	/** How a value is written in the model and in the .ini file. */
	public enum Type {
		/** A duration with its unit; OpenDDS reads whole milliseconds. */
		DURATION_MS("a duration (whole milliseconds)", Dimension.DURATION),
		/** A whole number without unit. */
		COUNT("a whole number", null),
		/** A size with its unit; OpenDDS reads bytes. */
		SIZE("a size (whole bytes)", Dimension.SIZE),
		/** true or false; OpenDDS reads 1 or 0. */
		BOOLEAN("true or false", null),
		/** A number without unit. */
		DECIMAL("a number", null);

		public final String description;
		/** The quantity's dimension, null for a plain number or a word. */
		public final Dimension dimension;

		Type(String description, Dimension dimension) {
			this.description = description;
			this.dimension = dimension;
		}
	}

	/**
	 * One option: {@code name} is the model's name and the .ini key; {@code min}/{@code max} in the
	 * unit OpenDDS reads (ms, bytes, the number); {@code defaultValue} as OpenDDS documents it.
	 */
	public record Option(String name, Type type, String defaultValue, double min, double max,
			Set<OpenDdsTransportKind> kinds, String meaning) {
		public String iniKey() {
			return name;
		}
	}

	private static final double INT32_MAX = Integer.MAX_VALUE;
	private static final Set<OpenDdsTransportKind> ALL = EnumSet.allOf(OpenDdsTransportKind.class);
	private static final Set<OpenDdsTransportKind> TCP = EnumSet.of(OpenDdsTransportKind.TCP);
	private static final Set<OpenDdsTransportKind> UDP_RTPS = EnumSet.of(OpenDdsTransportKind.UDP,
			OpenDdsTransportKind.RTPS_UDP);
	private static final Set<OpenDdsTransportKind> MULTICAST = EnumSet.of(OpenDdsTransportKind.MULTICAST_RELIABLE,
			OpenDdsTransportKind.MULTICAST_BEST_EFFORT);
	private static final Set<OpenDdsTransportKind> MULTICAST_RTPS = EnumSet.of(OpenDdsTransportKind.MULTICAST_RELIABLE,
			OpenDdsTransportKind.MULTICAST_BEST_EFFORT, OpenDdsTransportKind.RTPS_UDP);
	private static final Set<OpenDdsTransportKind> RELIABLE_MULTICAST = EnumSet.of(OpenDdsTransportKind.MULTICAST_RELIABLE);
	private static final Set<OpenDdsTransportKind> RELIABLE_MULTICAST_RTPS = EnumSet.of(
			OpenDdsTransportKind.MULTICAST_RELIABLE, OpenDdsTransportKind.RTPS_UDP);
	private static final Set<OpenDdsTransportKind> RTPS = EnumSet.of(OpenDdsTransportKind.RTPS_UDP);
	private static final Set<OpenDdsTransportKind> SHMEM = EnumSet.of(OpenDdsTransportKind.SHMEM);

	/** The table. Multicast's rcv_buffer_size defaults to 0 (the system's); udp's and rtps_udp's to ACE's 64 KiB. */
	private static final List<Option> TABLE = List.of(
			// every transport (TransportInst)
			new Option("max_packet_size", Type.SIZE, "2147481599 B", 1, 2147481599, ALL,
					"largest transport packet: transport header, sample header and data"),
			new Option("max_samples_per_packet", Type.COUNT, "10", 1, 511, ALL,
					"samples in one transport packet (OpenDDS lowers more to what one sendmsg carries, 511 on Linux)"),
			new Option("optimum_packet_size", Type.SIZE, "4096 B", 1, INT32_MAX, ALL,
					"a packet this large is sent even if samples are still queued"),
			new Option("thread_per_connection", Type.BOOLEAN, "false", 0, 1, ALL,
					"one sending thread per connection"),
			new Option("datalink_release_delay", Type.DURATION_MS, "10000 ms", 0, INT32_MAX, ALL,
					"how long a data link outlives its last association"),
			new Option("datalink_control_chunks", Type.COUNT, "32", 1, INT32_MAX, ALL,
					"chunks of the allocator of transport control samples"),
			// tcp (TcpInst)
			new Option("conn_retry_attempts", Type.COUNT, "3", 0, INT32_MAX, TCP,
					"reconnect attempts before the lost callbacks"),
			new Option("conn_retry_initial_delay", Type.DURATION_MS, "500 ms", 0, INT32_MAX, TCP,
					"wait before the second reconnect attempt"),
			new Option("conn_retry_backoff_multiplier", Type.DECIMAL, "2.0", 1, 1000, TCP,
					"each later reconnect wait is the previous one times this"),
			new Option("enable_nagle_algorithm", Type.BOOLEAN, "false", 0, 1, TCP,
					"Nagle's algorithm: more throughput, more latency"),
			new Option("max_output_pause_period", Type.DURATION_MS, "0 ms (not checked)", 0, INT32_MAX, TCP,
					"queued samples unsent this long close the connection (0: never)"),
			new Option("passive_reconnect_duration", Type.DURATION_MS, "2000 ms", 0, INT32_MAX, TCP,
					"how long the passive side waits for a reconnection"),
			// udp and rtps_udp (UdpInst, RtpsUdpInst)
			new Option("send_buffer_size", Type.SIZE, "65536 B (ACE_DEFAULT_MAX_SOCKET_BUFSIZ)", 0, INT32_MAX, UDP_RTPS,
					"socket send buffer"),
			new Option("rcv_buffer_size", Type.SIZE, "65536 B (udp, rtps_udp); 0 B, the system's (multicast)", 0,
					INT32_MAX, EnumSet.of(OpenDdsTransportKind.UDP, OpenDdsTransportKind.RTPS_UDP,
							OpenDdsTransportKind.MULTICAST_RELIABLE, OpenDdsTransportKind.MULTICAST_BEST_EFFORT),
					"socket receive buffer"),
			// multicast (MulticastInst) and rtps_udp
			new Option("ttl", Type.COUNT, "1", 0, 255, MULTICAST_RTPS,
					"time to live of multicast datagrams (1: the local network)"),
			new Option("default_to_ipv6", Type.BOOLEAN, "false", 0, 1, MULTICAST,
					"the default group address is IPv6's [FF01::80]"),
			new Option("port_offset", Type.COUNT, "49152", 49152, 65535, MULTICAST,
					"the group's port when no group address is given (not below 49152)"),
			new Option("async_send", Type.BOOLEAN, "false", 0, 1, MULTICAST,
					"send datagrams with asynchronous I/O"),
			new Option("syn_backoff", Type.DECIMAL, "2.0", 1, 100, RELIABLE_MULTICAST,
					"exponential base of the handshake's retry delays"),
			new Option("syn_interval", Type.DURATION_MS, "250 ms", 0, INT32_MAX, RELIABLE_MULTICAST,
					"least wait between handshake attempts"),
			new Option("syn_timeout", Type.DURATION_MS, "30000 ms", 0, INT32_MAX, RELIABLE_MULTICAST,
					"the handshake gives up after this long"),
			new Option("nak_depth", Type.COUNT, "32", 1, INT32_MAX, RELIABLE_MULTICAST_RTPS,
					"datagrams (rtps_udp: samples) kept to answer repair requests"),
			new Option("nak_interval", Type.DURATION_MS, "500 ms", 1, INT32_MAX, RELIABLE_MULTICAST,
					"least wait between repair requests (randomised up to twice this)"),
			new Option("nak_delay_intervals", Type.COUNT, "4", 0, INT32_MAX, RELIABLE_MULTICAST,
					"intervals between NAKs after the first"),
			new Option("nak_max", Type.COUNT, "3", 1, INT32_MAX, RELIABLE_MULTICAST,
					"a missing sample is NAKed at most this many times"),
			new Option("nak_timeout", Type.DURATION_MS, "30000 ms", 1, INT32_MAX, RELIABLE_MULTICAST,
					"a repair request is given up after this long"),
			// rtps_udp (RtpsUdpInst)
			new Option("use_multicast", Type.BOOLEAN, "true", 0, 1, RTPS,
					"multicast (true) or unicast only (false)"),
			new Option("nak_response_delay", Type.DURATION_MS, "200 ms", 0, INT32_MAX, RTPS,
					"a writer answers a negative acknowledgement after this long (RTPS table 8.47)"),
			new Option("heartbeat_period", Type.DURATION_MS, "1000 ms", 1, INT32_MAX, RTPS,
					"how often a writer announces its data (RTPS table 8.47)"),
			new Option("heartbeat_response_delay", Type.DURATION_MS, "500 ms", 0, INT32_MAX, RTPS,
					"a reader answers a heartbeat after this long (RTPS table 8.47)"),
			new Option("handshake_timeout", Type.DURATION_MS, "30000 ms", 0, INT32_MAX, RTPS,
					"a reliable association's handshake gives up after this long"),
			// shmem (ShmemInst)
			new Option("pool_size", Type.SIZE, "16777216 B (16 MiB)", 1, INT32_MAX, SHMEM,
					"the shared-memory pool"),
			new Option("datalink_control_size", Type.SIZE, "4096 B", 1, INT32_MAX, SHMEM,
					"each data link's control area, taken from the pool"));

	private OpenDdsOptions() {
	}

	/** Every row of the table. */
	public static List<Option> all() {
		return TABLE;
	}

	/** The options of a transport kind, in table order. */
	public static List<Option> of(OpenDdsTransportKind kind) {
		return TABLE.stream().filter(o -> o.kinds().contains(kind)).toList();
	}

	public static Optional<Option> find(OpenDdsTransportKind kind, String name) {
		return of(kind).stream().filter(o -> o.name().equals(name)).findFirst();
	}

	/** The dimension a stated option's value must have (empty: none, or not an option of the kind). */
	public static Optional<Dimension> dimension(OpenDdsMapping mapping, String name) {
		return mapping.getKind() == null ? Optional.empty()
				: find(mapping.getKind(), name).map(o -> o.type().dimension);
	}

	/** What is wrong with a stated option, empty when nothing; a missing or wrong unit is the unit check's. */
	public static Optional<String> problem(OpenDdsMapping mapping, Parameter p) {
		OpenDdsTransportKind kind = mapping.getKind();
		String where = "OpenDDS " + kind.getLiteral();
		Option o = find(kind, p.getName()).orElse(null);
		if (o == null) {
			String hint = "reliable".equals(p.getName()) && MULTICAST.contains(kind)
					? "; multicast's reliable is the kind: map to multicast_reliable or multicast_best_effort"
					: "; its options are " + of(kind).stream().map(Option::name).collect(Collectors.joining(", "));
			return Optional.of("Unknown option '" + p.getName() + "' of " + where + hint);
		}
		if (o.type() == Type.BOOLEAN) {
			return "true".equals(p.getKeyword()) || "false".equals(p.getKeyword()) ? Optional.empty()
					: Optional.of(o.name() + " of " + where + " is true or false");
		}
		if (p.getValue() == null) {
			return Optional.of(o.name() + " of " + where + " is " + o.type().description + ", not '" + p.getKeyword() + "'");
		}
		if (o.type().dimension == null && p.getValue().getUnit() != null) {
			return Optional.of(o.name() + " of " + where + " is " + o.type().description + " without a unit; write "
					+ Format.number(p.getValue().getValue()));
		}
		Optional<Double> value = iniNumber(o, p);
		if (value.isEmpty()) {
			return Optional.empty(); // the unit check reports a missing or wrong unit
		}
		double v = value.get();
		if (o.type() != Type.DECIMAL && Math.abs(v - Math.rint(v)) > 1e-9) {
			return Optional.of(o.name() + " of " + where + " is " + o.type().description + "; "
					+ Format.number(v) + " " + iniUnit(o) + " is not");
		}
		if (v < o.min() || v > o.max()) {
			return Optional.of(o.name() + " = " + Format.number(v) + " " + iniUnit(o) + " is out of range for " + where
					+ ": " + Format.number(o.min()) + ".." + Format.number(o.max()) + " " + iniUnit(o)
					+ " (OpenDDS's default " + o.defaultValue() + ")");
		}
		return Optional.empty();
	}

	/** The options a mapping states, as [transport/NAME] keys and values in OpenDDS's units; invalid ones left out. */
	public static Map<String, String> iniValues(OpenDdsMapping mapping) {
		Map<String, String> out = new LinkedHashMap<>();
		if (mapping.getKind() == null) {
			return out;
		}
		for (Parameter p : mapping.getParams()) {
			if (p.getName() == null || problem(mapping, p).isPresent()) {
				continue;
			}
			Option o = find(mapping.getKind(), p.getName()).orElseThrow();
			if (o.type() == Type.BOOLEAN) {
				out.put(o.iniKey(), "true".equals(p.getKeyword()) ? "1" : "0");
			} else {
				iniNumber(o, p).ifPresent(v -> out.put(o.iniKey(),
						BigDecimal.valueOf(o.type() == Type.DECIMAL ? v : Math.rint(v)).stripTrailingZeros().toPlainString()));
			}
		}
		return out;
	}

	/** The unit of an option's value in the .ini file ("ms", "B", "" for a number). */
	public static String iniUnit(Option o) {
		return switch (o.type()) {
			case DURATION_MS -> "ms";
			case SIZE -> "B";
			default -> "";
		};
	}

	/** The stated value in OpenDDS's unit, empty when its unit is missing or wrong. */
	private static Optional<Double> iniNumber(Option o, Parameter p) {
		if (o.type().dimension == null) {
			return p.getValue().getUnit() == null ? Optional.of(p.getValue().getValue()) : Optional.empty();
		}
		return Quantities.base(p.getValue(), o.type().dimension).map(v -> o.type() == Type.DURATION_MS ? v * 1000 : v);
	}
}
