package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.decimal;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;
import static org.adamant.dsl.ide.fixes.FixText.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/** Fixes of a quantity's unit and value: add or change the unit, bring the value into range. */
final class UnitFixes extends Fixer {

	/** The issue codes these fixes answer. */
	static final Set<String> CODES = Set.of(IssueCodes.MISSING_UNIT, IssueCodes.WRONG_UNIT,
			IssueCodes.VALUE_OUT_OF_RANGE);

	UnitFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		switch (code) {
		case IssueCodes.MISSING_UNIT -> within(at, Quantity.class).ifPresent(this::addUnit);
		case IssueCodes.WRONG_UNIT -> within(at, Quantity.class).ifPresent(this::changeUnit);
		case IssueCodes.VALUE_OUT_OF_RANGE -> within(at, Quantity.class).ifPresent(this::valueInRange);
		}
	}

	private void addUnit(Quantity q) {
		INode node = NodeModelUtils.findActualNodeFor(q);
		Quantities.expectedDimension(q).ifPresent(d -> {
			for (String unit : units(q, d)) {
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
			for (String unit : units(q, d.get())) {
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
		} else if ("%".equals(q.getUnit()) && q.getValue() > 100 && Double.isFinite(q.getValue())) {
			add("Set to 100 %", replaceEdit(valueNode, "100"));
		}
	}

	/** The dimension's units, the one values of {@code q}'s feature are usually written in first (the validator's hint). */
	private static List<String> units(Quantity q, Dimension d) {
		List<String> units = new ArrayList<>(List.of(d.unitList().split(", ")));
		Quantities.usualUnit(q).filter(units::remove).ifPresent(u -> units.add(0, u));
		return units;
	}
}
