package org.adamant.dsl.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.PartitionPolicy;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.semantics.QosCompatibility.Mismatch;
import org.adamant.dsl.validation.IssueCodes;

/**
 * Whether a writer and a reader of a topic communicate: the same domain, a common partition, the
 * same type, the same transport (kind and parameters) and a requested/offered match of every policy
 * ({@link QosCompatibility}). A pair with a mismatch exchanges nothing, so it is no receiver of the
 * writer's flow ({@link org.adamant.dsl.prediction.Flow}).
 *
 * <p>The transport check needs the transport each side runs; {@code transport auto} chooses it by
 * ranking the writer's flow, whose receivers this class decides. So {@link #staticMismatches} (what
 * {@code Flow} counts with) compares transports only when both sides name one, and
 * {@link #mismatches} (what the validator reports) compares the resolved ones.
 */
public final class Pairing {

	private Pairing() {
	}

	/** The application's domain (DDS default 0). */
	public static int domain(Endpoint e) {
		return e.eContainer() instanceof Application a ? a.getDomain() : 0;
	}

	/** The partitions the endpoint's QoS names, else the default partition {@code ""}. */
	public static List<String> partitions(Endpoint e) {
		return EffectiveQos.of(e).get(PartitionPolicy.class).map(p -> (List<String>) new ArrayList<>(p.getNames()))
				.filter(l -> !l.isEmpty()).orElse(DdsDefaults.PARTITION);
	}

	/** Every mismatch of the pair, with both transports resolved ({@link Bindings#resolve}). */
	public static List<Mismatch> mismatches(Publication writer, Subscription reader) {
		List<Mismatch> result = staticMismatches(writer, reader, false);
		transport(Bindings.resolve(writer).transport(), Bindings.resolve(reader).transport(), result);
		return result;
	}

	/** The mismatches that need no ranking: all of them, the transport only when both sides bind one. */
	public static List<Mismatch> staticMismatches(Publication writer, Subscription reader) {
		return staticMismatches(writer, reader, true);
	}

	private static List<Mismatch> staticMismatches(Publication writer, Subscription reader, boolean boundTransports) {
		List<Mismatch> result = new ArrayList<>();
		int wd = domain(writer);
		int rd = domain(reader);
		if (wd != rd) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_DOMAIN, "domain", Integer.toString(wd), Integer.toString(rd),
					"put both applications in one domain (`domain " + wd + "` or `domain " + rd + "`)"));
		}
		List<String> wp = partitions(writer);
		List<String> rp = partitions(reader);
		if (!sharePartition(wp, rp)) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_PARTITION, "partition", quoted(wp), quoted(rp),
					"name a common partition in both QoS profiles (a profile without `partition` is in \"\")"));
		}
		StructType wt = writer.getTopic() == null ? null : writer.getTopic().getType();
		StructType rt = reader.getTopic() == null ? null : reader.getTopic().getType();
		if (wt != null && rt != null && !wt.eIsProxy() && !rt.eIsProxy() && !sameType(wt, rt)) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_TYPE, "type", wt.getName(), rt.getName(),
					"declare the topic with one type in one file and import it where it is used"));
		}
		if (boundTransports) {
			transport(Bindings.bound(writer), Bindings.bound(reader), result);
		}
		result.addAll(QosCompatibility.check(EffectiveQos.of(writer), EffectiveQos.of(reader)));
		return result;
	}

	/** Whether some partition of one side matches some of the other (names may use * and ? wildcards). */
	static boolean sharePartition(List<String> a, List<String> b) {
		for (String x : a) {
			for (String y : b) {
				if (x.equals(y) || glob(x).matcher(y).matches() || glob(y).matcher(x).matches()) {
					return true;
				}
			}
		}
		return false;
	}

	private static Pattern glob(String partition) {
		StringBuilder re = new StringBuilder();
		for (char c : partition.toCharArray()) {
			re.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
		}
		return Pattern.compile(re.toString());
	}

	private static String quoted(List<String> names) {
		return String.join(", ", names.stream().map(n -> "\"" + n + "\"").toList());
	}

	/** The same struct, or structs of one name with the same members (a type declared in two files). */
	private static boolean sameType(StructType a, StructType b) {
		return a == b || a.getName() != null && a.getName().equals(b.getName())
				&& a.getMembers().stream().map(Member::getName).toList()
						.equals(b.getMembers().stream().map(Member::getName).toList());
	}

	/** Two transports that run differently: another kind, or another value of one of its parameters. */
	private static void transport(Transport w, Transport r, List<Mismatch> result) {
		if (w == null || r == null || w == r) {
			return;
		}
		String wk = kind(w);
		String rk = kind(r);
		if (!wk.equals(rk)) {
			result.add(new Mismatch(IssueCodes.INCOMPATIBLE_TRANSPORT, "transport", "'" + w.getName() + "' (" + wk + ")",
					"'" + r.getName() + "' (" + rk + ")", "bind both to one transport: '" + w.getName() + "' or '"
							+ r.getName() + "'"));
			return;
		}
		for (RuntimeContract.Parameter p : RuntimeContract.get().parameters()) {
			if (p.modelNames().isEmpty() || !takes(w, p)) {
				continue;
			}
			double wv = TransportParameters.resolve(w, p.name()).value();
			double rv = TransportParameters.resolve(r, p.name()).value();
			if (Math.abs(wv - rv) > 1e-12 * Math.max(1, Math.abs(wv))) {
				String name = p.modelNames().get(0);
				boolean duration = "duration".equals(p.type());
				result.add(new Mismatch(IssueCodes.INCOMPATIBLE_TRANSPORT, "transport parameter " + name,
						"'" + w.getName() + "' " + name + " = " + (duration ? Format.duration(wv) : Format.number(wv)),
						"'" + r.getName() + "' " + name + " = " + (duration ? Format.duration(rv) : Format.number(rv)),
						"bind both to one transport: '" + w.getName() + "' or '" + r.getName() + "'"));
			}
		}
	}

	/** "runtime ricochet", "opendds tcp". */
	public static String kind(Transport t) {
		if (t.getMapping() instanceof RuntimeMapping m) {
			String k = TransportParameters.kind(t);
			return "runtime " + (k == null ? m.getKind().getLiteral() : k);
		}
		return t.getMapping() instanceof OpenDdsMapping m ? "opendds " + m.getKind().getLiteral() : "unmapped";
	}

	private static boolean takes(Transport t, RuntimeContract.Parameter p) {
		if (t.getMapping() instanceof RuntimeMapping) {
			return p.modelKinds().contains(TransportParameters.kind(t)) || p.takes(TransportParameters.kind(t))
					&& Quantities.knownParameters(t).stream().anyMatch(p.modelNames()::contains);
		}
		return Quantities.knownParameters(t).stream().anyMatch(p.modelNames()::contains);
	}
}
