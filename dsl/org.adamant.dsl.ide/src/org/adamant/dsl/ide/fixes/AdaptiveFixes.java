package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.keywordBefore;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.previousEnd;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.CandidateTransport;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.adaptive.AdaptiveHysteresis;
import org.adamant.dsl.contract.RuntimeContract;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of {@code transport adaptive among ...}: take out a candidate of a kind the adaptive channel does
 * not run (with its comma), when others remain; a {@code hold} or {@code margin} outside the contract's range
 * becomes the nearest value in it, and on a reader is taken out (the writer decides the switches).
 */
final class AdaptiveFixes extends Fixer {

	static final Set<String> CODES = Set.of(IssueCodes.ADAPTIVE_CANDIDATE_UNFIT, IssueCodes.ADAPTIVE_HYSTERESIS);

	AdaptiveFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		if (IssueCodes.ADAPTIVE_HYSTERESIS.equals(code)) {
			// reported on the quantity of hold or margin
			if (at instanceof Quantity q && q.eContainer() instanceof TransportBinding b && local(b)) {
				EStructuralFeature f = q.eContainingFeature();
				boolean hold = f == P.getTransportBinding_Hold();
				hysteresis(b, f, hold ? AdaptiveHysteresis.holdUs(q) : AdaptiveHysteresis.marginPct(q),
						hold ? AdaptiveHysteresis.HOLD : AdaptiveHysteresis.MARGIN);
			}
			return;
		}
		if (!(at instanceof CandidateTransport c) || !(c.eContainer() instanceof TransportBinding b) || !local(c)
				|| b.getCandidates().size() < 2 || c.getTransport() == null) {
			return;
		}
		int i = b.getCandidates().indexOf(c);
		INode self = NodeModelUtils.findActualNodeFor(c);
		// the comma before it, or for the first candidate the comma after it
		INode neighbour = NodeModelUtils.findActualNodeFor(b.getCandidates().get(i == 0 ? 1 : i - 1));
		int from = i == 0 ? self.getOffset() : neighbour.getEndOffset();
		int to = i == 0 ? neighbour.getOffset() : self.getEndOffset();
		add("Remove '" + c.getTransport().getName() + "' from the candidates", new Edit(from, to - from, ""));
	}

	/** On a reader: take the clause out; on the writer: the nearest value in the contract's range. */
	private void hysteresis(TransportBinding b, EStructuralFeature f, Optional<Double> value, String name) {
		INode n = node(b, f);
		if (n == null || !(b.eGet(f) instanceof Quantity)) {
			return;
		}
		if (b.eContainer() instanceof Subscription) {
			ILeafNode keyword = keywordBefore(n, f.getName());
			int from = keyword == null ? n.getOffset() : previousEnd(keyword);
			add("Remove '" + f.getName() + "' (the writer's adaptive channel decides the switches)",
					new Edit(from, n.getEndOffset() - from, ""));
			return;
		}
		RuntimeContract.Parameter p = AdaptiveHysteresis.contract(name);
		if (value.isEmpty() || (value.get() >= p.min() && value.get() <= p.max())) {
			return;
		}
		double nearest = Math.max(p.min(), Math.min(p.max(), value.get()));
		String text = AdaptiveHysteresis.HOLD.equals(name) ? Format.duration(nearest / 1e6) : Format.number(nearest) + " %";
		replace("Write " + f.getName() + " " + text, b, f, text);
	}
}
