package org.adamant.dsl.conversion;

import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.INTValueConverter;
import org.eclipse.xtext.nodemodel.INode;

/** Whole numbers: one too large for an int is reported with its bound, not as Java's parse error. */
public class BoundedIntConverter extends INTValueConverter {

	/** Digits of a too-large number a message shows before "...". */
	private static final int SHOWN = 24;

	@Override
	public Integer toValue(String string, INode node) {
		try {
			return super.toValue(string, node);
		} catch (ValueConverterException e) {
			if (string == null || string.isEmpty() || !string.chars().allMatch(Character::isDigit)) {
				throw e;
			}
			String shown = string.length() <= SHOWN ? string : string.substring(0, SHOWN) + "...";
			throw new ValueConverterException("Number " + shown + " is too large: a whole number here is at most "
					+ Integer.MAX_VALUE + "; write a smaller one", node, null);
		}
	}
}
