package org.adamant.dsl;

import org.adamant.dsl.formatting2.AdamantFormatter;
import org.adamant.dsl.scoping.AdamantGlobalScopeProvider;
import org.adamant.dsl.scoping.AdamantLinkingDiagnosticMessageProvider;
import org.adamant.dsl.scoping.AdamantQualifiedNameProvider;
import org.eclipse.xtext.formatting2.FormatterPreferenceValuesProvider;
import org.eclipse.xtext.formatting2.FormatterPreferences;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.eclipse.xtext.preferences.IPreferenceValuesProvider;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;

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

	/** The formatter: the language server's "format document", the Eclipse editor's Format, {@code adamant format}. */
	public Class<? extends IFormatter2> bindIFormatter2() {
		return AdamantFormatter.class;
	}

	public void configureFormatterPreferences(Binder binder) {
		binder.bind(IPreferenceValuesProvider.class).annotatedWith(FormatterPreferences.class)
				.to(FormatterPreferenceValuesProvider.class);
	}
}
