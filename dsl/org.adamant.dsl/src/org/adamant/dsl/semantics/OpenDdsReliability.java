package org.adamant.dsl.semantics;

import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.OpenDdsTransportKind;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.RuntimeTransportKind;
import org.adamant.dsl.adamant.Transport;

/**
 * Which transports OpenDDS takes for best-effort (TransportInst::is_reliable false): its udp, its multicast
 * with reliable=0, and the ADAMANT runtime's baseline inside it (the plugin's ant_baseline). OpenDDS gives a
 * RELIABLE reader no such transport (DataReaderImpl::check_transport_qos) and a RELIABLE writer on one waits
 * for acknowledgments nobody sends, so a writer or reader on it runs BEST_EFFORT: the generated OpenDDS
 * programs set it, the validator says so, and the runtime's binding (adamant_opendds/Transports.h) guards it.
 */
public final class OpenDdsReliability {

	private OpenDdsReliability() {
	}

	/** Whether OpenDDS takes the built-in transport of this kind for best-effort. */
	public static boolean bestEffort(OpenDdsTransportKind kind) {
		return kind == OpenDdsTransportKind.UDP || kind == OpenDdsTransportKind.MULTICAST_BEST_EFFORT;
	}

	/** Whether OpenDDS takes the ADAMANT runtime's transport of this kind, run by the plugin, for best-effort. */
	public static boolean bestEffort(RuntimeTransportKind kind) {
		return kind == RuntimeTransportKind.BASELINE;
	}

	/** Whether {@code t} runs on a transport OpenDDS takes for best-effort (false: unknown or none). */
	public static boolean bestEffort(Transport t) {
		if (t == null || t.eIsProxy()) {
			return false;
		}
		if (t.getMapping() instanceof OpenDdsMapping m) {
			return bestEffort(m.getKind());
		}
		return t.getMapping() instanceof RuntimeMapping m && bestEffort(m.getKind());
	}

	/** Why a writer or reader on a best-effort transport runs BEST_EFFORT, for messages and comments. */
	public static final String WHY = "OpenDDS gives a RELIABLE reader no best-effort transport";
}
