package org.adamant.dsl.validation;

import java.util.List;

import org.adamant.dsl.adamant.AdamantPackage;
import org.apache.log4j.Logger;
import org.adamant.dsl.prediction.Finding;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.AbstractDeclarativeValidator;
import org.eclipse.xtext.validation.EValidatorRegistrar;

/**
 * Base of the rule validators that {@link AdamantValidator} composes. They are registered only through
 * it (the language's one registered validator), so {@link #register} does nothing here.
 */
public abstract class AbstractAdamantRules extends AbstractDeclarativeValidator {

	protected static final AdamantPackage P = AdamantPackage.eINSTANCE;

	private static final Logger LOG = Logger.getLogger(AbstractAdamantRules.class);

	@Override
	protected List<EPackage> getEPackages() {
		return List.of(AdamantPackage.eINSTANCE);
	}

	@Override
	public void register(EValidatorRegistrar registrar) {
		// composed into AdamantValidator, which registers for the language
	}

	/**
	 * Xtext silently ignores a NullPointerException thrown by a check; with the system property
	 * {@code adamant.validation.strict=true} (set by the fuzz tests) it is reported instead, so that
	 * checks that trip over broken models are found. Any other exception is reported as
	 * {@link IssueCodes#INTERNAL_ERROR} on the object being checked (EMF's own report has no position),
	 * and the other checks go on. Xtext asks the validator that declares the check.
	 */
	@Override
	protected void handleExceptionDuringValidation(Throwable targetException) throws RuntimeException {
		if (targetException instanceof NullPointerException && !Boolean.getBoolean("adamant.validation.strict")) {
			super.handleExceptionDuringValidation(targetException);
			return;
		}
		LOG.error("validation check failed", targetException); // ADAMANT_DEBUG=1 shows it
		error("a validation check failed here (a bug in ADAMANT: please report it with the model): "
				+ targetException.getClass().getSimpleName() + thrownIn(targetException), getCurrentObject(), null,
				IssueCodes.INTERNAL_ERROR);
	}

	/** " in Class.method", the project's innermost frame of the exception's stack ("" when none is). */
	private static String thrownIn(Throwable t) {
		for (StackTraceElement e : t.getStackTrace()) {
			if (e.getClassName().startsWith("org.adamant.")) {
				return " in " + e.getClassName().substring(e.getClassName().lastIndexOf('.') + 1) + "." + e.getMethodName();
			}
		}
		return "";
	}

	/** A prediction's finding as an error or a warning with its issue code. */
	protected void report(Finding f, EObject where, EStructuralFeature feature) {
		if (f.error()) {
			error(f.message(), where, feature, f.code());
		} else {
			warning(f.message(), where, feature, f.code());
		}
	}
}
