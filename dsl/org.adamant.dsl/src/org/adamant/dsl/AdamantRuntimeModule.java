package org.adamant.dsl;

import org.adamant.dsl.conversion.BoundedIntConverter;
import org.adamant.dsl.formatting2.AdamantFormatter;
import org.adamant.dsl.resource.AdamantResource;
import org.adamant.dsl.scoping.AdamantGlobalScopeProvider;
import org.adamant.dsl.scoping.AdamantLinkingDiagnosticMessageProvider;
import org.adamant.dsl.scoping.AdamantQualifiedNameProvider;
import org.adamant.dsl.validation.AdamantNamesAreUniqueValidationHelper;
import org.eclipse.xtext.formatting2.FormatterPreferenceValuesProvider;
import org.eclipse.xtext.formatting2.FormatterPreferences;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.eclipse.xtext.preferences.IPreferenceValuesProvider;
import org.eclipse.xtext.conversion.impl.INTValueConverter;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.validation.INamesAreUniqueValidationHelper;

import com.google.inject.Binder;

/** Guice bindings of the ADAMANT language runtime, on top of the generated defaults. */
public class AdamantRuntimeModule extends AbstractAdamantRuntimeModule {

	/**
	 * {@code import "path.adamant"} loads that file (relative to the importing one) and makes its
	 * elements visible (by their qualified names; {@link org.adamant.dsl.scoping.AdamantScopeProvider}
	 * adds the simple names that only one import defines); nothing else outside the file is visible.
	 */
	@Override
	public Class<? extends IGlobalScopeProvider> bindIGlobalScopeProvider() {
		return AdamantGlobalScopeProvider.class;
	}

	/** Elements are named {@code <model name>.<name>}. */
	@Override
	public Class<? extends IQualifiedNameProvider> bindIQualifiedNameProvider() {
		return AdamantQualifiedNameProvider.class;
	}

	/** A name two imports define: an error that lists the qualified names to choose from. */
	public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
		return AdamantLinkingDiagnosticMessageProvider.class;
	}

	/** Duplicate names: per kind of element, with the language's issue code and a message that says how to fix. */
	public Class<? extends INamesAreUniqueValidationHelper> bindINamesAreUniqueValidationHelper() {
		return AdamantNamesAreUniqueValidationHelper.class;
	}

	/** A whole number too large for an int: an error that says so (and its bound). */
	public Class<? extends INTValueConverter> bindINTValueConverter() {
		return BoundedIntConverter.class;
	}

	/** Files that start with a UTF-8 byte-order mark read as if it were not there. */
	@Override
	public Class<? extends XtextResource> bindXtextResource() {
		return AdamantResource.class;
	}

	/** The formatter: the language server's "format document", the Eclipse editor's Format, {@code adamant format}. */
	public Class<? extends IFormatter2> bindIFormatter2() {
		return AdamantFormatter.class;
	}

	public void configureFormatterPreferences(Binder binder) {
		binder.bind(IPreferenceValuesProvider.class).annotatedWith(FormatterPreferences.class)
				.to(FormatterPreferenceValuesProvider.class);
	}
}
