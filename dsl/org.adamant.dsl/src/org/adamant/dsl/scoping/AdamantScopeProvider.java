package org.adamant.dsl.scoping;

/**
 * Scoping of the ADAMANT language. Every named element is visible by its simple name within its file
 * and in files that import it; the generated defaults do exactly that, so nothing is overridden yet.
 */
public class AdamantScopeProvider extends AbstractAdamantScopeProvider {
}
