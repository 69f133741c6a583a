package org.adamant.dsl;

/** Initializes the language outside Eclipse (CLI, tests, language server). */
public class AdamantStandaloneSetup extends AdamantStandaloneSetupGenerated {

	public static void doSetup() {
		new AdamantStandaloneSetup().createInjectorAndDoEMFRegistration();
	}
}
