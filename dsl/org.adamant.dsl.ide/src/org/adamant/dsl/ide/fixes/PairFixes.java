package org.adamant.dsl.ide.fixes;

import static org.adamant.dsl.ide.fixes.FixText.keywordAfter;
import static org.adamant.dsl.ide.fixes.FixText.node;
import static org.adamant.dsl.ide.fixes.FixText.replaceEdit;
import static org.adamant.dsl.ide.fixes.FixText.within;

import java.util.List;
import java.util.Set;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Endpoint;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Edit;
import org.adamant.dsl.ide.fixes.AdamantQuickFixes.Fix;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.semantics.EffectiveQos;
import org.adamant.dsl.semantics.Pairing;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Fixes of a writer/reader pair that does not communicate (reported on the reader): align the reader
 * to the writer, or the writer to the reader — the domain of the application, the transport binding,
 * or, for a partition or a requested/offered policy, the QoS profile (one profile on both sides
 * always matches: a policy it states is equal, and one it leaves out defaults to a writer offer at
 * least the reader's request). A type mismatch gets no fix: which declaration is right is a design
 * decision the message explains.
 */
final class PairFixes extends Fixer {

	static final Set<String> CODES = Set.of(IssueCodes.INCOMPATIBLE_DOMAIN, IssueCodes.INCOMPATIBLE_PARTITION,
			IssueCodes.INCOMPATIBLE_TRANSPORT, IssueCodes.INCOMPATIBLE_RELIABILITY, IssueCodes.INCOMPATIBLE_DURABILITY,
			IssueCodes.INCOMPATIBLE_DEADLINE, IssueCodes.INCOMPATIBLE_LATENCY_BUDGET, IssueCodes.INCOMPATIBLE_LIVELINESS,
			IssueCodes.INCOMPATIBLE_OWNERSHIP, IssueCodes.INCOMPATIBLE_DESTINATION_ORDER,
			IssueCodes.INCOMPATIBLE_PRESENTATION);

	PairFixes(Resource resource, List<Fix> fixes) {
		super(resource, fixes);
	}

	@Override
	void fix(String code, EObject at) {
		within(at, Subscription.class).ifPresent(reader -> {
			if (reader.getTopic() == null) {
				return;
			}
			Flow.publicationsOf(reader.getTopic(), reader).stream()
					.filter(w -> Pairing.mismatches(w, reader).stream().anyMatch(m -> m.code().equals(code))).findFirst()
					.ifPresent(writer -> align(code, writer, reader));
		});
	}

	private void align(String code, Publication writer, Subscription reader) {
		switch (code) {
		case IssueCodes.INCOMPATIBLE_DOMAIN -> {
			domain("Move reader application", reader, Pairing.domain(writer));
			domain("Move writer application", writer, Pairing.domain(reader));
		}
		case IssueCodes.INCOMPATIBLE_TRANSPORT -> {
			bind("Bind the reader to the writer's transport", reader, Bindings.resolve(writer).transport());
			bind("Bind the writer to the reader's transport", writer, Bindings.resolve(reader).transport());
		}
		default -> {
			profile("Give the reader the writer's QoS profile", reader, EffectiveQos.of(writer).source());
			profile("Give the writer the reader's QoS profile", writer, EffectiveQos.of(reader).source());
		}
		}
	}

	/** `domain N` in the endpoint's application: the number replaced, or the line added after `{`. */
	private void domain(String title, Endpoint e, int domain) {
		if (!(e.eContainer() instanceof Application app) || !local(app)) {
			return;
		}
		String text = Integer.toString(domain);
		INode written = node(app, P.getApplication_Domain());
		if (written != null) {
			add(title + " '" + app.getName() + "' to domain " + domain, replaceEdit(written, text));
			return;
		}
		ILeafNode brace = keywordAfter(node(app, P.getElement_Name()), "{");
		if (brace != null) {
			add(title + " '" + app.getName() + "' to domain " + domain,
					new Edit(brace.getEndOffset(), 0, "\n\tdomain " + text));
		}
	}

	/** `transport T` on the endpoint: the binding replaced, or added at the end. */
	private void bind(String title, Endpoint e, Transport t) {
		if (t == null || !local(e)) {
			return;
		}
		INode binding = NodeModelUtils.findActualNodeFor(e.getBinding());
		Edit edit = binding != null ? replaceEdit(binding, t.getName())
				: new Edit(NodeModelUtils.findActualNodeFor(e).getEndOffset(), 0, " transport " + t.getName());
		add(title + " '" + t.getName() + "'", edit);
	}

	/** `qos P` on the endpoint: the reference replaced, or added after the topic. */
	private void profile(String title, Endpoint e, QosProfile profile) {
		if (profile == null || !local(e) || profile == e.getQos()) {
			return;
		}
		INode written = node(e, P.getEndpoint_Qos());
		Edit edit = written != null ? replaceEdit(written, profile.getName())
				: new Edit(node(e, P.getEndpoint_Topic()).getEndOffset(), 0, " qos " + profile.getName());
		add(title + " '" + profile.getName() + "'", edit);
	}
}
