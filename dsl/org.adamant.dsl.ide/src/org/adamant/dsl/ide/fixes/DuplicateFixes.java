package org.adamant.dsl.ide.fixes;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;

/** Fixes of a duplicate name: rename this copy to the first free name (name2, name3, ...). */
final class DuplicateFixes extends Fixer {

	/** The issue codes these fixes answer. */
	static final Set<String> CODES = Set.of(IssueCodes.DUPLICATE_NAME);

	DuplicateFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		EStructuralFeature feature = at.eClass().getEStructuralFeature("name");
		if (feature == null || !(at.eGet(feature) instanceof String name) || at.eContainer() == null) {
			return;
		}
		Set<String> taken = new HashSet<>();
		at.eContainer().eContents().stream().filter(o -> o.eClass() == at.eClass())
				.forEach(o -> taken.add(String.valueOf(o.eGet(feature))));
		int n = 2;
		while (taken.contains(name + n)) {
			n++;
		}
		replace("Rename to '" + name + n + "'", at, feature, name + n);
	}
}
