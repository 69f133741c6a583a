package org.adamant.dsl;

import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;

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
}
