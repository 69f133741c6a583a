package org.adamant.cli.ddsxml;

/** The entity QoS elements of a DDS-XML {@code qos_profile}, in the order the exporter writes them. */
public enum DdsEntity {
	TOPIC("topic_qos"),
	WRITER("datawriter_qos"),
	READER("datareader_qos"),
	PUBLISHER("publisher_qos"),
	SUBSCRIBER("subscriber_qos");

	private final String element;

	DdsEntity(String element) {
		this.element = element;
	}

	public String element() {
		return element;
	}

	public static DdsEntity byElement(String name) {
		for (DdsEntity e : values()) {
			if (e.element.equals(name)) {
				return e;
			}
		}
		return null;
	}
}
