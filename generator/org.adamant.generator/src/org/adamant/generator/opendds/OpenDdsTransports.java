package org.adamant.generator.opendds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.KeySource;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.lowering.RuntimeTransport;
import org.adamant.dsl.lowering.SweepVariants;
import org.adamant.dsl.lowering.TransportLowering;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.prediction.TransportRanking.Assessment;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Experiments;
import org.adamant.dsl.semantics.OpenDdsOptions;
import org.adamant.dsl.semantics.OpenDdsReliability;
import org.adamant.generator.ModelInfo;

/**
 * How a modeled flow runs on OpenDDS: which OpenDDS transport (TransportRegistry::create_inst
 * type), which CMake library and which static-build initializer header it needs, and which
 * discovery the model's participants use. Every name here is checked against the OpenDDS sources
 * (docs/opendds-target.md; the test OpenDdsWhitelistTest keeps the list).
 */
public final class OpenDdsTransports {

	/**
	 * The CMake target of the ADAMANT runtime's OpenDDS transport plugin (runtime/opendds), which
	 * registers the transport types ant_baseline, ant_nakcast, ant_ricochet, ant_replace and ant_adaptive.
	 */
	public static final String ANT_LIBRARY = "Adamant::opendds";
	/** The ant_* transport option that makes a reader drop that percentage of datagrams (experiments). */
	public static final String ANT_LOSS_OPTION = "loss";
	/**
	 * ant_replace readers listen on a port of their own. Without a port option the plugin takes one
	 * from the kernel and advertises it in the reader's locator, so the applications (whose .ini and
	 * code give none) run any number of readers on one host; the bench gives reader i this port + i.
	 */
	public static final int ANT_REPLACE_READER_PORT = 7360;
	/**
	 * The plugin's initializer header (the equivalent of OpenDDS's transport/udp/Udp.h). OpenDDS does
	 * not know the plugin's library, so every program that uses ant_* includes it, static build or not.
	 */
	public static final String ANT_INITIALIZER = "adamant_opendds/Ant.h";
	/** The ant_adaptive option naming its decision table (runtime/opendds/README.md). */
	public static final String ANT_TABLE_OPTION = "table";

	/** The OpenDDS built-in transports ADAMANT generates for. */
	public enum Kind {
		/** dds/DCPS/transport/tcp/TcpInst.h; Tcp.h declares Tcp_Initializer. */
		TCP("tcp", "tcp", null, "OpenDDS::Tcp", "dds/DCPS/transport/tcp/Tcp.h", "dcps_tcp"),
		/** dds/DCPS/transport/udp/UdpInst.h; Udp.h declares UdpInitializer. */
		UDP("udp", "udp", null, "OpenDDS::Udp", "dds/DCPS/transport/udp/Udp.h", "dcps_udp"),
		/** dds/DCPS/transport/multicast/MulticastInst.h (reliable); Multicast.h: MulticastInitializer. */
		MULTICAST_RELIABLE("multicast_reliable", "multicast", Boolean.TRUE, "OpenDDS::Multicast",
				"dds/DCPS/transport/multicast/Multicast.h", "dcps_multicast"),
		/** The same transport with reliable = false. */
		MULTICAST_BEST_EFFORT("multicast_best_effort", "multicast", Boolean.FALSE, "OpenDDS::Multicast",
				"dds/DCPS/transport/multicast/Multicast.h", "dcps_multicast"),
		/** dds/DCPS/transport/rtps_udp/RtpsUdpInst.h; RtpsUdp.h declares RtpsUdpInitializer. */
		RTPS_UDP("rtps_udp", "rtps_udp", null, "OpenDDS::Rtps_Udp", "dds/DCPS/transport/rtps_udp/RtpsUdp.h", "dcps_rtps_udp"),
		/** dds/DCPS/transport/shmem/ShmemInst.h; Shmem.h declares ShmemInitializer. */
		SHMEM("shmem", "shmem", null, "OpenDDS::Shmem", "dds/DCPS/transport/shmem/Shmem.h", "dcps_shmem"),
		/** The runtime's baseline (best-effort multicast) inside OpenDDS, through the ADAMANT plugin. */
		ANT_BASELINE("baseline", "ant_baseline", null, ANT_LIBRARY, ANT_INITIALIZER, null),
		/** The runtime's NAKcast (NAK-based reliable multicast) inside OpenDDS. */
		ANT_NAKCAST("nakcast", "ant_nakcast", null, ANT_LIBRARY, ANT_INITIALIZER, null),
		/** The runtime's Ricochet (lateral error correction) inside OpenDDS. */
		ANT_RICOCHET("ricochet", "ant_ricochet", null, ANT_LIBRARY, ANT_INITIALIZER, null),
		/** The runtime's Mockets-style replace (newest sample of an instance supersedes queued ones). */
		ANT_REPLACE("replace", "ant_replace", null, ANT_LIBRARY, ANT_INITIALIZER, null),
		/**
		 * The runtime's adaptive transport (switches between a decision table's candidates at run time);
		 * never a catalog mapping: a {@code transport adaptive} binding with a decision table runs on it.
		 */
		ANT_ADAPTIVE("adaptive", "ant_adaptive", null, ANT_LIBRARY, ANT_INITIALIZER, null);

		public final String key;
		/** The transport_type of create_inst and of [transport/NAME] in an .ini file. */
		public final String transportType;
		/** For multicast: the value of MulticastInst's reliable option; null for the others. */
		public final Boolean reliable;
		public final String library;
		public final String initializerHeader;
		/** The MPC base project (MPC/config/<name>.mpb). */
		public final String mpcBase;

		Kind(String key, String transportType, Boolean reliable, String library, String initializerHeader,
				String mpcBase) {
			this.mpcBase = mpcBase;
			this.key = key;
			this.transportType = transportType;
			this.reliable = reliable;
			this.library = library;
			this.initializerHeader = initializerHeader;
		}

		public boolean isMulticast() {
			return "multicast".equals(transportType);
		}

		/**
		 * Whether OpenDDS takes the transport for unreliable (TransportInst::is_reliable false: UdpInst,
		 * MulticastInst with reliable=0, the plugin's ant_baseline), so a RELIABLE writer or reader on it
		 * runs BEST_EFFORT ({@link OpenDdsReliability}).
		 */
		public boolean bestEffort() {
			return isAnt() ? OpenDdsReliability.bestEffort(RuntimeTransportKind.get(key))
					: OpenDdsReliability.bestEffort(OpenDdsTransportKind.get(key));
		}

		/** One of the ADAMANT runtime's transports, run inside OpenDDS by the runtime's plugin. */
		public boolean isAnt() {
			return transportType.startsWith("ant_");
		}

		/** Null for a kind this generator does not know (the language may grow). */
		static Kind of(OpenDdsMapping m) {
			for (Kind k : values()) {
				if (!k.isAnt() && m.getKind() != null && k.key.equals(m.getKind().getLiteral())) {
					return k;
				}
			}
			return null;
		}

		/** Null for a runtime transport the plugin does not run (fec). */
		static Kind of(RuntimeMapping m) {
			for (Kind k : values()) {
				if (k.isAnt() && m.getKind() != null && k.key.equals(m.getKind().getLiteral())) {
					return k;
				}
			}
			return null;
		}
	}

	/**
	 * The transport of a flow; {@code fallback} when the model binds one OpenDDS cannot run.
	 * {@code params}: the transport instance's options as [transport/NAME] keys of the .ini file
	 * (ANT transports, runtime/opendds/README.md: nak_timeout, r, c, bandwidth in bytes/s, replace_by;
	 * built-in transports: the options the model states, {@link OpenDdsOptions}).
	 */
	public record Resolved(Kind kind, boolean fallback, String comment, Map<String, String> params) {
		Resolved(Kind kind, boolean fallback, String comment) {
			this(kind, fallback, comment, Map.of());
		}

		Resolved withComment(String prefix) {
			return new Resolved(kind, fallback, prefix + comment, params);
		}

		/** Every option of the transport instance: multicast's reliable, then {@link #params}. */
		public Map<String, String> options() {
			Map<String, String> all = new LinkedHashMap<>();
			if (kind.reliable != null) {
				all.put("reliable", kind.reliable ? "1" : "0");
			}
			all.putAll(params);
			return all;
		}
	}

	/** How the participants of a model find each other. */
	public enum Discovery {
		/** RTPS (SPDP/SEDP): no extra process; [common] DCPSDefaultDiscovery=DEFAULT_RTPS. */
		RTPS("DEFAULT_RTPS", "OpenDDS::Rtps", "dds/DCPS/RTPS/RtpsDiscovery.h", "dcps_rtps"),
		/** The DCPSInfoRepo process; [common] DCPSInfoRepo=file://repo.ior. Needed by multicast. */
		INFO_REPO("DEFAULT_REPO", "OpenDDS::InfoRepoDiscovery", "dds/DCPS/InfoRepoDiscovery/InfoRepoDiscovery.h",
				"dcps_inforepodiscovery");

		/** OpenDDS::DCPS::Discovery::DEFAULT_RTPS / DEFAULT_REPO (dds/DCPS/Discovery.h). */
		public final String repoKey;
		public final String library;
		public final String initializerHeader;
		public final String mpcBase;

		Discovery(String repoKey, String library, String initializerHeader, String mpcBase) {
			this.mpcBase = mpcBase;
			this.repoKey = repoKey;
			this.library = library;
			this.initializerHeader = initializerHeader;
		}
	}

	private OpenDdsTransports() {
	}

	/**
	 * The OpenDDS transport for a modeled transport ({@code null}: none bound or auto), given
	 * whether the flow's QoS is reliable.
	 */
	public static Resolved resolve(Transport t, boolean reliableQos) {
		if (t != null && !t.eIsProxy() && t.getMapping() instanceof OpenDdsMapping m && Kind.of(m) != null) {
			Kind k = Kind.of(m);
			return new Resolved(k, false, "transport " + t.getName() + ": OpenDDS " + k.transportType
					+ (k.reliable == null ? "" : " (reliable " + k.reliable + ")") + " — from " + ModelInfo.sourceOf(t),
					OpenDdsOptions.iniValues(m));
		}
		if (t != null && !t.eIsProxy() && t.getMapping() instanceof RuntimeMapping rm && Kind.of(rm) != null) {
			Kind k = Kind.of(rm);
			return new Resolved(k, false, "transport " + t.getName() + ": the ADAMANT runtime's " + rm.getKind().getLiteral()
					+ " inside OpenDDS (transport type " + k.transportType + ", plugin " + ANT_LIBRARY + ") — from "
					+ ModelInfo.sourceOf(t), antParams(t));
		}
		if (t != null && !t.eIsProxy() && t.getMapping() instanceof RuntimeMapping rm) {
			return new Resolved(Kind.RTPS_UDP, true, "transport " + t.getName() + " is the ADAMANT runtime's "
					+ rm.getKind().getLiteral() + ", which its OpenDDS plugin does not run, so this flow FALLS BACK to "
					+ "OpenDDS rtps_udp (" + (reliableQos ? "reliable" : "best-effort") + " per the QoS).");
		}
		if (t != null && !t.eIsProxy()) {
			return new Resolved(Kind.RTPS_UDP, true, "transport " + t.getName() + " has no OpenDDS mapping this "
					+ "generator knows, so this flow FALLS BACK to OpenDDS rtps_udp ("
					+ (reliableQos ? "reliable" : "best-effort") + " per the QoS).");
		}
		return new Resolved(Kind.RTPS_UDP, false, (t == null ? "no transport bound" : "transport unresolved")
				+ ": OpenDDS rtps_udp (the interoperable default; reliability follows the QoS)");
	}

	/** Whether {@code t} runs on OpenDDS without falling back: a built-in or an ANT transport of the plugin (what {@code auto} may choose). */
	public static boolean runs(Transport t) {
		return t != null && !t.eIsProxy() && (t.getMapping() instanceof OpenDdsMapping m && Kind.of(m) != null
				|| t.getMapping() instanceof RuntimeMapping rm && Kind.of(rm) != null);
	}

	/**
	 * The transport of an endpoint: its binding; for {@code transport auto} the language's choice
	 * ({@link Bindings#resolve}) among the transports OpenDDS runs, as the native target chooses among
	 * the runtime's; with no binding, rtps_udp. ANT transports get the endpoint's replacement, priority
	 * and link bandwidth as options.
	 */
	public static Resolved resolve(Endpoint e) {
		// ant_adaptive runs the runtime's adaptive channel, so every candidate the runtime switches among
		// runs inside OpenDDS too, those without an ant_* transport of their own (fec) included
		Optional<String> adaptiveTable = TransportLowering.adaptiveTable(e);
		if (adaptiveTable.isPresent()) {
			return withEndpointParams(adaptive(e, adaptiveTable.get()), e);
		}
		Bindings.Resolution binding = Bindings.resolve(e, OpenDdsTransports::runs);
		Resolved r = resolve(binding.transport(), EffectiveQos.of(e).isReliable());
		if (binding.isAuto()) {
			r = r.withComment(autoComment(e, binding));
		} else if (binding.how() == Bindings.How.ADAPTIVE && binding.transport() != null) { // no table (above)
			r = r.withComment(TransportLowering.adaptiveReason(e, binding) + "; the flow has no decision table, so it runs fixed; ");
		}
		return r.kind().isAnt() ? withEndpointParams(r, e) : r;
	}

	/**
	 * A {@code transport adaptive} endpoint whose flow has a decision table: the runtime's adaptive transport
	 * (ant_adaptive) reading that table, which the generated CMakeLists.txt copies beside the .ini, so the
	 * path is relative to the directory the applications run in; with the hold and margin its writer states
	 * (the plugin takes the contract's for the others).
	 */
	private static Resolved adaptive(Endpoint e, String table) {
		String why = TransportLowering.resolve(e).map(RuntimeTransport::reason).orElse("transport adaptive");
		Map<String, String> options = new LinkedHashMap<>();
		options.put(ANT_TABLE_OPTION, table);
		AdaptiveHysteresis h = TransportLowering.adaptiveHysteresis(e).orElseThrow();
		if (h.holdStated()) {
			options.put(AdaptiveHysteresis.HOLD, h.holdUs() + "us");
		}
		if (h.marginStated()) {
			options.put(AdaptiveHysteresis.MARGIN, Format.number(h.marginPct()));
		}
		return new Resolved(Kind.ANT_ADAPTIVE, false, why + "; the ADAMANT runtime's adaptive transport inside OpenDDS "
				+ "(transport type " + Kind.ANT_ADAPTIVE.transportType + ", plugin " + ANT_LIBRARY + ")", options);
	}

	/** Why {@code auto} chose what it chose: the winner's ReLate2 and delivery, and the runners-up. */
	private static String autoComment(Endpoint e, Bindings.Resolution binding) {
		if (binding.flow() == null) {
			return "transport auto: no publisher of the topic in the model; ";
		}
		if (binding.ranking().isEmpty()) {
			return "transport auto: follows the publisher of " + e.getTopic().getName() + "; ";
		}
		List<Assessment> ranking = binding.ranking().stream().filter(Assessment::feasible)
				.filter(a -> runs(a.transport())).toList();
		if (ranking.isEmpty()) {
			return "transport auto: no feasible transport of the catalog runs on OpenDDS; ";
		}
		Assessment best = ranking.get(0);
		String runnersUp = ranking.stream().skip(1).limit(2)
				.map(a -> a.name() + " " + Format.duration(a.relate2())).collect(Collectors.joining(", "));
		return "transport auto: " + best.name() + " has the lowest predicted ReLate2 ("
				+ Format.duration(best.relate2())
				+ (best.prediction() == null ? "" : ", delivery " + Format.number(best.prediction().delivery() * 100) + " %")
				+ ") of the feasible transports OpenDDS runs" + (runnersUp.isEmpty() ? "" : "; next: " + runnersUp)
				+ (e != binding.flow() ? " (chosen for the publisher of " + e.getTopic().getName() + ")" : "") + "; ";
	}

	/**
	 * The protocol options of an ANT transport: the engine options of its lowering onto the runtime
	 * ({@link RuntimeTransport#engineOptions()}), as the native target runs it.
	 */
	static Map<String, String> antParams(Transport t) {
		return TransportLowering.resolve(t).map(RuntimeTransport::engineOptions).orElseGet(Map::of);
	}

	/**
	 * Adds what the endpoint decides: replacement and priority (QoS), pacing (its environment's
	 * bandwidth), and its application's key source (psk_file or psk_file_env, runtime/opendds/README.md).
	 */
	private static Resolved withEndpointParams(Resolved r, Endpoint e) {
		Application app = e.eContainer() instanceof Application a ? a : null;
		Resolved flow = withFlowParams(r, EffectiveQos.of(e).get(ReplacementRequirement.class).isPresent(),
				app == null ? null : app.getEnvironment());
		KeySource key = app == null ? null : app.getKey();
		if (key == null) {
			return flow;
		}
		Map<String, String> params = new LinkedHashMap<>(flow.params());
		if (key.getFile() != null) {
			params.put("psk_file", key.getFile());
		} else {
			params.put("psk_file_env", key.getVariable());
		}
		return new Resolved(flow.kind(), flow.fallback(), flow.comment(), params);
	}

	/**
	 * ant_replace options of a flow: replace_by instance when the QoS asks for replacement (a newer
	 * sample of an instance, i.e. of the same key, supersedes queued and unacknowledged older ones),
	 * none otherwise; the environment's worst-case bandwidth as the pacing rate. (The QoS's priority
	 * travels as TRANSPORT_PRIORITY, see the QoS header.)
	 */
	static Resolved withFlowParams(Resolved r, boolean replaces, Environment env) {
		if (r.kind() != Kind.ANT_REPLACE) {
			return r;
		}
		Map<String, String> params = new LinkedHashMap<>(r.params());
		params.put("replace_by", replaces ? "instance" : "none");
		double bandwidth = Flow.minBandwidth(env);
		if (bandwidth > 0) {
			params.put("bandwidth", String.valueOf(Math.round(bandwidth)));
		}
		return new Resolved(r.kind(), r.fallback(), r.comment(), params);
	}

	/** Every transport kind the model's applications and experiments use, in declaration order. */
	public static Set<Kind> used(ModelInfo info) {
		return info.memo(Kind.class, () -> usedKinds(info)); // asked per application and per file
	}

	private static Set<Kind> usedKinds(ModelInfo info) {
		Set<Kind> kinds = new LinkedHashSet<>();
		for (Application a : info.getApplications()) {
			for (Endpoint e : a.getEndpoints()) {
				kinds.add(resolve(e).kind());
			}
		}
		for (Experiment x : info.getExperiments()) {
			for (Resolved r : resolve(x)) {
				kinds.add(r.kind());
			}
		}
		return kinds;
	}

	/**
	 * The transports of an experiment, in the model's order. Its streams share each point's transport
	 * instance (one connection, as in the native bench): reliable when a stream's QoS is, and ant_replace
	 * replaces by instance when a stream's QoS asks for replacement (a stream that does not gets a key
	 * instance per update in the bench, so none of its updates supersedes another).
	 */
	public static List<Resolved> resolve(Experiment x) {
		List<EffectiveQos> qos = Experiments.topics(x).stream().filter(t -> t.getQos() != null)
				.map(t -> EffectiveQos.of(t.getQos())).toList();
		boolean reliable = qos.stream().anyMatch(EffectiveQos::isReliable);
		boolean replaces = qos.stream().anyMatch(q -> q.get(ReplacementRequirement.class).isPresent());
		List<Resolved> result = new ArrayList<>();
		for (Transport t : x.getTransports()) {
			Resolved r = resolve(t, reliable);
			result.add(qos.isEmpty() ? r : withFlowParams(r, replaces, x.getEnvironment()));
		}
		return result;
	}

	/**
	 * One transport setup of an experiment's OpenDDS bench.
	 *
	 * @param index      the transport's position in the experiment
	 * @param transport  how it runs on OpenDDS
	 * @param options    the instance's options: the transport's, with the swept values applied
	 * @param swept      what this setup sweeps, empty when nothing
	 * @param notApplied sweeps of parameters the catalog gives this transport that its OpenDDS transport has no
	 *                   option for (a built-in transport, or a fallback)
	 */
	public record Setup(int index, Resolved transport, Map<String, String> options, List<SweepVariants.Point> swept,
			List<String> notApplied) {
		/** The CSV's transport_params column: the options as name=value joined by ';' (never a comma). */
		public String params() {
			return options.entrySet().stream().map(o -> o.getKey() + "=" + o.getValue())
					.collect(Collectors.joining(";"));
		}
	}

	/**
	 * The bench setups of an experiment: each transport once per combination of the swept parameters
	 * it has, exactly as the native bench expands them ({@link SweepVariants}), with the values
	 * in the ant_* options; OpenDDS's own transports (and fallbacks) once.
	 */
	public static List<Setup> setups(Experiment x) {
		List<Resolved> resolved = resolve(x);
		List<Setup> out = new ArrayList<>();
		for (int i = 0; i < resolved.size(); i++) {
			Transport t = x.getTransports().get(i);
			Resolved r = resolved.get(i);
			if (r.kind().isAnt() && !r.fallback()) {
				for (SweepVariants.Variant v : SweepVariants.of(x, t)) {
					Map<String, String> options = new LinkedHashMap<>(r.options());
					options.putAll(v.transport().engineOptions());
					out.add(new Setup(i, r, options, v.swept(), List.of()));
				}
			} else {
				List<String> owned = SweepVariants.owned(x, t).stream().map(s -> s.getName()).toList();
				out.add(new Setup(i, r, r.options(), List.of(), owned));
			}
		}
		return out;
	}

	/**
	 * The multicast transport does not work with RTPS discovery (OpenDDS docs/devguide
	 * run_time_configuration.rst: "The multicast transport does not work with RTPS Discovery due
	 * to the way GUIDs are assigned"), so a model that uses it discovers through the InfoRepo.
	 */
	public static Discovery discovery(ModelInfo info) {
		return used(info).stream().anyMatch(Kind::isMulticast) ? Discovery.INFO_REPO : Discovery.RTPS;
	}

	/** Whether any flow of the model runs on an ANT transport (the plugin library is then linked). */
	public static boolean usesAnt(ModelInfo info) {
		return used(info).stream().anyMatch(Kind::isAnt);
	}
}
