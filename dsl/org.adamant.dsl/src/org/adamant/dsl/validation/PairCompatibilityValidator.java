package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.Subscription;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Pairing;
import org.adamant.dsl.semantics.QosCompatibility.Mismatch;
import org.eclipse.xtext.validation.Check;

/**
 * Every writer/reader pair of a topic ({@link Pairing}): domain, partition, type, transport (kind and
 * parameters, as bound or as {@code transport auto} resolves) and each requested/offered policy. A
 * mismatch is an error on the reader: the pair exchanges nothing, and the reader is no receiver of
 * the writer's flow.
 */
public class PairCompatibilityValidator extends AbstractAdamantRules {

	@Check
	public void checkPairs(Subscription reader) {
		if (reader.getTopic() == null || reader.getTopic().eIsProxy()) {
			return;
		}
		for (Publication writer : Flow.publicationsOf(reader.getTopic(), reader)) {
			for (Mismatch m : Pairing.mismatches(writer, reader)) {
				error(message(writer, reader, m), reader, P.getEndpoint_Topic(), m.code());
			}
		}
	}

	static String message(Publication writer, Subscription reader, Mismatch m) {
		String topic = reader.getTopic().getName();
		if (m.code().equals(IssueCodes.INCOMPATIBLE_DOMAIN) || m.code().equals(IssueCodes.INCOMPATIBLE_PARTITION)
				|| m.code().equals(IssueCodes.INCOMPATIBLE_TYPE) || m.code().equals(IssueCodes.INCOMPATIBLE_TRANSPORT)) {
			return "Writer " + TransportRanking.describe(writer) + " and reader " + TransportRanking.describe(reader)
					+ " of topic '" + topic + "' never communicate: " + m.policy() + " " + m.offered() + " at the writer, "
					+ m.requested() + " at the reader, so the reader gets none of its updates; " + m.fix();
		}
		return "Incompatible " + m.policy() + " on topic '" + topic + "': writer " + TransportRanking.describe(writer)
				+ " offers " + m.offered() + ", reader " + TransportRanking.describe(reader) + " requests "
				+ m.requested() + "; " + m.fix();
	}
}
