"""Loads an `adamant export-qos --library` file with Eclipse Cyclone DDS's QoS provider and compares.

usage: cyclone_qos_check.py LIBRARY QOS.xml [EXPECTED.json]

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

from ddsxml_policies import NS, policy

ENTITIES = {  # DDS-XML element -> QosProvider getter
    "topic_qos": "get_topic_qos",
    "datawriter_qos": "get_datawriter_qos",
    "datareader_qos": "get_datareader_qos",
    "publisher_qos": "get_publisher_qos",
    "subscriber_qos": "get_subscriber_qos",
}


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


def main(library, path, expected_path=None):
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
