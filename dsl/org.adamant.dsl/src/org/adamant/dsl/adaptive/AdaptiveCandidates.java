package org.adamant.dsl.adaptive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.adamant.dsl.adamant.AdamantFactory;
import org.adamant.dsl.adamant.CandidateTransport;
import org.adamant.dsl.adamant.OpenDdsMapping;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterBound;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.ParameterRange;
import org.adamant.dsl.semantics.ParameterValue;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.util.OnChangeEvictingCache;

/**
 * What a {@code transport adaptive} flow may switch between: the transports it lists after
 * {@code among} (each value its bounds allow), else every catalog transport of a kind the adaptive
 * channel runs; less those that cannot carry the flow whatever the environment (a capability its
 * QoS needs, a parameter out of range). Whether a candidate meets max_latency and max_loss depends on
 * the environment: the {@link DecisionTable} answers that point by point.
 */
public final class AdaptiveCandidates {

	/** The runtime kinds the adaptive channel switches between (issue 17: NAKcast, Ricochet, FEC). */
	public static final List<String> KINDS = List.of("nakcast", "ricochet", "fec");

	/** Most candidates one flow may have: every one is a column of the table and a point of training. */
	public static final int MAX_CANDIDATES = 12;

	/** A problem with what the model writes, at the element that states it (for the validator). */
	public record Problem(EObject where, Finding finding) {
	}

	/**
	 * @param candidates what the flow may switch between, in the order written (catalog order without {@code among})
	 * @param excluded   catalog transports it does not switch to, and why
	 * @param problems   errors in the {@code among} list
	 */
	public record Result(List<AdaptiveCandidate> candidates, List<ExcludedCandidate> excluded, List<Problem> problems) {
	}

	private static final Result NONE = new Result(List.of(), List.of(), List.of());

	private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

	private AdaptiveCandidates() {
	}

	/** Whether the endpoint binds {@code transport adaptive}. */
	public static boolean isAdaptive(org.adamant.dsl.adamant.Endpoint e) {
		return e != null && e.getBinding() != null && e.getBinding().isAdaptive();
	}

	/** The candidates of an adaptive publication (empty when it is not adaptive). */
	public static Result of(Publication publication) {
		if (!isAdaptive(publication)) {
			return NONE;
		}
		Resource resource = publication.eResource();
		if (resource == null) {
			return compute(publication);
		}
		return CACHE.get(List.of(AdaptiveCandidates.class.getName(), publication), resource, () -> compute(publication));
	}

	private static Result compute(Publication publication) {
		TransportBinding binding = publication.getBinding();
		Flow flow = Flow.of(publication);
		List<AdaptiveCandidate> candidates = new ArrayList<>();
		List<ExcludedCandidate> excluded = new ArrayList<>();
		List<Problem> problems = new ArrayList<>();
		if (binding.getCandidates().isEmpty()) {
			for (Transport t : TransportRanking.catalog(publication)) {
				List<Finding> why = unfit(flow, t);
				if (why.isEmpty()) {
					candidates.add(candidate(t, t, Map.of()));
				} else {
					excluded.add(new ExcludedCandidate(t.getName(), why));
				}
			}
		} else {
			for (CandidateTransport written : binding.getCandidates()) {
				Transport t = written.getTransport();
				if (t == null || t.eIsProxy()) {
					continue; // the linker reports it
				}
				List<Finding> why = unfit(flow, t);
				why.forEach(f -> problems.add(new Problem(written, f)));
				Optional<Map<String, List<Double>>> values = values(written, t, problems);
				if (!why.isEmpty() || values.isEmpty()) {
					excluded.add(new ExcludedCandidate(t.getName(), why));
					continue;
				}
				for (Map<String, Double> combination : combinations(values.get())) {
					Transport variant = variant(t, combination);
					List<Finding> wrong = TransportRanking.parameters(flow, variant, 0).stream().filter(Finding::error).toList();
					AdaptiveCandidate c = candidate(variant, t, combination);
					if (wrong.isEmpty()) {
						candidates.add(c);
					} else {
						wrong.forEach(f -> problems.add(new Problem(written, f)));
						excluded.add(new ExcludedCandidate(c.name(), wrong));
					}
				}
			}
		}
		if (candidates.size() > MAX_CANDIDATES) {
			problems.add(new Problem(binding, new Finding(IssueCodes.ADAPTIVE_NO_CANDIDATE, true,
					TransportRanking.describe(publication) + " may switch between " + candidates.size()
							+ " candidates, more than the " + MAX_CANDIDATES + " a decision table takes; list fewer "
							+ "transports after `among`, or narrow their bounds")));
		}
		return new Result(List.copyOf(candidates), List.copyOf(excluded), List.copyOf(problems));
	}

	/**
	 * Why {@code t} cannot be a candidate of the flow whatever the environment: a kind the adaptive channel
	 * does not run, or what the writer's or a reader's QoS needs that it does not offer (empty: it can).
	 */
	public static List<Finding> unfit(Flow flow, Transport t) {
		List<Finding> result = new ArrayList<>();
		String kind = TransportParameters.kind(t);
		if (kind == null || !KINDS.contains(kind)) {
			String maps = t.getMapping() instanceof OpenDdsMapping o ? "OpenDDS's " + o.getKind().getLiteral()
					: t.getMapping() instanceof RuntimeMapping m ? "the runtime's " + m.getKind().getLiteral() : "nothing";
			result.add(new Finding(IssueCodes.ADAPTIVE_CANDIDATE_UNFIT, true, "transport '" + t.getName() + "' maps to "
					+ maps + "; the adaptive channel switches only between the runtime's " + String.join(", ", KINDS)
					+ " engines"));
			return result;
		}
		result.addAll(TransportRanking.capability(flow.publication(), t).stream().filter(Finding::error).toList());
		for (Subscription s : flow.subscriptions()) {
			result.addAll(TransportRanking.capability(s, t).stream().filter(Finding::error).toList());
		}
		result.addAll(TransportRanking.parameters(flow, t, 0).stream().filter(Finding::error).toList());
		return result;
	}

	/**
	 * Each bounded parameter's values ({@link #expand}), checked against the transport's known parameters
	 * and the catalog's and the contract's ranges; empty when a bound is wrong (its problem added).
	 */
	private static Optional<Map<String, List<Double>>> values(CandidateTransport written, Transport t,
			List<Problem> problems) {
		Map<String, List<Double>> result = new LinkedHashMap<>();
		boolean ok = true;
		for (ParameterBound b : written.getBounds()) {
			String name = b.getName();
			if (name == null) {
				ok = false;
				continue;
			}
			if (!Quantities.knownParameters(t).contains(name)) {
				problems.add(new Problem(b, new Finding(IssueCodes.UNKNOWN_PARAMETER, true, "transport '" + t.getName()
						+ "' has no parameter '" + name + "'; it takes " + String.join(", ", Quantities.knownParameters(t)))));
				ok = false;
				continue;
			}
			Optional<Double> min = Quantities.parameter(name, b.getMin());
			Optional<Double> max = b.getMax() == null ? min : Quantities.parameter(name, b.getMax());
			if (min.isEmpty() || max.isEmpty()) {
				ok = false; // a missing or wrong unit: the unit validator reports it
				continue;
			}
			boolean inRange = true;
			for (Quantity q : b.getMax() == null ? List.of(b.getMin()) : List.of(b.getMin(), b.getMax())) {
				Optional<String> problem = ParameterRange.problem(t, name, Quantities.parameter(name, q).get());
				if (problem.isPresent()) {
					problems.add(new Problem(q, new Finding(IssueCodes.ADAPTIVE_BOUND_OUT_OF_RANGE, true,
							"transport '" + t.getName() + "' in `among`: " + problem.get())));
					inRange = false;
				}
			}
			if (inRange && min.get() > max.get()) {
				problems.add(new Problem(b, new Finding(IssueCodes.ADAPTIVE_BOUND_OUT_OF_RANGE, true, "the bounds of "
						+ name + " run from " + Format.number(min.get()) + " down to " + Format.number(max.get())
						+ "; write the smaller value first")));
				inRange = false;
			}
			ok &= inRange;
			result.put(name, expand(min.get(), max.get()));
		}
		return ok ? Optional.of(result) : Optional.empty();
	}

	/**
	 * The values a bound {@code min..max} offers: min, then each doubling of it below max, then max
	 * ({@code r = 4..8}: 4 and 8; {@code r = 2..16}: 2, 4, 8, 16; {@code timeout = 25 ms..100 ms}: 25, 50, 100 ms).
	 */
	public static List<Double> expand(double min, double max) {
		List<Double> result = new ArrayList<>();
		for (double v = min; v < max && result.size() < MAX_CANDIDATES && v > 0; v *= 2) {
			result.add(v);
		}
		if (result.isEmpty() || result.get(result.size() - 1) != max) {
			result.add(max);
		}
		return result;
	}

	/** Every combination of the parameters' values, the first parameter varying slowest. */
	private static List<Map<String, Double>> combinations(Map<String, List<Double>> values) {
		List<Map<String, Double>> result = new ArrayList<>();
		result.add(new LinkedHashMap<>());
		for (Map.Entry<String, List<Double>> e : values.entrySet()) {
			List<Map<String, Double>> next = new ArrayList<>();
			for (Map<String, Double> partial : result) {
				for (double v : e.getValue()) {
					Map<String, Double> m = new LinkedHashMap<>(partial);
					m.put(e.getKey(), v);
					next.add(m);
				}
				if (next.size() > MAX_CANDIDATES) {
					break;
				}
			}
			result = next;
		}
		return result;
	}

	/** A copy of {@code t} whose mapping states {@code values} (base units), outside the model. */
	private static Transport variant(Transport t, Map<String, Double> values) {
		if (values.isEmpty()) {
			return t;
		}
		Transport copy = EcoreUtil.copy(t);
		copy.eAdapters().add(new VariantOf(t));
		RuntimeMapping mapping = (RuntimeMapping) copy.getMapping();
		for (Map.Entry<String, Double> e : values.entrySet()) {
			mapping.getParams().removeIf(p -> e.getKey().equals(p.getName()));
			Parameter p = AdamantFactory.eINSTANCE.createParameter();
			p.setName(e.getKey());
			Quantity q = AdamantFactory.eINSTANCE.createQuantity();
			boolean duration = Quantities.parameterDimension(e.getKey()).isPresent();
			q.setValue(duration ? e.getValue() * 1e6 : e.getValue());
			q.setUnit(duration ? "us" : null);
			p.setValue(q);
			mapping.getParams().add(p);
		}
		return copy;
	}

	/** Marks a candidate's copy with the catalog entry it was made from (where the model declares it). */
	private static final class VariantOf extends AdapterImpl {
		final Transport source;

		VariantOf(Transport source) {
			this.source = source;
		}
	}

	/** The catalog entry a candidate's transport comes from ({@code t} itself when it is one). */
	public static Transport source(Transport t) {
		return t == null ? null : t.eAdapters().stream().filter(VariantOf.class::isInstance).map(a -> ((VariantOf) a).source)
				.findFirst().orElse(t);
	}

	private static AdaptiveCandidate candidate(Transport variant, Transport source, Map<String, Double> bounded) {
		String kind = TransportParameters.kind(variant);
		StringBuilder name = new StringBuilder(source.getName());
		for (Map.Entry<String, Double> e : bounded.entrySet()) {
			ParameterValue v = TransportParameters.given(variant, e.getKey()).orElseThrow();
			name.append('_').append(e.getKey()).append(v.option());
		}
		Map<String, Object> params = new LinkedHashMap<>();
		for (RuntimeContract.Parameter p : RuntimeContract.get().parameters()) {
			if (!p.modelKinds().contains(kind)) {
				continue;
			}
			// what the catalog entry or a bound states: the runtime takes the contract's defaults for the rest
			ParameterValue v = TransportParameters.resolve(variant, p.name());
			if (v.source() != ParameterValue.Source.CONTRACT) {
				params.put(p.name(), v.keyword().<Object>map(k -> k).orElseGet(v::inUnit));
			}
		}
		return new AdaptiveCandidate(name.toString(), kind, Collections.unmodifiableMap(params), variant, source);
	}
}
