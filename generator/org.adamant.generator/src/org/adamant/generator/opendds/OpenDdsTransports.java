package org.adamant.generator.opendds;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.generator.ModelInfo;

/**
 * How a modeled flow runs on OpenDDS: which OpenDDS transport (TransportRegistry::create_inst
 * type), which CMake library and which static-build initializer header it needs, and which
 * discovery the model's participants use. Every name here is checked against the OpenDDS sources
 * (docs/opendds-target.md; the test OpenDdsWhitelistTest keeps the list).
 */
public final class OpenDdsTransports {

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
		SHMEM("shmem", "shmem", null, "OpenDDS::Shmem", "dds/DCPS/transport/shmem/Shmem.h", "dcps_shmem");

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

		/** Null for a kind this generator does not know (the language may grow). */
		static Kind of(OpenDdsMapping m) {
			for (Kind k : values()) {
				if (m.getKind() != null && k.key.equals(m.getKind().getLiteral())) {
					return k;
				}
			}
			return null;
		}
	}

	/** The transport of a flow; {@code fallback} when the model binds one OpenDDS cannot run. */
	public record Resolved(Kind kind, boolean fallback, String comment) {
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
					+ (k.reliable == null ? "" : " (reliable " + k.reliable + ")") + " — from " + ModelInfo.sourceOf(t));
		}
		if (t != null && !t.eIsProxy() && t.getMapping() instanceof RuntimeMapping rm) {
			return new Resolved(Kind.RTPS_UDP, true, "transport " + t.getName() + " is the ADAMANT runtime's "
					+ rm.getKind().getLiteral() + "; ANT transports inside OpenDDS (a transport plugin) come with a "
					+ "later issue, so this flow FALLS BACK to OpenDDS rtps_udp ("
					+ (reliableQos ? "reliable" : "best-effort") + " per the QoS). Use ../native for " + rm.getKind().getLiteral() + ".");
		}
		if (t != null && !t.eIsProxy()) {
			return new Resolved(Kind.RTPS_UDP, true, "transport " + t.getName() + " has no OpenDDS mapping this "
					+ "generator knows, so this flow FALLS BACK to OpenDDS rtps_udp ("
					+ (reliableQos ? "reliable" : "best-effort") + " per the QoS).");
		}
		return new Resolved(Kind.RTPS_UDP, false, (t == null ? "no transport bound" : "transport unresolved")
				+ ": OpenDDS rtps_udp (the interoperable default; reliability follows the QoS)");
	}

	/** Whether {@code t} maps to an OpenDDS transport this generator knows (what {@code auto} may choose). */
	public static boolean runs(Transport t) {
		return t.getMapping() instanceof OpenDdsMapping m && Kind.of(m) != null;
	}

	/**
	 * The OpenDDS transport of an endpoint: its binding, or for {@code transport auto} the language's
	 * choice among the catalog transports that map to OpenDDS ({@link Bindings#resolve}).
	 */
	public static Resolved resolve(Endpoint e) {
		Bindings.Resolution binding = Bindings.resolve(e, OpenDdsTransports::runs);
		Resolved r = resolve(binding.transport(), EffectiveQos.of(e).isReliable());
		if (binding.isAuto() && binding.transport() != null) {
			return new Resolved(r.kind(), r.fallback(), "transport auto: " + binding.transport().getName()
					+ (binding.ranking().isEmpty() ? ", as the publisher of " + e.getTopic().getName()
							: " has the lowest predicted ReLate2 of the feasible OpenDDS transports")
					+ "; " + r.comment());
		}
		return r;
	}

	/** Every transport kind the model's applications and experiments use, in declaration order. */
	public static Set<Kind> used(ModelInfo info) {
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

	public static List<Resolved> resolve(Experiment x) {
		boolean reliable = x.getTopic() != null && x.getTopic().getQos() != null
				&& EffectiveQos.of(x.getTopic().getQos()).isReliable();
		List<Resolved> result = new ArrayList<>();
		for (Transport t : x.getTransports()) {
			result.add(resolve(t, reliable));
		}
		return result;
	}

	/**
	 * The multicast transport does not work with RTPS discovery (OpenDDS docs/devguide
	 * run_time_configuration.rst: "The multicast transport does not work with RTPS Discovery due
	 * to the way GUIDs are assigned"), so a model that uses it discovers through the InfoRepo.
	 */
	public static Discovery discovery(ModelInfo info) {
		return used(info).stream().anyMatch(Kind::isMulticast) ? Discovery.INFO_REPO : Discovery.RTPS;
	}
}
