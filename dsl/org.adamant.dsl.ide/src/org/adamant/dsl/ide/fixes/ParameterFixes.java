package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.decimal;
import static org.adamant.dsl.ide.fixes.FixText.durationAtLeast;
import static org.adamant.dsl.ide.fixes.FixText.isWithin;
import static org.adamant.dsl.ide.fixes.FixText.keywordAfter;
import static org.adamant.dsl.ide.fixes.FixText.keywordBefore;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.previousEnd;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;
import static org.adamant.dsl.ide.fixes.FixText.text;
import static org.adamant.dsl.ide.fixes.FixText.within;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.adamant.TransportParameter;
import org.adamant.dsl.semantics.TransportParameters;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of transport parameters: a known name for an unknown one (or remove it), the nearest valid
 * value for one out of range.
 */
final class ParameterFixes extends Fixer {

	/** The issue codes these fixes answer. */
	static final Set<String> CODES = Set.of(IssueCodes.UNKNOWN_PARAMETER, IssueCodes.PARAMETER_OUT_OF_RANGE);

	ParameterFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		switch (code) {
		case IssueCodes.UNKNOWN_PARAMETER -> unknownParameter(at);
		case IssueCodes.PARAMETER_OUT_OF_RANGE -> parameterInRange(at);
		}
	}

	private void unknownParameter(EObject at) {
		Optional<Parameter> parameter = within(at, Parameter.class);
		if (parameter.isPresent() && parameter.get().eContainer() instanceof RuntimeMapping mapping) {
			Transport transport = EcoreUtil2.getContainerOfType(mapping, Transport.class);
			INode name = node(parameter.get(), P.getParameter_Name());
			for (String known : Quantities.knownParameters(transport)) {
				if (parameter.get().getValue() != null && fitsValues(known, List.of(parameter.get().getValue()))) {
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
		if (parameter.isPresent() && parameter.get().getValue() != null) { // a word: no value to move into range
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
				new TransportFixes(resource, fixes).switchTransport(IssueCodes.PARAMETER_OUT_OF_RANGE, endpoint,
						b.getTransport(), bound, t -> true);
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
			double nakDefault = TransportParameters.contractDefault("nak_timeout", null).value(); // a fixed one
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

	/** Whether the values (with their units) suit parameter {@code name}: a duration needs a time unit, a count none. */
	private static boolean fitsValues(String name, List<Quantity> values) {
		Optional<Dimension> d = Quantities.parameterDimension(name);
		return values.stream().allMatch(q -> q != null
				&& (d.isPresent() ? q.getUnit() != null && d.get().accepts(q.getUnit()) : q.getUnit() == null));
	}

	private static Optional<Double> base(String name, Quantity q) {
		if (q == null) {
			return Optional.empty();
		}
		Optional<Dimension> d = Quantities.parameterDimension(name);
		return d.isPresent() ? Quantities.base(q, d.get()) : Optional.of(q.getValue());
	}
}
