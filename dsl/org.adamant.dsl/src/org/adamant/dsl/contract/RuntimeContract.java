package org.adamant.dsl.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The runtime's contract table, as the runtime prints it ({@code ant-contract --json}): transport
 * kinds, engine parameters (unit, range, default per kind, the names a model uses), wire sizes,
 * timing rules, units and result columns. The C++ header runtime/include/adamant/contract.hpp is the
 * master copy; runtime/contract/contract.json is its printout, copied into this bundle at build time
 * (resource {@value #RESOURCE}). Every default, range, size and unit the language and the generators
 * use comes from here.
 *
 * <p>{@link #get()} is the contract in use: the bundled one, or one a test installs with
 * {@link #use(RuntimeContract)}.
 */
public final class RuntimeContract {

	/** Where the bundled table is on the class path. */
	public static final String RESOURCE = "org/adamant/dsl/contract/contract.json";

	/** An engine parameter. Values ({@code min}, {@code max}, defaults) are in {@code unit}. */
	public record Parameter(String name, String type, String unit, double min, double max, List<String> kinds,
			Map<String, Double> defaults, List<String> modelNames, List<String> modelKinds, Map<String, String> aliases,
			List<String> choices, String meaning, Optional<Keyword> keyword) {

		/** The default for runtime kind {@code kind} ("ricochet"), in {@link #unit()}; empty if it does not take it. */
		public Optional<Double> defaultFor(String kind) {
			return Optional.ofNullable(defaults.get(kind));
		}

		public boolean takes(String kind) {
			return kinds.contains(kind);
		}

		/** The word kind {@code kind} takes for a value ({@code nak_timeout = auto} for nakcast), if any. */
		public Optional<Keyword> keywordFor(String kind) {
			return keyword.filter(k -> k.kinds().contains(kind));
		}

		/** The language dimension of its values ("duration", "bandwidth"); empty for counts, flags and choices. */
		public Optional<String> dimension() {
			return switch (type) {
			case "duration", "bandwidth" -> Optional.of(type);
			default -> Optional.empty();
			};
		}
	}

	/**
	 * A value spelled as a word ({@code auto}), held as {@code value} in the parameter's unit, for the
	 * runtime kinds {@code kinds}.
	 */
	public record Keyword(String name, double value, List<String> kinds) {
	}

	/** A unit: its symbol as written, its dimension, and its factor to the dimension's base unit. */
	public record Unit(String symbol, String dimension, double toBase) {
	}

	/** A column of the benches' CSV. */
	public record Column(String name, String unit, String meaning) {
	}

	private static final RuntimeContract BUNDLED = loadBundled();
	private static volatile RuntimeContract current = BUNDLED;

	private final String source;
	private final int version;
	private final List<String> kinds;
	private final Map<String, List<String>> offers;
	private final Map<String, Map<String, List<String>>> flagOffers;
	private final List<String> capabilities;
	private final List<Parameter> parameters;
	private final Map<String, Integer> wire;
	private final Map<String, Double> timing;
	private final Map<String, String> timingUnits;
	private final Map<String, String> dimensions;
	private final List<Unit> units;
	private final List<Column> resultColumns;

	private RuntimeContract(String source, Map<String, Object> root) {
		this.source = source;
		this.version = (int) number(root, "contract_version");
		this.kinds = new ArrayList<>();
		this.offers = new LinkedHashMap<>();
		this.flagOffers = new LinkedHashMap<>();
		for (Object k : list(root, "kinds")) {
			String name = string(map(k, "kinds[]"), "name");
			kinds.add(name);
			offers.put(name, strings(map(k, "kinds[]"), "offers"));
			Map<String, List<String>> byFlag = new LinkedHashMap<>();
			Object flags = map(k, "kinds[]").get("flag_offers");
			if (flags != null) {
				Map<String, Object> byName = map(flags, "flag_offers");
				byName.keySet().forEach(flag -> byFlag.put(flag, strings(byName, flag)));
			}
			flagOffers.put(name, Map.copyOf(byFlag));
		}
		this.capabilities = new ArrayList<>();
		for (Object c : list(root, "capabilities")) {
			capabilities.add((String) c);
		}
		this.parameters = new ArrayList<>();
		for (Object o : list(root, "parameters")) {
			Map<String, Object> p = map(o, "parameters[]");
			Map<String, Double> defaults = new LinkedHashMap<>();
			map(p.get("default"), "default").forEach((kind, v) -> defaults.put(kind, (Double) v));
			Map<String, String> aliases = new LinkedHashMap<>();
			map(p.get("aliases"), "aliases").forEach((where, v) -> aliases.put(where, (String) v));
			parameters.add(new Parameter(string(p, "name"), string(p, "type"), string(p, "unit"), number(p, "min"),
					number(p, "max"), strings(p, "kinds"), Map.copyOf(defaults), strings(p, "model_names"),
					strings(p, "model_kinds"), Map.copyOf(aliases), p.containsKey("choices") ? strings(p, "choices") : List.of(),
					string(p, "meaning"), keyword(p)));
		}
		this.wire = new LinkedHashMap<>();
		map(root.get("wire"), "wire").forEach((name, v) -> wire.put(name, (int) number(map(v, name), "bytes")));
		this.timing = new LinkedHashMap<>();
		this.timingUnits = new LinkedHashMap<>();
		map(root.get("timing"), "timing").forEach((name, v) -> {
			timing.put(name, number(map(v, name), "value"));
			timingUnits.put(name, string(map(v, name), "unit"));
		});
		this.dimensions = new LinkedHashMap<>();
		map(root.get("dimensions"), "dimensions").forEach((name, v) -> dimensions.put(name, (String) v));
		this.units = new ArrayList<>();
		for (Object o : list(root, "units")) {
			Map<String, Object> u = map(o, "units[]");
			units.add(new Unit(string(u, "symbol"), string(u, "dimension"), number(u, "to_base")));
		}
		this.resultColumns = new ArrayList<>();
		for (Object o : list(root, "result_columns")) {
			Map<String, Object> c = map(o, "result_columns[]");
			resultColumns.add(new Column(string(c, "name"), string(c, "unit"), string(c, "meaning")));
		}
	}

	// ------------------------------------------------------------------ loading

	/** The contract in use. */
	public static RuntimeContract get() {
		return current;
	}

	/** The table this bundle was built with. */
	public static RuntimeContract bundled() {
		return BUNDLED;
	}

	/**
	 * Makes {@code contract} the one {@link #get()} returns until the returned scope is closed (tests:
	 * a changed table is picked up by everything that reads the contract).
	 */
	public static Scope use(RuntimeContract contract) {
		RuntimeContract previous = current;
		current = contract;
		return () -> current = previous;
	}

	/** Restores the previous contract; no checked exception. */
	public interface Scope extends AutoCloseable {
		@Override
		void close();
	}

	/** Parses a contract table printed by {@code ant-contract --json}; {@code source} names it in errors. */
	public static RuntimeContract parse(String json, String source) {
		Object root = Json.parse(json, source);
		try {
			return new RuntimeContract(source, map(root, "the file"));
		} catch (ClassCastException | NullPointerException e) {
			throw new IllegalArgumentException(source + ": not a contract table (" + e.getMessage()
					+ "); regenerate it with: ant-contract --json > runtime/contract/contract.json", e);
		}
	}

	public static RuntimeContract read(Path file) throws IOException {
		return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
	}

	private static RuntimeContract loadBundled() {
		try (InputStream in = RuntimeContract.class.getClassLoader().getResourceAsStream(RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException("resource " + RESOURCE + " is missing from the language bundle: the "
						+ "build copies runtime/contract/contract.json there (dsl/org.adamant.dsl/pom.xml); rebuild it");
			}
			return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), RESOURCE);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	// ------------------------------------------------------------------ the table

	public String source() {
		return source;
	}

	public int version() {
		return version;
	}

	/** What the runtime kind's engine does for a flow ("reliable", "ordered", ...; {@link #capabilities()}). */
	public List<String> offers(String kind) {
		List<String> o = offers.get(kind);
		if (o == null) {
			throw missing("kind " + kind);
		}
		return o;
	}

	/**
	 * What the kind's engine offers besides {@link #offers} when one of its flag parameters is on, by
	 * flag (ricochet's {@code nak_fallback}: reliable).
	 */
	public Map<String, List<String>> flagOffers(String kind) {
		offers(kind);
		return flagOffers.get(kind);
	}

	/** The capabilities a kind may offer, in the table's order. */
	public List<String> capabilities() {
		return List.copyOf(capabilities);
	}

	/** The runtime's transport kinds ("baseline", "nakcast", ...), in the table's order. */
	public List<String> kinds() {
		return List.copyOf(kinds);
	}

	public List<Parameter> parameters() {
		return List.copyOf(parameters);
	}

	/** The parameter with this runtime name ("nak_timeout"). */
	public Optional<Parameter> parameter(String runtimeName) {
		return parameters.stream().filter(p -> p.name().equals(runtimeName)).findFirst();
	}

	/** The parameter a model calls {@code modelName} ("timeout", "nak_timeout", "r"). */
	public Optional<Parameter> modelParameter(String modelName) {
		return parameters.stream().filter(p -> p.modelNames().contains(modelName)).findFirst();
	}

	/** The names a model may use for the parameters of runtime kind {@code kind}, in table order. */
	public List<String> modelNames(String kind) {
		List<String> names = new ArrayList<>();
		for (Parameter p : parameters) {
			if (p.modelKinds().contains(kind)) {
				names.addAll(p.modelNames());
			}
		}
		return names;
	}

	/** Every name a model may use for a runtime parameter. */
	public List<String> modelNames() {
		List<String> names = new ArrayList<>();
		parameters.forEach(p -> names.addAll(p.modelNames()));
		return names;
	}

	/** A parameter's value in {@code unit} converted to the language's base unit (us → s; counts as they are). */
	public double toBase(double value, String unit) {
		return unit.isEmpty() ? value : value * unit(unit).orElseThrow(() -> new IllegalArgumentException(
				source + ": unit '" + unit + "' is not in the table's units")).toBase();
	}

	/** The default of {@code runtimeName} for {@code kind} in base units (seconds for durations). */
	public double defaultValue(String runtimeName, String kind) {
		Parameter p = parameter(runtimeName).orElseThrow(() -> missing("parameter " + runtimeName));
		return toBase(p.defaultFor(kind).orElseThrow(() -> missing(runtimeName + " default for " + kind)), p.unit());
	}

	/** A wire size in bytes ("header", "udp", "ipv4", "nak_range", "repair_fixed", "msg_fixed", ...). */
	public int wire(String name) {
		Integer v = wire.get(name);
		if (v == null) {
			throw missing("wire size " + name);
		}
		return v;
	}

	/** A timing rule's value in base units (seconds for durations; fractions and byte counts as they are). */
	public double timing(String name) {
		Double v = timing.get(name);
		if (v == null) {
			throw missing("timing rule " + name);
		}
		return toBase(v, timingUnits.get(name));
	}

	/** The nakcast writer's idle heartbeat interval for NAK timeout {@code t} seconds: clamp(T·f, min, max). */
	public double heartbeatInterval(double nakTimeout) {
		return Math.min(Math.max(nakTimeout * timing("heartbeat_fraction"), timing("heartbeat_min")),
				timing("heartbeat_max"));
	}

	public List<Unit> units() {
		return List.copyOf(units);
	}

	public Optional<Unit> unit(String symbol) {
		return units.stream().filter(u -> u.symbol().equals(symbol)).findFirst();
	}

	/** The units of a dimension ("duration"), in table order. */
	public List<Unit> units(String dimension) {
		return units.stream().filter(u -> u.dimension().equals(dimension)).toList();
	}

	/** The base unit of a dimension ("duration" → "s"). */
	public String baseUnit(String dimension) {
		String base = dimensions.get(dimension);
		if (base == null) {
			throw missing("dimension " + dimension);
		}
		return base;
	}

	public List<Column> resultColumns() {
		return List.copyOf(resultColumns);
	}

	private IllegalStateException missing(String what) {
		return new IllegalStateException(source + ": the contract table has no " + what
				+ "; regenerate it with: ant-contract --json > runtime/contract/contract.json");
	}

	// ------------------------------------------------------------------ JSON access

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object o, String what) {
		if (!(o instanceof Map)) {
			throw new IllegalArgumentException(what + " is not an object");
		}
		return (Map<String, Object>) o;
	}

	@SuppressWarnings("unchecked")
	private static List<Object> list(Map<String, Object> m, String key) {
		Object o = m.get(key);
		if (!(o instanceof List)) {
			throw new IllegalArgumentException("\"" + key + "\" is not an array");
		}
		return (List<Object>) o;
	}

	private static Optional<Keyword> keyword(Map<String, Object> parameter) {
		if (!parameter.containsKey("keyword")) {
			return Optional.empty();
		}
		Map<String, Object> k = map(parameter.get("keyword"), "keyword");
		return Optional.of(new Keyword(string(k, "name"), number(k, "value"), strings(k, "kinds")));
	}

	private static List<String> strings(Map<String, Object> m, String key) {
		return list(m, key).stream().map(o -> (String) o).toList();
	}

	private static String string(Map<String, Object> m, String key) {
		Object o = m.get(key);
		if (!(o instanceof String s)) {
			throw new IllegalArgumentException("\"" + key + "\" is not a string");
		}
		return s;
	}

	private static double number(Map<String, Object> m, String key) {
		Object o = m.get(key);
		if (!(o instanceof Double d)) {
			throw new IllegalArgumentException("\"" + key + "\" is not a number");
		}
		return d;
	}
}
