package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.PartitionPolicy;
import org.eclipse.xtext.validation.Check;

/** Strings that reach generated code (partition names) hold printable text only. */
public class TextValidator extends AbstractAdamantRules {

	@Check
	public void checkPartitionNames(PartitionPolicy partition) {
		for (int i = 0; i < partition.getNames().size(); i++) {
			String name = partition.getNames().get(i);
			int at = firstControl(name);
			if (at >= 0) {
				error("Partition name " + (i + 1) + " has a control character (U+"
						+ String.format("%04X", (int) name.charAt(at)) + ") at position " + (at + 1)
						+ "; partition names are printable text: remove it (a line break included)", partition,
						P.getPartitionPolicy_Names(), i, IssueCodes.CONTROL_CHARACTER);
			}
		}
	}

	/** Index of the first control character (U+0000..U+001F, U+007F..U+009F), or -1. */
	static int firstControl(String s) {
		for (int i = 0; s != null && i < s.length(); i++) {
			if (Character.isISOControl(s.charAt(i))) {
				return i;
			}
		}
		return -1;
	}
}
