package org.adamant.dsl.prediction;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.BandwidthStep;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.EncodedSize;
import org.adamant.dsl.semantics.Pairing;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.util.OnChangeEvictingCache;

/**
 * One data flow of a model: a publication, the application that publishes it, its environment (the
 * publisher's), its subscribers and, when the rate is known, the {@link FlowScenario} predictions use.
 * Receivers = the sum of {@code instances} (default 1) of the applications subscribing to the topic
 * whose subscription pairs with the publication ({@link Pairing#staticMismatches}: same domain,
 * partition, type, bound transport and a request/offered match); a mismatched reader gets nothing.
 */
public final class Flow {

	private final Publication publication;
	private final Application application;
	private final Environment environment;
	private final List<Subscription> subscriptions;
	private final int receivers;
	/** B/s the other flows of the environment that send every update need of its link (0: none, or alone). */
	private final double othersLoad;
	private final FlowScenario scenario;

	private Flow(Publication publication, boolean shared) {
		this.publication = publication;
		this.application = publication.eContainer() instanceof Application a ? a : null;
		Environment env = application == null ? null : application.getEnvironment();
		this.environment = env == null || env.eIsProxy() ? null : env;
		this.subscriptions = subscriptionsOf(publication.getTopic(), publication).stream()
				.filter(s -> Pairing.staticMismatches(publication, s).isEmpty()).toList();
		int n = 0;
		for (Subscription s : subscriptions) {
			n += s.eContainer() instanceof Application a && a.getInstances() > 0 ? a.getInstances() : 1;
		}
		this.receivers = n;
		this.othersLoad = shared ? LinkLoad.othersFixedLoad(publication, environment) : 0;
		this.scenario = buildScenario();
	}

	/** The flow on the link it shares with the other flows of its environment. */
	public static Flow of(Publication publication) {
		return new Flow(publication, true);
	}

	/** The flow as if it had its environment's link to itself (what the others' predictions subtract). */
	public static Flow standalone(Publication publication) {
		return new Flow(publication, false);
	}

	/** What the environment's other flows without replacement offer its link, in B/s. */
	public double othersLoad() {
		return othersLoad;
	}

	/**
	 * The worst-case bandwidth this flow has, in B/s: the environment's ({@link #minBandwidth}) less
	 * {@link #othersLoad} (at least 1 B/s: a link the others fill is still a constrained one); 0 = unconstrained.
	 */
	public double bandwidth() {
		return residual(minBandwidth(environment));
	}

	/** The time-weighted mean bandwidth this flow has ({@link #meanBandwidth} less the others' load). */
	public double meanBandwidthLeft() {
		return residual(meanBandwidth(environment));
	}

	private double residual(double link) {
		return link <= 0 ? 0 : Math.max(1, link - othersLoad);
	}

	public Publication publication() {
		return publication;
	}

	public Application application() {
		return application;
	}

	public String applicationName() {
		return application == null || application.getName() == null ? "?" : application.getName();
	}

	public Topic topic() {
		Topic t = publication.getTopic();
		return t == null || t.eIsProxy() ? null : t;
	}

	public String topicName() {
		return topic() == null || topic().getName() == null ? "?" : topic().getName();
	}

	public Environment environment() {
		return environment;
	}

	/** The subscriptions that pair with the publication (its receivers). */
	public List<Subscription> subscriptions() {
		return subscriptions;
	}

	public int receivers() {
		return receivers;
	}

	public EffectiveQos qos() {
		return EffectiveQos.of(publication);
	}

	/** Publish rate in Hz; empty when missing or invalid. */
	public Optional<Double> rateHz() {
		return Quantities.base(publication.getRate(), Dimension.RATE).filter(r -> r > 0 && r <= 1e7);
	}

	/**
	 * The scenario predictions use; empty when the publication's rate is missing or invalid, or when
	 * nobody subscribes (no receivers: nothing to predict).
	 */
	public Optional<FlowScenario> scenario() {
		return Optional.ofNullable(scenario);
	}

	/** Worst-case bandwidth of the environment in B/s (the lowest step of a schedule); 0 = unconstrained. */
	public static double minBandwidth(Environment env) {
		if (env == null) {
			return 0;
		}
		if (env.getSchedule() != null) {
			double min = 0;
			for (BandwidthStep step : env.getSchedule().getSteps()) {
				double b = Quantities.base(step.getBandwidth(), Dimension.BANDWIDTH).orElse(0.0);
				if (b > 0 && (min == 0 || b < min)) {
					min = b;
				}
			}
			return min;
		}
		return Quantities.base(env.getBandwidth(), Dimension.BANDWIDTH).orElse(0.0);
	}

	/** Time-weighted mean bandwidth of a schedule (the constant bandwidth otherwise); 0 = unconstrained. */
	public static double meanBandwidth(Environment env) {
		if (env == null || env.getSchedule() == null) {
			return minBandwidth(env);
		}
		double bytes = 0;
		double time = 0;
		for (BandwidthStep step : env.getSchedule().getSteps()) {
			double b = Quantities.base(step.getBandwidth(), Dimension.BANDWIDTH).orElse(0.0);
			double d = Quantities.base(step.getDuration(), Dimension.DURATION).orElse(0.0);
			bytes += b * d;
			time += d;
		}
		return time > 0 ? bytes / time : minBandwidth(env);
	}

	/**
	 * Worst-case loss of the environment in percent (the upper end of a range, the lossiest phase of a
	 * schedule). The worst, not the time-weighted mean: the findings built on it (max_loss, max_latency,
	 * the link's load) must hold in every phase, not on average over the run.
	 */
	public static double lossPercent(Environment env) {
		if (env == null) {
			return 0;
		}
		if (env.getLossSchedule() != null) {
			return Math.min(100, env.getLossSchedule().getSteps().stream()
					.mapToDouble(s -> Quantities.base(s.getLoss(), Dimension.PERCENT).orElse(0.0)).max().orElse(0.0));
		}
		double loss = Quantities.base(env.getLoss(), Dimension.PERCENT).orElse(0.0);
		double upper = Quantities.base(env.getLossUpper(), Dimension.PERCENT).orElse(0.0);
		return Math.min(100, Math.max(loss, upper));
	}

	/**
	 * The most readers a receivers schedule of the environment has (0 without one): a flow is predicted
	 * with at least that many, the worst phase, for the same reason as {@link #lossPercent}.
	 */
	public static int scheduledReaders(Environment env) {
		if (env == null || env.getReadersSchedule() == null) {
			return 0;
		}
		return env.getReadersSchedule().getSteps().stream().mapToInt(s -> s.getReaders()).max().orElse(0);
	}

	private FlowScenario buildScenario() {
		Optional<Double> rate = rateHz();
		if (rate.isEmpty() || receivers == 0) {
			return null;
		}
		double payload = Quantities.base(publication.getPayload(), Dimension.SIZE)
				.orElseGet(() -> topic() == null ? 0.0 : encodedSize(topic().getType()));
		double rtt = environment == null ? 0 : Quantities.base(environment.getRtt(), Dimension.DURATION).orElse(0.0);
		return new FlowScenario(rate.get(), payload, Math.max(receivers, scheduledReaders(environment)),
				lossPercent(environment) / 100.0, rtt,
				bandwidth(), topic() == null ? 1 : replacementTags(topic().getType(), rate.get()));
	}

	/** How often one key instance is taken to publish when the model does not say: once a second. */
	public static final double INSTANCE_RATE_HZ = 1.0;

	/**
	 * The replacement tags a flow's updates cycle through: a newer update replaces only a queued or
	 * unacknowledged older one of its tag (Mockets). A keyless type is one instance, so one tag for the
	 * whole topic (the Mockets experiments tag each stream); a keyed type has one tag per key instance,
	 * and as the model does not count instances each is taken to publish at {@value #INSTANCE_RATE_HZ}
	 * Hz: a rate of N Hz is N tags.
	 */
	public static int replacementTags(StructType type, double rateHz) {
		return keyed(type) ? (int) Math.max(1, Math.min(1 << 20, Math.round(rateHz / INSTANCE_RATE_HZ))) : 1;
	}

	/** Whether the type has a key member; a keyless type's updates are all one instance. */
	public static boolean keyed(StructType type) {
		return type != null && type.getMembers().stream().anyMatch(Member::isKey);
	}

	/**
	 * Subscriptions of {@code topic} anywhere in the resource set of {@code context}: of every topic of
	 * its name, as DDS matches topics by name (whether they pair is {@link Pairing}'s question).
	 */
	public static List<Subscription> subscriptionsOf(Topic topic, EObject context) {
		return endpointsOf(topic, context, Subscription.class);
	}

	/** Publications of {@code topic} (of every topic of its name) anywhere in the resource set of {@code context}. */
	public static List<Publication> publicationsOf(Topic topic, EObject context) {
		return endpointsOf(topic, context, Publication.class);
	}

	private static <T extends Endpoint> List<T> endpointsOf(Topic topic, EObject context, Class<T> kind) {
		List<T> result = new ArrayList<>();
		for (Endpoint e : endpointsOf(topic, context)) {
			if (kind.isInstance(e)) {
				result.add(kind.cast(e));
			}
		}
		return result;
	}

	private static List<Endpoint> endpointsOf(Topic topic, EObject context) {
		List<Endpoint> result = new ArrayList<>();
		if (topic == null || topic.eIsProxy()) {
			return result;
		}
		for (Resource r : resources(context)) {
			result.addAll(endpointsByTopic(r).getOrDefault(topic.getName(), List.of()));
		}
		return result;
	}

	/** Evicted when its resource changes, like Xtext's scoping caches. */
	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

	/**
	 * The endpoints of one resource by topic name, computed once per version of the resource: every
	 * endpoint-to-flow question (receivers, writers of a reader, the flows of an environment) would
	 * otherwise walk every resource again, which made validating 1,000 flows quadratic.
	 */
	private static Map<String, List<Endpoint>> endpointsByTopic(Resource resource) {
		return CACHE.get(Flow.class.getName() + ".endpointsByTopic", resource, () -> {
			Map<String, List<Endpoint>> byTopic = new HashMap<>();
			for (TreeIterator<EObject> it = resource.getAllContents(); it.hasNext();) {
				if (it.next() instanceof Endpoint e && e.getTopic() != null && !e.getTopic().eIsProxy()
						&& e.getTopic().getName() != null) {
					byTopic.computeIfAbsent(e.getTopic().getName(), t -> new ArrayList<>()).add(e);
				}
			}
			return byTopic;
		});
	}

	/** The resources a model sees: its resource set (itself and its imports), or just its own. */
	public static List<Resource> resources(EObject context) {
		Resource own = context.eResource();
		if (own == null) {
			return List.of();
		}
		if (own.getResourceSet() == null) {
			return List.of(own);
		}
		return new ArrayList<>(own.getResourceSet().getResources());
	}

	/** Bytes of one encoded sample of {@code type} at its bounds ({@link EncodedSize#atBounds}). */
	public static double encodedSize(StructType type) {
		return EncodedSize.atBounds(type);
	}
}
