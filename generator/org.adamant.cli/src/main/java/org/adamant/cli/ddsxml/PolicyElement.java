package org.adamant.cli.ddsxml;

import static org.adamant.cli.ddsxml.DdsEntity.PUBLISHER;
import static org.adamant.cli.ddsxml.DdsEntity.READER;
import static org.adamant.cli.ddsxml.DdsEntity.SUBSCRIBER;
import static org.adamant.cli.ddsxml.DdsEntity.TOPIC;
import static org.adamant.cli.ddsxml.DdsEntity.WRITER;

import java.util.EnumSet;
import java.util.Set;

/**
 * The DDS policies an ADAMANT profile can state, as DDS-XML elements, with the entity QoS elements that
 * carry each (after OpenDDS's docs/schema/dds_qos.xsd and DdsDcpsInfrastructure.idl). The order is the
 * order of the generated OpenDDS code (OpenDdsQosTemplate) and of the exported XML.
 */
public enum PolicyElement {
	RELIABILITY("reliability", TOPIC, WRITER, READER),
	DURABILITY("durability", TOPIC, WRITER, READER),
	HISTORY("history", TOPIC, WRITER, READER),
	RESOURCE_LIMITS("resource_limits", TOPIC, WRITER, READER),
	DEADLINE("deadline", TOPIC, WRITER, READER),
	LATENCY_BUDGET("latency_budget", TOPIC, WRITER, READER),
	LIFESPAN("lifespan", TOPIC, WRITER),
	LIVELINESS("liveliness", TOPIC, WRITER, READER),
	OWNERSHIP("ownership", TOPIC, WRITER, READER),
	OWNERSHIP_STRENGTH("ownership_strength", WRITER),
	DESTINATION_ORDER("destination_order", TOPIC, WRITER, READER),
	TIME_BASED_FILTER("time_based_filter", READER),
	TRANSPORT_PRIORITY("transport_priority", TOPIC, WRITER),
	PRESENTATION("presentation", PUBLISHER, SUBSCRIBER),
	PARTITION("partition", PUBLISHER, SUBSCRIBER);

	private final String element;
	private final Set<DdsEntity> entities;

	PolicyElement(String element, DdsEntity first, DdsEntity... rest) {
		this.element = element;
		this.entities = EnumSet.of(first, rest);
	}

	public String element() {
		return element;
	}

	public boolean appliesTo(DdsEntity entity) {
		return entities.contains(entity);
	}

	public static PolicyElement byElement(String name) {
		for (PolicyElement p : values()) {
			if (p.element.equals(name)) {
				return p;
			}
		}
		return null;
	}
}
