"""The testbed as data (docs/testbed.md): which host runs the writer and each reader, their links,
and how the hosts are realised (network namespaces on this machine, or real hosts over ssh).
A file is TOML (.toml) or JSON (any other name) of the same shape."""
import ipaddress
import json
import os
import re
import tomllib
from dataclasses import dataclass, field

REALISATIONS = ("namespaces", "ssh")
ROLES = ("writer", "reader", "control")
DIRECTIONS = ("both", "out")  # a link's shaping: each way, or only what its host sends
# The benchmarking range (RFC 2544): namespaces hosts take addresses only from it.
BENCH_NET = ipaddress.ip_network("198.18.0.0/15")


class BadTestbed(ValueError):
    pass


@dataclass
class Phase:
    bandwidth: int           # bytes per second while the phase lasts
    seconds: float           # how long it lasts


@dataclass
class Link:
    bandwidth: int = 0       # bytes per second of the host's link, each way; 0: not shaped
    queue_packets: int = 0   # packets queued at each end before tail drop; 0: the kernel's default
    schedule: list = field(default_factory=list)  # Phases repeated from the run's start; bandwidth is the first's
    direction: str = "both"  # shaped each way, or "out": only what the host sends (the simulator's egress link)
    delay_us: int = None     # one-way delay each way, by a delay node on the link; None: no delay node

    def label(self):
        """The link_bandwidth column (the runtime contract's format): B/s, or rate@duration phases
        joined by ';' for a changing link."""
        if not self.schedule:
            return str(self.bandwidth) if self.bandwidth else ""
        return ";".join(f"{p.bandwidth}@{p.seconds:g}s" for p in self.schedule)


@dataclass
class Host:
    name: str
    role: str
    address: str             # the experiment interface: multicast is bound and routed here
    link: Link
    loss_pct: float = None   # end-host loss at a reader (--loss-at host); None: the point's loss
    ssh: str = ""            # ssh: where the host is reached (a control address); "": `address`


@dataclass
class Ssh:
    user: str = ""
    key: str = ""
    options: list = field(default_factory=list)   # ssh -o NAME=VALUE, each without spaces


@dataclass
class Testbed:
    realisation: str
    hosts: list
    ssh: Ssh

    def writer(self):
        return next(h for h in self.hosts if h.role == "writer")

    def readers(self):
        return [h for h in self.hosts if h.role == "reader"]


def _number(value, what, lo=0, integer=False):
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= lo
    if not ok or (integer and value != int(value)):
        raise BadTestbed(f"{what} takes a {'whole ' if integer else ''}number >= {lo}, not {value!r}")
    return int(value) if integer else float(value)


def _schedule(items, where):
    """A link schedule: phases of {bandwidth, seconds}, repeated in order for as long as the run."""
    if not isinstance(items, list) or not items:
        raise BadTestbed(f"{where}: a list of phases {{bandwidth = B/s, seconds = S}}, not {items!r}")
    phases = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        if not isinstance(item, dict) or set(item) != {"bandwidth", "seconds"}:
            raise BadTestbed(f"{at}: a phase has exactly bandwidth and seconds, not {item!r}")
        bandwidth = _number(item["bandwidth"], f"{at}.bandwidth", lo=1, integer=True)
        seconds = _number(item["seconds"], f"{at}.seconds")
        if seconds <= 0:
            raise BadTestbed(f"{at}.seconds: a phase lasts more than 0 s, not {item['seconds']!r}")
        phases.append(Phase(bandwidth, seconds))
    return phases


_DELAY_UNITS = {"us": 1, "ms": 1000, "s": 1000000}
MAX_DELAY_US = 10_000_000  # 10 s each way: beyond any network the models state


def parse_delay(text, where):
    """A one-way delay ("50us", "10ms", "0.2s") in whole microseconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(us|ms|s)\s*", text) if isinstance(text, str) else None
    us = round(float(m.group(1)) * _DELAY_UNITS[m.group(2)]) if m else -1
    if not 0 <= us <= MAX_DELAY_US:
        raise BadTestbed(f"{where}: a one-way delay of 0 to 10 s with its unit (us, ms or s), e.g. \"50us\" or "
                         f"\"10ms\", not {text!r}")
    return us


def _link(table, default, where):
    unknown = set(table) - {"bandwidth", "queue_packets", "schedule", "direction", "delay"}
    if unknown:
        raise BadTestbed(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    direction = table.get("direction", default.direction)
    if direction not in DIRECTIONS:
        raise BadTestbed(f"{where}.direction takes {' or '.join(DIRECTIONS)}, not {direction!r}")
    if "schedule" in table and "bandwidth" in table:
        raise BadTestbed(f"{where}: bandwidth or schedule, not both (a schedule starts at its first phase)")
    queue = _number(table.get("queue_packets", default.queue_packets), f"{where}.queue_packets", integer=True)
    delay = parse_delay(table["delay"], f"{where}.delay") if "delay" in table else default.delay_us
    if "bandwidth" in table:
        return Link(_number(table["bandwidth"], f"{where}.bandwidth", integer=True), queue, direction=direction,
                    delay_us=delay)
    schedule = _schedule(table["schedule"], f"{where}.schedule") if "schedule" in table else default.schedule
    return Link(schedule[0].bandwidth if schedule else default.bandwidth, queue, schedule, direction, delay)


def parse(data):
    """A Testbed from the file's decoded contents; raises BadTestbed with the offending key."""
    unknown = set(data) - {"realisation", "link", "host", "ssh"}
    if unknown:
        raise BadTestbed(f"unknown key(s) {', '.join(sorted(unknown))}")
    realisation = data.get("realisation", "namespaces")
    if realisation not in REALISATIONS:
        raise BadTestbed(f"realisation takes {' or '.join(REALISATIONS)}, not {realisation!r}")
    default_link = _link(data.get("link", {}), Link(), "link")
    hosts, names, addresses = [], set(), set()
    for i, h in enumerate(data.get("host", [])):
        where = f"host[{i}]"
        unknown = set(h) - {"name", "role", "address", "loss_pct", "ssh", "link"}
        if unknown:
            raise BadTestbed(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        name, role, address = h.get("name", ""), h.get("role", ""), h.get("address", "")
        if not name.isalnum() or name in names:
            raise BadTestbed(f"{where}.name: a unique name of letters and digits, not {name!r}")
        if role not in ROLES:
            raise BadTestbed(f"{where}.role takes {', '.join(ROLES)}, not {role!r}")
        try:
            ip = ipaddress.IPv4Address(address)
        except ValueError:
            raise BadTestbed(f"{where}.address: an IPv4 address, not {address!r}") from None
        if realisation == "namespaces" and ip not in BENCH_NET:
            raise BadTestbed(f"{where}.address {address}: namespaces hosts take addresses in {BENCH_NET} only")
        if address in addresses:
            raise BadTestbed(f"{where}.address {address} is another host's")
        loss = h.get("loss_pct")
        if loss is not None:
            loss = _number(loss, f"{where}.loss_pct")
            if loss > 100 or role != "reader":
                raise BadTestbed(f"{where}.loss_pct: a reader's end-host loss, 0 to 100")
        names.add(name)
        addresses.add(address)
        hosts.append(Host(name, role, address, _link(h.get("link", {}), default_link, f"{where}.link"),
                          loss, h.get("ssh", "")))
    if sum(h.role == "writer" for h in hosts) != 1 or not any(h.role == "reader" for h in hosts):
        raise BadTestbed("a testbed has one writer host and at least one reader host")
    s = data.get("ssh", {})
    unknown = set(s) - {"user", "key", "options"}
    if unknown:
        raise BadTestbed(f"ssh: unknown key(s) {', '.join(sorted(unknown))}")
    ssh = Ssh(s.get("user", ""), s.get("key", ""), list(s.get("options", [])))
    if any(" " in o or "=" not in o for o in ssh.options):
        raise BadTestbed("ssh.options: NAME=VALUE items without spaces")
    if realisation == "ssh" and (" " in ssh.user or " " in ssh.key):
        raise BadTestbed("ssh.user and ssh.key hold no spaces")
    return Testbed(realisation, hosts, ssh)


def load(path):
    with open(path, "rb") as f:
        try:
            data = tomllib.load(f) if path.endswith(".toml") else json.load(f)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
            raise BadTestbed(f"{path}: {e}") from None
    try:
        return parse(data)
    except BadTestbed as e:
        raise BadTestbed(f"{path}: {e}") from None


def default(receivers, link=None):
    """One writer and `receivers` reader hosts on one switch, in network namespaces: the bench
    point's own testbed (198.18.0.1 the writer, 198.18.0.2 onwards the readers)."""
    base = BENCH_NET.network_address
    link = link or Link()
    hosts = [Host("w", "writer", str(base + 1), link)]
    hosts += [Host(f"r{i}", "reader", str(base + 2 + i), link) for i in range(receivers)]
    return Testbed("namespaces", hosts, Ssh())


def in_slot(tb, slot, slots):
    """The testbed of the point in `slot` (0 to slots-1) of `slots` running at once: a namespaces
    testbed moved to a block of 198.18.0.0/15 of its own (every slot's block as large as the
    testbed's highest address needs, at least 256 addresses), so no two running testbeds share an
    address; slot 0 is the testbed as given. An ssh testbed's hosts are shared: one slot only."""
    if not 0 <= slot < slots:
        raise BadTestbed(f"slot {slot} of {slots}: a slot is 0 to {slots - 1}")
    if tb.realisation != "namespaces":
        if slots > 1:
            raise BadTestbed(f"an {tb.realisation} testbed's hosts are shared: its points run one at a time (--jobs 1)")
        return tb
    base = int(BENCH_NET.network_address)
    size = max(256, 1 << max(int(ipaddress.IPv4Address(h.address)) - base for h in tb.hosts).bit_length())
    if slots * size > BENCH_NET.num_addresses:
        raise BadTestbed(f"{slots} testbeds of {size} addresses each do not fit in {BENCH_NET}")
    hosts = [Host(h.name, h.role, str(ipaddress.IPv4Address(h.address) + slot * size), h.link, h.loss_pct, h.ssh)
             for h in tb.hosts]
    return Testbed(tb.realisation, hosts, tb.ssh)


def describe(tb):
    """The testbed as plain data (for the run's log and record)."""
    return {"realisation": tb.realisation,
            "hosts": [{"name": h.name, "role": h.role, "address": h.address, "bandwidth": h.link.bandwidth,
                       "schedule": [[p.bandwidth, p.seconds] for p in h.link.schedule],
                       "queue_packets": h.link.queue_packets, "direction": h.link.direction,
                       "delay_us": h.link.delay_us,
                       "loss_pct": h.loss_pct} for h in tb.hosts]}


def key_path(tb, base_dir):
    """The ssh key as an absolute path (a relative one is read from the file's folder)."""
    return tb.ssh.key if not tb.ssh.key or os.path.isabs(tb.ssh.key) else os.path.join(base_dir, tb.ssh.key)
