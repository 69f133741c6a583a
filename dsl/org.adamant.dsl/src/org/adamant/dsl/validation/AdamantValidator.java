package org.adamant.dsl.validation;

import org.eclipse.xtext.validation.ComposedChecks;
import org.eclipse.xtext.validation.NamesAreUniqueValidator;

/**
 * Validation rules of the ADAMANT language, one validator class per concern. Each rule is one
 * {@code @Check} method with its issue code from {@link IssueCodes}; messages name the elements and
 * numbers involved and say how to fix.
 */
@ComposedChecks(validators = { UnitValidator.class, QosValidator.class, PairCompatibilityValidator.class,
		MixedVendorValidator.class, ParameterValidator.class, CapabilityValidator.class, ExperimentValidator.class,
		FlowValidator.class, LinkLoadValidator.class, ImportValidator.class, TypeValidator.class, RangeValidator.class,
		TextValidator.class, KeySourceValidator.class, AdaptiveValidator.class, OpenDdsOptionValidator.class,
		ScheduleValidator.class, OpenDdsReliabilityValidator.class, NamesAreUniqueValidator.class })
public class AdamantValidator extends AbstractAdamantValidator {
}
