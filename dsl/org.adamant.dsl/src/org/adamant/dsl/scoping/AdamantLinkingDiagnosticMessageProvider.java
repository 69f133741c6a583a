package org.adamant.dsl.scoping;

import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;
import org.eclipse.xtext.naming.IQualifiedNameConverter;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScopeProvider;

import com.google.inject.Inject;

/**
 * An unresolved name that two or more imports define gets its own error, which names the qualified
 * names to choose from; every other unresolved name keeps Xtext's message.
 */
public class AdamantLinkingDiagnosticMessageProvider extends LinkingDiagnosticMessageProvider {

	@Inject
	private IScopeProvider scopes;

	@Inject
	private IQualifiedNameConverter converter;

	@Override
	public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
		String name = context.getLinkText();
		if (scopes instanceof AdamantScopeProvider adamant && name != null && !name.isBlank()) {
			List<IEObjectDescription> candidates = adamant.ambiguity(context.getContext(), context.getReference(),
					converter.toQualifiedName(name.replaceAll("\\s", "")));
			if (!candidates.isEmpty()) {
				String choices = candidates.stream().map(d -> d.getName() + " in " + d.getEObjectURI().trimFragment().lastSegment())
						.collect(Collectors.joining(", "));
				boolean qualifiable = candidates.stream().allMatch(d -> d.getName().getSegmentCount() > 1)
						&& candidates.stream().map(IEObjectDescription::getName).distinct().count() == candidates.size();
				String message = "'" + name + "' is ambiguous: " + candidates.size() + " imports define it (" + choices + "); "
						+ (qualifiable ? "write the qualified name, e.g. '" + candidates.get(0).getName() + "'"
								: "give the imported files distinct 'model' names and write the qualified name, e.g. 'lib."
										+ candidates.get(0).getName().getLastSegment() + "'");
				return new DiagnosticMessage(message, Severity.ERROR, IssueCodes.AMBIGUOUS_NAME,
						candidates.stream().map(d -> d.getName().toString()).toArray(String[]::new));
			}
		}
		return super.getUnresolvedProxyMessage(context);
	}
}
