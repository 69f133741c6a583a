package org.adamant.dsl.ide.contentassist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.adamant.dsl.adamant.CandidateTransport;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.RuntimeMapping;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Content assist beyond Xtext's keywords and cross references (QoS profile, transport, topic and
 * environment names come from the scope): the units a quantity accepts where it stands (ms after
 * {@code deadline 50}, Hz after {@code rate 100}), and the parameters of a transport (in
 * {@code maps to runtime nakcast(...)}, {@code param ...} and an experiment's sweeps).
 */
public class AdamantContentProposalProvider extends IdeContentProposalProvider {

	/** The parameters the runtime knows, for {@code param} declarations: the contract table's model names, sorted. */
	static List<String> runtimeParameterNames() {
		return RuntimeContract.get().modelNames().stream().sorted().distinct().toList();
	}

	/**
	 * Xtext's content assist parser does not see past an incomplete unordered group, so after an
	 * experiment's settings it offers only the settings' keywords, never the parameter sweeps that may
	 * follow: offer those here, once, wherever the experiment's own keywords are offered.
	 */
	@Override
	public void createProposals(Collection<ContentAssistContext> contexts, IIdeContentProposalAcceptor acceptor) {
		super.createProposals(contexts, acceptor);
		for (ContentAssistContext context : contexts) {
			boolean experimentKeyword = context.getFirstSetGrammarElements().stream()
					.anyMatch(e -> e instanceof Keyword k && GrammarUtil.containingParserRule(k) != null
							&& "Experiment".equals(GrammarUtil.containingParserRule(k).getName()));
			if (experimentKeyword && context.getCurrentModel() instanceof Experiment) {
				sweepParameters(context).forEach(p -> propose(p, "parameter to sweep", context, acceptor));
				return;
			}
		}
	}

	@Override
	protected void _createProposals(Assignment assignment, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		ParserRule rule = GrammarUtil.containingParserRule(assignment);
		String where = (rule == null ? "" : rule.getName()) + "." + assignment.getFeature();
		switch (where) {
		case "Quantity.unit" -> units(context).forEach(u -> propose(u, "unit", context, acceptor));
		case "Parameter.name" -> runtimeParameters(context).forEach(p -> propose(p, "transport parameter", context, acceptor));
		case "TransportParameter.name" -> runtimeParameterNames().forEach(p -> propose(p, "runtime parameter", context, acceptor));
		case "ParameterSweep.name" -> sweepParameters(context).forEach(p -> propose(p, "parameter to sweep", context, acceptor));
		case "ParameterBound.name" -> boundParameters(context).forEach(p -> propose(p, "parameter to bound", context, acceptor));
		case "ParameterSweep.words" -> {
			ParameterSweep sweep = enclosing(context, ParameterSweep.class);
			words(sweep == null ? null : sweep.getName()).forEach(w -> propose(w, "value", context, acceptor));
		}
		case "Parameter.keyword" -> {
			Parameter parameter = enclosing(context, Parameter.class);
			words(parameter == null ? null : parameter.getName()).forEach(w -> propose(w, "value", context, acceptor));
		}
		default -> super._createProposals(assignment, context, acceptor);
		}
	}

	/** The words a parameter takes for a value: its choices ({@code fixed}, {@code estimate}) or its keyword ({@code auto}). */
	private static List<String> words(String modelName) {
		List<String> words = new ArrayList<>();
		RuntimeContract.get().modelParameter(modelName == null ? "" : modelName).ifPresent(p -> {
			words.addAll(p.choices());
			p.keyword().ifPresent(k -> words.add(k.name()));
		});
		return words;
	}

	/** Units of the quantity being written: its dimension's, or every unit when the place fixes none. */
	private static Collection<String> units(ContentAssistContext context) {
		Optional<Dimension> dimension = Optional.empty();
		for (EObject candidate : new EObject[] {
				context.getLastCompleteNode() == null ? null
						: NodeModelUtils.findActualSemanticObjectFor(context.getLastCompleteNode()),
				context.getCurrentModel(), context.getPreviousModel() }) {
			if (candidate instanceof Quantity q) {
				dimension = Quantities.expectedDimension(q);
				if (dimension.isPresent() || q.eContainer() != null) {
					break;
				}
			}
		}
		if (dimension.isPresent()) {
			return List.of(dimension.get().unitList().split(", "));
		}
		Set<String> all = new TreeSet<>();
		for (Dimension d : Dimension.values()) {
			all.addAll(List.of(d.unitList().split(", ")));
		}
		return all;
	}

	private static Collection<String> runtimeParameters(ContentAssistContext context) {
		Set<String> names = new TreeSet<>();
		RuntimeMapping mapping = enclosing(context, RuntimeMapping.class);
		Transport transport = enclosing(context, Transport.class);
		if (mapping != null) {
			names.addAll(RuntimeContract.get().modelNames(mapping.getKind().getLiteral()));
		}
		if (transport != null) {
			names.addAll(Quantities.knownParameters(transport));
		}
		return names;
	}

	/** The parameters of the adaptive candidate whose bounds are being written (`among ricochet(r = 4..8)`). */
	private static Collection<String> boundParameters(ContentAssistContext context) {
		CandidateTransport candidate = enclosing(context, CandidateTransport.class);
		Transport t = candidate == null ? null : candidate.getTransport();
		return t == null || t.eIsProxy() ? List.of() : Quantities.knownParameters(t);
	}

	private static Collection<String> sweepParameters(ContentAssistContext context) {
		Set<String> names = new TreeSet<>();
		Experiment x = enclosing(context, Experiment.class);
		if (x != null) {
			for (Transport t : x.getTransports()) {
				if (t != null && !t.eIsProxy()) {
					names.addAll(Quantities.knownParameters(t));
				}
			}
		}
		return names;
	}

	/** The element of {@code type} around the cursor: from the current model, else from the text before the cursor. */
	private static <T extends EObject> T enclosing(ContentAssistContext context, Class<T> type) {
		T found = EcoreUtil2.getContainerOfType(context.getCurrentModel(), type);
		if (found == null && context.getLastCompleteNode() != null) {
			found = EcoreUtil2.getContainerOfType(
					NodeModelUtils.findActualSemanticObjectFor(context.getLastCompleteNode()), type);
		}
		return found;
	}

	private void propose(String text, String description, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		ContentAssistEntry entry = getProposalCreator().createProposal(text, context, e -> {
			e.setDescription(description);
			e.setKind(ContentAssistEntry.KIND_VALUE);
		});
		if (entry != null) {
			acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry));
		}
	}
}
