package org.adamant.dsl.ide.fixes;

import java.util.List;
import java.util.Set;

import org.adamant.dsl.adamant.CandidateTransport;
import org.adamant.dsl.adamant.TransportBinding;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of {@code transport adaptive among ...}: take out a candidate of a kind the adaptive channel does
 * not run (with its comma), when others remain.
 */
final class AdaptiveFixes extends Fixer {

	static final Set<String> CODES = Set.of(IssueCodes.ADAPTIVE_CANDIDATE_UNFIT);

	AdaptiveFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
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
}
