package org.adamant.dsl.ui.validation;

import java.util.List;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

/** Runs the language's validator (syntax, linking and every rule) on a parsed resource. */
public final class AdamantValidation {

	private AdamantValidation() {
	}

	public static List<Issue> validate(XtextResource resource, CancelIndicator cancel) {
		IResourceValidator validator = AdamantUiPlugin.injector().getInstance(IResourceValidator.class);
		return validator.validate(resource, CheckMode.ALL, cancel);
	}
}
