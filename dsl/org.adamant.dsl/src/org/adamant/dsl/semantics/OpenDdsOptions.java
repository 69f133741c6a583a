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

	/**
	 * The table, one option per line: name (= .ini key) | type | OpenDDS's default | min | max (in the
	 * unit OpenDDS reads) | the kinds that have it ("all": every kind) | what it does.
	 */
	private static final String TABLE_TEXT = """
			max_packet_size               | SIZE        | 2147481599 B                            | 1     | 2147481599 | all                                               | largest transport packet: transport header, sample header and data
			max_samples_per_packet        | COUNT       | 10                                      | 1     | 511        | all                                               | samples in one transport packet (OpenDDS lowers more to what one sendmsg carries, 511 on Linux)
			optimum_packet_size           | SIZE        | 4096 B                                  | 1     | 2147483647 | all                                               | a packet this large is sent even if samples are still queued
			thread_per_connection         | BOOLEAN     | false                                   | 0     | 1          | all                                               | one sending thread per connection
			datalink_release_delay        | DURATION_MS | 10000 ms                                | 0     | 2147483647 | all                                               | how long a data link outlives its last association
			datalink_control_chunks       | COUNT       | 32                                      | 1     | 2147483647 | all                                               | chunks of the allocator of transport control samples
			conn_retry_attempts           | COUNT       | 3                                       | 0     | 2147483647 | tcp                                               | reconnect attempts before the lost callbacks
			conn_retry_initial_delay      | DURATION_MS | 500 ms                                  | 0     | 2147483647 | tcp                                               | wait before the second reconnect attempt
			conn_retry_backoff_multiplier | DECIMAL     | 2.0                                     | 1     | 1000       | tcp                                               | each later reconnect wait is the previous one times this
			enable_nagle_algorithm        | BOOLEAN     | false                                   | 0     | 1          | tcp                                               | Nagle's algorithm: more throughput, more latency
			max_output_pause_period       | DURATION_MS | 0 ms (not checked)                      | 0     | 2147483647 | tcp                                               | queued samples unsent this long close the connection (0: never)
			passive_reconnect_duration    | DURATION_MS | 2000 ms                                 | 0     | 2147483647 | tcp                                               | how long the passive side waits for a reconnection
			send_buffer_size              | SIZE        | 65536 B (ACE_DEFAULT_MAX_SOCKET_BUFSIZ) | 0     | 2147483647 | udp rtps_udp                                      | socket send buffer
			rcv_buffer_size               | SIZE        | 65536 B (udp, rtps_udp); 0 B (multicast)  | 0     | 2147483647 | udp rtps_udp multicast_reliable multicast_best_effort | socket receive buffer (multicast's 0: the system's)
			ttl                           | COUNT       | 1                                       | 0     | 255        | multicast_reliable multicast_best_effort rtps_udp | time to live of multicast datagrams (1: the local network)
			default_to_ipv6               | BOOLEAN     | false                                   | 0     | 1          | multicast_reliable multicast_best_effort          | the default group address is IPv6's [FF01::80]
			port_offset                   | COUNT       | 49152                                   | 49152 | 65535      | multicast_reliable multicast_best_effort          | the group's port when no group address is given (not below 49152)
			async_send                    | BOOLEAN     | false                                   | 0     | 1          | multicast_reliable multicast_best_effort          | send datagrams with asynchronous I/O
			syn_backoff                   | DECIMAL     | 2.0                                     | 1     | 100        | multicast_reliable                                | exponential base of the handshake's retry delays
			syn_interval                  | DURATION_MS | 250 ms                                  | 0     | 2147483647 | multicast_reliable                                | least wait between handshake attempts
			syn_timeout                   | DURATION_MS | 30000 ms                                | 0     | 2147483647 | multicast_reliable                                | the handshake gives up after this long
			nak_depth                     | COUNT       | 32                                      | 1     | 2147483647 | multicast_reliable rtps_udp                       | datagrams (rtps_udp: samples) kept to answer repair requests
			nak_interval                  | DURATION_MS | 500 ms                                  | 1     | 2147483647 | multicast_reliable                                | least wait between repair requests (randomised up to twice this)
			nak_delay_intervals           | COUNT       | 4                                       | 0     | 2147483647 | multicast_reliable                                | intervals between NAKs after the first
			nak_max                       | COUNT       | 3                                       | 1     | 2147483647 | multicast_reliable                                | a missing sample is NAKed at most this many times
			nak_timeout                   | DURATION_MS | 30000 ms                                | 1     | 2147483647 | multicast_reliable                                | a repair request is given up after this long
			use_multicast                 | BOOLEAN     | true                                    | 0     | 1          | rtps_udp                                          | multicast (true) or unicast only (false)
			nak_response_delay            | DURATION_MS | 200 ms                                  | 0     | 2147483647 | rtps_udp                                          | a writer answers a negative acknowledgement after this long (RTPS table 8.47)
			heartbeat_period              | DURATION_MS | 1000 ms                                 | 1     | 2147483647 | rtps_udp                                          | how often a writer announces its data (RTPS table 8.47)
			heartbeat_response_delay      | DURATION_MS | 500 ms                                  | 0     | 2147483647 | rtps_udp                                          | a reader answers a heartbeat after this long (RTPS table 8.47)
			handshake_timeout             | DURATION_MS | 30000 ms                                | 0     | 2147483647 | rtps_udp                                          | a reliable association's handshake gives up after this long
			pool_size                     | SIZE        | 16777216 B (16 MiB)                     | 1     | 2147483647 | shmem                                             | the shared-memory pool
			datalink_control_size         | SIZE        | 4096 B                                  | 1     | 2147483647 | shmem                                             | each data link's control area, taken from the pool
			""";

	private static final List<Option> TABLE = TABLE_TEXT.lines().filter(l -> !l.isBlank()).map(OpenDdsOptions::row).toList();

	private static Option row(String line) {
		String[] f = line.split("\\|", 7);
		Set<OpenDdsTransportKind> kinds = EnumSet.noneOf(OpenDdsTransportKind.class);
		for (String k : f[5].trim().split(" +")) {
			if ("all".equals(k)) {
				kinds.addAll(EnumSet.allOf(OpenDdsTransportKind.class));
			} else {
				kinds.add(OpenDdsTransportKind.getByName(k));
			}
		}
		return new Option(f[0].trim(), Type.valueOf(f[1].trim()), f[2].trim(), Double.parseDouble(f[3].trim()),
				Double.parseDouble(f[4].trim()), kinds, f[6].trim());
	}

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
			return Optional.of("Unknown option '" + p.getName() + "' of " + where + "; its options are "
					+ of(kind).stream().map(Option::name).collect(Collectors.joining(", ")));
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
