package org.adamant.cli.ddsxml;

import java.math.BigDecimal;
import java.util.List;

import org.adamant.dsl.adamant.DestinationOrderKind;
import org.adamant.dsl.adamant.DurabilityKind;
import org.adamant.dsl.adamant.LivelinessKind;
import org.adamant.dsl.adamant.OwnershipKind;
import org.adamant.dsl.adamant.PresentationScope;
import org.adamant.dsl.adamant.ReliabilityKind;
import org.eclipse.emf.common.util.Enumerator;

/**
 * DDS kind names from the language's enumerations: the literal in upper case and the policy's suffix
 * ({@code reliable} → RELIABLE_RELIABILITY_QOS, {@code by_source_timestamp} →
 * BY_SOURCE_TIMESTAMP_DESTINATIONORDER_QOS), as DdsDcpsInfrastructure.idl and dds_qos.xsd spell them.
 */
final class DdsKinds {

	static final String RELIABILITY = "RELIABILITY_QOS";
	static final String DURABILITY = "DURABILITY_QOS";
	static final String LIVELINESS = "LIVELINESS_QOS";
	static final String OWNERSHIP = "OWNERSHIP_QOS";
	static final String DESTINATION_ORDER = "DESTINATIONORDER_QOS";
	static final String PRESENTATION = "PRESENTATION_QOS";
	static final String KEEP_LAST = "KEEP_LAST_HISTORY_QOS";
	static final String KEEP_ALL = "KEEP_ALL_HISTORY_QOS";
	static final String LENGTH_UNLIMITED = "LENGTH_UNLIMITED";

	static final List<ReliabilityKind> RELIABILITY_KINDS = ReliabilityKind.VALUES;
	static final List<DurabilityKind> DURABILITY_KINDS = DurabilityKind.VALUES;
	static final List<LivelinessKind> LIVELINESS_KINDS = LivelinessKind.VALUES;
	static final List<OwnershipKind> OWNERSHIP_KINDS = OwnershipKind.VALUES;
	static final List<DestinationOrderKind> DESTINATION_ORDER_KINDS = DestinationOrderKind.VALUES;
	static final List<PresentationScope> PRESENTATION_SCOPES = PresentationScope.VALUES;

	private DdsKinds() {
	}

	static String name(Enumerator literal, String suffix) {
		return literal.getLiteral().toUpperCase(java.util.Locale.ROOT) + "_" + suffix;
	}

	/** The literal whose DDS name is {@code ddsName}, or null. */
	static <E extends Enumerator> E literal(List<E> literals, String suffix, String ddsName) {
		return literals.stream().filter(l -> name(l, suffix).equals(ddsName)).findFirst().orElse(null);
	}

	/** The DDS names of the literals, for messages. */
	static String names(List<? extends Enumerator> literals, String suffix) {
		return String.join(", ", literals.stream().map(l -> name(l, suffix)).toList());
	}

	/** A number without a needless ".0" or exponent ("5", "0.5"). */
	static String number(double v) {
		return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
	}
}
