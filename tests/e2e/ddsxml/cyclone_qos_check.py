"""Loads an `adamant export-qos --library` file with Eclipse Cyclone DDS's QoS provider and compares.

usage: cyclone_qos_check.py QOS.xml LIBRARY [EXPECTED.json]

For every <qos_profile> of the library and every entity QoS it states (topic, datawriter, datareader,
publisher, subscriber), the QoS Cyclone DDS reads (dds_qos_provider_get_qos through the cyclonedds
binding) must equal the policies the file states, read here independently with the standard library:
nothing dropped, nothing added, every value the same. EXPECTED.json, when given, holds what the model
says per profile and entity, in the form of cyclonedds' Qos.asdict(); the loaded QoS must equal it.
Prints one line per profile and entity; exit status 0 when all agree, 1 otherwise.
"""
import json
import sys
import xml.etree.ElementTree as ET

from cyclonedds.core import DDSException
from cyclonedds.qos_provider import QosProvider

NS = "{http://www.omg.org/dds}"
ENTITIES = {  # DDS-XML element -> QosProvider getter
    "topic_qos": "get_topic_qos",
    "datawriter_qos": "get_datawriter_qos",
    "datareader_qos": "get_datareader_qos",
    "publisher_qos": "get_publisher_qos",
    "subscriber_qos": "get_subscriber_qos",
}
UNLIMITED = -1  # DDS LENGTH_UNLIMITED
MAX_BLOCKING_TIME = 100_000_000  # DDS's default of a reliable writer's max_blocking_time (100 ms), in ns


def text(e, name, default=None):
    child = e.find(NS + name)
    return default if child is None else child.text.strip()


def nanoseconds(e, name, default=None):
    d = e.find(NS + name)
    if d is None and default is not None:
        return default
    return int(text(d, "sec")) * 1_000_000_000 + int(text(d, "nanosec"))


def count(e, name):
    value = text(e, name, "LENGTH_UNLIMITED")
    return UNLIMITED if value == "LENGTH_UNLIMITED" else int(value)


def camel(kind, suffix):
    """RELIABLE_RELIABILITY_QOS -> Reliable (cyclonedds' policy names)."""
    assert kind.endswith(suffix), f"{kind} does not end in {suffix}"
    return "".join(w.capitalize() for w in kind[: -len(suffix)].split("_"))


def boolean(e, name):
    return text(e, name, "false") == "true"


def policy(p):
    """One DDS-XML policy element as (cyclonedds policy name, Qos.asdict() value)."""
    tag = p.tag[len(NS):]
    if tag == "reliability":
        kind = camel(text(p, "kind"), "_RELIABILITY_QOS")
        return "Reliability", ({"kind": kind, "max_blocking_time": nanoseconds(p, "max_blocking_time", MAX_BLOCKING_TIME)}
                               if kind == "Reliable" else {"kind": kind})
    if tag == "durability":
        return "Durability", {"kind": camel(text(p, "kind"), "_DURABILITY_QOS")}
    if tag == "history":
        kind = camel(text(p, "kind"), "_HISTORY_QOS")
        return "History", {"kind": kind, "depth": int(text(p, "depth"))} if kind == "KeepLast" else {"kind": kind}
    if tag == "resource_limits":
        return "ResourceLimits", {k: count(p, k) for k in ("max_samples", "max_instances", "max_samples_per_instance")}
    if tag == "deadline":
        return "Deadline", {"deadline": nanoseconds(p, "period")}
    if tag == "latency_budget":
        return "LatencyBudget", {"budget": nanoseconds(p, "duration")}
    if tag == "lifespan":
        return "Lifespan", {"lifespan": nanoseconds(p, "duration")}
    if tag == "liveliness":
        return "Liveliness", {"kind": camel(text(p, "kind"), "_LIVELINESS_QOS"),
                              "lease_duration": nanoseconds(p, "lease_duration")}
    if tag == "ownership":
        return "Ownership", {"kind": camel(text(p, "kind"), "_OWNERSHIP_QOS")}
    if tag == "ownership_strength":
        return "OwnershipStrength", {"strength": int(text(p, "value"))}
    if tag == "destination_order":
        return "DestinationOrder", {"kind": camel(text(p, "kind"), "_DESTINATIONORDER_QOS")}
    if tag == "time_based_filter":
        return "TimeBasedFilter", {"filter_time": nanoseconds(p, "minimum_separation")}
    if tag == "transport_priority":
        return "TransportPriority", {"priority": int(text(p, "value"))}
    if tag == "presentation":
        return "PresentationAccessScope", {"kind": camel(text(p, "access_scope"), "_PRESENTATION_QOS"),
                                           "coherent_access": boolean(p, "coherent_access"),
                                           "ordered_access": boolean(p, "ordered_access")}
    if tag == "partition":
        return "Partition", {"partitions": [n.text for n in p.find(NS + "name").findall(NS + "element")]}
    raise ValueError(f"no Cyclone DDS policy known for <{tag}>")


def loaded_qos(provider, getter, key):
    """The QoS Cyclone DDS gives for the key, in the form of Qos.asdict(); {} when it has none."""
    try:
        qos = getattr(provider, getter)(key)
    except DDSException:
        return {}
    return {k: {f: list(v) if isinstance(v, tuple) else v for f, v in d.items()} for k, d in qos.asdict().items()}


def diff(source, want, loaded):
    """The policies on which the source and Cyclone DDS differ, as 'Policy: source X / Cyclone DDS Y'."""
    return "; ".join(f"{k}: {source} {want.get(k, '-')} / Cyclone DDS {loaded.get(k, '-')}"
                     for k in sorted(want.keys() | loaded.keys()) if want.get(k) != loaded.get(k))


def main(path, library, expected_path=None):
    expected = {}
    if expected_path:
        with open(expected_path, encoding="utf-8") as f:
            expected = json.load(f)
    root = ET.parse(path).getroot()
    lib = next((l for l in root.findall(NS + "qos_library") if l.get("name") == library), None)
    if lib is None:
        print(f"FAIL: {path} has no <qos_library name=\"{library}\">")
        return 1
    provider = QosProvider(path)  # raises when Cyclone DDS cannot parse the file
    bad = 0
    checked = set()
    for profile in lib.findall(NS + "qos_profile"):
        name = profile.get("name")
        stated_entities = {e.tag[len(NS):]: e for e in profile}
        for element, getter in ENTITIES.items():
            entity = stated_entities.get(element)
            stated = dict(policy(p) for p in entity) if entity is not None else {}
            loaded = loaded_qos(provider, getter, f"{library}::{name}")
            if entity is None and not loaded:
                continue
            want = expected[name].get(element, {}) if name in expected else None
            checked.add((name, element))
            if loaded != stated:
                bad += 1
                print(f"DIFFER {name} {element}: {diff('file', stated, loaded)}")
            elif want is not None and loaded != want:
                bad += 1
                print(f"DIFFER {name} {element}: {diff('model', want, loaded)}")
            else:
                print(f"same {name} {element}: {len(loaded)} policies{' (as the model says)' if want is not None else ''}")
    missing = [f"{p} {e}" for p, entities in expected.items() for e in entities if (p, e) not in checked]
    missing += [p for p in expected if p not in {q.get("name") for q in lib.findall(NS + "qos_profile")}]
    for m in missing:
        print(f"MISSING {m}: the model states it, Cyclone DDS read no such profile or entity QoS")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
