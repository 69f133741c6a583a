package org.adamant.dsl.scoping;

import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.scoping.IScopeProvider;

import com.google.inject.Inject;

/**
 * An unresolved name that two or more imports define gets its own error, which names the qualified
 * names to choose from; every other unresolved name keeps Xtext's message.
 */
public class AdamantLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {

	@Inject
	private IScopeProvider scopes;

	@Override
	public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
		String name = context.getLinkText();
		if (scopes instanceof AdamantScopeProvider adamant && name != null && !name.contains(".")) {
			List<QualifiedName> candidates = adamant.ambiguity(context.getContext(), context.getReference(), name);
			if (!candidates.isEmpty()) {
				String choices = candidates.stream().map(QualifiedName::toString).collect(Collectors.joining(", "));
				String message = "'" + name + "' is ambiguous: " + candidates.size() + " imports define it (" + choices
						+ "); write the qualified name, e.g. '" + candidates.get(0) + "'";
				return new DiagnosticMessage(message, Severity.ERROR, IssueCodes.AMBIGUOUS_NAME,
						candidates.stream().map(QualifiedName::toString).toArray(String[]::new));
			}
		}
		return super.getUnresolvedProxyMessage(context);
	}
}
