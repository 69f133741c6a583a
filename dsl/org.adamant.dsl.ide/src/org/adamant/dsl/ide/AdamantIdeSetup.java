package org.adamant.dsl.ide;

import org.adamant.dsl.AdamantRuntimeModule;
import org.adamant.dsl.AdamantStandaloneSetup;
import org.eclipse.xtext.util.Modules2;

import com.google.inject.Guice;
import com.google.inject.Injector;

/** Initializes the language with its IDE services, as the language server does. */
public class AdamantIdeSetup extends AdamantStandaloneSetup {

	@Override
	public Injector createInjector() {
		return Guice.createInjector(Modules2.mixin(new AdamantRuntimeModule(), new AdamantIdeModule()));
	}
}
