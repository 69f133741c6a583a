package org.adamant.dsl.ide.fixes;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.DeadlinePolicy;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.HistoryPolicy;
import org.adamant.dsl.adamant.MaxLossRequirement;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.PresentationPolicy;
import org.adamant.dsl.adamant.PriorityRequirement;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.ReliabilityPolicy;
import org.adamant.dsl.adamant.ReplacementRequirement;
import org.adamant.dsl.adamant.ResourceLimitsPolicy;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.TimeBasedFilterPolicy;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.lowering.TransportParameters;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.scoping.IScopeProvider;
import org.eclipse.xtext.validation.Issue;

/**
 * Quick fixes of the ADAMANT validator's issues as plain text edits, independent of any UI or
 * protocol: the language server turns them into LSP code actions
 * ({@link org.adamant.dsl.ide.server.AdamantCodeActionService}) and the Eclipse editor into marker
 * resolutions.
 *
 * <p>Usage: parse and validate a document into an {@link XtextResource}, then for each issue
 * <pre>{@code
 * for (AdamantQuickFixes.Fix fix : AdamantQuickFixes.fixesFor(resource, issue)) {
 *     String title = fix.title();            // e.g. "Switch to transport 'nakcast' (ReLate2 2.3 ms)"
 *     String newText = fix.apply(oldText);   // or apply fix.edits() (offset, length, replacement) yourself
 * }
 * }</pre>
 * Without an {@link Issue} (e.g. from an LSP diagnostic or an Eclipse marker), call
 * {@link #fixesFor(XtextResource, String, int, int)} with the issue code and the problem's offset and
 * length. Edits refer to the text the resource was parsed from; they never overlap, and
 * {@link Fix#apply(String)} applies them back to front. Fixes only edit the issue's own document:
 * an element in an imported file (e.g. a catalog transport or a shared QoS profile) gets no fix
 * that would have to change that file.
 *
 * <p>Fixable codes: {@link #FIXABLE_CODES}, and {@link #LINKING} (a name that resolves to nothing: the
 * closest visible names, for typos). The QoS incompatibility codes ({@code incompatible-*})
 * and {@code no-feasible-transport} get no fix: they need a design decision between two profiles
 * or a new transport, which the message explains.
 */
public final class AdamantQuickFixes {

	/** Replace {@code length} characters at {@code offset} with {@code replacement} (empty = delete). */
	public record Edit(int offset, int length, String replacement) {
	}

	/** One way to fix an issue: a title for menus and the edits that make it. */
	public record Fix(String title, List<Edit> edits) {

		/** {@code text} with this fix's edits applied. */
		public String apply(String text) {
			StringBuilder b = new StringBuilder(text);
			edits.stream().sorted(Comparator.comparingInt(Edit::offset).reversed())
					.forEach(e -> b.replace(e.offset(), e.offset() + e.length(), e.replacement()));
			return b.toString();
		}
	}

	/** Issue codes that get at least one fix when the element to change is in the issue's document. */
	public static final Set<String> FIXABLE_CODES = Set.of(IssueCodes.MISSING_UNIT, IssueCodes.WRONG_UNIT,
			IssueCodes.VALUE_OUT_OF_RANGE, IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT,
			IssueCodes.HISTORY_DEPTH_INVALID, IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS,
			IssueCodes.RESOURCE_LIMITS_INCONSISTENT, IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE,
			IssueCodes.EXTENDS_CYCLE, IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, IssueCodes.MULTICAST_UNAVAILABLE,
			IssueCodes.REPLACEMENT_UNSUPPORTED, IssueCodes.PRIORITY_UNSUPPORTED, IssueCodes.PARAMETER_OUT_OF_RANGE,
			IssueCodes.UNKNOWN_PARAMETER, IssueCodes.DEADLINE_SHORTER_THAN_PERIOD, IssueCodes.BANDWIDTH_EXCEEDED,
			IssueCodes.UNBOUNDED_QUEUE_GROWTH, IssueCodes.PREDICTED_LATENCY_EXCEEDS_BOUND,
			IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS);

	/** Xtext's code for a name that resolves to nothing; fixed by the closest visible names. */
	public static final String LINKING = org.eclipse.xtext.diagnostics.Diagnostic.LINKING_DIAGNOSTIC;

	/** How many alternative names a linking fix offers at most. */
	static final int MAX_NAMES = 3;

	/** How many alternative transports a "switch transport" fix list offers at most. */
	static final int MAX_TRANSPORTS = 3;

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	private AdamantQuickFixes() {
	}

	/** The fixes for a validation issue of {@code resource}. */
	public static List<Fix> fixesFor(XtextResource resource, Issue issue) {
		if (issue.getCode() == null || issue.getOffset() == null) {
			return List.of();
		}
		int length = issue.getLength() == null ? 0 : issue.getLength();
		return fixesFor(resource, issue.getCode(), issue.getOffset(), length);
	}

	/**
	 * The fixes for the issue with {@code code} reported at {@code offset}/{@code length} of
	 * {@code resource}'s text (the region of an LSP diagnostic or an Eclipse marker).
	 */
	public static List<Fix> fixesFor(XtextResource resource, String code, int offset, int length) {
		if (code == null || resource.getParseResult() == null
				|| !FIXABLE_CODES.contains(code) && !LINKING.equals(code)) {
			return List.of();
		}
		ICompositeNode root = resource.getParseResult().getRootNode();
		ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(root, offset);
		if (leaf == null) {
			return List.of();
		}
		if (LINKING.equals(code)) {
			return closestNames(resource, leaf);
		}
		EObject at = NodeModelUtils.findActualSemanticObjectFor(leaf);
		if (at == null) {
			return List.of();
		}
		List<Fix> fixes = new ArrayList<>();
		new Fixer(resource, fixes).fix(code, at);
		return fixes;
	}

	/** Collects the fixes of one issue. */
	private static final class Fixer {
		private final Resource resource;
		private final List<Fix> fixes;

		Fixer(Resource resource, List<Fix> fixes) {
			this.resource = resource;
			this.fixes = fixes;
		}

		void fix(String code, EObject at) {
			switch (code) {
			case IssueCodes.MISSING_UNIT -> within(at, Quantity.class).ifPresent(this::addUnit);
			case IssueCodes.WRONG_UNIT -> within(at, Quantity.class).ifPresent(this::changeUnit);
			case IssueCodes.VALUE_OUT_OF_RANGE -> within(at, Quantity.class).ifPresent(this::valueInRange);
			case IssueCodes.HISTORY_DEPTH_INVALID -> within(at, HistoryPolicy.class)
					.ifPresent(h -> replace("Keep the newest sample (keep_last 1)", h, P.getHistoryPolicy_Depth(), "1"));
			case IssueCodes.HISTORY_EXCEEDS_RESOURCE_LIMITS -> within(at, ResourceLimitsPolicy.class)
					.ifPresent(this::historyWithinLimits);
			case IssueCodes.RESOURCE_LIMITS_INCONSISTENT -> within(at, ResourceLimitsPolicy.class)
					.ifPresent(this::consistentLimits);
			case IssueCodes.TIME_FILTER_EXCEEDS_DEADLINE -> within(at, TimeBasedFilterPolicy.class)
					.ifPresent(this::filterWithinDeadline);
			case IssueCodes.EXTENDS_CYCLE -> within(at, QosProfile.class).ifPresent(this::breakCycle);
			case IssueCodes.DEADLINE_SHORTER_THAN_PERIOD -> within(at, Publication.class).ifPresent(this::deadlineVsPeriod);
			case IssueCodes.UNKNOWN_PARAMETER -> unknownParameter(at);
			case IssueCodes.PARAMETER_OUT_OF_RANGE -> parameterInRange(at);
			default -> within(at, TransportBinding.class).ifPresent(b -> transportFixes(code, b));
			}
		}

		// -------------------------------------------------------------- units and values

		private void addUnit(Quantity q) {
			INode node = NodeModelUtils.findActualNodeFor(q);
			Quantities.expectedDimension(q).ifPresent(d -> {
				for (String unit : units(d)) {
					add("Add unit '" + unit + "'", new Edit(node.getEndOffset(), 0, " " + unit));
				}
			});
		}

		private void changeUnit(Quantity q) {
			INode unitNode = node(q, P.getQuantity_Unit());
			if (unitNode == null) {
				return;
			}
			Optional<Dimension> d = Quantities.expectedDimension(q);
			if (d.isPresent()) {
				for (String unit : units(d.get())) {
					add("Change unit to '" + unit + "'", replaceEdit(unitNode, unit));
				}
			} else {
				INode valueNode = node(q, P.getQuantity_Value());
				int from = valueNode.getEndOffset();
				add("Remove unit '" + q.getUnit() + "' (a plain count)",
						new Edit(from, unitNode.getEndOffset() - from, ""));
			}
		}

		private void valueInRange(Quantity q) {
			INode valueNode = node(q, P.getQuantity_Value());
			if (valueNode == null) {
				return;
			}
			if (q.getValue() < 0) {
				add("Make the value positive (" + decimal(-q.getValue()) + ")", replaceEdit(valueNode, decimal(-q.getValue())));
			} else if (q.getValue() > 100) {
				add("Set to 100 %", replaceEdit(valueNode, "100"));
			}
		}

		// -------------------------------------------------------------- DDS consistency

		private void historyWithinLimits(ResourceLimitsPolicy limits) {
			int max = limits.getMaxSamplesPerInstance();
			for (QosProfile profile : EcoreUtil2.getAllContentsOfType(root(), QosProfile.class)) {
				EffectiveQos qos = EffectiveQos.of(profile);
				Optional<HistoryPolicy> history = qos.get(HistoryPolicy.class);
				if (qos.get(ResourceLimitsPolicy.class).orElse(null) == limits && history.isPresent()
						&& !history.get().isKeepAll() && history.get().getDepth() > max) {
					int depth = history.get().getDepth();
					replace("Raise max_samples_per_instance to " + depth, limits,
							P.getResourceLimitsPolicy_MaxSamplesPerInstance(), Integer.toString(depth));
					if (limits.getMaxSamples() > 0 && depth > limits.getMaxSamples()) {
						// the raised limit must not exceed max_samples either: raise both in one fix
						Fix raise = fixes.remove(fixes.size() - 1);
						List<Edit> edits = new ArrayList<>(raise.edits());
						INode samples = node(limits, P.getResourceLimitsPolicy_MaxSamples());
						if (samples != null) {
							edits.add(replaceEdit(samples, Integer.toString(depth)));
						}
						fixes.add(new Fix(raise.title() + " and max_samples to " + depth, edits));
					}
					replace("Lower history keep_last to " + max, history.get(), P.getHistoryPolicy_Depth(),
							Integer.toString(max));
					return;
				}
			}
		}

		private void consistentLimits(ResourceLimitsPolicy limits) {
			replace("Raise max_samples to " + limits.getMaxSamplesPerInstance(), limits,
					P.getResourceLimitsPolicy_MaxSamples(), Integer.toString(limits.getMaxSamplesPerInstance()));
			replace("Lower max_samples_per_instance to " + limits.getMaxSamples(), limits,
					P.getResourceLimitsPolicy_MaxSamplesPerInstance(), Integer.toString(limits.getMaxSamples()));
		}

		private void filterWithinDeadline(TimeBasedFilterPolicy filter) {
			QosProfile profile = EcoreUtil2.getContainerOfType(filter, QosProfile.class);
			Optional<DeadlinePolicy> deadline = EffectiveQos.of(profile).get(DeadlinePolicy.class);
			if (deadline.isEmpty() || deadline.get().getPeriod() == null) {
				return;
			}
			String period = text(deadline.get().getPeriod());
			String separation = text(filter.getMinimumSeparation());
			replace("Shorten minimum_separation to the deadline (" + period + ")", filter,
					P.getTimeBasedFilterPolicy_MinimumSeparation(), period);
			replace("Lengthen the deadline to the minimum_separation (" + separation + ")", deadline.get(),
					P.getDeadlinePolicy_Period(), separation);
		}

		private void breakCycle(QosProfile profile) {
			INode parent = node(profile, P.getQosProfile_Parent());
			ILeafNode keyword = keywordBefore(parent, "extends");
			if (parent == null || keyword == null) {
				return;
			}
			int from = previousEnd(keyword);
			add("Remove 'extends " + NodeModelUtils.getTokenText(parent) + "'",
					new Edit(from, parent.getEndOffset() - from, ""));
		}

		// -------------------------------------------------------------- feasibility and transports

		private void deadlineVsPeriod(Publication publication) {
			Optional<Double> rate = Quantities.base(publication.getRate(), Dimension.RATE);
			Optional<DeadlinePolicy> deadline = EffectiveQos.of(publication).get(DeadlinePolicy.class);
			if (rate.isEmpty() || !(rate.get() > 0) || deadline.isEmpty()) {
				return;
			}
			Optional<Double> period = Quantities.base(deadline.get().getPeriod(), Dimension.DURATION);
			if (period.isEmpty() || period.get() <= 0) {
				return;
			}
			String sendPeriod = durationAtLeast(1.0 / rate.get());
			replace("Raise the deadline to the send period (" + sendPeriod + ")", deadline.get(),
					P.getDeadlinePolicy_Period(), sendPeriod);
			String minRate = decimal(Math.ceil(1.0 / period.get())) + " Hz";
			replace("Publish at " + minRate + " (one update per deadline)", publication, P.getPublication_Rate(), minRate);
		}

		private void transportFixes(String code, TransportBinding binding) {
			Endpoint endpoint = EcoreUtil2.getContainerOfType(binding, Endpoint.class);
			INode bound = node(binding, P.getTransportBinding_Transport());
			if (endpoint == null || bound == null) {
				return;
			}
			Predicate<Transport> extra = t -> true;
			if (IssueCodes.UNBOUNDED_QUEUE_GROWTH.equals(code) || IssueCodes.BANDWIDTH_EXCEEDED.equals(code)) {
				extra = Transport::isReplacement; // the fix is replacement: only the newest update queues
			}
			switchTransport(code, endpoint, binding.getTransport(), bound, extra);
			EffectiveQos qos = EffectiveQos.of(endpoint);
			switch (code) {
			case IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT -> qos.get(ReliabilityPolicy.class).ifPresent(r -> {
				INode kind = node(r, P.getReliabilityPolicy_Kind());
				if (kind != null && local(r)) {
					add("Make QoS profile '" + profileName(r) + "' best_effort", replaceEdit(kind, "best_effort"));
				}
			});
			case IssueCodes.REPLACEMENT_UNSUPPORTED -> qos.get(ReplacementRequirement.class)
					.ifPresent(r -> remove("Drop the replacement requirement from QoS profile '" + profileName(r) + "'", r));
			case IssueCodes.PRIORITY_UNSUPPORTED -> qos.get(PriorityRequirement.class)
					.ifPresent(r -> remove("Drop the priority requirement from QoS profile '" + profileName(r) + "'", r));
			case IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT -> qos.get(PresentationPolicy.class).ifPresent(this::dropOrdered);
			case IssueCodes.PREDICTED_LOSS_EXCEEDS_MAX_LOSS -> raiseMaxLoss(endpoint, binding.getTransport(), qos);
			default -> {
			}
			}
		}

		/**
		 * "Switch to transport 'x'" for the best transports that satisfy every constraint of the flow
		 * (a reader's: of every flow it receives) and do not have the issue being fixed, and "auto".
		 */
		private void switchTransport(String code, Endpoint endpoint, Transport current, INode bound,
				Predicate<Transport> extra) {
			Predicate<TransportRanking.Assessment> clean = a -> a.feasible()
					&& a.findings().stream().noneMatch(f -> f.code().equals(code));
			if (IssueCodes.BANDWIDTH_EXCEEDED.equals(code)) {
				clean = TransportRanking.Assessment::feasible; // a replacement transport keeps the warning, bounded
			}
			List<TransportRanking.Assessment> candidates = new ArrayList<>();
			if (endpoint instanceof Publication p) {
				candidates.addAll(TransportRanking.rank(p).stream().filter(clean).toList());
			} else if (endpoint instanceof Subscription s && s.getTopic() != null) {
				List<Publication> writers = Flow.publicationsOf(s.getTopic(), s);
				for (Transport t : TransportRanking.catalog(s)) {
					TransportRanking.Assessment reader = new TransportRanking.Assessment(t, null,
							TransportRanking.capability(s, t));
					List<TransportRanking.Assessment> flows = writers.stream()
							.map(w -> TransportRanking.assess(Flow.of(w), t)).toList();
					if (clean.test(reader) && flows.stream().allMatch(clean)) {
						candidates.add(flows.isEmpty() ? reader : flows.get(0));
					}
				}
				candidates.sort(Comparator.comparingDouble(TransportRanking.Assessment::relate2)
						.thenComparing(a -> String.valueOf(a.name())));
			}
			int offered = 0;
			for (TransportRanking.Assessment a : candidates) {
				if (offered == MAX_TRANSPORTS) {
					break;
				}
				if (a.transport() != current && extra.test(a.transport())) {
					add("Switch to transport '" + a.name() + "'" + relate2(a.prediction()), replaceEdit(bound, a.name()));
					offered++;
				}
			}
			// auto picks the best feasible transport: offer it when that one also lacks the issue
			if (endpoint instanceof Publication p) {
				TransportRanking.rank(p).stream().filter(TransportRanking.Assessment::feasible).findFirst().filter(clean).filter(a -> extra.test(a.transport()))
						.ifPresent(best -> add("Use transport auto (now '" + best.name() + "')", replaceEdit(bound, "auto")));
			}
		}

		private void dropOrdered(PresentationPolicy presentation) {
			if (!local(presentation)) {
				return;
			}
			for (ILeafNode leaf : NodeModelUtils.findActualNodeFor(presentation).getLeafNodes()) {
				if (!leaf.isHidden() && "ordered".equals(leaf.getText())) {
					int from = previousEnd(leaf);
					add("Drop 'ordered' from QoS profile '" + profileName(presentation) + "'",
							new Edit(from, leaf.getEndOffset() - from, ""));
				}
			}
		}

		private void raiseMaxLoss(Endpoint endpoint, Transport transport, EffectiveQos qos) {
			Optional<MaxLossRequirement> maxLoss = qos.get(MaxLossRequirement.class);
			if (!(endpoint instanceof Publication p) || maxLoss.isEmpty() || transport == null) {
				return;
			}
			Optional<FlowPrediction> prediction = TransportRanking.predict(Flow.of(p), transport);
			if (prediction.isPresent()) {
				String bound = new BigDecimal(prediction.get().lossPercent()).setScale(3, RoundingMode.CEILING)
						.stripTrailingZeros().toPlainString() + " %";
				replace("Raise max_loss to the predicted " + bound, maxLoss.get(), P.getMaxLossRequirement_Value(), bound);
			}
		}

		// -------------------------------------------------------------- transport parameters

		private void unknownParameter(EObject at) {
			Optional<Parameter> parameter = within(at, Parameter.class);
			if (parameter.isPresent() && parameter.get().eContainer() instanceof RuntimeMapping mapping) {
				Transport transport = EcoreUtil2.getContainerOfType(mapping, Transport.class);
				INode name = node(parameter.get(), P.getParameter_Name());
				for (String known : Quantities.knownParameters(transport)) {
					if (fitsValues(known, List.of(parameter.get().getValue()))) {
						add("Change to '" + known + "'", replaceEdit(name, known));
					}
				}
				removeParameter(mapping, parameter.get());
				return;
			}
			within(at, ParameterSweep.class).ifPresent(sweep -> {
				Experiment x = (Experiment) sweep.eContainer();
				Set<String> all = new LinkedHashSet<>();
				for (Transport t : x.getTransports()) {
					if (t != null && !t.eIsProxy()) {
						all.addAll(Quantities.knownParameters(t));
					}
				}
				INode name = node(sweep, P.getParameterSweep_Name());
				for (String known : all) {
					if (fitsValues(known, sweep.getValues())) {
						add("Sweep '" + known + "' instead", replaceEdit(name, known));
					}
				}
			});
		}

		private void removeParameter(RuntimeMapping mapping, Parameter parameter) {
			List<Parameter> params = mapping.getParams();
			int i = params.indexOf(parameter);
			INode node = NodeModelUtils.findActualNodeFor(parameter);
			int from;
			int to;
			if (params.size() == 1) {
				ILeafNode open = keywordBefore(node, "(");
				ILeafNode close = keywordAfter(node, ")");
				if (open == null || close == null) {
					return;
				}
				from = previousEnd(open);
				to = close.getEndOffset();
			} else if (i > 0) {
				from = NodeModelUtils.findActualNodeFor(params.get(i - 1)).getEndOffset();
				to = node.getEndOffset();
			} else {
				from = node.getOffset();
				to = NodeModelUtils.findActualNodeFor(params.get(1)).getOffset();
			}
			add("Remove parameter '" + parameter.getName() + "'", new Edit(from, to - from, ""));
		}

		private void parameterInRange(EObject at) {
			Optional<TransportParameter> declared = within(at, TransportParameter.class);
			if (declared.isPresent()) {
				TransportParameter p = declared.get();
				INode min = node(p, P.getTransportParameter_Min());
				INode max = node(p, P.getTransportParameter_Max());
				INode def = node(p, P.getTransportParameter_DefaultValue());
				if (def != null && isWithin(def, at)) {
					valueFix(p.getName(), p.getDefaultValue(), p, def);
				} else if (min != null && max != null) {
					add("Swap the bounds (" + text(p.getMax()) + ".." + text(p.getMin()) + ")",
							replaceEdit(min, text(p.getMax())), replaceEdit(max, text(p.getMin())));
				}
				return;
			}
			Optional<Parameter> parameter = within(at, Parameter.class);
			if (parameter.isPresent()) {
				Transport t = EcoreUtil2.getContainerOfType(parameter.get(), Transport.class);
				valueFix(parameter.get().getName(), parameter.get().getValue(), t,
						node(parameter.get(), P.getParameter_Value()));
				return;
			}
			Optional<ParameterSweep> sweep = within(at, ParameterSweep.class);
			Optional<Quantity> value = within(at, Quantity.class);
			if (sweep.isPresent() && value.isPresent()) {
				Transport owner = ((Experiment) sweep.get().eContainer()).getTransports().stream()
						.filter(t -> t != null && !t.eIsProxy()
								&& Quantities.knownParameters(t).contains(sweep.get().getName()))
						.findFirst().orElse(null);
				valueFix(sweep.get().getName(), value.get(), owner, NodeModelUtils.findActualNodeFor(value.get()));
				return;
			}
			// c >= receivers on a publication's binding: another transport
			within(at, TransportBinding.class).ifPresent(b -> {
				Endpoint endpoint = EcoreUtil2.getContainerOfType(b, Endpoint.class);
				INode bound = node(b, P.getTransportBinding_Transport());
				if (endpoint != null && bound != null) {
					switchTransport(IssueCodes.PARAMETER_OUT_OF_RANGE, endpoint, b.getTransport(), bound, t -> true);
				}
			});
		}

		/** Replaces a parameter value (the whole quantity node) with the nearest valid one. */
		private void valueFix(String name, Quantity q, EObject owner, INode where) {
			if (q == null || where == null) {
				return;
			}
			Transport transport = owner instanceof Transport t ? t
					: owner instanceof TransportParameter tp ? (Transport) tp.eContainer() : null;
			Optional<Dimension> dimension = Quantities.parameterDimension(name);
			double v = dimension.isPresent() ? Quantities.base(q, dimension.get()).orElse(Double.NaN) : q.getValue();
			if (Double.isNaN(v)) {
				return;
			}
			double lo = Double.NEGATIVE_INFINITY;
			double hi = Double.POSITIVE_INFINITY;
			if ("r".equals(name)) {
				lo = 2;
			} else if ("c".equals(name)) {
				lo = 1;
			}
			if (transport == null || transport.getMapping() instanceof RuntimeMapping) {
				Optional<Quantities.Range> range = Quantities.runtimeRange(name);
				if (range.isPresent()) {
					lo = Math.max(lo, range.get().min());
					hi = Math.min(hi, range.get().max());
				}
			}
			if (transport != null) {
				for (TransportParameter p : transport.getParameters()) {
					if (name.equals(p.getName())) {
						lo = Math.max(lo, base(name, p.getMin()).orElse(lo));
						hi = Math.min(hi, base(name, p.getMax()).orElse(hi));
					}
				}
			}
			String replacement;
			if (dimension.isPresent()) {
				if (v > 0 && v >= lo && v <= hi) {
					return;
				}
				double nakDefault = TransportParameters.contractDefault("nak_timeout", "nakcast").value();
				double fixed = v <= 0 && lo <= nakDefault && nakDefault <= hi ? nakDefault : Math.min(hi, Math.max(lo, v));
				if (!(fixed > 0) || Double.isInfinite(fixed)) {
					return;
				}
				replacement = durationAtLeast(fixed);
			} else {
				double fixed = Math.min(hi, Math.max(lo, Math.rint(v)));
				if (Double.isInfinite(fixed) || fixed == v) {
					return;
				}
				replacement = decimal(fixed);
			}
			add("Set " + name + " = " + replacement, replaceEdit(where, replacement));
		}

		// -------------------------------------------------------------- helpers

		private EObject root() {
			return resource.getContents().isEmpty() ? null : resource.getContents().get(0);
		}

		private boolean local(EObject o) {
			return o != null && o.eResource() == resource;
		}

		private void add(String title, Edit... edits) {
			fixes.add(new Fix(title, List.of(edits)));
		}

		/** Replaces the text of {@code feature} of {@code o}, if {@code o} is in this document. */
		private void replace(String title, EObject o, EStructuralFeature feature, String text) {
			INode n = local(o) ? node(o, feature) : null;
			if (n != null) {
				add(title, replaceEdit(n, text));
			}
		}

		/** Removes an element and the white space before it, if it is in this document. */
		private void remove(String title, EObject o) {
			if (!local(o)) {
				return;
			}
			INode n = NodeModelUtils.findActualNodeFor(o);
			ILeafNode first = firstLeaf(n);
			int from = first == null ? n.getOffset() : previousEnd(first);
			add(title, new Edit(from, n.getEndOffset() - from, ""));
		}

		private static String profileName(EObject policy) {
			QosProfile p = EcoreUtil2.getContainerOfType(policy, QosProfile.class);
			return p == null ? "?" : p.getName();
		}

		private static String relate2(FlowPrediction p) {
			if (p == null || Double.isNaN(p.relate2()) || Double.isInfinite(p.relate2())) {
				return "";
			}
			return " (predicted ReLate2 " + Format.duration(p.relate2()) + ")";
		}
	}

	// ------------------------------------------------------------------ unresolved names

	/** "Change to 'x'" for the visible names closest to an unresolved reference (typos). */
	private static List<Fix> closestNames(XtextResource resource, ILeafNode leaf) {
		// the reference's node: the leaf itself (ID) or a datatype rule around it (QualifiedName)
		INode node = leaf;
		while (node != null && !(node.getGrammarElement() instanceof CrossReference)) {
			node = node.getParent();
		}
		EObject owner = NodeModelUtils.findActualSemanticObjectFor(leaf);
		if (node == null || owner == null) {
			return List.of();
		}
		EReference reference = GrammarUtil.getReference((CrossReference) node.getGrammarElement(), owner.eClass());
		IScopeProvider scopes = resource.getResourceServiceProvider().get(IScopeProvider.class);
		if (reference == null || scopes == null) {
			return List.of();
		}
		String typed = NodeModelUtils.getTokenText(node);
		record Candidate(String name, int distance) {
		}
		Set<String> seen = new LinkedHashSet<>();
		List<Candidate> candidates = new ArrayList<>();
		for (IEObjectDescription d : scopes.getScope(owner, reference).getAllElements()) {
			String name = d.getName().toString();
			int distance = editDistance(typed.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
			if (seen.add(name) && distance <= Math.max(2, typed.length() / 3)) {
				candidates.add(new Candidate(name, distance));
			}
		}
		candidates.sort(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name));
		List<Fix> fixes = new ArrayList<>();
		for (Candidate c : candidates.subList(0, Math.min(MAX_NAMES, candidates.size()))) {
			fixes.add(new Fix("Change to '" + c.name() + "'", List.of(replaceEdit(node, c.name()))));
		}
		return fixes;
	}

	/** Levenshtein distance. */
	static int editDistance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
				current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

	// ------------------------------------------------------------------ node and text helpers

	private static <T extends EObject> Optional<T> within(EObject at, Class<T> type) {
		return Optional.ofNullable(EcoreUtil2.getContainerOfType(at, type));
	}

	private static boolean isWithin(INode node, EObject at) {
		INode n = NodeModelUtils.findActualNodeFor(at);
		return n != null && n.getOffset() >= node.getOffset() && n.getEndOffset() <= node.getEndOffset();
	}

	private static INode node(EObject o, EStructuralFeature feature) {
		List<INode> nodes = NodeModelUtils.findNodesForFeature(o, feature);
		return nodes.isEmpty() ? null : nodes.get(0);
	}

	private static Edit replaceEdit(INode node, String text) {
		return new Edit(node.getOffset(), node.getLength(), text);
	}

	private static String text(EObject o) {
		return o == null ? "" : NodeModelUtils.getTokenText(NodeModelUtils.findActualNodeFor(o));
	}

	private static ILeafNode firstLeaf(INode node) {
		for (ILeafNode leaf : node.getLeafNodes()) {
			if (!leaf.isHidden()) {
				return leaf;
			}
		}
		return null;
	}

	/** The keyword leaf {@code text} closest before {@code node} inside its parent elements. */
	private static ILeafNode keywordBefore(INode node, String text) {
		if (node == null) {
			return null;
		}
		ILeafNode found = null;
		for (ILeafNode leaf : node.getRootNode().getLeafNodes()) {
			if (leaf.getOffset() >= node.getOffset()) {
				break;
			}
			if (!leaf.isHidden()) {
				found = text.equals(leaf.getText()) ? leaf : null;
			}
		}
		return found;
	}

	/** The first non-hidden leaf after {@code node}, if its text is {@code text}. */
	private static ILeafNode keywordAfter(INode node, String text) {
		for (ILeafNode leaf : node.getRootNode().getLeafNodes()) {
			if (leaf.getOffset() >= node.getEndOffset() && !leaf.isHidden()) {
				return text.equals(leaf.getText()) ? leaf : null;
			}
		}
		return null;
	}

	/** End of the last non-hidden leaf before {@code leaf} (so that a deletion takes the space before it). */
	private static int previousEnd(ILeafNode leaf) {
		int end = leaf.getOffset();
		for (ILeafNode l : leaf.getRootNode().getLeafNodes()) {
			if (l.getOffset() >= leaf.getOffset()) {
				break;
			}
			if (!l.isHidden()) {
				end = l.getEndOffset();
			}
		}
		// keep line breaks: only swallow spaces and tabs on the same line
		String text = leaf.getRootNode().getText();
		int from = leaf.getOffset();
		while (from > end && (text.charAt(from - 1) == ' ' || text.charAt(from - 1) == '\t')) {
			from--;
		}
		return from;
	}

	/** Whether the values (with their units) suit parameter {@code name}: a duration needs a time unit, a count none. */
	private static boolean fitsValues(String name, List<Quantity> values) {
		Optional<Dimension> d = Quantities.parameterDimension(name);
		return values.stream().allMatch(q -> q != null
				&& (d.isPresent() ? q.getUnit() != null && d.get().accepts(q.getUnit()) : q.getUnit() == null));
	}

	private static List<String> units(Dimension d) {
		return List.of(d.unitList().split(", "));
	}

	private static Optional<Double> base(String name, Quantity q) {
		if (q == null) {
			return Optional.empty();
		}
		Optional<Dimension> d = Quantities.parameterDimension(name);
		return d.isPresent() ? Quantities.base(q, d.get()) : Optional.of(q.getValue());
	}

	/** A number as the grammar's Decimal writes it (no exponent, no trailing zeros). */
	static String decimal(double v) {
		return new BigDecimal(v).setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
	}

	/** A duration in s, ms or us, rounded up at the third decimal so that it is never shorter than {@code seconds}. */
	static String durationAtLeast(double seconds) {
		String unit = seconds >= 1 ? "s" : seconds >= 1e-3 ? "ms" : "us";
		double scaled = seconds * (unit.equals("s") ? 1 : unit.equals("ms") ? 1e3 : 1e6);
		// 9 decimals first, so that binary noise (50.000000000000007) does not round up to 50.001
		BigDecimal value = new BigDecimal(scaled).setScale(9, RoundingMode.HALF_UP).setScale(3, RoundingMode.CEILING);
		return value.stripTrailingZeros().toPlainString() + " " + unit;
	}
}
