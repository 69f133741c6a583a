package org.adamant.dsl;

import org.adamant.dsl.formatting2.AdamantFormatter;
import org.eclipse.xtext.formatting2.FormatterPreferenceValuesProvider;
import org.eclipse.xtext.formatting2.FormatterPreferences;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.preferences.IPreferenceValuesProvider;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;

import com.google.inject.Binder;

/** Guice bindings of the ADAMANT language runtime, on top of the generated defaults. */
public class AdamantRuntimeModule extends AbstractAdamantRuntimeModule {

	/**
	 * {@code import "path.adamant"} loads that file (relative to the importing one) and makes its
	 * elements visible by their simple names; nothing else outside the file is visible.
	 */
	@Override
	public Class<? extends IGlobalScopeProvider> bindIGlobalScopeProvider() {
		return ImportUriGlobalScopeProvider.class;
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
