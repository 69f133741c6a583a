"""What a DDS-XML QoS file states, policy by policy, in the form of cyclonedds' Qos.asdict() (policy
names such as Reliability, durations in ns, LENGTH_UNLIMITED as -1): the one description of the file
that the loader checks (cyclone_qos_check.py, opendds_qos_check.py) compare the loaded QoS with.
Standard library only.
"""
NS = "{http://www.omg.org/dds}"
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
