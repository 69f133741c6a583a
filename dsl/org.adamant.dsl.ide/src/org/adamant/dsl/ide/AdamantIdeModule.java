package org.adamant.dsl.ide;

/** Guice bindings of the UI-independent IDE services (content assist, language server). */
public class AdamantIdeModule extends AbstractAdamantIdeModule {
}
