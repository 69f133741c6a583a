"""Loads an `adamant export-qos` file with OpenDDS's QOS_XML_Loader and compares.

usage: opendds_qos_check.py DUMP QOS.xml [EXPECTED.json]

DUMP is opendds-qos-dump (tests/e2e/ddsxml/opendds): it loads QOS.xml with OpenDDS's own loader and
prints, per profile and entity (topic, datawriter, datareader, publisher, subscriber), the QoS OpenDDS
read and the entity's default QoS. For every <qos_profile> of the file (OpenDDS's shape: profiles
directly in <dds>), each policy the file states must be read with the same value, and each policy it
does not state must keep OpenDDS's default: nothing dropped, nothing added. EXPECTED.json, when given,
holds what the model says per profile and entity (the files cyclone_qos_check.py uses); the policies
it names must be read with those values. Prints one line per stated entity QoS; exit status 0 when
all agree, 1 otherwise.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from ddsxml_policies import NS, policy

ENTITIES = ("topic_qos", "datawriter_qos", "datareader_qos", "publisher_qos", "subscriber_qos")
# Policies OpenDDS 3.13.3's loader does not read for an entity although dds_qos.xsd allows them: its
# QOS_Topic_T::read_qos reads only what writer, reader and topic share (QOS_DwDrTp_Base_T), not
# QOS_DwTp_Base_T's lifespan and transport_priority. Such a policy must keep OpenDDS's default.
NOT_READ = {"topic_qos": {"Lifespan", "TransportPriority"}}


def diff(source, want, loaded):
    """The policies on which the source and OpenDDS differ, as 'Policy: source X / OpenDDS Y'."""
    return "; ".join(f"{k}: {source} {want[k]} / OpenDDS {loaded.get(k, '-')}"
                     for k in sorted(want) if want[k] != loaded.get(k))


def dump(binary, path, profiles):
    """opendds-qos-dump's lines for the file, keyed by (profile, entity)."""
    directory, name = os.path.split(os.path.abspath(path))
    stem = name[: -len(".xml")]
    # The loader takes "<stem>#<profile>" and validates against dds_qos.xsd beside the file.
    run = subprocess.run([binary, stem, *profiles], cwd=directory, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        raise SystemExit(f"FAIL: OpenDDS's QOS_XML_Loader did not load {path} (exit {run.returncode})")
    return {(d["profile"], d["entity"]): d for d in map(json.loads, run.stdout.splitlines())}


def main(binary, path, expected_path=None):
    expected = {}
    if expected_path:
        with open(expected_path, encoding="utf-8") as f:
            expected = json.load(f)
    profiles = ET.parse(path).getroot().findall(NS + "qos_profile")
    names = [p.get("name") for p in profiles]
    if not names:
        print(f"FAIL: {path} has no <qos_profile> in <dds>")
        return 1
    read = dump(binary, path, names)
    bad = 0
    for profile in profiles:
        name = profile.get("name")
        stated_entities = {e.tag[len(NS):]: e for e in profile}
        for element in ENTITIES:
            got = read.get((name, element))
            entity = stated_entities.get(element)
            stated = dict(policy(p) for p in entity) if entity is not None else {}
            reliability = entity.find(NS + "reliability") if entity is not None else None
            if reliability is not None and reliability.find(NS + "max_blocking_time") is None and got \
                    and "max_blocking_time" in stated["Reliability"]:
                # Not stated: OpenDDS keeps its own default (per entity), not DDS's 100 ms.
                stated["Reliability"]["max_blocking_time"] = got["default_max_blocking_time"]
            want = expected.get(name, {}).get(element)
            if got is None or got["rc"] != 0:
                bad += 1
                print(f"DIFFER {name} {element}: OpenDDS returned {got and got['rc']}")
                continue
            loaded, default = got["loaded"], got["default"]
            ignored = NOT_READ.get(element, set())
            unread = sorted(k for k in stated if k not in loaded)
            added = {k: v for k, v in default.items() if k not in stated or k in ignored}
            ignored_stated = sorted(ignored & stated.keys())
            stated = {k: v for k, v in stated.items() if k not in ignored}
            want = {k: v for k, v in want.items() if k not in ignored} if want else want
            problems = [f"not read by OpenDDS: {', '.join(unread)}"] if unread else []
            problems += [d for d in (diff("file", stated, loaded), diff("default", added, loaded),
                                     diff("model", want or {}, loaded)) if d]
            if problems:
                bad += 1
                print(f"DIFFER {name} {element}: {'; '.join(problems)}")
            elif entity is not None:
                print(f"same {name} {element}: {len(stated)} policies{' (as the model says)' if want else ''}"
                      + (f"; {', '.join(ignored_stated)} not read by OpenDDS 3.13.3 (default kept)" if ignored_stated else ""))
    missing = [p for p in expected if p not in names]
    for m in missing:
        print(f"MISSING {m}: the model states it, the file has no such profile")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
